import type { Kysely } from "kysely";
import { isUniqueViolation } from "~/db/errors.server";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, type AuditRecord, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { type PathChange, forgetPathsOf, recordPathChanges } from "~/modules/seo/slug-redirect.service.server";
import { removeAssetFiles } from "~/modules/media/media.service.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { LOCALES } from "~/utils/locale";
import { bumpCatalogRevision } from "./catalog-cache.server";
import { isValidSlug, slugify } from "./catalog-rules";
import { catalogueChanged } from "./catalog-write.server";
import * as repo from "./category-admin.repository.server";
import { deleteTileOfCategory } from "./category-tile.service.server";

// The category tree in Atelier: names, slugs and SEO texts in both languages, the parent, the
// order among siblings, creation and deletion. A category's path (its ancestors' slugs and its
// own, top down) is the address of its page: a slug change or a move rewrites the paths of the
// category and of everything below it, and keeps the old address answering with a 301 (one
// redirect for the category: its descendants are matched by prefix). Products' listing entries
// and search documents depend on the tree, so every change that touches them refreshes them in
// the same transaction; every change raises the catalogue's revision, which every app process's
// caches (the menu, category pages, sitemaps) check on each request.

/** How deep the tree may go (top categories are depth 1): the menu and URLs stay readable. */
export const MAX_CATEGORY_DEPTH = 4;

export interface CategoryTexts {
  name: string;
  /** Blank: made from the name. */
  slug: string;
  /** Blank: "<name> | Bottega". */
  metaTitle: string;
  metaDescription: string;
  keywords: string;
}

export interface CategoryInput {
  parentId: number | null;
  texts: Record<Locale, CategoryTexts>;
}

interface Node {
  id: number;
  parentId: number | null;
  position: number;
  t: Record<Locale, repo.CategoryTranslationRow>;
}

interface Tree {
  nodes: Map<number, Node>;
  /** Children by parent (null: the top), in display order. */
  children(parentId: number | null): Node[];
  /** The node and everything below it, top down. */
  subtree(id: number): Node[];
  depth(id: number): number;
}

async function loadTree(db: Kysely<Database>): Promise<Tree> {
  const { categories, translations } = await repo.selectTree(db);
  const nodes = new Map<number, Node>();
  for (const c of categories) nodes.set(c.id, { id: c.id, parentId: c.parentId, position: c.position, t: {} as Node["t"] });
  for (const row of translations) {
    const node = nodes.get(row.categoryId);
    if (node) node.t[row.locale] = row;
  }
  const ordered = [...nodes.values()];
  const children = (parentId: number | null) => ordered.filter((n) => n.parentId === parentId);
  return {
    nodes,
    children,
    subtree(id) {
      const start = nodes.get(id);
      if (!start) return [];
      const out = [start];
      for (let i = 0; i < out.length; i++) out.push(...children(out[i]!.id));
      return out;
    },
    depth(id) {
      let depth = 0;
      for (let cur = nodes.get(id); cur && depth <= nodes.size; cur = cur.parentId === null ? undefined : nodes.get(cur.parentId)) depth++;
      return depth;
    },
  };
}

// ---- Reading ----

export interface CategoryTreeItem {
  id: number;
  name: string;
  /** The name in the other language (the tree shows both). */
  otherName: string;
  path: string;
  depth: number;
  /** Products in this category itself, and in it and everything below. */
  products: number;
  subtreeProducts: number;
  isFirst: boolean;
  isLast: boolean;
  children: CategoryTreeItem[];
}

/** The whole tree for Atelier, in the menu's order, names in the viewer's language. */
export async function getCategoryTree(db: Kysely<Database>, locale: Locale): Promise<CategoryTreeItem[]> {
  const [tree, counts] = await Promise.all([loadTree(db), repo.countProductsByCategory(db)]);
  const other: Locale = locale === "it" ? "en" : "it";
  const build = (parentId: number | null, depth: number): CategoryTreeItem[] => {
    const nodes = tree.children(parentId);
    return nodes.map((node, index) => {
      const children = build(node.id, depth + 1);
      const own = counts.get(node.id) ?? 0;
      return {
        id: node.id,
        name: node.t[locale]?.name ?? "",
        otherName: node.t[other]?.name ?? "",
        path: node.t[locale]?.path ?? "",
        depth,
        products: own,
        subtreeProducts: own + children.reduce((sum, child) => sum + child.subtreeProducts, 0),
        isFirst: index === 0,
        isLast: index === nodes.length - 1,
        children,
      };
    });
  };
  return build(null, 1);
}

