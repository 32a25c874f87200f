import { type Expression, type ExpressionBuilder, type Kysely, PostgresAdapter, type SqlBool, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";
import type { ListingQuery, Sort } from "./listing.schema";
import { type CountedProfile, mergeProfiles, pairOf, profileKey } from "./listing-profile";

// The listing's SQL reads the listing entries (listing-entries.server.ts): one row per product
// and category, holding its lowest price, whether it is in stock or on sale, and its sizes,
// colours and (size, colour) pairs. A category's page is one range of one index in the sort's
// order, so a page costs what its rows cost; its facets are counted from the category's few facet
// profiles (listing-profile.ts). Nothing here reads the variants table.

/** Which products a listing covers: a category (with its subcategories), or the hits of a search. */
export interface ListingScope {
  categoryId?: number;
  /** Product ids in relevance order (the "featured" sort of a search keeps it). */
  productIds?: number[];
}

/** What of the listing's query narrows the products (its filters, without sort and page). */
export type VariantFilter = Pick<ListingQuery, "sizes" | "colors" | "minCents" | "maxCents" | "inStock" | "onSale">;

type Eb = ExpressionBuilder<Database & { e: Database["listing_entries"] }, "e">;

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** True when a "|a|b|" set holds the token (both engines find a substring with an index of bytes, no LIKE wildcards). */
type SetColumn = "e.sizes" | "e.colors" | "e.stock_sizes" | "e.stock_colors" | "e.pairs" | "e.stock_pairs";

function holds(postgres: boolean, column: SetColumn, token: string) {
  const needle = `|${token}|`;
  return postgres ? sql<SqlBool>`strpos(${sql.ref(column)}, ${needle}) > 0` : sql<SqlBool>`instr(${sql.ref(column)}, ${needle}) > 0`;
}

/**
 * The products the filter keeps, as `profileMatches` (listing-profile.ts) says in JavaScript:
 * sizes and colours are each "any of", chosen together they must meet on one variant, and with
 * "in stock" that variant must be in stock. The price range keeps a product with any price in it.
 */
function matches(eb: Eb, postgres: boolean, filter: VariantFilter): Expression<SqlBool> {
  const list: Expression<SqlBool>[] = [];
  const anyOf = (column: SetColumn, values: string[]) => eb.or(values.map((value) => holds(postgres, column, value)));
  if (filter.sizes.length && filter.colors.length) {
    // One variant in a chosen size and a chosen colour (listing-profile.ts says the same in JavaScript).
    const pairs = filter.sizes.flatMap((size) => filter.colors.map((color) => pairOf(size, color)));
    list.push(anyOf(filter.inStock ? "e.stock_pairs" : "e.pairs", pairs));
  } else if (filter.sizes.length) list.push(anyOf(filter.inStock ? "e.stock_sizes" : "e.sizes", filter.sizes));
  else if (filter.colors.length) list.push(anyOf(filter.inStock ? "e.stock_colors" : "e.colors", filter.colors));
  const price = priceRange(eb, filter);
  if (price) list.push(price);
  if (filter.inStock) list.push(eb("e.in_stock", "=", 1));
  if (filter.onSale) list.push(eb("e.on_sale", "=", 1));
  return list.length ? eb.and(list) : sql<SqlBool>`1 = 1`;
}

/**
 * A price inside the range: a product of one price (nearly all) is decided by its entry; one whose
 * variants' prices differ and span the range is asked of its variants (an index seek per such
 * product), so 50 and 300 do not pass for 100–200.
 */
function priceRange(eb: Eb, filter: { minCents: number | null; maxCents: number | null }, unindexed = false): Expression<SqlBool> | null {
  const { minCents, maxCents } = filter;
  if (minCents === null && maxCents === null) return null;
  // Unary plus keeps SQLite from reading the category through the price index (a lookup per
  // row) where the category's contiguous rows are read anyway (the grouped profiles).
  const low = unindexed ? sql<number>`+e.price_cents` : sql<number>`e.price_cents`;
  const high = unindexed ? sql<number>`+e.max_price_cents` : sql<number>`e.max_price_cents`;
  const span: Expression<SqlBool>[] = [];
  if (minCents !== null) span.push(eb(high, ">=", minCents));
  if (maxCents !== null) span.push(eb(low, "<=", maxCents));
  let variantInside = eb.selectFrom("variants as v").select(sql.lit(1).as("one")).whereRef("v.product_id", "=", "e.product_id");
  if (minCents !== null) variantInside = variantInside.where("v.price_cents", ">=", minCents);
  if (maxCents !== null) variantInside = variantInside.where("v.price_cents", "<=", maxCents);
  return eb.and([...span, eb.or([eb(low, "=", high), eb.exists(variantInside)])]);
}

/** The scope's published entries: one row per product. */
function scoped(db: Kysely<Database>, scope: ListingScope, now: string) {
  let query = db.selectFrom("listing_entries as e").where("e.published_at", "<=", now);
  if (scope.categoryId !== undefined) query = query.where("e.category_id", "=", scope.categoryId);
  if (scope.productIds) {
    query = query.where("e.depth", "=", 0).where("e.product_id", "in", scope.productIds.length ? scope.productIds : [-1]);
  }
  return query;
}

/** Relevance order of a search: its position in the hit list. */
function relevance(productIds: number[]) {
  const cases = productIds.map((id, index) => sql`when ${sql.lit(id)} then ${sql.lit(index)}`);
  return sql<number>`case e.product_id ${sql.join(cases, sql` `)} else ${sql.lit(productIds.length)} end`;
}

export interface ListingRow {
  id: number;
  minPriceCents: number;
}

/** One page of matching products, sorted: read in index order, it stops after the page. */
export async function findListingPage(
  db: Kysely<Database>,
  scope: ListingScope,
  filter: VariantFilter,
  sort: Sort,
  { limit, offset, now }: { limit: number; offset: number; now: string },
): Promise<ListingRow[]> {
  const postgres = isPostgres(db);
  let query = scoped(db, scope, now)
    .where((eb) => matches(eb, postgres, filter))
    .select(["e.product_id as id", "e.price_cents as minPriceCents"]);
  // Each order matches an index of listing_entries read forwards or backwards (see the migration).
  switch (sort) {
    case "newest":
      query = query.orderBy("e.published_at", "desc").orderBy("e.product_id", "desc");
      break;
    case "price-asc":
      query = query.orderBy("e.price_cents", "asc").orderBy("e.product_id", "desc");
      break;
    case "price-desc":
      query = query.orderBy("e.price_cents", "desc").orderBy("e.product_id", "asc");
      break;
    default:
      query = scope.productIds?.length
        ? query.orderBy(relevance(scope.productIds)).orderBy("e.product_id", "desc")
        : query.orderBy("e.featured_rank", "asc").orderBy("e.product_id", "desc");
  }
  const rows = await query.limit(limit).offset(offset).execute();
  return rows.map((row) => ({ id: Number(row.id), minPriceCents: Number(row.minPriceCents) }));
}

/** A facet value and how many products would match with it (other filters kept). */
export interface FacetCount {
  value: string;
  count: number;
}

export interface ColorFacetCount extends FacetCount {
  name: string;
  hex: string;
}

const PROFILE_COLUMNS = ["e.sizes", "e.colors", "e.stock_sizes", "e.stock_colors", "e.pairs", "e.stock_pairs", "e.in_stock", "e.on_sale"] as const;

/**
 * The scope's published products as counted facet profiles, before any filter: for a category,
 * its stored profiles less those of its scheduled products (both a few rows); for a search, its
 * hits grouped.
 */
export async function findProfiles(db: Kysely<Database>, scope: ListingScope, now: string): Promise<CountedProfile[]> {
  if (scope.categoryId === undefined) return groupedProfiles(db, scope, null, now);
  const [stored, scheduled] = await Promise.all([
    db.selectFrom("listing_profiles").select(["profile", "products"]).where("category_id", "=", scope.categoryId).execute(),
    db.selectFrom("listing_entries as e").select(PROFILE_COLUMNS).where("e.category_id", "=", scope.categoryId).where("e.published_at", ">", now).execute(),
  ]);
  return mergeProfiles([...stored, ...scheduled.map((row) => ({ profile: profileKey(row), products: -1 }))]);
}

/**
 * The profiles of the scope's products that pass the price range (grouped in SQL: a pass over the
 * category's rows, which on SQLite are stored together).
 */
export async function groupedProfiles(
  db: Kysely<Database>,
  scope: ListingScope,
  price: { minCents: number | null; maxCents: number | null } | null,
  now: string,
): Promise<CountedProfile[]> {
  let query = scoped(db, scope, now);
  if (price) query = query.where((eb) => priceRange(eb, price, true) ?? sql<SqlBool>`1 = 1`);
  const rows = await query
    .select([...PROFILE_COLUMNS, (eb) => eb.fn.countAll<number>().as("products")])
    .groupBy([...PROFILE_COLUMNS])
    .execute();
  return mergeProfiles(rows.map((row) => ({ profile: profileKey(row), products: Number(row.products) })));
}

/**
 * The scope's lowest and highest price, before any filter: the first published row from each end
 * of the price index. One statement (its two halves are written as SQL, not as builders, so they
 * stay one query for the plugins that count them).
 */
export async function findPriceRange(db: Kysely<Database>, scope: ListingScope, now: string): Promise<{ minCents: number | null; maxCents: number | null }> {
  const where =
    scope.categoryId !== undefined
      ? sql`category_id = ${scope.categoryId}`
      : sql`depth = 0 and product_id in (${sql.join(scope.productIds?.length ? scope.productIds : [-1])})`;
  const edge = (direction: "asc" | "desc") =>
    sql`(select price_cents from listing_entries where ${where} and published_at <= ${now} order by price_cents ${sql.raw(direction)} limit 1)`;
  const { rows } = await sql<{ minCents: number | string | null; maxCents: number | string | null }>`
    select ${edge("asc")} as ${sql.ref("minCents")}, ${edge("desc")} as ${sql.ref("maxCents")}`.execute(db);
  const row = rows[0];
  return { minCents: row?.minCents == null ? null : Number(row.minCents), maxCents: row?.maxCents == null ? null : Number(row.maxCents) };
}

/** Names and swatches of colour codes, in the palette's order. */
export function findColors(db: Kysely<Database>, locale: Locale, codes: string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .selectFrom("colors as c")
    .innerJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "c.code").on("ct.locale", "=", locale))
    .select(["c.code as value", "ct.name as name", "c.hex as hex"])
    .where("c.code", "in", codes)
    .orderBy("c.position")
    .execute();
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

