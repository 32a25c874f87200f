import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";

export interface CategoryRow {
  id: number;
  parentId: number | null;
  position: number;
  name: string;
  slug: string;
  path: string;
  /** 1 for the import's holding category (the storefront skips it). */
  holding?: number;
}

/** Every category with its translation for a locale, ordered for display. One query. */
export function listCategories(db: Kysely<Database>, locale: Locale): Promise<CategoryRow[]> {
  return db
    .selectFrom("categories as c")
    .innerJoin("category_translations as t", (join) => join.onRef("t.category_id", "=", "c.id").on("t.locale", "=", locale))
    .select(["c.id", "c.parent_id as parentId", "c.position", "t.name", "t.slug", "t.path", "c.holding"])
    .orderBy("c.parent_id")
    .orderBy("c.position")
    .execute();
}

export interface CategoryDetail {
  id: number;
  name: string;
  path: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  shareImage: string | null;
}

export function findCategoryByPath(db: Kysely<Database>, locale: Locale, path: string): Promise<CategoryDetail | undefined> {
  return db
    .selectFrom("category_translations")
    .select([
      "category_id as id",
      "name",
      "path",
      "meta_title as metaTitle",
      "meta_description as metaDescription",
      "keywords",
      "share_image as shareImage",
    ])
    .where("locale", "=", locale)
    .where("path", "=", path)
    // The import's holding category is Atelier's business only: no storefront page.
    .where("category_id", "not in", (eb) => eb.selectFrom("categories").select("id").where("holding", "=", 1))
    .executeTakeFirst();
}

/** The category's path in every locale (for the language switch and hreflang). */
export async function categoryPaths(db: Kysely<Database>, categoryId: number): Promise<Partial<Record<Locale, string>>> {
  const rows = await db
    .selectFrom("category_translations")
    .select(["locale", "path"])
    .where("category_id", "=", categoryId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.locale, r.path]));
}