export interface ParentOption {
  id: number;
  /** "Donna › Abiti": the name with its ancestors', in the viewer's language. */
  label: string;
  depth: number;
}

/**
 * The categories a category may be put under, in tree order: none of its own subtree, none so
 * deep that the moved branch would pass the depth limit. `id` null: a new category.
 */
export async function getParentOptions(db: Kysely<Database>, locale: Locale, id: number | null): Promise<ParentOption[]> {
  return parentOptions(await loadTree(db), locale, id);
}

function parentOptions(tree: Tree, locale: Locale, id: number | null): ParentOption[] {
  const excluded = new Set(id === null ? [] : tree.subtree(id).map((n) => n.id));
  const height = id === null ? 1 : subtreeHeight(tree, id);
  const out: ParentOption[] = [];
  const walk = (parentId: number | null, trail: string[]) => {
    for (const node of tree.children(parentId)) {
      if (excluded.has(node.id)) continue;
      const names = [...trail, node.t[locale]?.name ?? ""];
      if (trail.length + 1 + height <= MAX_CATEGORY_DEPTH) out.push({ id: node.id, label: names.join(" › "), depth: names.length });
      walk(node.id, names);
    }
  };
  walk(null, []);
  return out;
}

function subtreeHeight(tree: Tree, id: number): number {
  const below = tree.children(id);
  return 1 + (below.length ? Math.max(...below.map((child) => subtreeHeight(tree, child.id))) : 0);
}

export interface CategoryEditor {
  id: number;
  parentId: number | null;
  position: number;
  texts: Record<Locale, CategoryTexts & { path: string }>;
  /** From the top down to the category (names in the viewer's language). */
  trail: string[];
  products: number;
  children: number;
  codes: number;
  parents: ParentOption[];
  audit: AuditRecord[];
}

/** A category as its editor shows it; null when there is none. */
export async function getCategoryEditor(db: Kysely<Database>, id: number, locale: Locale): Promise<CategoryEditor | null> {
  const tree = await loadTree(db);
  const node = tree.nodes.get(id);
  if (!node) return null;
  const [counts, codes, audit] = await Promise.all([repo.countProductsByCategory(db), repo.countCodesOfCategory(db, id), auditOfRecord(db, "category", id, 30)]);
  const trail: string[] = [];
  for (let cur: Node | undefined = node; cur; cur = cur.parentId === null ? undefined : tree.nodes.get(cur.parentId)) trail.unshift(cur.t[locale]?.name ?? "");
  const texts = Object.fromEntries(
    LOCALES.map((l) => [l, { name: node.t[l].name, slug: node.t[l].slug, metaTitle: node.t[l].metaTitle, metaDescription: node.t[l].metaDescription, keywords: node.t[l].keywords, path: node.t[l].path }]),
  ) as CategoryEditor["texts"];
  return {
    id,
    parentId: node.parentId,
    position: node.position,
    texts,
    trail,
    products: counts.get(id) ?? 0,
    children: tree.children(id).length,
    codes,
    parents: parentOptions(tree, locale, id),
    audit,
  };
}

// ---- Writing ----

/** The texts as stored: the slug made from the name when left blank, the meta title likewise. */
function storedTexts(texts: CategoryTexts): Omit<CategoryTexts, never> {
  const name = texts.name.trim();
  return {
    name,
    slug: texts.slug.trim() ? texts.slug.trim() : slugify(name),
    metaTitle: texts.metaTitle.trim() || `${name} | Bottega`,
    metaDescription: texts.metaDescription.trim(),
    keywords: texts.keywords.trim(),
  };
}

const slugField = (locale: Locale) => `${locale}.slug`;

