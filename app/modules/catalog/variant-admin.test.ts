import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { insertOrder } from "../../../tests/support/invoice-fixtures";
import type { Database } from "~/db/schema";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { isDomainError } from "~/utils/domain-error";
import { romeLocalToUtc, utcToRomeLocal } from "~/utils/rome-time";
import { getProductPage } from "./product.service.server";
import { VariantAdminSchema } from "./variant-admin.schema";
import {
  addColorToProduct,
  addNewColorToProduct,
  addSizeToProduct,
  addVariant,
  applyDueSales,
  findOrCreateColor,
  getVariantEditor,
  removeVariant,
  setProductPrices,
  upsertVariantMatrix,
} from "./variant-admin.service.server";
import { effectivePrice, normalizeSize, skuPrefixOf, suggestSku } from "./variant-pricing";

const ACTOR: AuditActor = { kind: "cli" };
const OPTIONS = { origin: "https://shop.example" };
const DAY = 86_400_000;
const T0 = new Date("2026-10-01T08:00:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

describe("variant pricing rules", () => {
  it("prices a variant from its own price or the product's, the sale where lower, the crossed-out price only above", () => {
    const pricing = { priceCents: 10000, compareAtCents: 12000, sale: null };
    expect(effectivePrice(pricing, null, T0)).toEqual({ priceCents: 10000, compareAtCents: 12000 });
    expect(effectivePrice(pricing, 13000, T0)).toEqual({ priceCents: 13000, compareAtCents: null });
    expect(effectivePrice({ ...pricing, priceCents: null }, null, T0)).toBeNull();
    const sale = { priceCents: 7000, startsAt: at(1).toISOString(), endsAt: at(2).toISOString() };
    expect(effectivePrice({ ...pricing, sale }, null, at(0.5))).toEqual({ priceCents: 10000, compareAtCents: 12000 });
    expect(effectivePrice({ ...pricing, sale }, null, at(1))).toEqual({ priceCents: 7000, compareAtCents: 10000 });
    expect(effectivePrice({ ...pricing, sale }, 6000, at(1.5))).toEqual({ priceCents: 6000, compareAtCents: 12000 });
    expect(effectivePrice({ ...pricing, sale }, null, at(2))).toEqual({ priceCents: 10000, compareAtCents: 12000 });
  });

  it("suggests SKUs from the product's own prefix, sizes in capitals", () => {
    expect(skuPrefixOf([{ sku: "ABITO-LINO-NERO-M", colorCode: "nero", size: "M" }], "abito-in-lino")).toBe("ABITO-LINO");
    expect(skuPrefixOf([{ sku: "X1", colorCode: "nero", size: "M" }], "abito-in-lino")).toBe("ABITO-IN-LINO");
    expect(suggestSku("ABITO-LINO", "verde-bosco", "38,5")).toBe("ABITO-LINO-VERDE-BOSCO-38-5");
    expect(suggestSku("A".repeat(90), "nero", "M")).toHaveLength(80);
    expect(normalizeSize(" xl ")).toBe("XL");
  });

  it("reads Rome's wall time across the clock changes", () => {
    expect(romeLocalToUtc("2026-12-20T09:00")).toBe("2026-12-20T08:00:00.000Z");
    expect(romeLocalToUtc("2026-07-20T09:00")).toBe("2026-07-20T07:00:00.000Z");
    expect(romeLocalToUtc("2026-02-30T09:00")).toBeNull();
    expect(romeLocalToUtc("domani")).toBeNull();
    expect(utcToRomeLocal("2026-07-20T07:00:00.000Z")).toBe("2026-07-20T09:00");
  });

  it("reads euro with a comma or a point, refuses exponents, signs and repeated SKUs", () => {
    const prices = (price: string) => VariantAdminSchema.safeParse({ intent: "prices", price });
    expect(prices("12,50").data).toMatchObject({ price: 1250 });
    expect(prices("12.50").data).toMatchObject({ price: 1250 });
    for (const bad of ["1e9", "-5", "abc", "0", "10000000,01"]) expect(prices(bad).success, bad).toBe(false);
    const compare = VariantAdminSchema.safeParse({ intent: "prices", price: "100", compareAt: "90" });
    expect(compare.error?.issues.map((i) => i.path.join("."))).toEqual(["compareAt"]);
    const cell = (sku: string, stock = "1") => ({ id: "1", sku, stock, stockWas: "0" });
    const matrix = VariantAdminSchema.safeParse({ intent: "matrix", variants: [cell("a-1"), cell("A-1"), cell("b", "-1"), cell("c", "1e9")] });
    expect(matrix.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`)).toEqual([
      "variants.2.stock:atelier-variants:errors.stockInvalid",
      "variants.3.stock:atelier-variants:errors.stockInvalid",
      "variants.1.sku:atelier-variants:errors.skuTaken",
    ]);
  });
});

describeEachDatabase("Atelier variants and prices", (ctx) => {
  const db = () => ctx().db;
  let productId: number;
  let categoryId: number;

  beforeAll(async () => {
    categoryId = await seedCatalogue(db());
    productId = await insertProduct(db(), categoryId, "abito-lino", "Abito in lino");
  });

  const variants = (id = productId) =>
    db()
      .selectFrom("variants")
      .select(["id", "sku", "color_code", "size", "price_cents", "compare_at_cents", "own_price_cents", "stock", "position"])
      .where("product_id", "=", id)
      .orderBy("position")
      .execute();
  const history = (variantId: number) => db().selectFrom("price_history").select(["price_cents", "effective_at"]).where("variant_id", "=", variantId).orderBy("effective_at").orderBy("id").execute();
  const listingPrice = async (id = productId) =>
    (await db().selectFrom("listing_entries").select(["price_cents", "max_price_cents", "on_sale"]).where("product_id", "=", id).where("depth", "=", 0).executeTakeFirst()) ?? null;
  const audit = (action: string) => db().selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id", "desc").executeTakeFirst();
  const code = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (isDomainError(error)) return `${error.code}${error.field ? `@${error.field}` : ""}`;
      throw error;
    }
    return "no error";
  };

  it("builds the matrix: the first variant needs a price, then sizes and colours fill every row and column in size order", async () => {
    expect(await code(addVariant(db(), productId, { colorCode: "nero", size: "M" }, ACTOR, OPTIONS, T0))).toBe("PRICE_MISSING@price");
    await setProductPrices(db(), productId, { priceCents: 10000, compareAtCents: null, sale: null }, ACTOR, T0);
    await addVariant(db(), productId, { colorCode: "nero", size: "m" }, ACTOR, OPTIONS, T0);
    await addSizeToProduct(db(), productId, "xs", ACTOR, OPTIONS, T0);
    await addSizeToProduct(db(), productId, "L", ACTOR, OPTIONS, T0);
    await addColorToProduct(db(), productId, "avorio", ACTOR, OPTIONS, T0);
    expect(await code(addSizeToProduct(db(), productId, "M", ACTOR, OPTIONS, T0))).toBe("SIZE_EXISTS@size");
    expect(await code(addSizeToProduct(db(), productId, "X|L", ACTOR, OPTIONS, T0))).toBe("SIZE_INVALID@size");
    expect(await code(addColorToProduct(db(), productId, "avorio", ACTOR, OPTIONS, T0))).toBe("COLOR_EXISTS@color");
    expect(await code(addColorToProduct(db(), productId, "fucsia", ACTOR, OPTIONS, T0))).toBe("COLOR_UNKNOWN@color");

    const rows = await variants();
    expect(rows.map((v) => `${v.color_code}/${v.size}:${v.sku}`)).toEqual([
      "nero/XS:ABITO-LINO-NERO-XS",
      "nero/M:ABITO-LINO-NERO-M",
      "nero/L:ABITO-LINO-NERO-L",
      "avorio/XS:ABITO-LINO-AVORIO-XS",
      "avorio/M:ABITO-LINO-AVORIO-M",
      "avorio/L:ABITO-LINO-AVORIO-L",
    ]);
    expect(rows.every((v) => v.price_cents === 10000 && v.stock === 0 && v.own_price_cents === null)).toBe(true);
    // Every new variant starts its price history; the listing and the audit log follow.
    for (const v of rows) expect(await history(v.id)).toEqual([{ price_cents: 10000, effective_at: expect.any(String) }]);
    expect(await listingPrice()).toMatchObject({ price_cents: 10000, max_price_cents: 10000 });
    expect(JSON.parse((await audit("product.add-color"))!.after!)).toMatchObject({ "avorio/M": { sku: "ABITO-LINO-AVORIO-M", stock: 0 }, created: 3 });

    const editor = (await getVariantEditor(db(), productId, "en", T0))!;
    expect(editor.colors.map((c) => c.name)).toEqual(["Black", "Ivory"]);
    expect(editor.sizes).toEqual(["XS", "M", "L"]);
    expect(editor.colorChoices.map((c) => c.code)).toEqual(["salvia"]);
  });

  it("finds a colour by its name in either language, or creates it with a free code", async () => {
    expect(await findOrCreateColor(db(), { name: { en: "sage" } })).toEqual({ code: "salvia", created: false });
    expect(await findOrCreateColor(db(), { name: { it: "Verde Bosco", en: "Forest green" }, hex: "#2f4a3a" })).toEqual({ code: "verde-bosco", created: true });
    expect(await findOrCreateColor(db(), { name: { it: "Verde bosco" } })).toEqual({ code: "verde-bosco", created: false });
    await db().deleteFrom("color_translations").where("color_code", "=", "verde-bosco").where("locale", "=", "it").execute();
    // The code is taken (its Italian name gone): a new colour of that name gets the next code.
    expect(await findOrCreateColor(db(), { name: { it: "Verde bosco" }, hex: "#2F4A3A" })).toEqual({ code: "verde-bosco-2", created: true });
    expect(await db().selectFrom("colors").select("hex").where("code", "=", "verde-bosco").executeTakeFirst()).toEqual({ hex: "#2F4A3A" });
    expect(await code(findOrCreateColor(db(), { name: { it: " " } }))).toBe("COLOR_INVALID@newColorName");
    expect(await code(findOrCreateColor(db(), { name: { it: "Ocra" }, hex: "giallo" }))).toBe("COLOR_INVALID@newColorHex");
  });

  it("records every price change in the history, so the Omnibus line shows the lowest price of the 30 days before a reduction", async () => {
    // Raised on day 5, then reduced on day 10 under the raised price crossed out.
    await setProductPrices(db(), productId, { priceCents: 12000, compareAtCents: null, sale: null }, ACTOR, at(5));
    await setProductPrices(db(), productId, { priceCents: 9000, compareAtCents: 12000, sale: null }, ACTOR, at(10));
    const [first] = await variants();
    expect((await history(first.id)).map((h) => h.price_cents)).toEqual([10000, 12000, 9000]);
    expect(first).toMatchObject({ price_cents: 9000, compare_at_cents: 12000 });
    const page = (await getProductPage(db(), "it", "abito-lino", {}, at(11)))!;
    expect(page.selection.priced).toMatchObject({ priceCents: 9000, compareAtCents: 12000 });
    expect(page.lowestPriceCents).toBe(10000);
    // Saving the same prices again adds nothing to the history.
    await setProductPrices(db(), productId, { priceCents: 9000, compareAtCents: 12000, sale: null }, ACTOR, at(12));
    expect(await history(first.id)).toHaveLength(3);
    expect(await listingPrice()).toMatchObject({ price_cents: 9000, on_sale: 1 });
    const entry = (await audit("product.prices"))!;
    expect(entry.entity_id).toBe(String(productId));

    // Refused: nothing changes.
    const before = await variants();
    expect(await code(setProductPrices(db(), productId, { priceCents: 9000, compareAtCents: 9000, sale: null }, ACTOR, at(13)))).toBe("COMPARE_AT_NOT_ABOVE@compareAt");
    expect(await code(setProductPrices(db(), productId, { priceCents: 0, compareAtCents: null, sale: null }, ACTOR, at(13)))).toBe("PRICE_INVALID@price");
    expect(await code(setProductPrices(db(), 999_999, { priceCents: 100, compareAtCents: null, sale: null }, ACTOR, at(13)))).toBe("VARIANT_NOT_FOUND");
    expect(await variants()).toEqual(before);
    // Back to a plain price for the next tests.
    await setProductPrices(db(), productId, { priceCents: 10000, compareAtCents: null, sale: null }, ACTOR, at(14));
  });

  it("saves the matrix in one go: SKUs, own prices and stock, SKUs unique across products", async () => {
    const other = await insertProduct(db(), categoryId, "camicia", "Camicia");
    await setProductPrices(db(), other, { priceCents: 5000, compareAtCents: null, sale: null }, ACTOR, at(14));
    await addVariant(db(), other, { colorCode: "nero", size: "S" }, ACTOR, OPTIONS, at(14));
    const [otherVariant] = await variants(other);

    const rows = await variants();
    const before = await variants();
    // Another product's SKU, in any case: refused at that cell, nothing written.
    expect(await code(upsertVariantMatrix(db(), productId, [{ variantId: rows[0].id, sku: "camicia-nero-s" }], ACTOR, OPTIONS, at(15)))).toBe("SKU_TAKEN@variants[0].sku");
    expect(await code(upsertVariantMatrix(db(), productId, [{ variantId: rows[0].id, sku: "no spaces" }], ACTOR, OPTIONS, at(15)))).toBe("SKU_INVALID@variants[0].sku");
    expect(await code(upsertVariantMatrix(db(), productId, [{ variantId: rows[0].id }, { variantId: rows[1].id, sku: rows[2].sku }], ACTOR, OPTIONS, at(15)))).toBe("SKU_TAKEN@variants[1].sku");
    // A variant of another product is not this product's.
    expect(await code(upsertVariantMatrix(db(), productId, [{ variantId: otherVariant.id, stock: 5 }], ACTOR, OPTIONS, at(15)))).toBe("VARIANT_NOT_FOUND");
    expect(await code(upsertVariantMatrix(db(), productId, [{ variantId: rows[0].id, stock: -1 }], ACTOR, OPTIONS, at(15)))).toBe("INVALID_QUANTITY@variants[0].stock");
    expect(await variants()).toEqual(before);
    expect(await variants(other)).toEqual([otherVariant]);

    // Two SKUs swapped, an own price, stock: one save.
    await upsertVariantMatrix(
      db(),
      productId,
      [
        { variantId: rows[0].id, sku: rows[1].sku, stock: 4, expectedStock: 0 },
        { variantId: rows[1].id, sku: rows[0].sku, ownPriceCents: 15000 },
      ],
      ACTOR,
      OPTIONS,
      at(15),
    );
    const after = await variants();
    expect(after[0]).toMatchObject({ sku: rows[1].sku, stock: 4, price_cents: 10000, own_price_cents: null });
    expect(after[1]).toMatchObject({ sku: rows[0].sku, stock: 0, price_cents: 15000, own_price_cents: 15000 });
    expect((await history(rows[1].id)).at(-1)?.price_cents).toBe(15000);
    expect(await listingPrice()).toMatchObject({ price_cents: 10000, max_price_cents: 15000 });
    expect(JSON.parse((await audit("product.variants"))!.after!)).toMatchObject({ "nero/M": { ownPriceCents: 15000 } });

    // The product's price moves every variant but the one with its own.
    await setProductPrices(db(), productId, { priceCents: 11000, compareAtCents: null, sale: null }, ACTOR, at(16));
    expect((await variants()).map((v) => v.price_cents)).toEqual([11000, 15000, 11000, 11000, 11000, 11000]);
    await upsertVariantMatrix(db(), productId, [{ variantId: rows[1].id, ownPriceCents: null }], ACTOR, OPTIONS, at(16));
    expect((await variants())[1].price_cents).toBe(11000);
  });

  it("keeps the stock rules: a number an order moved meanwhile is refused, a size back in stock mails those waiting", async () => {
    const [variant] = await variants();
    // An order took one since the page showed 4.
    await db().updateTable("variants").set({ stock: 3 }).where("id", "=", variant.id).execute();
    expect(await code(upsertVariantMatrix(db(), productId, [{ variantId: variant.id, stock: 10, expectedStock: 4 }], ACTOR, OPTIONS, at(17)))).toBe("STOCK_CHANGED@variants[0].stock");
    expect((await variants())[0].stock).toBe(3);
    // A number left as shown stays whatever the order did.
    await upsertVariantMatrix(db(), productId, [{ variantId: variant.id, stock: 4, expectedStock: 4, sku: variant.sku }], ACTOR, OPTIONS, at(17));
    expect((await variants())[0].stock).toBe(3);

    const soldOut = (await variants())[1];
    await db()
      .insertInto("back_in_stock_requests")
      .values({ variant_id: soldOut.id, email: "giulia@example.it", locale: "it", consent_at: at(17).toISOString(), created_at: at(17).toISOString(), notified_at: null })
      .execute();
    const result = await upsertVariantMatrix(db(), productId, [{ variantId: soldOut.id, stock: 2, expectedStock: 0 }], ACTOR, { ...OPTIONS, claimMailFor: "test" }, at(18));
    expect(result.notified).toBe(1);
    const mail = await db().selectFrom("mail_outbox").select(["recipient", "text_body"]).where("recipient", "=", "giulia@example.it").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("https://shop.example/products/abito-lino");
    const request = await db().selectFrom("back_in_stock_requests").select("notified_at").where("variant_id", "=", soldOut.id).executeTakeFirstOrThrow();
    expect(request.notified_at).not.toBeNull();
  });

  it("removes a variant never ordered, and refuses one an order names", async () => {
    const rows = await variants();
    const ordered = rows[rows.length - 1];
    const { orderId } = await insertOrder(db());
    await db().updateTable("order_lines").set({ variant_id: ordered.id }).where("order_id", "=", orderId).execute();
    expect(await code(removeVariant(db(), productId, ordered.id, ACTOR, at(19)))).toBe("VARIANT_ORDERED");
    const otherProductVariant = (await db().selectFrom("variants").select("id").where("product_id", "<>", productId).executeTakeFirstOrThrow()).id;
    expect(await code(removeVariant(db(), productId, otherProductVariant, ACTOR, at(19)))).toBe("VARIANT_NOT_FOUND");
    expect(await variants()).toEqual(rows);

    const editor = (await getVariantEditor(db(), productId, "it", at(19)))!;
    expect(editor.cells[`${ordered.color_code}|${ordered.size}`].ordered).toBe(true);
    await removeVariant(db(), productId, rows[0].id, ACTOR, at(19));
    expect((await variants()).map((v) => v.id)).not.toContain(rows[0].id);
    expect(await history(rows[0].id)).toEqual([]);
    expect(JSON.parse((await audit("product.remove-variant"))!.before!)).toMatchObject({ "nero/XS": { sku: rows[0].sku } });
    // The gap is filled again by adding the size.
    await addSizeToProduct(db(), productId, "XS", ACTOR, OPTIONS, at(19));
    expect((await variants()).length).toBe(rows.length);
  });

  it("adds a new colour by name in one transaction, matched when it exists", async () => {
    const result = await addNewColorToProduct(db(), productId, { name: { it: "Sabbia", en: "Sand" }, hex: "#D6C4A5" }, ACTOR, OPTIONS, at(20));
    expect(result).toMatchObject({ colorCode: "sabbia", created: [expect.any(Number), expect.any(Number), expect.any(Number)] });
    expect(await audit("color.create")).toMatchObject({ entity_id: "sabbia" });
    expect(await code(addNewColorToProduct(db(), productId, { name: { en: "SAND" } }, ACTOR, OPTIONS, at(20)))).toBe("COLOR_EXISTS@newColorName");
  });

  it("runs a scheduled sale on time: from its start the variants carry it, at its end they go back, each once", async () => {
    await setProductPrices(
      db(),
      productId,
      { priceCents: 10000, compareAtCents: null, sale: { priceCents: 7000, startsAt: at(30).toISOString(), endsAt: at(32).toISOString() } },
      ACTOR,
      at(21),
    );
    const plain = (await variants()).find((v) => v.own_price_cents === null)!;
    expect(plain.price_cents).toBe(10000);
    expect((await getVariantEditor(db(), productId, "it", at(21)))!.saleState).toBe("scheduled");
    expect(await code(setProductPrices(db(), productId, { priceCents: 10000, compareAtCents: null, sale: { priceCents: 10000, startsAt: at(30).toISOString(), endsAt: at(32).toISOString() } }, ACTOR, at(21)))).toBe(
      "SALE_PRICE_NOT_BELOW@salePrice",
    );
    expect(await code(setProductPrices(db(), productId, { priceCents: 10000, compareAtCents: null, sale: { priceCents: 5000, startsAt: at(30).toISOString(), endsAt: at(29).toISOString() } }, ACTOR, at(21)))).toBe(
      "SALE_DATES_INVALID@saleEndsAt",
    );

    expect(await applyDueSales(db(), at(29.9))).toBe(0);
    expect(await applyDueSales(db(), at(30))).toBe(1);
    expect(await applyDueSales(db(), at(30.01))).toBe(0);
    const during = (await variants()).find((v) => v.id === plain.id)!;
    expect(during).toMatchObject({ price_cents: 7000, compare_at_cents: 10000 });
    expect((await history(plain.id)).at(-1)).toEqual({ price_cents: 7000, effective_at: expect.stringMatching(/^2026-10-31T08:00:00/) });
    expect(await listingPrice()).toMatchObject({ price_cents: 7000, on_sale: 1 });
    const page = (await getProductPage(db(), "it", "abito-lino", { color: plain.color_code, size: plain.size }, at(31)))!;
    expect(page.selection.priced).toMatchObject({ priceCents: 7000, compareAtCents: 10000 });
    expect(page.lowestPriceCents).toBe(10000);
    expect(await audit("product.sale-start")).toMatchObject({ actor: "system", entity_id: String(productId) });

    expect(await applyDueSales(db(), at(32))).toBe(1);
    expect((await variants()).find((v) => v.id === plain.id)).toMatchObject({ price_cents: 10000, compare_at_cents: null });
    expect((await history(plain.id)).at(-1)?.price_cents).toBe(10000);
    expect(await applyDueSales(db(), at(40))).toBe(0);
    expect((await getVariantEditor(db(), productId, "it", at(40)))!.saleState).toBe("ended");
    expect(await audit("product.sale-end")).toMatchObject({ actor: "system" });
  });
});

const STAMP = "2026-09-01T00:00:00.000Z";

async function seedCatalogue(db: Kysely<Database>): Promise<number> {
  const { id: categoryId } = await db.insertInto("categories").values({ parent_id: null, position: 0, created_at: STAMP, updated_at: STAMP }).returning("id").executeTakeFirstOrThrow();
  const seo = { meta_title: "", meta_description: "", keywords: "", share_image: null };
  await db
    .insertInto("category_translations")
    .values([
      { category_id: categoryId, locale: "it", name: "Abiti", slug: "abiti", path: "abiti", ...seo },
      { category_id: categoryId, locale: "en", name: "Dresses", slug: "dresses", path: "dresses", ...seo },
    ])
    .execute();
  const colors = [
    { code: "nero", hex: "#1C1B1A", it: "Nero", en: "Black" },
    { code: "avorio", hex: "#F2ECDF", it: "Avorio", en: "Ivory" },
    { code: "salvia", hex: "#9AA58A", it: "Salvia", en: "Sage" },
  ];
  await db
    .insertInto("colors")
    .values(colors.map((c, position) => ({ code: c.code, hex: c.hex, position })))
    .execute();
  await db
    .insertInto("color_translations")
    .values(colors.flatMap((c) => [{ color_code: c.code, locale: "it" as const, name: c.it }, { color_code: c.code, locale: "en" as const, name: c.en }]))
    .execute();
  return categoryId;
}

async function insertProduct(db: Kysely<Database>, categoryId: number, slug: string, name: string): Promise<number> {
  const { id } = await db
    .insertInto("products")
    .values({ category_id: categoryId, garment: "dress", featured_rank: 1, published_at: STAMP, created_at: STAMP, updated_at: STAMP })
    .returning("id")
    .executeTakeFirstOrThrow();
  const text = { description: "", composition: "", care: "", meta_title: "", meta_description: "", keywords: "", share_image: null };
  await db
    .insertInto("product_translations")
    .values([
      { product_id: id, locale: "it", name, slug, ...text },
      { product_id: id, locale: "en", name, slug: `${slug}-en`, ...text },
    ])
    .execute();
  return id;
}
