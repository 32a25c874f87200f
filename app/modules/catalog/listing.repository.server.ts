import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";
import type { Sort } from "./listing.schema";

// The listing's SQL: a fixed number of queries whatever the page size, each backed by an
// index (variants by size, colour and price; products by category and featured rank).
// A product matches when ONE of its variants meets every variant-level filter at once
// (size M in red, in stock), so filters never combine variants that do not exist.

/** Which products a listing covers: a category subtree, or the hits of a search. */
export interface ListingScope {
  categoryIds?: number[];
  /** Product ids in relevance order (the "featured" sort of a search keeps it). */
  productIds?: number[];
}

export interface VariantFilter {
  sizes: string[];
  colors: string[];
  minCents: number | null;
  maxCents: number | null;
  inStock: boolean;
  onSale: boolean;
}

type Facet = "size" | "color" | "inStock" | "onSale";
type Eb = ExpressionBuilder<Database & { v: Database["variants"]; p: Database["products"] }, "v" | "p">;

const TRUE = sql<SqlBool>`1 = 1`;

function conditions(eb: Eb, filter: VariantFilter, omit?: Facet): Expression<SqlBool>[] {
  const list: Expression<SqlBool>[] = [];
  if (omit !== "size" && filter.sizes.length) list.push(eb("v.size", "in", filter.sizes));
  if (omit !== "color" && filter.colors.length) list.push(eb("v.color_code", "in", filter.colors));
  if (filter.minCents !== null) list.push(eb("v.price_cents", ">=", filter.minCents));
  if (filter.maxCents !== null) list.push(eb("v.price_cents", "<=", filter.maxCents));
  if (omit !== "inStock" && filter.inStock) list.push(eb("v.stock", ">", 0));
  if (omit !== "onSale" && filter.onSale) list.push(onSale(eb));
  return list;
}

const onSale = (eb: Eb) => eb.and([eb("v.compare_at_cents", "is not", null), eb("v.compare_at_cents", ">", eb.ref("v.price_cents"))]);
const all = (eb: Eb, list: Expression<SqlBool>[]) => (list.length ? eb.and(list) : TRUE);

function scoped(db: Kysely<Database>, scope: ListingScope, now: string) {
  let query = db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .where("p.published_at", "<=", now);
  if (scope.categoryIds) query = query.where("p.category_id", "in", scope.categoryIds.length ? scope.categoryIds : [-1]);
  if (scope.productIds) query = query.where("p.id", "in", scope.productIds.length ? scope.productIds : [-1]);
  return query;
}

/** Relevance order of a search: its position in the hit list. */
function relevance(productIds: number[]) {
  const cases = productIds.map((id, index) => sql`when ${sql.lit(id)} then ${sql.lit(index)}`);
  return sql<number>`case p.id ${sql.join(cases, sql` `)} else ${sql.lit(productIds.length)} end`;
}

export interface ListingRow {
  id: number;
  minPriceCents: number;
}

/** One page of matching products, sorted. */
export async function findListingPage(
  db: Kysely<Database>,
  scope: ListingScope,
  filter: VariantFilter,
  sort: Sort,
  { limit, offset, now }: { limit: number; offset: number; now: string },
): Promise<ListingRow[]> {
  let query = scoped(db, scope, now)
    .where((eb) => all(eb, conditions(eb, filter)))
    .select((eb) => ["p.id", eb.fn.min<number>("v.price_cents").as("minPriceCents")])
    .groupBy(["p.id", "p.featured_rank", "p.published_at"]);
  switch (sort) {
    case "newest":
      query = query.orderBy("p.published_at", "desc");
      break;
    case "price-asc":
      query = query.orderBy((eb) => eb.fn.min("v.price_cents"), "asc");
      break;
    case "price-desc":
      query = query.orderBy((eb) => eb.fn.min("v.price_cents"), "desc");
      break;
    default:
      query = scope.productIds?.length ? query.orderBy(relevance(scope.productIds)) : query.orderBy("p.featured_rank", "asc");
  }
  const rows = await query.orderBy("p.id", "desc").limit(limit).offset(offset).execute();
  return rows.map((row) => ({ id: Number(row.id), minPriceCents: Number(row.minPriceCents) }));
}