/** The parent must exist, be outside the category's own subtree, and leave the tree within its depth. */
function checkParent(tree: Tree, id: number | null, parentId: number | null): void {
  if (parentId === null) {
    if (id !== null && subtreeHeight(tree, id) > MAX_CATEGORY_DEPTH) throw new DomainError("CATEGORY_TOO_DEEP", "Too deep", { field: "parentId" });
    return;
  }
  if (!tree.nodes.has(parentId)) throw new DomainError("CATEGORY_NOT_FOUND", `No parent ${parentId}`, { field: "parentId" });
  if (id !== null && tree.subtree(id).some((n) => n.id === parentId)) throw new DomainError("CATEGORY_PARENT_INVALID", `${parentId} is ${id} or below it`, { field: "parentId" });
  const height = id === null ? 1 : subtreeHeight(tree, id);
  if (tree.depth(parentId) + height > MAX_CATEGORY_DEPTH) throw new DomainError("CATEGORY_TOO_DEEP", `Deeper than ${MAX_CATEGORY_DEPTH}`, { field: "parentId" });
}

/** Slugs must be valid and differ from every sibling's in the same language (their paths would be one). */
function checkSlugs(tree: Tree, id: number | null, parentId: number | null, texts: Record<Locale, CategoryTexts>): void {
  for (const locale of LOCALES) {
    const slug = texts[locale].slug;
    if (!isValidSlug(slug)) throw new DomainError("CATEGORY_SLUG_TAKEN", `Bad slug ${slug}`, { field: slugField(locale) });
    if (tree.children(parentId).some((sibling) => sibling.id !== id && sibling.t[locale]?.slug === slug)) {
      throw new DomainError("CATEGORY_SLUG_TAKEN", `${slug} is a sibling's`, { field: slugField(locale) });
    }
  }
}

const pathUnder = (tree: Tree, parentId: number | null, locale: Locale, slug: string) => (parentId === null ? slug : `${tree.nodes.get(parentId)!.t[locale].path}/${slug}`);

/** A change shoppers see in the menu and on category pages; `productIds`: products whose listing or search changes too. */
async function categoriesChanged(trx: Kysely<Database>, productIds: number[], now: Date): Promise<void> {
  await catalogueChanged(trx, productIds, now);
  if (!productIds.length) await bumpCatalogRevision(trx);
}

/** The path index is unique per language: a sibling taking the same slug at the same moment gets the same answer as the check's. */
function slugTakenOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw new DomainError("CATEGORY_SLUG_TAKEN", "Path taken meanwhile", { field: slugField("it") });
  throw error;
}

function auditView(node: { parentId: number | null; position: number }, texts: Record<Locale, CategoryTexts & { path: string }>) {
  const view: Record<string, unknown> = { parentId: node.parentId, position: node.position };
  for (const locale of LOCALES) {
    for (const [key, value] of Object.entries(texts[locale])) view[`${key}.${locale}`] = value;
  }
  return view;
}

/** Creates a category at the end of its siblings. Returns its id. */
export async function createCategory(db: Kysely<Database>, input: CategoryInput, actor: AuditActor, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const texts = { it: storedTexts(input.texts.it), en: storedTexts(input.texts.en) };
  return db
    .transaction()
    .execute(async (trx) => {
      await repo.lockCategoryTree(trx);
      const tree = await loadTree(trx);
      checkParent(tree, null, input.parentId);
      checkSlugs(tree, null, input.parentId, texts);
      const siblings = tree.children(input.parentId);
      const position = Math.max(0, ...siblings.map((s) => s.position)) + 1;
      const id = await repo.insertCategory(trx, { parentId: input.parentId, position, at });
      const stored = Object.fromEntries(LOCALES.map((l) => [l, { ...texts[l], path: pathUnder(tree, input.parentId, l, texts[l].slug) }])) as Record<Locale, CategoryTexts & { path: string }>;
      await repo.insertTranslations(
        trx,
        LOCALES.map((locale) => ({ categoryId: id, locale, ...stored[locale] })),
      );
      // A path that redirected somewhere (a category's old address) is this category's now.
      await recordPathChanges(
        trx,
        LOCALES.map((locale) => ({ kind: "category" as const, locale, entityId: id, oldPath: stored[locale].path, newPath: stored[locale].path })),
        now,
      );
      await categoriesChanged(trx, [], now);
      await recordAudit(trx, { actor, action: "category.create", entityType: "category", entityId: id, before: null, after: auditView({ parentId: input.parentId, position }, stored), summary: `${stored.it.path} ${stored.en.path}`, at: now });
      return id;
    })
    .catch(slugTakenOnRace);
}