/**
 * Published products in stock, in featured order, with their garment type: those under some
 * categories (each product once per category, at any depth), or of some garment types anywhere
 * in the shop; never of the excluded garment types ("Complete the look" on the bag page).
 */
export function findLookCandidates(
  db: Kysely<Database>,
  { categoryIds, garments, excludeGarments, now, limit }: { categoryIds?: number[]; garments?: string[]; excludeGarments: string[]; now: string; limit: number },
): Promise<{ id: number; garment: string }[]> {
  let query = db
    .selectFrom("listing_entries as e")
    .innerJoin("products as p", "p.id", "e.product_id")
    .select(["e.product_id as id", "p.garment"])
    .where("e.published_at", "<=", now)
    .where("e.in_stock", "=", 1);
  // Under categories: their entries; anywhere: each product's own entry (depth 0), once.
  query = categoryIds ? query.where("e.category_id", "in", categoryIds.length ? categoryIds : [-1]) : query.where("e.depth", "=", 0);
  if (garments) query = query.where("p.garment", "in", garments.length ? garments : [""]);
  if (excludeGarments.length) query = query.where("p.garment", "not in", excludeGarments);
  return query
    .orderBy("e.featured_rank", "asc")
    .orderBy("e.product_id", "desc")
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => ({ id: Number(row.id), garment: row.garment })));
}