export async function countListing(db: Kysely<Database>, scope: ListingScope, filter: VariantFilter, now: string): Promise<number> {
  const row = await scoped(db, scope, now)
    .where((eb) => all(eb, conditions(eb, filter)))
    .select((eb) => eb.fn.count<number>("p.id").distinct().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A facet value and how many products would match with it (other filters kept). */
export interface FacetCount {
  value: string;
  count: number;
}

/** Every size in scope, each with the products matching the other filters in that size. */
export async function countSizes(db: Kysely<Database>, scope: ListingScope, filter: VariantFilter, now: string): Promise<FacetCount[]> {
  const rows = await scoped(db, scope, now)
    .select((eb) => [
      "v.size as value",
      eb.fn.count<number>(eb.case().when(all(eb, conditions(eb, filter, "size"))).then(eb.ref("v.product_id")).end()).distinct().as("count"),
    ])
    .groupBy("v.size")
    .execute();
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

export interface ColorFacetCount extends FacetCount {
  name: string;
  hex: string;
}

/** Every colour in scope, in the palette's order, each with its count under the other filters. */
export async function countColors(
  db: Kysely<Database>,
  locale: Locale,
  scope: ListingScope,
  filter: VariantFilter,
  now: string,
): Promise<ColorFacetCount[]> {
  const rows = await scoped(db, scope, now)
    .innerJoin("colors as c", "c.code", "v.color_code")
    .innerJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "c.code").on("ct.locale", "=", locale))
    .select((eb) => [
      "c.code as value",
      "ct.name as name",
      "c.hex as hex",
      eb.fn.count<number>(eb.case().when(all(eb, conditions(eb, filter, "color"))).then(eb.ref("v.product_id")).end()).distinct().as("count"),
    ])
    .groupBy(["c.code", "ct.name", "c.hex", "c.position"])
    .orderBy("c.position")
    .execute();
  return rows.map((row) => ({ value: row.value, name: row.name, hex: row.hex, count: Number(row.count) }));
}

export interface ListingToggles {
  inStock: number;
  onSale: number;
  /** The scope's price range, before any filter. */
  minPriceCents: number | null;
  maxPriceCents: number | null;
}

/** Counts for the two toggles (each with the other filters kept) and the scope's price range. */
export async function countToggles(db: Kysely<Database>, scope: ListingScope, filter: VariantFilter, now: string): Promise<ListingToggles> {
  const row = await scoped(db, scope, now)
    .select((eb) => [
      eb.fn
        .count<number>(eb.case().when(all(eb, [...conditions(eb, filter, "inStock"), eb("v.stock", ">", 0)])).then(eb.ref("v.product_id")).end())
        .distinct()
        .as("inStock"),
      eb.fn
        .count<number>(eb.case().when(all(eb, [...conditions(eb, filter, "onSale"), onSale(eb)])).then(eb.ref("v.product_id")).end())
        .distinct()
        .as("onSale"),
      eb.fn.min<number>("v.price_cents").as("minPriceCents"),
      eb.fn.max<number>("v.price_cents").as("maxPriceCents"),
    ])
    .executeTakeFirstOrThrow();
  return {
    inStock: Number(row.inStock),
    onSale: Number(row.onSale),
    minPriceCents: row.minPriceCents === null ? null : Number(row.minPriceCents),
    maxPriceCents: row.maxPriceCents === null ? null : Number(row.maxPriceCents),
  };
}

export interface ListedProductRow {
  id: number;
  name: string;
  slug: string;
  garment: string;
}

/** Names and slugs of the listed products, in one query. */
export function findListedProducts(db: Kysely<Database>, locale: Locale, ids: number[]): Promise<ListedProductRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("products as p")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
    .select(["p.id", "t.name", "t.slug", "p.garment"])
    .where("p.id", "in", ids)
    .execute();
}

/** Price history of several variants in one query, oldest first. */
export function findPriceHistories(db: Kysely<Database>, variantIds: number[]) {
  if (!variantIds.length) return Promise.resolve([]);
  return db
    .selectFrom("price_history")
    .select(["variant_id as variantId", "price_cents as priceCents", "effective_at as effectiveAt"])
    .where("variant_id", "in", variantIds)
    .orderBy("variant_id")
    .orderBy("effective_at")
    .execute();
}
