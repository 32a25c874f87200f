import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { categoryUrl } from "~/modules/base/page-urls";
import { cachedCatalogRead } from "./catalog-cache.server";
import { type CategoryDetail, type CategoryRow, categoryPaths, findCategoryByPath, listCategories } from "./category.repository.server";

export interface MenuCategory {
  id: number;
  name: string;
  slug: string;
  /** The localized page URL, e.g. "/en/categories/women/dresses". */
  url: string;
  children: MenuCategory[];
}

// Kept here for this domain's callers; the address itself lives in the base level (decision 038).
export { categoryUrl };

/** The navigation tree (the shape /api/categories serves and the header renders). */
export async function getMenu(db: Kysely<Database>, locale: Locale): Promise<MenuCategory[]> {
  // The import's holding category ("Da rivedere") is Atelier's business only.
  const rows = (await listCategories(db, locale)).filter((row) => Number(row.holding) !== 1);
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

/** Every category of the menu, parents before children, a subcategory labelled with its parents ("Donna › Camicie"). */
export function menuEntries(menu: MenuCategory[], parent: string | null = null): { id: number; name: string; url: string; label: string }[] {
  return menu.flatMap((node) => {
    const label = parent ? `${parent} › ${node.name}` : node.name;
    return [{ id: node.id, name: node.name, url: node.url, label }, ...menuEntries(node.children, label)];
  });
}

/** `getMenu` through the catalogue cache (the page shell's menu): current on every process after any category change. */
export function getCachedMenu(db: Kysely<Database>, locale: Locale, now = Date.now()): Promise<MenuCategory[]> {
  return cachedCatalogRead(db, `menu|${locale}`, () => getMenu(db, locale), { now });
}

export interface Crumb {
  name: string;
  url: string;
}

export interface CategoryPage extends CategoryDetail {
  /** The same category's URL in each locale. */
  alternates: Partial<Record<Locale, string>>;
  /** The category and every category below it: a parent lists its descendants' products. */
  subtreeIds: number[];
  /** From the top category down to this one. */
  breadcrumbs: Crumb[];
  /** Direct subcategories, for the listing's sub-navigation. */
  children: Crumb[];
}

/** A category by its localized path, or null when no such category exists. */
/** `getCategoryPage` through the catalogue cache: what the category route calls. */
export function getCachedCategoryPage(db: Kysely<Database>, locale: Locale, path: string, revision?: string): Promise<CategoryPage | null> {
  return cachedCatalogRead(db, `category|${locale}|${path}`, () => getCategoryPage(db, locale, path), { revision });
}

export async function getCategoryPage(db: Kysely<Database>, locale: Locale, path: string): Promise<CategoryPage | null> {
  const category = await findCategoryByPath(db, locale, path.replace(/^\/+|\/+$/g, ""));
  if (!category) return null;
  const [paths, rows] = await Promise.all([categoryPaths(db, category.id), listCategories(db, locale)]);
  const alternates = Object.fromEntries(
    Object.entries(paths).map(([l, p]) => [l, categoryUrl(p as string, l as Locale)]),
  ) as Partial<Record<Locale, string>>;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const crumb = (row: CategoryRow): Crumb => ({ name: row.name, url: categoryUrl(row.path, locale) });

  const subtreeIds = [category.id];
  for (let i = 0; i < subtreeIds.length; i++) {
    for (const row of rows) if (row.parentId === subtreeIds[i]) subtreeIds.push(row.id);
  }
  const breadcrumbs: Crumb[] = [];
  for (let row = byId.get(category.id); row; row = row.parentId === null ? undefined : byId.get(row.parentId)) breadcrumbs.unshift(crumb(row));
  const children = rows.filter((row) => row.parentId === category.id).map(crumb);
  return { ...category, alternates, subtreeIds, breadcrumbs, children };
}

/** From the top category down to the given one (a product page's breadcrumbs). */
export async function getCategoryTrail(db: Kysely<Database>, locale: Locale, categoryId: number): Promise<Crumb[]> {
  return categoryTrailOf(await listCategories(db, locale), locale, categoryId);
}

/** `getCategoryTrail` from categories already read. */
export function categoryTrailOf(rows: CategoryRow[], locale: Locale, categoryId: number): Crumb[] {
  return ancestorsOf(rows, categoryId).map((row) => ({ name: row.name, url: categoryUrl(row.path, locale) }));
}

/** The category and its ancestors, from the top category down. */
export function ancestorsOf(rows: CategoryRow[], categoryId: number): CategoryRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const trail: CategoryRow[] = [];
  for (let row = byId.get(categoryId); row && !trail.includes(row); row = row.parentId === null ? undefined : byId.get(row.parentId)) {
    trail.unshift(row);
  }
  return trail;
}
