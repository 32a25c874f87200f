import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { localizePath } from "~/utils/locale";
import { type CategoryDetail, categoryPaths, findCategoryByPath, listCategories } from "./category.repository.server";

export interface MenuCategory {
  id: number;
  name: string;
  slug: string;
  /** The localized page URL, e.g. "/en/categories/women/dresses". */
  url: string;
  children: MenuCategory[];
}

export const categoryUrl = (path: string, locale: Locale) => localizePath(`/categories/${path}`, locale);

/** The navigation tree (the shape /api/categories serves and the header renders). */
export async function getMenu(db: Kysely<Database>, locale: Locale): Promise<MenuCategory[]> {
  const rows = await listCategories(db, locale);
  const nodes = new Map<number, MenuCategory>();
  for (const row of rows) nodes.set(row.id, { id: row.id, name: row.name, slug: row.slug, url: categoryUrl(row.path, locale), children: [] });
  const roots: MenuCategory[] = [];
  // Rows come ordered by position within each parent, so children keep their order.
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const position = new Map(rows.map((r) => [r.id, r.position]));
  return roots.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

export interface CategoryPage extends CategoryDetail {
  /** The same category's URL in each locale. */
  alternates: Partial<Record<Locale, string>>;
}

/** A category by its localized path, or null when no such category exists. */
export async function getCategoryPage(db: Kysely<Database>, locale: Locale, path: string): Promise<CategoryPage | null> {
  const category = await findCategoryByPath(db, locale, path.replace(/^\/+|\/+$/g, ""));
  if (!category) return null;
  const paths = await categoryPaths(db, category.id);
  const alternates = Object.fromEntries(
    Object.entries(paths).map(([l, p]) => [l, categoryUrl(p as string, l as Locale)]),
  ) as Partial<Record<Locale, string>>;
  return { ...category, alternates };
}