/**
 * Saves a category's texts and parent. A new parent puts it last among its new siblings. When a
 * path changes (its slug or its place), the paths below it follow, the old address redirects,
 * and the products of the whole branch get their listing entries and search documents again.
 */
export async function updateCategory(db: Kysely<Database>, id: number, input: CategoryInput, actor: AuditActor, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const texts = { it: storedTexts(input.texts.it), en: storedTexts(input.texts.en) };
  await db
    .transaction()
    .execute(async (trx) => {
      await repo.lockCategoryTree(trx);
      const tree = await loadTree(trx);
      const node = tree.nodes.get(id);
      if (!node) throw new DomainError("CATEGORY_NOT_FOUND", `No category ${id}`);
      const moved = input.parentId !== node.parentId;
      if (moved) checkParent(tree, id, input.parentId);
      checkSlugs(tree, id, input.parentId, texts);

      const position = moved ? Math.max(0, ...tree.children(input.parentId).map((s) => s.position)) + 1 : node.position;
      const before = Object.fromEntries(LOCALES.map((l) => [l, { name: node.t[l].name, slug: node.t[l].slug, metaTitle: node.t[l].metaTitle, metaDescription: node.t[l].metaDescription, keywords: node.t[l].keywords, path: node.t[l].path }])) as Record<Locale, CategoryTexts & { path: string }>;
      const after = Object.fromEntries(LOCALES.map((l) => [l, { ...texts[l], path: pathUnder(tree, input.parentId, l, texts[l].slug) }])) as Record<Locale, CategoryTexts & { path: string }>;

      await repo.updateCategoryRow(trx, id, { parentId: input.parentId, position, at });
      for (const locale of LOCALES) await repo.updateTranslation(trx, { categoryId: id, locale, ...after[locale] });

      // The branch below follows a new path: each descendant's path keeps what followed the old one.
      const changes: PathChange[] = LOCALES.filter((l) => before[l].path !== after[l].path).map((locale) => ({ kind: "category", locale, entityId: id, oldPath: before[locale].path, newPath: after[locale].path }));
      const below = tree.subtree(id).slice(1);
      for (const change of changes) {
        for (const descendant of below) {
          const old = descendant.t[change.locale].path;
          await repo.setPath(trx, descendant.id, change.locale, change.newPath + old.slice(change.oldPath.length));
        }
      }
      if (changes.length) {
        await repo.touchCategories(
          trx,
          below.map((n) => n.id),
          at,
        );
        await recordPathChanges(trx, changes, now);
      }

      // Listing entries hang on ancestry, search documents carry the names: the branch's products follow.
      const seen = moved || changes.length > 0 || LOCALES.some((l) => before[l].name !== after[l].name);
      const products = seen ? await repo.selectProductIdsIn(trx, tree.subtree(id).map((n) => n.id)) : [];
      await categoriesChanged(trx, products, now);
      await recordAudit(trx, {
        actor,
        action: "category.update",
        entityType: "category",
        entityId: id,
        before: auditView(node, before),
        after: { ...auditView({ parentId: input.parentId, position }, after), ...(changes.length && below.length ? { descendantsMoved: below.length } : {}) },
        summary: `${after.it.path} ${after.en.path}`,
        at: now,
      });
    })
    .catch(slugTakenOnRace);
}

/**
 * Moves a category one place up or down among its siblings (the menu's order). Positions are
 * renumbered 1…n on the way. False when it is already first (up) or last (down).
 */
