import { type Kysely, PostgresAdapter, type Transaction } from "kysely";
import type { CamelRow, Database, DiscountCodesTable, Locale } from "~/db/schema";
import type { DiscountStateFilter } from "./discount-code-rules";

// Atelier's SQL for discount codes (the bag's own reads of them are in bag.repository.server.ts):
// the list with use counts, one code with its scope, and the writes.

type Db = Kysely<Database> | Transaction<Database>;

export type DiscountCodeRow = CamelRow<DiscountCodesTable>;

const COLUMNS = [
  "d.id",
  "d.code",
  "d.kind",
  "d.amount",
  "d.min_subtotal_cents as minSubtotalCents",
  "d.starts_at as startsAt",
  "d.ends_at as endsAt",
  "d.max_uses as maxUses",
  "d.max_uses_per_customer as maxUsesPerCustomer",
  "d.created_at as createdAt",
] as const;


/** One page of codes (newest first), each with how many orders used it; one query. */
export async function selectDiscountCodes(db: Db, filter: { q: string; state: DiscountStateFilter; at: string; limit: number; offset: number }) {
  let query = db
    .selectFrom("discount_codes as d")
    .select(COLUMNS)
    .select((eb) => eb.selectFrom("discount_redemptions as r").select((e) => e.fn.countAll<number | string>().as("n")).whereRef("r.discount_code_id", "=", "d.id").as("uses"));
  if (filter.q) query = query.where("d.code", "like", `%${filter.q.replace(/[%_\\]/g, "")}%`);
  if (filter.state === "ended") query = query.where("d.ends_at", "<=", filter.at);
  if (filter.state === "scheduled") query = query.where("d.starts_at", ">", filter.at).where((eb) => eb.or([eb("d.ends_at", "is", null), eb("d.ends_at", ">", filter.at)]));
  if (filter.state === "active") {
    query = query
      .where((eb) => eb.or([eb("d.starts_at", "is", null), eb("d.starts_at", "<=", filter.at)]))
      .where((eb) => eb.or([eb("d.ends_at", "is", null), eb("d.ends_at", ">", filter.at)]));
  }
  const rows = await query.orderBy("d.created_at", "desc").orderBy("d.id", "desc").limit(filter.limit).offset(filter.offset).execute();
  return rows.map((row) => ({ ...row, uses: Number(row.uses ?? 0) }));
}

/** The categories (names in a language) and the number of products each code of the list is bound to. */
export async function selectScopes(db: Db, codeIds: number[], locale: Locale) {
  if (!codeIds.length) return { categories: [], products: [] };
  const [categories, products] = await Promise.all([
    db
      .selectFrom("discount_code_categories as dc")
      .innerJoin("category_translations as t", (join) => join.onRef("t.category_id", "=", "dc.category_id").on("t.locale", "=", locale))
      .select(["dc.discount_code_id as codeId", "dc.category_id as categoryId", "t.name"])
      .where("dc.discount_code_id", "in", codeIds)
      .orderBy("t.name")
      .execute(),
    db
      .selectFrom("discount_code_products as dp")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "dp.product_id").on("t.locale", "=", locale))
      .select(["dp.discount_code_id as codeId", "dp.product_id as productId", "t.name", "t.slug"])
      .where("dp.discount_code_id", "in", codeIds)
      .orderBy("t.name")
      .execute(),
  ]);
  return { categories, products };
}

export function findDiscountCodeById(db: Db, id: number): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom("discount_codes as d").select(COLUMNS).where("d.id", "=", id).executeTakeFirst();
}

