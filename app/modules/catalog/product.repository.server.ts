import { type Kysely, sql } from "kysely";
import type { CamelRow, Database, Locale, ProductsTable, ProductTranslationsTable } from "~/db/schema";
import type { ManufacturerRecord } from "./manufacturer";

export interface ProductSummaryRow {
  id: number;
  name: string;
  slug: string;
  garment: string;
  publishedAt: string;
}

export interface VariantSummaryRow {
  id: number;
  productId: number;
  sku: string;
  size: string;
  colorCode: string;
  colorName: string;
  hex: string;
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
}

/** The products on show (published, their date come), as cards name them, in the reader's language. */
function productsOnShow(db: Kysely<Database>, locale: Locale, now: string) {
  return db
    .selectFrom("products as p")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
    .select(["p.id", "t.name", "t.slug", "p.garment", "p.published_at as publishedAt"])
    .where("p.status", "=", "published")
    .where("p.published_at", "<=", now);
}

/** The newest products on show. */
export function listNewestProducts(db: Kysely<Database>, locale: Locale, limit: number, now: string): Promise<ProductSummaryRow[]> {
  return productsOnShow(db, locale, now).orderBy("p.published_at", "desc").orderBy("p.id", "desc").limit(limit).execute();
}

/** The products on show among these slugs (in the reader's language), in no particular order. */
export function listPublishedProductsBySlugs(db: Kysely<Database>, locale: Locale, slugs: string[], now: string): Promise<ProductSummaryRow[]> {
  if (!slugs.length) return Promise.resolve([]);
  return productsOnShow(db, locale, now).where("t.slug", "in", slugs).execute();
}

/** The products on show among these ids (in the reader's language), in no particular order. */
export function listPublishedProductsByIds(db: Kysely<Database>, locale: Locale, ids: number[], now: string): Promise<ProductSummaryRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return productsOnShow(db, locale, now).where("p.id", "in", ids).execute();
}

/**
 * A variant with its colour as the shop shows it: the columns of `variants as v` joined with
 * `colors as c` and `color_translations as ct` (in the reader's language). The bag's lines and
 * the product cards read the same.
 */
export const VARIANT_COLOUR_COLUMNS = [
  "v.sku",
  "v.size",
  "v.color_code as colorCode",
  "ct.name as colorName",
  "c.hex",
  "v.price_cents as priceCents",
  "v.compare_at_cents as compareAtCents",
  "v.stock",
] as const;

/** Variants (with colour names) of several products in one query. */
export function listVariantSummaries(db: Kysely<Database>, locale: Locale, productIds: number[]): Promise<VariantSummaryRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("variants as v")
    .innerJoin("colors as c", "c.code", "v.color_code")
    .innerJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "c.code").on("ct.locale", "=", locale))
    .select(["v.id", "v.product_id as productId", ...VARIANT_COLOUR_COLUMNS])
    .where("v.product_id", "in", productIds)
    .orderBy("v.product_id")
    .orderBy("v.position")
    .execute();
}

/** A product's slug in every locale (for the language switch and hreflang). */
export async function findProductSlugs(
  db: Kysely<Database>,
  locale: Locale,
  slug: string,
): Promise<{ id: number; name: string; slugs: Partial<Record<Locale, string>> } | null> {
  const own = await db
    .selectFrom("product_translations")
    .select(["product_id as id", "name"])
    .where("locale", "=", locale)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!own) return null;
  const rows = await db.selectFrom("product_translations").select(["locale", "slug"]).where("product_id", "=", own.id).execute();
  return { id: own.id, name: own.name, slugs: Object.fromEntries(rows.map((r) => [r.locale, r.slug])) };
}

export type ProductDetailRow = Pick<CamelRow<ProductsTable>, "id" | "categoryId" | "garment"> &
  Omit<CamelRow<ProductTranslationsTable>, "productId" | "locale"> & {
    /** Its maker (GPSR), or null when the catalogue names none. */
    manufacturer: ManufacturerRecord | null;
  };

/** A product on show (published, its date come) by its localized slug, with its maker. */
export async function findPublishedProduct(db: Kysely<Database>, locale: Locale, slug: string, now: string): Promise<ProductDetailRow | undefined> {
  const row = await productDetailQuery(db, locale).where("t.slug", "=", slug).where("p.status", "=", "published").where("p.published_at", "<=", now).executeTakeFirst();
  return row ? toProductDetail(row) : undefined;
}

/**
 * A product by its localized slug whatever its state (a draft, scheduled, archived): staff's
 * preview of what shoppers will see. Never for a shopper's request.
 */
export async function findProductForPreview(db: Kysely<Database>, locale: Locale, slug: string): Promise<ProductDetailRow | undefined> {
  const row = await productDetailQuery(db, locale).where("t.slug", "=", slug).executeTakeFirst();
  return row ? toProductDetail(row) : undefined;
}

