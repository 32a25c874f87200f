import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { addToBag, getBag } from "~/modules/bag/bag.service.server";
import { productsSitemap } from "~/modules/seo/sitemap.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { publishDueProducts } from "./listing-entries.server";
import { parseListingQuery } from "./listing.schema";
import { getListing } from "./listing.service.server";
import { parseProductListQuery } from "./product-admin.schema";
import { romeLocalToUtc, utcToRomeLocal } from "~/utils/rome-time";
import { type ProductInput, createProduct, getProductForEdit, searchAdminProducts, setProductsStatus, updateProduct } from "./product-admin.service.server";
import { getNewArrivals, getProductPage, getRelatedProducts } from "./product.service.server";
import { searchCatalogue } from "./search.service.server";

const actor: AuditActor = { kind: "staff", staffId: 1, email: "marta@bottega.test" };
const code = (error: unknown) => (error as { code?: string }).code;
const fieldOf = (error: unknown) => (error as { field?: string }).field;

describe("Rome local time", () => {
  it("turns Italy's wall-clock time into UTC and back, in summer and winter time", () => {
    expect(romeLocalToUtc("2026-07-01T10:00")).toBe("2026-07-01T08:00:00.000Z");
    expect(romeLocalToUtc("2026-12-01T10:00")).toBe("2026-12-01T09:00:00.000Z");
    expect(utcToRomeLocal("2026-07-01T08:00:00.000Z")).toBe("2026-07-01T10:00");
    expect(utcToRomeLocal("2026-12-01T09:00:00.000Z")).toBe("2026-12-01T10:00");
    for (const bad of ["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "1999-01-01T10:00", "domani", "2026-01-01 10:00"]) {
      expect(romeLocalToUtc(bad), bad).toBeNull();
    }
  });

  it("parses the list's query calmly", () => {
    expect(parseProductListQuery(new URLSearchParams("sort=drop&page=-1&status=x&stock=y&category=abc"))).toEqual({ q: "", categoryId: null, state: null, stock: null, sort: "newest", page: 1 });
    expect(parseProductListQuery(new URLSearchParams("q=%00abito&sort=price&page=3&status=scheduled&stock=low&category=4"))).toEqual({
      q: "abito",
      categoryId: 4,
      state: "scheduled",
      stock: "low",
      sort: "price",
      page: 3,
    });
  });
});

describeEachDatabase("Atelier's products", (ctx) => {
  let categoryId: number;
  let leafCategoryId: number;

  beforeAll(async () => {
    await seedDatabase(ctx().db);
    const leaf = await ctx().db.selectFrom("products").select("category_id").orderBy("id").executeTakeFirstOrThrow();
    leafCategoryId = leaf.category_id;
    const parent = await ctx().db.selectFrom("categories").select("parent_id").where("id", "=", leafCategoryId).executeTakeFirstOrThrow();
    categoryId = parent.parent_id ?? leafCategoryId;
  });

  const texts = (name: string, extra: Partial<ProductInput["texts"]["it"]> = {}) => ({
    name,
    slug: "",
    description: "Un **abito** leggero.",
    composition: "100% lino",
    care: "Lavare a mano",
    metaTitle: "",
    metaDescription: "",
    ...extra,
  });
  const input = (name: string, changes: Partial<ProductInput> = {}): ProductInput => ({
    categoryId: leafCategoryId,
    manufacturerId: null,
    garment: "dress",
    status: "draft",
    publishedAt: null,
    texts: { it: texts(name), en: texts(`${name} EN`) },
    ...changes,
  });
  const auditOf = (id: number) => ctx().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "product").where("entity_id", "=", String(id)).orderBy("id").execute();

  /** A seeded product with variants: its id, slug, a SKU and a name word. */
  async function seededProduct(offset: number) {
    const { db } = ctx();
    // Products far apart in id order: each test its own, in categories of their own.
    const row = await db
      .selectFrom("products as p")
      .innerJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["p.id", "p.category_id as categoryId", "t.slug", "t.name"])
      .orderBy("p.id")
      .offset(offset * 11)
      .limit(1)
      .executeTakeFirstOrThrow();
    const variant = await db.selectFrom("variants").select("sku").where("product_id", "=", row.id).where("stock", ">", 0).orderBy("id").limit(1).executeTakeFirstOrThrow();
    return { ...row, sku: variant.sku };
  }

  /** Where shoppers could meet the product: its page, its category's listing, search, new in, related, sitemap, the bag. */
  async function shopperSees(product: { id: number; categoryId: number; slug: string; name: string; sku: string }, now = new Date()) {
    const { db } = ctx();
    const listing = await getListing(db, "it", { categoryId: product.categoryId }, parseListingQuery(new URLSearchParams("page=1")), now);
    const allListed: number[] = listing.products.map((item) => item.id);
    for (let page = 2; page <= listing.pageCount; page++) {
      allListed.push(...(await getListing(db, "it", { categoryId: product.categoryId }, parseListingQuery(new URLSearchParams(`page=${page}`)), now)).products.map((i) => i.id));
    }
    const search = await searchCatalogue(db, "it", product.name, parseListingQuery(new URLSearchParams()), now);
    const newest = await getNewArrivals(db, "it", 500, now);
    // Suggested beside a product of another garment type in its department (a belt's page: any other piece).
    const related = await getRelatedProducts(db, "it", { id: -1, categoryId: product.categoryId, garment: "belt", name: "" }, now);
    const sitemap = await productsSitemap(db, "https://bottega.test", { now });
    const bag = await addToBag(db, { bagId: null, sku: product.sku, quantity: 1 }, now).then(
      () => "added",
      (error) => code(error),
    );
    return {
      page: (await getProductPage(db, "it", product.slug, {}, now)) !== null,
      listed: allListed.includes(product.id),
      searched: (search.listing?.products ?? []).some((item) => item.id === product.id),
      newest: newest.some((card) => card.id === product.id),
      related: related.some((card) => card.id === product.id),
      sitemap: sitemap.includes(`/products/${product.slug}<`),
      bag,
    };
  }

  it("keeps drafts and archived products from shoppers everywhere, and shows them again once published", async () => {
    const { db } = ctx();
    const product = await seededProduct(0);
    const seen = await shopperSees(product);
    expect(seen).toMatchObject({ page: true, listed: true, searched: true, sitemap: true, bag: "added" });

    expect(await setProductsStatus(db, { productIds: [product.id], action: "unpublish" }, actor)).toEqual([product.id]);
    expect(await shopperSees(product)).toEqual({ page: false, listed: false, searched: false, newest: false, related: false, sitemap: false, bag: "PRODUCT_UNAVAILABLE" });
    // Staff's preview still reads it.
    expect(await getProductPage(db, "it", product.slug, {}, new Date(), { preview: true })).not.toBeNull();

    await setProductsStatus(db, { productIds: [product.id], action: "archive" }, actor);
    expect(await shopperSees(product)).toMatchObject({ page: false, listed: false, searched: false, sitemap: false, bag: "PRODUCT_UNAVAILABLE" });

    await setProductsStatus(db, { productIds: [product.id], action: "publish" }, actor);
    expect(await shopperSees(product)).toMatchObject({ page: true, listed: true, searched: true, newest: true, sitemap: true, bag: "added" });
    expect((await auditOf(product.id)).map((row) => row.action)).toEqual(["product.unpublish", "product.archive", "product.publish"]);
  });

  it("marks a bag line of a product taken back as unavailable", async () => {
    const { db } = ctx();
    const product = await seededProduct(1);
    const { bagId } = await addToBag(db, { bagId: null, sku: product.sku, quantity: 1 });
    await setProductsStatus(db, { productIds: [product.id], action: "unpublish" }, actor);
    const bag = await getBag(db, "it", bagId);
    expect(bag?.lines.find((line) => line.sku === product.sku)?.problem).toBe("UNAVAILABLE");
    expect(bag?.checkoutBlocked).toBe(true);
    await setProductsStatus(db, { productIds: [product.id], action: "publish" }, actor);
  });

  it("schedules a publication: hidden until its time, then listed by the minute sweep", async () => {
    const { db } = ctx();
    const product = await seededProduct(2);
    const stored = (await getProductForEdit(db, product.id))!;
    const later = new Date(Date.now() + 3_600_000);
    await updateProduct(
      db,
      product.id,
      {
        ...input(stored.texts.it!.name, { categoryId: stored.categoryId, garment: stored.garment, manufacturerId: stored.manufacturerId, status: "published", publishedAt: later.toISOString() }),
        texts: { it: { ...stored.texts.it!, slug: stored.texts.it!.slug }, en: { ...stored.texts.en!, slug: stored.texts.en!.slug } },
      },
      actor,
    );
    expect(await shopperSees(product)).toMatchObject({ page: false, listed: false, sitemap: false, bag: "PRODUCT_UNAVAILABLE" });
    const after = new Date(later.getTime() + 60_000);
    expect(await publishDueProducts(db, after)).toBeGreaterThanOrEqual(1);
    expect(await shopperSees(product, after)).toMatchObject({ page: true, listed: true, sitemap: true, bag: "added" });
    const listed = await searchAdminProducts(db, "it", parseProductListQuery(new URLSearchParams(`status=scheduled&q=${encodeURIComponent(product.sku)}`)));
    expect(listed.products.map((p) => p.id)).toEqual([product.id]);
  });

  it("creates a draft with slugs from the names, audited, refusing taken slugs, unknown categories and a publication without variants", async () => {
    const { db } = ctx();
    const id = await createProduct(db, input("Abito Lùcia ★"), actor);
    const created = (await getProductForEdit(db, id))!;
    expect(created.status).toBe("draft");
    expect(created.texts.it?.slug).toBe("abito-lucia");
    expect(created.texts.en?.slug).toBe("abito-lucia-en");
    expect(created.variantCount).toBe(0);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: "product.create", actor: "marta@bottega.test", before: null });
    expect(JSON.parse(entry.after!)).toMatchObject({ status: "draft", "name.it": "Abito Lùcia ★", "slug.en": "abito-lucia-en" });
    // Not in the shop: no variants, and a draft.
    expect(await getProductPage(db, "it", "abito-lucia", {})).toBeNull();

    const count = async () => Number((await db.selectFrom("products").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const refusals: [ProductInput, string, string][] = [
      [input("Abito Lucia"), "PRODUCT_SLUG_TAKEN", "slug_it"],
      [{ ...input("Altro"), texts: { it: texts("Altro"), en: texts("x", { slug: "abito-lucia-en" }) } }, "PRODUCT_SLUG_TAKEN", "slug_en"],
      [input("★★★"), "PRODUCT_SLUG_INVALID", "slug_it"],
      [input("Senza categoria", { categoryId: 987_654 }), "PRODUCT_CATEGORY_UNKNOWN", "categoryId"],
      [input("Senza produttore", { manufacturerId: 987_654 }), "MANUFACTURER_NOT_FOUND", "manufacturerId"],
      [input("Subito in vendita", { status: "published" }), "PRODUCT_WITHOUT_VARIANTS", "status"],
    ];
    for (const [refused, expected, field] of refusals) {
      const error = await createProduct(db, refused, actor).catch((e: unknown) => e);
      expect(code(error), expected).toBe(expected);
      expect(fieldOf(error), expected).toBe(field);
    }
    expect(await count()).toBe(before);
  });

  it("edits both languages with before and after in the audit, and refuses publishing a product without variants", async () => {
    const { db } = ctx();
    const id = await createProduct(db, input("Gonna Bozza"), actor);
    await updateProduct(db, id, input("Gonna Bozza", { texts: { it: texts("Gonna a pieghe", { slug: "gonna-a-pieghe" }), en: texts("Pleated skirt") } }), actor);
    const edited = (await getProductForEdit(db, id))!;
    expect(edited.texts.it).toMatchObject({ name: "Gonna a pieghe", slug: "gonna-a-pieghe" });
    expect(edited.texts.en).toMatchObject({ name: "Pleated skirt", slug: "pleated-skirt" });
    const update = (await auditOf(id)).find((row) => row.action === "product.update")!;
    expect(JSON.parse(update.before!)).toEqual({ "name.it": "Gonna Bozza", "slug.it": "gonna-bozza", "name.en": "Gonna Bozza EN", "slug.en": "gonna-bozza-en" });
    expect(JSON.parse(update.after!)).toEqual({ "name.it": "Gonna a pieghe", "slug.it": "gonna-a-pieghe", "name.en": "Pleated skirt", "slug.en": "pleated-skirt" });
    // A draft's slug changes freely: no redirect.
    expect(await resolveMovedPath(db, "product", "it", "gonna-bozza")).toBeUndefined();

    const error = await updateProduct(db, id, input("Gonna a pieghe", { status: "published" }), actor).catch((e: unknown) => e);
    expect(code(error)).toBe("PRODUCT_WITHOUT_VARIANTS");
    expect((await getProductForEdit(db, id))!.status).toBe("draft");
    expect(code(await setProductsStatus(db, { productIds: [id], action: "publish" }, actor).catch((e: unknown) => e))).toBe("PRODUCT_WITHOUT_VARIANTS");
    expect(code(await updateProduct(db, 987_654, input("Nessuno"), actor).catch((e: unknown) => e))).toBe("PRODUCT_NOT_FOUND");
  });

  it("keeps a published product's old address answering with its new one, and the sitemap lists the new one", async () => {
    const { db } = ctx();
    const product = await seededProduct(3);
    const stored = (await getProductForEdit(db, product.id))!;
    const keep = (l: "it" | "en") => ({ ...stored.texts[l]! });
    await updateProduct(
      db,
      product.id,
      {
        categoryId: stored.categoryId,
        manufacturerId: stored.manufacturerId,
        garment: stored.garment,
        status: "published",
        publishedAt: null,
        texts: { it: { ...keep("it"), slug: `${product.slug}-nuovo` }, en: keep("en") },
      },
      actor,
    );
    expect(await resolveMovedPath(db, "product", "it", product.slug)).toBe(`${product.slug}-nuovo`);
    expect(await resolveMovedPath(db, "product", "en", stored.texts.en!.slug)).toBeUndefined();
    const sitemap = await productsSitemap(db, "https://bottega.test");
    expect(sitemap).toContain(`/products/${product.slug}-nuovo<`);
    expect(sitemap).not.toContain(`/products/${product.slug}<`);
    expect(await getProductPage(db, "it", `${product.slug}-nuovo`, {})).not.toBeNull();
    // Its publication date did not move.
    expect((await getProductForEdit(db, product.id))!.publishedAt).toBe(stored.publishedAt);
  });

  it("changes several products at once, one audit entry per product changed, all or nothing", async () => {
    const { db } = ctx();
    const [a, b] = [await seededProduct(4), await seededProduct(5)];
    const draft = await createProduct(db, input("Cintura Bozza"), actor);
    // A forged id: nothing changes.
    expect(code(await setProductsStatus(db, { productIds: [a.id, 987_654], action: "archive" }, actor).catch((e: unknown) => e))).toBe("PRODUCT_NOT_FOUND");
    // A product without variants in a publication: nothing changes.
    expect(code(await setProductsStatus(db, { productIds: [a.id, draft], action: "publish" }, actor).catch((e: unknown) => e))).toBe("PRODUCT_WITHOUT_VARIANTS");
    expect(await auditOf(a.id)).toEqual([]);

    expect(await setProductsStatus(db, { productIds: [a.id, b.id, draft], action: "archive" }, actor)).toEqual([a.id, b.id, draft].sort((x, y) => x - y));
    // Archiving again changes nothing and records nothing.
    expect(await setProductsStatus(db, { productIds: [a.id], action: "archive" }, actor)).toEqual([]);
    expect((await auditOf(a.id)).map((row) => row.action)).toEqual(["product.archive"]);
    expect(JSON.parse((await auditOf(b.id))[0].before!)).toMatchObject({ status: "published" });
    const archived = await searchAdminProducts(db, "it", parseProductListQuery(new URLSearchParams("status=archived")));
    expect(archived.products.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, b.id, draft]));
    await setProductsStatus(db, { productIds: [a.id, b.id], action: "publish" }, actor);
  });

  it("lists by name or SKU, category (with those below), state and stock, sorted and paged", async () => {
    const { db } = ctx();
    const product = await seededProduct(6);
    const list = (query: string) => searchAdminProducts(db, "it", parseProductListQuery(new URLSearchParams(query)));
    const byName = await list(`q=${encodeURIComponent(product.name.slice(2, 8).toUpperCase())}`);
    expect(byName.products.map((p) => p.id)).toContain(product.id);
    const bySku = await list(`q=${encodeURIComponent(product.sku.slice(0, -1).toLowerCase())}`);
    expect(bySku.products.map((p) => p.id)).toContain(product.id);
    const row = bySku.products.find((p) => p.id === product.id)!;
    expect(row.state).toBe("published");
    expect(row.stock).toBeGreaterThan(0);
    expect(row.minCents).toBeLessThanOrEqual(row.maxCents!);

    const inParent = await list(`category=${categoryId}&sort=name`);
    expect(inParent.products.length).toBeGreaterThan(0);
    const names = inParent.products.map((p) => p.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const byPrice = (await list("sort=price")).products.map((p) => p.minCents ?? 0);
    expect(byPrice).toEqual([...byPrice].sort((x, y) => x - y));

    // Sold out: every size of a product at 0.
    await db.updateTable("variants").set({ stock: 0 }).where("product_id", "=", product.id).execute();
    expect((await list("stock=out&sort=stock")).products.map((p) => p.id)).toContain(product.id);
    expect((await list("stock=in")).products.map((p) => p.id)).not.toContain(product.id);
    await db.updateTable("variants").set({ stock: 1 }).where("product_id", "=", product.id).execute();
    expect((await list("stock=low")).products.map((p) => p.id)).toContain(product.id);
    // Pages: 50 a page, whether another follows.
    const first = await list("");
    expect(first.products).toHaveLength(50);
    expect(first.hasNext).toBe(true);
    const second = await list("page=2");
    expect(second.products[0].id).not.toBe(first.products[0].id);
    expect((await list("page=999")).products).toEqual([]);
    expect((await list("q=%25%25_")).products).toEqual([]);
  });
});
