import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";

// Every query of Atelier's variants and prices page (the colour × size matrix, the product's
// prices and scheduled sale, the colours): repositories take `db` or a transaction; the
// variant-admin service holds the rules and the transactions.

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The product's prices and sale as the owner set them, with its names; undefined when unknown. */
export function findPricedProduct(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom("products as p")
    .leftJoin("product_translations as it", (join) => join.onRef("it.product_id", "=", "p.id").on("it.locale", "=", "it"))
    .leftJoin("product_translations as en", (join) => join.onRef("en.product_id", "=", "p.id").on("en.locale", "=", "en"))
    .select([
      "p.id",
      "p.status",
      "p.price_cents as priceCents",
      "p.compare_at_cents as compareAtCents",
      "p.sale_price_cents as salePriceCents",
      "p.sale_starts_at as saleStartsAt",
      "p.sale_ends_at as saleEndsAt",
      "p.sale_active as saleActive",
      "it.name as nameIt",
      "en.name as nameEn",
      "it.slug as slugIt",
      "en.slug as slugEn",
    ])
    .where("p.id", "=", productId)
    .executeTakeFirst();
}

export type PricedProductRow = NonNullable<Awaited<ReturnType<typeof findPricedProduct>>>;

/** A product's variants in its own order. */
export function listProductVariants(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom("variants")
    .select([
      "id",
      "sku",
      "color_code as colorCode",
      "size",
      "position",
      "price_cents as priceCents",
      "compare_at_cents as compareAtCents",
      "own_price_cents as ownPriceCents",
      "stock",
    ])
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export type VariantRow = Awaited<ReturnType<typeof listProductVariants>>[number];

/**
 * Starts a write to one product's variants and prices: on PostgreSQL its variants are locked in
 * id order, then the product (the order a checkout takes them: variants, then the product when a
 * size sells out), so the two never wait on each other crosswise. The product's updated_at moves
 * (its sitemap date follows); on SQLite that write is the transaction's first statement, taking
 * the write lock at once. False when the product does not exist.
 */
export async function lockProductForWrite(trx: Kysely<Database>, productId: number, at: string): Promise<boolean> {
  if (isPostgres(trx)) await trx.selectFrom("variants").select("id").where("product_id", "=", productId).orderBy("id").forUpdate().execute();
  const touched = await trx.updateTable("products").set({ updated_at: at }).where("id", "=", productId).executeTakeFirst();
  return touched.numUpdatedRows === 1n;
}

export async function updateProductPricing(
  trx: Kysely<Database>,
  productId: number,
  values: {
    price_cents: number | null;
    compare_at_cents: number | null;
    sale_price_cents: number | null;
    sale_starts_at: string | null;
    sale_ends_at: string | null;
    sale_active: number;
  },
): Promise<void> {
  await trx.updateTable("products").set(values).where("id", "=", productId).execute();
}

/** Forgets a product's variants' own prices (their prices are read from the variants again). */
export async function clearOwnPrices(trx: Kysely<Database>, productId: number): Promise<void> {
  await trx.updateTable("variants").set({ own_price_cents: null }).where("product_id", "=", productId).where("own_price_cents", "is not", null).execute();
}

/** Sets whether the variants carry the sale, if it is still `from`: false when another process did it. */
export async function switchSaleActive(trx: Kysely<Database>, productId: number, from: number, to: number): Promise<boolean> {
  const result = await trx.updateTable("products").set({ sale_active: to }).where("id", "=", productId).where("sale_active", "=", from).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Products whose sale should start or end at `now` and has not yet (the minute sweep). */
export async function listProductsWithDueSale(db: Kysely<Database>, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("sale_price_cents", "is not", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("sale_active", "=", 0), eb("sale_starts_at", "<=", now), eb("sale_ends_at", ">", now)]),
        eb.and([eb("sale_active", "=", 1), eb.or([eb("sale_ends_at", "<=", now), eb("sale_starts_at", ">", now)])]),
      ]),
    )
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** The effective price the storefront reads, and optionally the variant's own price. */
export async function updateVariantPrice(
  trx: Kysely<Database>,
  variantId: number,
  values: { price_cents: number; compare_at_cents: number | null; updated_at: string },
): Promise<void> {
  await trx.updateTable("variants").set(values).where("id", "=", variantId).execute();
}