/** A code's row locked for the rest of the transaction on PostgreSQL (SQLite's write lock is held once a write starts). */
export function lockDiscountCode(db: Db, id: number): Promise<DiscountCodeRow | undefined> {
  let query = db.selectFrom("discount_codes as d").select(COLUMNS).where("d.id", "=", id);
  if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findDiscountCodeIdByCode(db: Db, code: string): Promise<number | undefined> {
  return (await db.selectFrom("discount_codes").select("id").where("code", "=", code).executeTakeFirst())?.id;
}

export async function countUses(db: Db, codeId: number): Promise<number> {
  const row = await db.selectFrom("discount_redemptions").select((eb) => eb.fn.countAll<number | string>().as("n")).where("discount_code_id", "=", codeId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function scopeOf(db: Db, codeId: number): Promise<{ categoryIds: number[]; productIds: number[] }> {
  const [categories, products] = await Promise.all([
    db.selectFrom("discount_code_categories").select("category_id").where("discount_code_id", "=", codeId).orderBy("category_id").execute(),
    db.selectFrom("discount_code_products").select("product_id").where("discount_code_id", "=", codeId).orderBy("product_id").execute(),
  ]);
  return { categoryIds: categories.map((r) => r.category_id), productIds: products.map((r) => r.product_id) };
}

type CodeValues = Omit<DiscountCodeRow, "id" | "createdAt">;

const toColumns = (values: CodeValues) => ({
  code: values.code,
  kind: values.kind,
  amount: values.amount,
  min_subtotal_cents: values.minSubtotalCents,
  starts_at: values.startsAt,
  ends_at: values.endsAt,
  max_uses: values.maxUses,
  max_uses_per_customer: values.maxUsesPerCustomer,
});

export async function insertDiscountCode(db: Db, values: CodeValues, at: string): Promise<number> {
  const row = await db.insertInto("discount_codes").values({ ...toColumns(values), created_at: at }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDiscountCode(db: Db, id: number, values: CodeValues): Promise<void> {
  await db.updateTable("discount_codes").set(toColumns(values)).where("id", "=", id).execute();
}

export async function setDiscountWindow(db: Db, id: number, window: { startsAt: string | null; endsAt: string | null }): Promise<void> {
  await db.updateTable("discount_codes").set({ starts_at: window.startsAt, ends_at: window.endsAt }).where("id", "=", id).execute();
}

/** Replaces a code's categories and products. */
export async function replaceScope(db: Db, codeId: number, scope: { categoryIds: number[]; productIds: number[] }): Promise<void> {
  await db.deleteFrom("discount_code_categories").where("discount_code_id", "=", codeId).execute();
  await db.deleteFrom("discount_code_products").where("discount_code_id", "=", codeId).execute();
  if (scope.categoryIds.length) await db.insertInto("discount_code_categories").values(scope.categoryIds.map((category_id) => ({ discount_code_id: codeId, category_id }))).execute();
  if (scope.productIds.length) await db.insertInto("discount_code_products").values(scope.productIds.map((product_id) => ({ discount_code_id: codeId, product_id }))).execute();
}

/** Which of these ids are categories. */
export async function existingCategoryIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectFrom("categories").select("id").where("id", "in", ids).execute()).map((r) => r.id);
}

/** Products named by a variant's SKU (capitals) or a product's slug in either language. */
export async function findProductsByRefs(db: Db, refs: { skus: string[]; slugs: string[] }) {
  const [bySku, bySlug] = await Promise.all([
    refs.skus.length ? db.selectFrom("variants").select(["sku as ref", "product_id as productId"]).where("sku", "in", refs.skus).execute() : Promise.resolve([]),
    refs.slugs.length ? db.selectFrom("product_translations").select(["slug as ref", "product_id as productId"]).where("slug", "in", refs.slugs).execute() : Promise.resolve([]),
  ]);
  return { bySku, bySlug };
}

/** Products by id with their name and slug in a language (the editor's list of chosen products). */
export function selectProductsByIds(db: Db, ids: number[], locale: Locale) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("product_translations")
    .select(["product_id as id", "name", "slug"])
    .where("locale", "=", locale)
    .where("product_id", "in", ids)
    .orderBy("name")
    .execute();
}

/** The most recent orders that used a code. */
export function selectRecentUses(db: Db, codeId: number, limit: number) {
  return db
    .selectFrom("discount_redemptions as r")
    .leftJoin("orders as o", "o.id", "r.order_id")
    .select(["r.id", "r.created_at as at", "r.order_id as orderId", "o.number"])
    .where("r.discount_code_id", "=", codeId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
}