export async function moveCategory(db: Kysely<Database>, id: number, direction: "up" | "down", actor: AuditActor, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await repo.lockCategoryTree(trx);
    const tree = await loadTree(trx);
    const node = tree.nodes.get(id);
    if (!node) throw new DomainError("CATEGORY_NOT_FOUND", `No category ${id}`);
    const siblings = tree.children(node.parentId);
    const index = siblings.findIndex((s) => s.id === id);
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= siblings.length) return false;
    const order = [...siblings];
    [order[index], order[target]] = [order[target]!, order[index]!];
    for (const [i, sibling] of order.entries()) if (sibling.position !== i + 1) await repo.setPosition(trx, sibling.id, i + 1);
    await categoriesChanged(trx, [], now);
    await recordAudit(trx, {
      actor,
      action: "category.reorder",
      entityType: "category",
      entityId: id,
      before: { position: index + 1 },
      after: { position: target + 1 },
      summary: node.t.it.path,
      at: now,
    });
    return true;
  });
}

/**
 * Deletes a category that holds no product (of any status) and no subcategory, and that no
 * discount code is bound to (the code would silently apply to the whole shop). Its tile
 * photograph goes with it; given the media storage, its files too.
 */
export async function deleteCategory(db: Kysely<Database>, id: number, actor: AuditActor, now = new Date(), storage?: MediaStorage): Promise<void> {
  const tileFiles = await db.transaction().execute(async (trx) => {
    await repo.lockCategoryTree(trx);
    const tree = await loadTree(trx);
    const node = tree.nodes.get(id);
    if (!node) throw new DomainError("CATEGORY_NOT_FOUND", `No category ${id}`);
    const products = await repo.selectProductIdsIn(trx, [id]);
    if (tree.children(id).length || products.length) throw new DomainError("CATEGORY_NOT_EMPTY", `Category ${id} has products or subcategories`);
    if ((await repo.countCodesOfCategory(trx, id)) > 0) throw new DomainError("CATEGORY_IN_USE", `Discount codes are bound to category ${id}`);
    // The tile photograph's row and asset go with it (its files once the transaction commits).
    const files = await deleteTileOfCategory(trx, id);
    await repo.deleteCategory(trx, id);
    await forgetPathsOf(trx, "category", id);
    await categoriesChanged(trx, [], now);
    const texts = Object.fromEntries(LOCALES.map((l) => [l, { name: node.t[l].name, slug: node.t[l].slug, metaTitle: node.t[l].metaTitle, metaDescription: node.t[l].metaDescription, keywords: node.t[l].keywords, path: node.t[l].path }])) as Record<Locale, CategoryTexts & { path: string }>;
    await recordAudit(trx, { actor, action: "category.delete", entityType: "category", entityId: id, before: auditView(node, texts), after: null, summary: `${node.t.it.path} ${node.t.en.path}`, at: now });
    return files;
  });
  if (tileFiles && storage) await removeAssetFiles(db, storage, tileFiles);
}

/** The holding category's names (data, as any category's): where the import puts products whose Type names no category. */
const HOLDING_TEXTS: Record<Locale, CategoryTexts> = {
  it: { name: "Da rivedere", slug: "da-rivedere", metaTitle: "", metaDescription: "", keywords: "" },
  en: { name: "To review", slug: "to-review", metaTitle: "", metaDescription: "", keywords: "" },
};

/**
 * The import's holding category (issue 37): found, or made at the end of the top categories
 * (audited as any category). Atelier lists it like the others, so the owner can review its
 * products and move them; the storefront never shows it (its menu, pages and sitemap skip it).
 */
export async function ensureHoldingCategory(db: Kysely<Database>, actor: AuditActor, now = new Date()): Promise<number> {
  const found = await repo.findHoldingCategory(db);
  if (found !== null) return found;
  let id: number;
  try {
    id = await createCategory(db, { parentId: null, texts: HOLDING_TEXTS }, actor, now);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // An owner's category took the slug: the holding one gets a longer one.
    const suffix = (t: CategoryTexts): CategoryTexts => ({ ...t, slug: `${t.slug}-import` });
    id = await createCategory(db, { parentId: null, texts: { it: suffix(HOLDING_TEXTS.it), en: suffix(HOLDING_TEXTS.en) } }, actor, now);
  }
  await repo.markHoldingCategory(db, id);
  return id;
}