function productDetailQuery(db: Kysely<Database>, locale: Locale) {
  return db
    .selectFrom("products as p")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
    .leftJoin("manufacturers as m", "m.id", "p.manufacturer_id")
    .select([
      "p.id",
      "p.category_id as categoryId",
      "p.garment",
      "t.name",
      "t.slug",
      "t.description",
      "t.composition",
      "t.care",
      "t.meta_title as metaTitle",
      "t.meta_description as metaDescription",
      "t.keywords",
      "t.share_image as shareImage",
      "m.name as manufacturerName",
      "m.address as manufacturerAddress",
      "m.country_code as manufacturerCountryCode",
      "m.email as manufacturerEmail",
      "m.eu_responsible_name as euResponsibleName",
      "m.eu_responsible_address as euResponsibleAddress",
      "m.eu_responsible_country_code as euResponsibleCountryCode",
      "m.eu_responsible_email as euResponsibleEmail",
    ]);
}

function toProductDetail(row: NonNullable<Awaited<ReturnType<ReturnType<typeof productDetailQuery>["executeTakeFirst"]>>>): ProductDetailRow {
  const {
    manufacturerName,
    manufacturerAddress,
    manufacturerCountryCode,
    manufacturerEmail,
    euResponsibleName,
    euResponsibleAddress,
    euResponsibleCountryCode,
    euResponsibleEmail,
    ...product
  } = row;
  const manufacturer =
    manufacturerName === null || manufacturerAddress === null || manufacturerCountryCode === null || manufacturerEmail === null
      ? null
      : {
          name: manufacturerName,
          address: manufacturerAddress,
          countryCode: manufacturerCountryCode.trim(),
          email: manufacturerEmail,
          euResponsibleName,
          euResponsibleAddress,
          euResponsibleCountryCode: euResponsibleCountryCode?.trim() ?? null,
          euResponsibleEmail,
        };
  return { ...product, manufacturer };
}

/** The product's pictures, in gallery order. */
export function listProductImages(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom("product_images")
    .select(["color_code as colorCode", "view"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
}

/** The product's slug in every locale. */
export async function findSlugsById(db: Kysely<Database>, productId: number): Promise<Partial<Record<Locale, string>>> {
  const rows = await db.selectFrom("product_translations").select(["locale", "slug"]).where("product_id", "=", productId).execute();
  return Object.fromEntries(rows.map((r) => [r.locale, r.slug]));
}

export interface RelatedCandidateRow {
  id: number;
  categoryId: number;
  garment: string;
  name: string;
  slug: string;
}

/**
 * "You may also like"'s candidates: in each of these categories, its own products on show and in
 * stock, the first `perCategory` in featured order. One statement: an index range of the listing
 * entries per category, so it costs the same whatever the catalogue's size. Written as SQL: the
 * builder took longer to compile its dozen arms than the database to run them.
 */
export async function findRelatedCandidates(
  db: Kysely<Database>,
  locale: Locale,
  { categoryIds, excludeId, now, perCategory }: { categoryIds: number[]; excludeId: number; now: string; perCategory: number },
): Promise<RelatedCandidateRow[]> {
  if (!categoryIds.length) return [];
  // Each range reads the index alone; the names are joined once, outside (PostgreSQL plans a
  // dozen small ranges quickly, a dozen three-table joins slowly).
  const ranges = categoryIds.map(
    (categoryId) => sql`select * from (
      select e.product_id, e.category_id from listing_entries e
      where e.category_id = ${categoryId} and e.depth = 0 and e.in_stock = 1 and e.published_at <= ${now} and e.product_id <> ${excludeId}
      order by e.featured_rank, e.product_id desc
      limit ${perCategory}
    ) as ${sql.ref(`c${categoryId}`)}`,
  );
  const { rows } = await sql<RelatedCandidateRow>`
    select r.product_id as id, r.category_id as "categoryId", p.garment, t.name, t.slug
    from (${sql.join(ranges, sql` union all `)}) as r
    join products p on p.id = r.product_id
    join product_translations t on t.product_id = r.product_id and t.locale = ${locale}`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), categoryId: Number(row.categoryId) }));
}

/** A product's name in a language (Atelier's product pages' titles); the Italian one when that is missing. */
export async function findProductName(db: Kysely<Database>, productId: number, locale: "it" | "en"): Promise<string | undefined> {
  const rows = await db.selectFrom("product_translations").select(["locale", "name"]).where("product_id", "=", productId).execute();
  return (rows.find((row) => row.locale === locale) ?? rows.find((row) => row.locale === "it") ?? rows[0])?.name;
}
