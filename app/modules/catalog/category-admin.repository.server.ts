import { type Kysely, PostgresAdapter, type Transaction } from "kysely";
import type { Database, Locale } from "~/db/schema";

// Atelier's SQL for the category tree (the storefront's reads are in category.repository.server.ts).
// The tree is small (tens of rows): the service reads it whole and computes paths and descendants.

type Db = Kysely<Database> | Transaction<Database>;

export interface CategoryTranslationRow {
  categoryId: number;
  locale: Locale;
  name: string;
  slug: string;
  path: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
}

/**
 * Serializes changes to the tree on PostgreSQL (every row locked for the transaction), so two
 * moves at once cannot make a loop; SQLite's write lock, taken by the transaction's first
 * write, does the same there.
 */
export async function lockCategoryTree(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await db.selectFrom("categories").select("id").forUpdate().execute();
}

/** Every category (parent, position) and every translation: two queries. */
export async function selectTree(db: Db) {
  const [categories, translations] = await Promise.all([
    db.selectFrom("categories").select(["id", "parent_id as parentId", "position", "updated_at as updatedAt"]).orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("category_translations")
      .select(["category_id as categoryId", "locale", "name", "slug", "path", "meta_title as metaTitle", "meta_description as metaDescription", "keywords"])
      .execute() as Promise<CategoryTranslationRow[]>,
  ]);
  return { categories, translations };
}

/** How many products each category holds itself (any status). */
export async function countProductsByCategory(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom("products").select((eb) => ["category_id as id", eb.fn.countAll<number | string>().as("n")]).groupBy("category_id").execute();
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** How many discount codes are bound to a category. */
export async function countCodesOfCategory(db: Db, categoryId: number): Promise<number> {
  const row = await db.selectFrom("discount_code_categories").select((eb) => eb.fn.countAll<number | string>().as("n")).where("category_id", "=", categoryId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function selectProductIdsIn(db: Db, categoryIds: number[]): Promise<number[]> {
  if (!categoryIds.length) return [];
  return (await db.selectFrom("products").select("id").where("category_id", "in", categoryIds).execute()).map((row) => row.id);
}

export async function insertCategory(db: Db, values: { parentId: number | null; position: number; at: string }): Promise<number> {
  const row = await db
    .insertInto("categories")
    .values({ parent_id: values.parentId, position: values.position, created_at: values.at, updated_at: values.at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTranslations(db: Db, rows: CategoryTranslationRow[]): Promise<void> {
  await db
    .insertInto("category_translations")
    .values(
      rows.map((row) => ({
        category_id: row.categoryId,
        locale: row.locale,
        name: row.name,
        slug: row.slug,
        path: row.path,
        meta_title: row.metaTitle,
        meta_description: row.metaDescription,
        keywords: row.keywords,
        share_image: null,
      })),
    )
    .execute();
}

export async function updateCategoryRow(db: Db, id: number, values: { parentId: number | null; position: number; at: string }): Promise<void> {
  await db.updateTable("categories").set({ parent_id: values.parentId, position: values.position, updated_at: values.at }).where("id", "=", id).execute();
}

export async function updateTranslation(db: Db, row: CategoryTranslationRow): Promise<void> {
  await db
    .updateTable("category_translations")
    .set({ name: row.name, slug: row.slug, path: row.path, meta_title: row.metaTitle, meta_description: row.metaDescription, keywords: row.keywords })
    .where("category_id", "=", row.categoryId)
    .where("locale", "=", row.locale)
    .execute();
}

export async function setPath(db: Db, categoryId: number, locale: Locale, path: string): Promise<void> {
  await db.updateTable("category_translations").set({ path }).where("category_id", "=", categoryId).where("locale", "=", locale).execute();
}

/** Dates categories' change (the categories sitemap's lastmod). */
export async function touchCategories(db: Db, ids: number[], at: string): Promise<void> {
  if (ids.length) await db.updateTable("categories").set({ updated_at: at }).where("id", "in", ids).execute();
}

export async function setPosition(db: Db, id: number, position: number): Promise<void> {
  await db.updateTable("categories").set({ position }).where("id", "=", id).execute();
}

/** Deletes a category and its translations. */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom("category_translations").where("category_id", "=", id).execute();
  await db.deleteFrom("categories").where("id", "=", id).execute();
}

/** The import's holding category, if the shop has one. */
export async function findHoldingCategory(db: Db): Promise<number | null> {
  const row = await db.selectFrom("categories").select("id").where("holding", "=", 1).orderBy("id").executeTakeFirst();
  return row?.id ?? null;
}

export async function markHoldingCategory(db: Db, id: number): Promise<void> {
  await db.updateTable("categories").set({ holding: 1 }).where("id", "=", id).execute();
}
