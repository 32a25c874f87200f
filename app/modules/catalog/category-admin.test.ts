import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Locale } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getCachedMenu } from "~/modules/catalog/category.service.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { categoriesSitemap } from "~/modules/seo/sitemap.server";
import { isDomainError } from "~/utils/domain-error";
import { readCatalogRevision } from "./catalog-cache.server";
import {
  type CategoryInput,
  MAX_CATEGORY_DEPTH,
  createCategory,
  deleteCategory,
  getCategoryEditor,
  getCategoryTree,
  getParentOptions,
  moveCategory,
  updateCategory,
} from "./category-admin.service.server";

const actor = { kind: "staff" as const, staffId: 1, email: "marta@bottega.test" };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (isDomainError(error) ? { code: error.code, field: error.field } : error),
  );

describeEachDatabase("categories in Atelier", (ctx) => {
  const ids = new Map<string, number>();
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    for (const row of await ctx().db.selectFrom("category_translations").select(["category_id", "path"]).where("locale", "=", "it").execute()) ids.set(row.path, row.category_id);
  });

  const paths = async (id: number) => {
    const rows = await ctx().db.selectFrom("category_translations").select(["locale", "path"]).where("category_id", "=", id).execute();
    return Object.fromEntries(rows.map((r) => [r.locale, r.path])) as Record<Locale, string>;
  };
  /** The editor's input as it stands, with changes. */
  const inputOf = async (id: number, change: (input: CategoryInput) => void = () => {}) => {
    const editor = (await getCategoryEditor(ctx().db, id, "it"))!;
    const input: CategoryInput = { parentId: editor.parentId, texts: { it: { ...editor.texts.it }, en: { ...editor.texts.en } } };
    change(input);
    return input;
  };
  const auditOf = (id: number) => ctx().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "category").where("entity_id", "=", String(id)).orderBy("id").execute();
  const listedIn = async (productId: number) =>
    (await ctx().db.selectFrom("listing_entries").select("category_id").where("product_id", "=", productId).execute()).map((r) => r.category_id).sort((a, b) => a - b);

  it("renames a top category's slug: its path and its descendants' are rewritten, the old addresses redirect, the menu and sitemap follow", async () => {
    const { db } = ctx();
    const donna = ids.get("donna")!;
    const child = (await db.selectFrom("categories").select("id").where("parent_id", "=", donna).orderBy("position").executeTakeFirstOrThrow()).id;
    const childBefore = await paths(child);
    const enBefore = (await paths(donna)).en;
    const revision = await readCatalogRevision(db);
    await getCachedMenu(db, "it");

    await updateCategory(db, donna, await inputOf(donna, (i) => ((i.texts.it.slug = "signora"), (i.texts.it.name = "Signora"))), actor);

    expect(await paths(donna)).toEqual({ it: "signora", en: enBefore });
    const childAfter = await paths(child);
    expect(childAfter.it).toBe(childBefore.it.replace(/^donna\//, "signora/"));
    expect(childAfter.en).toBe(childBefore.en);
    expect(await resolveMovedPath(db, "category", "it", "donna")).toBe("signora");
    expect(await resolveMovedPath(db, "category", "it", childBefore.it)).toBe(childAfter.it);
    expect(await resolveMovedPath(db, "category", "en", enBefore)).toBeUndefined();
    // One redirect row for the category itself: descendants are matched by prefix.
    expect(await db.selectFrom("slug_redirects").select(["old_path", "entity_id"]).where("kind", "=", "category").execute()).toEqual([{ old_path: "donna", entity_id: donna }]);

    expect(Number(await readCatalogRevision(db))).toBeGreaterThan(Number(revision));
    const menu = await getCachedMenu(db, "it");
    expect(menu.find((m) => m.id === donna)).toMatchObject({ name: "Signora", url: "/categories/signora" });
    const sitemap = await categoriesSitemap(db, "https://bottega.test");
    expect(sitemap).toContain("https://bottega.test/categories/signora");
    expect(sitemap).not.toContain("https://bottega.test/categories/donna<");
    expect(sitemap).not.toContain("https://bottega.test/categories/donna/");
    // Search documents carry the category's name.
    const product = await db.selectFrom("products").select("id").where("category_id", "=", child).executeTakeFirstOrThrow();
    const doc = await db.selectFrom("search_documents").select("category_terms").where("product_id", "=", product.id).where("locale", "=", "it").executeTakeFirstOrThrow();
    expect(doc.category_terms.split(" ")).toContain("signor");

    const [entry] = await auditOf(donna);
    expect(entry).toMatchObject({ action: "category.update", staff_id: 1, actor: "marta@bottega.test" });
    expect(JSON.parse(entry!.before!)).toEqual({ "name.it": "Donna", "slug.it": "donna", "path.it": "donna" });
    expect(JSON.parse(entry!.after!)).toMatchObject({ "name.it": "Signora", "slug.it": "signora", "path.it": "signora", descendantsMoved: expect.any(Number) });

    // Taken back: the old address is live again and stops redirecting.
    await updateCategory(db, donna, await inputOf(donna, (i) => ((i.texts.it.slug = "donna"), (i.texts.it.name = "Donna"))), actor);
    expect(await paths(donna)).toEqual({ it: "donna", en: enBefore });
    expect((await paths(child)).it).toBe(childBefore.it);
    expect(await resolveMovedPath(db, "category", "it", "donna")).toBeUndefined();
    expect(await resolveMovedPath(db, "category", "it", childBefore.it.replace(/^donna\//, "signora/"))).toBe(childBefore.it);
  });

  it("moves a category under another parent: paths in both languages, listing entries by the new ancestry, redirects, last among its new siblings", async () => {
    const { db } = ctx();
    const donna = ids.get("donna")!;
    const uomo = ids.get("uomo")!;
    const moving = (await db.selectFrom("categories").select("id").where("parent_id", "=", donna).orderBy("position", "desc").executeTakeFirstOrThrow()).id;
    const before = await paths(moving);
    const product = await db.selectFrom("products").select("id").where("category_id", "=", moving).executeTakeFirstOrThrow();
    expect(await listedIn(product.id)).toEqual([moving, donna].sort((a, b) => a - b));
    const uomoEn = (await paths(uomo)).en;
    const slugs = await db.selectFrom("category_translations").select(["locale", "slug"]).where("category_id", "=", moving).execute();
    // Under "uomo", a sibling may already use the slug: give it one of its own first.
    await updateCategory(db, moving, await inputOf(moving, (i) => ((i.texts.it.slug = "spostata"), (i.texts.en.slug = "moved"))), actor);
    const lastUnderUomo = Math.max(...(await db.selectFrom("categories").select("position").where("parent_id", "=", uomo).execute()).map((r) => r.position));

    await updateCategory(db, moving, await inputOf(moving, (i) => (i.parentId = uomo)), actor);

    expect(await paths(moving)).toEqual({ it: "uomo/spostata", en: `${uomoEn}/moved` });
    expect(await listedIn(product.id)).toEqual([moving, uomo].sort((a, b) => a - b));
    expect((await db.selectFrom("categories").select(["parent_id", "position"]).where("id", "=", moving).executeTakeFirstOrThrow())).toEqual({ parent_id: uomo, position: lastUnderUomo + 1 });
    for (const locale of ["it", "en"] as const) expect(await resolveMovedPath(db, "category", locale, before[locale])).toBe((await paths(moving))[locale]);
    expect(slugs).toHaveLength(2);
  });

  it("never puts a category under itself or a descendant, nor deeper than the limit; nothing changes", async () => {
    const { db } = ctx();
    const donna = ids.get("donna")!;
    const child = (await db.selectFrom("categories").select("id").where("parent_id", "=", donna).orderBy("position").executeTakeFirstOrThrow()).id;
    const revision = await readCatalogRevision(db);
    expect(await failure(updateCategory(db, donna, await inputOf(donna, (i) => (i.parentId = child)), actor))).toEqual({ code: "CATEGORY_PARENT_INVALID", field: "parentId" });
    expect(await failure(updateCategory(db, donna, await inputOf(donna, (i) => (i.parentId = donna)), actor))).toEqual({ code: "CATEGORY_PARENT_INVALID", field: "parentId" });
    expect(await failure(updateCategory(db, donna, await inputOf(donna, (i) => (i.parentId = 987654)), actor))).toEqual({ code: "CATEGORY_NOT_FOUND", field: "parentId" });
    expect(await failure(updateCategory(db, 987654, await inputOf(donna), actor))).toMatchObject({ code: "CATEGORY_NOT_FOUND" });
    expect((await db.selectFrom("categories").select("parent_id").where("id", "=", donna).executeTakeFirstOrThrow()).parent_id).toBeNull();
    expect(await readCatalogRevision(db)).toBe(revision);
    // The editor offers neither.
    const options = await getParentOptions(db, "it", donna);
    expect(options.map((o) => o.id)).not.toContain(donna);
    expect(options.map((o) => o.id)).not.toContain(child);

    // A chain as deep as allowed; one more level is refused.
    let parentId: number | null = null;
    const chain: number[] = [];
    for (let depth = 1; depth <= MAX_CATEGORY_DEPTH; depth++) {
      parentId = await createCategory(db, { parentId, texts: { it: texts(`Livello ${depth}`), en: texts(`Level ${depth}`) } }, actor);
      chain.push(parentId);
    }
    expect(await failure(createCategory(db, { parentId, texts: { it: texts("Troppo"), en: texts("Too deep") } }, actor))).toEqual({ code: "CATEGORY_TOO_DEEP", field: "parentId" });
    // Moving the whole chain under a top category would make it one too deep; its second level fits.
    expect(await failure(updateCategory(db, chain[0]!, await inputOf(chain[0]!, (i) => (i.parentId = donna)), actor))).toEqual({ code: "CATEGORY_TOO_DEEP", field: "parentId" });
    expect((await getParentOptions(db, "it", chain[0]!)).map((o) => o.id)).toEqual([]);
    expect((await getParentOptions(db, "it", chain[1]!)).map((o) => o.depth)).toEqual(expect.arrayContaining([1]));
    expect((await getParentOptions(db, "it", chain[1]!)).every((o) => o.depth === 1)).toBe(true);
    for (const id of chain.reverse()) await deleteCategory(db, id, actor);
  });

  it("keeps slugs valid and unique among siblings in each language; the same slug under another parent is fine", async () => {
    const { db } = ctx();
    const donna = ids.get("donna")!;
    const uomo = ids.get("uomo")!;
    const sibling = await db
      .selectFrom("categories as c")
      .innerJoin("category_translations as t", "t.category_id", "c.id")
      .select(["t.slug", "t.locale"])
      .where("c.parent_id", "=", donna)
      .where("t.locale", "=", "en")
      .executeTakeFirstOrThrow();
    const count = async () => (await db.selectFrom("categories").select("id").execute()).length;
    const before = await count();
    expect(await failure(createCategory(db, { parentId: donna, texts: { it: texts("Nuova"), en: { ...texts("New"), slug: sibling.slug } } }, actor))).toEqual({
      code: "CATEGORY_SLUG_TAKEN",
      field: "en.slug",
    });
    expect(await failure(createCategory(db, { parentId: null, texts: { it: texts("Donna"), en: texts("Other") } }, actor))).toEqual({ code: "CATEGORY_SLUG_TAKEN", field: "it.slug" });
    expect(await failure(createCategory(db, { parentId: null, texts: { it: { ...texts("X"), slug: "Non Valido" }, en: texts("Y") } }, actor))).toEqual({ code: "CATEGORY_SLUG_TAKEN", field: "it.slug" });
    expect(await count()).toBe(before);

    // Under another parent: accepted, slug made from the name, last among its siblings, audited.
    const id = await createCategory(db, { parentId: uomo, texts: { it: texts("Novità d'autunno"), en: { ...texts("New"), slug: sibling.slug } } }, actor);
    expect(await paths(id)).toEqual({ it: "uomo/novita-dautunno", en: `${(await paths(uomo)).en}/${sibling.slug}` });
    const editor = (await getCategoryEditor(db, id, "it"))!;
    expect(editor.texts.it.metaTitle).toBe("Novità d'autunno | Bottega");
    expect(editor.trail).toEqual(["Uomo", "Novità d'autunno"]);
    const [created] = await auditOf(id);
    expect(created).toMatchObject({ action: "category.create", before: null });
    expect(JSON.parse(created!.after!)).toMatchObject({ parentId: uomo, "name.it": "Novità d'autunno", "path.it": "uomo/novita-dautunno" });
    await deleteCategory(db, id, actor);
  });

  it("deletes only an empty category no code is bound to; otherwise says why and keeps it", async () => {
    const { db } = ctx();
    const donna = ids.get("donna")!;
    const withProducts = (await db.selectFrom("products").select("category_id").executeTakeFirstOrThrow()).category_id;
    expect(await failure(deleteCategory(db, donna, actor))).toMatchObject({ code: "CATEGORY_NOT_EMPTY" });
    expect(await failure(deleteCategory(db, withProducts, actor))).toMatchObject({ code: "CATEGORY_NOT_EMPTY" });
    expect(await failure(deleteCategory(db, 987654, actor))).toMatchObject({ code: "CATEGORY_NOT_FOUND" });

    const empty = await createCategory(db, { parentId: donna, texts: { it: texts("Vuota"), en: texts("Empty") } }, actor);
    const code = await db.insertInto("discount_codes").values({ code: "VUOTA10", kind: "percentage", amount: 10, created_at: new Date().toISOString() }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("discount_code_categories").values({ discount_code_id: code.id, category_id: empty }).execute();
    expect(await failure(deleteCategory(db, empty, actor))).toMatchObject({ code: "CATEGORY_IN_USE" });
    await db.deleteFrom("discount_codes").where("id", "=", code.id).execute();

    // A redirect that pointed at it goes with it.
    await updateCategory(db, empty, await inputOf(empty, (i) => (i.texts.it.slug = "vuota-2")), actor);
    expect(await resolveMovedPath(db, "category", "it", "donna/vuota")).toBe("donna/vuota-2");
    await deleteCategory(db, empty, actor);
    expect(await db.selectFrom("categories").select("id").where("id", "=", empty).execute()).toEqual([]);
    expect(await db.selectFrom("category_translations").select("path").where("category_id", "=", empty).execute()).toEqual([]);
    expect(await resolveMovedPath(db, "category", "it", "donna/vuota")).toBeUndefined();
    expect((await auditOf(empty)).map((e) => e.action)).toEqual(["category.create", "category.update", "category.delete"]);
  });

  it("moves a category up and down among its siblings; the menu follows; the ends do nothing", async () => {
    const { db } = ctx();
    const order = async () => (await getCategoryTree(db, "it")).map((c) => c.id);
    const before = await order();
    expect(await moveCategory(db, before[1]!, "up", actor)).toBe(true);
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect((await getCachedMenu(db, "it")).map((m) => m.id)).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(await moveCategory(db, before[1]!, "up", actor)).toBe(false);
    expect(await moveCategory(db, before[1]!, "down", actor)).toBe(true);
    expect(await order()).toEqual(before);
    expect(await moveCategory(db, before.at(-1)!, "down", actor)).toBe(false);
    expect((await auditOf(before[1]!)).filter((e) => e.action === "category.reorder")).toHaveLength(2);
    const tree = await getCategoryTree(db, "it");
    expect(tree[0]).toMatchObject({ isFirst: true, isLast: false, depth: 1 });
    expect(tree[0]!.subtreeProducts).toBeGreaterThan(0);
    expect(tree[0]!.children[0]).toMatchObject({ depth: 2, isFirst: true });
  });
});

function texts(name: string) {
  return { name, slug: "", metaTitle: "", metaDescription: "", keywords: "" };
}
