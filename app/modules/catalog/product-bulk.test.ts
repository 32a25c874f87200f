import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { isDomainError } from "~/utils/domain-error";
import { readCatalogRevision } from "./catalog-cache.server";
import { parseListingQuery } from "./listing.schema";
import { getListing } from "./listing.service.server";
import { ProductBulkSchema } from "./product-admin.schema";
import { changeProductsPrice, createProduct, moveProductsToCategory } from "./product-admin.service.server";
import { getProductPage } from "./product.service.server";
import { type PricesInput, setProductPrices, upsertVariantMatrix } from "./variant-admin.service.server";

// The products list's bulk actions beyond a status (issue 42 part 5): moving the ticked products
// to a category, and changing their prices by a percentage through the variants page's own path
// (price history, audit, storefront), in whole cents, all or nothing, on both databases.

const actor: AuditActor = { kind: "staff", staffId: 1, email: "marta@bottega.test" };
const DAY = 86_400_000;

/** "CODE@field" of a refusal, "no error" when there was none. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return `${error.code}${error.field ? `@${error.field}` : ""}`;
    throw error;
  }
  return "no error";
}

describe("the bulk form's schema", () => {
  const parse = (fields: Record<string, unknown>) => ProductBulkSchema.safeParse({ ids: ["3", "5"], ...fields });
  const issues = (fields: Record<string, unknown>) => parse(fields).error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);

  it("reads a whole percentage from −90 to +200, never 0", () => {
    expect(parse({ intent: "price", percent: "-20" }).data).toEqual({ intent: "price", ids: [3, 5], percent: -20 });
    expect(parse({ intent: "price", percent: " +200 " }).data).toMatchObject({ percent: 200 });
    expect(parse({ intent: "price", percent: "-90" }).data).toMatchObject({ percent: -90 });
    for (const bad of ["0", "-0", "500", "201", "-91", "abc", "1.5", "1e2", "", undefined]) {
      expect(issues({ intent: "price", percent: bad }), String(bad)).toEqual(["percent:atelier-catalog:validation.percent"]);
    }
  });

  it("reads a category, and still the statuses; ticked products are needed for each", () => {
    expect(parse({ intent: "category", categoryId: "12" }).data).toMatchObject({ intent: "category", categoryId: 12 });
    for (const bad of ["", "abc", "0", "-4", undefined]) expect(issues({ intent: "category", categoryId: bad }), String(bad)).toEqual(["categoryId:atelier-catalog:validation.category"]);
    expect(parse({ intent: "archive", percent: "abc", categoryId: "x" }).data).toEqual({ intent: "archive", ids: [3, 5] });
    expect(ProductBulkSchema.safeParse({ intent: "price", percent: "-20" }).error?.issues.map((issue) => issue.message)).toEqual(["atelier-catalog:validation.noneSelected"]);
    expect(ProductBulkSchema.safeParse({ intent: "explode", ids: ["3"] }).success).toBe(false);
  });
});

describeEachDatabase("Atelier's bulk category and price changes", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  const auditOf = (id: number, action: string) =>
    ctx().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "product").where("entity_id", "=", String(id)).where("action", "=", action).orderBy("id").execute();
  const variantsOf = (id: number) =>
    ctx().db.selectFrom("variants").select(["id", "color_code", "size", "price_cents", "compare_at_cents", "own_price_cents"]).where("product_id", "=", id).orderBy("id").execute();
  const historyOf = (variantId: number) => ctx().db.selectFrom("price_history").select(["price_cents"]).where("variant_id", "=", variantId).orderBy("effective_at").orderBy("id").execute();
  const pricingOf = (id: number) =>
    ctx().db.selectFrom("products").select(["price_cents", "compare_at_cents", "sale_price_cents", "sale_starts_at", "sale_ends_at", "sale_active"]).where("id", "=", id).executeTakeFirstOrThrow();
  const listed = async (id: number) =>
    (await ctx().db.selectFrom("listing_entries").select("price_cents").where("product_id", "=", id).where("depth", "=", 0).executeTakeFirstOrThrow()).price_cents;

  /** A seeded product with variants, far from the other tests' ones (each test its own). */
  async function seeded(offset: number) {
    return ctx()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["p.id", "p.category_id as categoryId", "t.slug"])
      .where("p.status", "=", "published")
      .where("p.id", "in", (eb) => eb.selectFrom("variants").select("product_id"))
      .orderBy("p.id")
      .offset(offset * 7)
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  /** A seeded product priced afresh: every variant at the product's price, or `own` for its first variant. */
  async function priced(offset: number, prices: Partial<PricesInput> & { priceCents: number }, own?: number) {
    const { db } = ctx();
    const product = await seeded(offset);
    await setProductPrices(db, product.id, { compareAtCents: null, sale: null, ...prices }, actor);
    await db.updateTable("variants").set({ own_price_cents: null }).where("product_id", "=", product.id).execute();
    await setProductPrices(db, product.id, { compareAtCents: null, sale: null, ...prices }, actor);
    const [first] = await variantsOf(product.id);
    if (own !== undefined) await upsertVariantMatrix(db, product.id, [{ variantId: first.id, ownPriceCents: own }], actor, { origin: "https://bottega.test" });
    return { ...product, firstVariant: first.id, label: `${first.color_code}/${first.size}` };
  }

  it("moves the ticked products to a category, one audit entry each; an unknown category or product changes nothing", async () => {
    const { db } = ctx();
    const [a, b] = [await seeded(1), await seeded(2)];
    const target = await db.selectFrom("categories").select("id").where("id", "not in", [a.categoryId, b.categoryId]).where("holding", "=", 0).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(await refusal(moveProductsToCategory(db, { productIds: [a.id, b.id], categoryId: 987_654 }, actor))).toBe("PRODUCT_CATEGORY_UNKNOWN@categoryId");
    expect(await refusal(moveProductsToCategory(db, { productIds: [a.id, 987_654], categoryId: target.id }, actor))).toBe("PRODUCT_NOT_FOUND");
    expect((await db.selectFrom("products").select("category_id").where("id", "=", a.id).executeTakeFirstOrThrow()).category_id).toBe(a.categoryId);
    expect(await auditOf(a.id, "product.category")).toEqual([]);

    const revision = await readCatalogRevision(db);
    expect(await moveProductsToCategory(db, { productIds: [b.id, a.id, a.id], categoryId: target.id }, actor)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await readCatalogRevision(db)).not.toBe(revision);
    for (const product of [a, b]) {
      expect((await db.selectFrom("products").select("category_id").where("id", "=", product.id).executeTakeFirstOrThrow()).category_id).toBe(target.id);
      const [entry] = await auditOf(product.id, "product.category");
      expect(entry).toMatchObject({ actor: actor.email, staff_id: 1 });
      expect(JSON.parse(entry.before!)).toEqual({ category: product.categoryId });
      expect(JSON.parse(entry.after!)).toEqual({ category: target.id });
    }
    // The storefront follows: the category's listing has them.
    const listing = await getListing(db, "it", { categoryId: target.id }, parseListingQuery(new URLSearchParams()));
    expect(listing.products.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // Already there: nothing changes, nothing is recorded.
    expect(await moveProductsToCategory(db, { productIds: [a.id], categoryId: target.id }, actor)).toEqual([]);
    expect(await auditOf(a.id, "product.category")).toHaveLength(1);
  });

  it("changes prices by a percentage in whole cents, rounded half up: the product's, each own price, the storefront, the history, the audit", async () => {
    const { db } = ctx();
    const a = await priced(3, { priceCents: 1999 });
    const b = await priced(4, { priceCents: 10_000 }, 12_345);
    const c = await priced(5, { priceCents: 1990 });
    const historyBefore = (await historyOf(b.firstVariant)).length;
    const pricesBefore = (await auditOf(a.id, "product.prices")).length;
    const revision = await readCatalogRevision(db);

    expect(await changeProductsPrice(db, { productIds: [c.id, b.id, a.id], percent: -15 }, actor)).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
    expect(await readCatalogRevision(db)).not.toBe(revision);
    // 1999 × 0,85 = 1699,15 → 1699; 1990 × 0,85 = 1691,5 → 1692; 12 345 × 0,85 = 10 493,25 → 10 493.
    expect((await pricingOf(a.id)).price_cents).toBe(1699);
    expect((await variantsOf(a.id)).every((v) => v.price_cents === 1699 && v.own_price_cents === null)).toBe(true);
    expect((await pricingOf(c.id)).price_cents).toBe(1692);
    expect((await pricingOf(b.id)).price_cents).toBe(8500);
    for (const v of await variantsOf(b.id)) {
      if (v.id === b.firstVariant) expect(v).toMatchObject({ own_price_cents: 10_493, price_cents: 10_493 });
      else expect(v).toMatchObject({ own_price_cents: null, price_cents: 8500 });
    }
    // The price history has each new price (the Omnibus line reads it), once.
    expect((await historyOf(b.firstVariant)).map((h) => h.price_cents).slice(historyBefore - 1)).toEqual([12_345, 10_493]);
    expect((await historyOf(a.firstVariant)).at(-1)).toEqual({ price_cents: 1699 });
    // The storefront: the product's page and its listing entry.
    expect((await getProductPage(db, "it", a.slug, {}))!.selection.priced).toMatchObject({ priceCents: 1699 });
    expect(await listed(a.id)).toBe(1699);
    // One audit entry per product, as a single price edit writes it, with the percentage.
    const entries = await auditOf(a.id, "product.prices");
    expect(entries).toHaveLength(pricesBefore + 1);
    expect(JSON.parse(entries.at(-1)!.before!)).toMatchObject({ priceCents: 1999 });
    expect(JSON.parse(entries.at(-1)!.after!)).toMatchObject({ priceCents: 1699, percent: -15 });
    const bEntry = (await auditOf(b.id, "product.prices")).at(-1)!;
    expect(JSON.parse(bEntry.before!)).toMatchObject({ priceCents: 10_000, ownPrices: { [b.label]: 12_345 } });
    expect(JSON.parse(bEntry.after!)).toMatchObject({ priceCents: 8500, ownPrices: { [b.label]: 10_493 }, percent: -15 });

    // Up again by 20 %: 1699 × 1,2 = 2038,8 → 2039.
    expect(await changeProductsPrice(db, { productIds: [a.id], percent: 20 }, actor)).toEqual([a.id]);
    expect((await variantsOf(a.id))[0].price_cents).toBe(2039);
  });

  it("leaves a sale's price alone, refuses a change that would reach it, and drops a crossed-out price the new price reaches", async () => {
    const { db } = ctx();
    const now = Date.now();
    const sale = { priceCents: 6000, startsAt: new Date(now - DAY).toISOString(), endsAt: new Date(now + 5 * DAY).toISOString() };
    const onSale = await priced(6, { priceCents: 10_000, sale });
    expect((await variantsOf(onSale.id))[0]).toMatchObject({ price_cents: 6000, compare_at_cents: 10_000 });
    const history = (await historyOf(onSale.firstVariant)).length;

    // −20 %: the regular price goes to 8000, shoppers still pay the sale's 6000 with 80 € crossed out.
    expect(await changeProductsPrice(db, { productIds: [onSale.id], percent: -20 }, actor)).toEqual([onSale.id]);
    expect(await pricingOf(onSale.id)).toMatchObject({ price_cents: 8000, sale_price_cents: 6000, sale_active: 1 });
    expect((await variantsOf(onSale.id))[0]).toMatchObject({ price_cents: 6000, compare_at_cents: 8000 });
    // The price shoppers pay did not move: nothing new in its history.
    expect(await historyOf(onSale.firstVariant)).toHaveLength(history);
    // −30 % more would put the price (5600) under the sale's: refused, nothing changed.
    expect(await refusal(changeProductsPrice(db, { productIds: [onSale.id], percent: -30 }, actor))).toBe("SALE_PRICE_NOT_BELOW@percent");
    expect((await pricingOf(onSale.id)).price_cents).toBe(8000);

    const crossed = await priced(7, { priceCents: 10_000, compareAtCents: 11_000 });
    expect(await changeProductsPrice(db, { productIds: [crossed.id], percent: 5 }, actor)).toEqual([crossed.id]);
    expect(await pricingOf(crossed.id)).toMatchObject({ price_cents: 10_500, compare_at_cents: 11_000 });
    expect((await variantsOf(crossed.id))[0]).toMatchObject({ price_cents: 10_500, compare_at_cents: 11_000 });
    // 10 500 + 10 % = 11 550: above the crossed-out price, which goes.
    await changeProductsPrice(db, { productIds: [crossed.id], percent: 10 }, actor);
    expect(await pricingOf(crossed.id)).toMatchObject({ price_cents: 11_550, compare_at_cents: null });
    expect((await variantsOf(crossed.id))[0]).toMatchObject({ price_cents: 11_550, compare_at_cents: null });
  });

  it("refuses a price under a cent or over the maximum, a bad percentage or an unknown product: all or nothing", async () => {
    const { db } = ctx();
    const first = await priced(8, { priceCents: 10_000 });
    const tiny = await priced(9, { priceCents: 4 });
    const dear = await priced(10, { priceCents: 50_000_000 });
    expect(first.id).toBeLessThan(tiny.id);
    const audits = (await auditOf(first.id, "product.prices")).length;

    // 4 cents − 90 % is 0,4 cents: refused, and the product before it in the same change is left as it was.
    expect(await refusal(changeProductsPrice(db, { productIds: [first.id, tiny.id], percent: -90 }, actor))).toBe("PRICE_PERCENT_OUT_OF_RANGE@percent");
    // 500 000 € + 200 % is over 1 000 000 €.
    expect(await refusal(changeProductsPrice(db, { productIds: [first.id, dear.id], percent: 200 }, actor))).toBe("PRICE_PERCENT_OUT_OF_RANGE@percent");
    for (const percent of [0, -91, 201, 1.5, Number.NaN]) {
      expect(await refusal(changeProductsPrice(db, { productIds: [first.id], percent }, actor)), String(percent)).toBe("PRICE_INVALID@percent");
    }
    expect(await refusal(changeProductsPrice(db, { productIds: [first.id, 987_654], percent: 10 }, actor))).toBe("PRODUCT_NOT_FOUND");
    expect((await pricingOf(first.id)).price_cents).toBe(10_000);
    expect((await variantsOf(first.id)).every((v) => v.price_cents === 10_000)).toBe(true);
    expect(await auditOf(first.id, "product.prices")).toHaveLength(audits);

    // 4 cents + 10 % is still 4 cents, and a product without a price has nothing to change: neither counts.
    const unpriced = await createProduct(
      db,
      {
        categoryId: first.categoryId,
        manufacturerId: null,
        garment: "dress",
        status: "draft",
        publishedAt: null,
        texts: {
          it: { name: "Abito senza prezzo", slug: "", description: "", composition: "", care: "", metaTitle: "", metaDescription: "" },
          en: { name: "Unpriced dress", slug: "", description: "", composition: "", care: "", metaTitle: "", metaDescription: "" },
        },
      },
      actor,
    );
    expect(await changeProductsPrice(db, { productIds: [tiny.id, unpriced], percent: 10 }, actor)).toEqual([]);
    expect(await auditOf(unpriced, "product.prices")).toEqual([]);
    expect((await pricingOf(tiny.id)).price_cents).toBe(4);
  });
});