export async function updateVariantFields(
  trx: Kysely<Database>,
  variantId: number,
  values: { sku?: string; own_price_cents?: number | null; position?: number; updated_at: string },
): Promise<void> {
  await trx.updateTable("variants").set(values).where("id", "=", variantId).execute();
}

/** Compare-and-set of a variant's stock: written only if it is still `expected`. */
export async function setStockIfUnchanged(trx: Kysely<Database>, variantId: number, expected: number, stock: number, at: string): Promise<boolean> {
  const result = await trx.updateTable("variants").set({ stock, updated_at: at }).where("id", "=", variantId).where("stock", "=", expected).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertVariant(
  trx: Kysely<Database>,
  row: { product_id: number; sku: string; color_code: string; size: string; position: number; price_cents: number; compare_at_cents: number | null; own_price_cents: number | null; stock: number; at: string },
): Promise<number> {
  const { at, ...values } = row;
  const inserted = await trx
    .insertInto("variants")
    .values({ ...values, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteVariant(trx: Kysely<Database>, variantId: number): Promise<void> {
  await trx.deleteFrom("variants").where("id", "=", variantId).execute();
}

/** Which of these variants an order names (order_lines keep no key to variants: orders outlive them). */
export async function listOrderedVariants(db: Kysely<Database>, variantIds: number[]): Promise<Set<number>> {
  if (!variantIds.length) return new Set();
  const rows = await db.selectFrom("order_lines").select("variant_id").distinct().where("variant_id", "in", variantIds).execute();
  return new Set(rows.map((row) => row.variant_id));
}

/** The variants holding any of these SKUs, in any product. */
export function findVariantsBySkus(db: Kysely<Database>, skus: string[]) {
  if (!skus.length) return Promise.resolve([]);
  return db.selectFrom("variants").select(["id", "sku", "product_id as productId"]).where("sku", "in", skus).execute();
}

/** Every colour with its name in a language, in the shop's order. */
export function listColors(db: Kysely<Database>, locale: Locale) {
  return db
    .selectFrom("colors as c")
    .leftJoin("color_translations as t", (join) => join.onRef("t.color_code", "=", "c.code").on("t.locale", "=", locale))
    .select(["c.code", "c.hex", "t.name"])
    .orderBy("c.position")
    .orderBy("c.code")
    .execute();
}

/** A colour whose name in either language is this one (case and accents as typed, spaces trimmed). */
export async function findColorCodeByName(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("color_translations")
    .select("color_code")
    .where(sql<string>`lower(name)`, "=", name.trim().toLowerCase())
    .orderBy("color_code")
    .limit(1)
    .executeTakeFirst();
  return row?.color_code;
}

export async function findColor(db: Kysely<Database>, code: string) {
  return db.selectFrom("colors").select(["code", "hex"]).where("code", "=", code).executeTakeFirst();
}

/** The codes taken among these (a new colour's code must be free). */
export async function listColorCodesLike(db: Kysely<Database>, prefix: string): Promise<string[]> {
  const rows = await db.selectFrom("colors").select("code").where("code", "like", `${prefix}%`).execute();
  return rows.map((row) => row.code);
}

export async function insertColor(trx: Kysely<Database>, color: { code: string; hex: string; names: Record<Locale, string> }): Promise<void> {
  const last = await trx.selectFrom("colors").select((eb) => eb.fn.max("position").as("position")).executeTakeFirst();
  await trx
    .insertInto("colors")
    .values({ code: color.code, hex: color.hex, position: Number(last?.position ?? 0) + 1 })
    .execute();
  await trx
    .insertInto("color_translations")
    .values((Object.entries(color.names) as [Locale, string][]).map(([locale, name]) => ({ color_code: color.code, locale, name })))
    .execute();
}
