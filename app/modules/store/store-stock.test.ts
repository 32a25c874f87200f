import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { getProductPage } from "~/modules/catalog/product.service.server";
import { isDomainError } from "~/utils/domain-error";
import { countStoreStock, getProductStoreStock, listStockingStores, moveStock, storesWithVariant } from "./store-stock.service.server";

// Stock per store (issue 41 part 3) on both databases: the Italian stores hold stock, staff count
// it and move it between stores and the warehouse atomically (never below zero, even under
// concurrent moves), the product page lists the stores that have the chosen size.

const actor: AuditActor = { kind: "staff", staffId: 3, email: "magazzino@bottega.test" };
const origin = "http://localhost:3000";

describeEachDatabase("stock per store", (ctx) => {
  let product: { id: number; slug: string; variants: { id: number; sku: string; size: string; stock: number }[] };
  let stores: { id: number; name: string }[];
  let foreignStore: number;
  beforeAll(async () => {
    const { db } = ctx();
    await seedDatabase(db);
    const row = await db
      .selectFrom("products as p")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["p.id", "t.slug"])
      .where("p.status", "=", "published")
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    product = { ...row, variants: await db.selectFrom("variants").select(["id", "sku", "size", "stock"]).where("product_id", "=", row.id).orderBy("id").execute() };
    stores = await listStockingStores(db);
    foreignStore = (await db.selectFrom("stores").select("id").where("country_code", "<>", "IT").executeTakeFirstOrThrow()).id;
  });

  it("the Italian stores hold stock; the seed gives some of it", async () => {
    const { db } = ctx();
    expect(stores.map((store) => store.name)).toContain("Bottega Milano Spiga");
    expect(stores).toHaveLength(6);
    const stock = (await getProductStoreStock(db, product.id, "it"))!;
    expect(stock.variants.map((variant) => variant.sku)).toEqual(product.variants.map((variant) => variant.sku));
    expect(stock.variants.some((variant) => Object.values(variant.stores).some((quantity) => quantity > 0))).toBe(true);
    expect(await getProductStoreStock(db, 999_999, "it")).toBeNull();
  });

  it("counts a store's pieces and lists the stores that have a size on the product page", async () => {
    const { db } = ctx();
    const [variant] = product.variants;
    for (const store of stores) await countStoreStock(db, product.id, { variantId: variant.id, storeId: store.id, quantity: 0 }, actor);
    expect(await storesWithVariant(db, variant.id)).toEqual([]);
    await countStoreStock(db, product.id, { variantId: variant.id, storeId: stores[1].id, quantity: 2 }, actor);
    await countStoreStock(db, product.id, { variantId: variant.id, storeId: stores[0].id, quantity: 5 }, actor);
    expect((await storesWithVariant(db, variant.id)).map((store) => [store.name, store.quantity])).toEqual([
      [stores[0].name, 5],
      [stores[1].name, 2],
    ]);
    const colour = (await db.selectFrom("variants").select("color_code").where("id", "=", variant.id).executeTakeFirstOrThrow()).color_code;
    const page = (await getProductPage(db, "it", product.slug, { color: colour, size: variant.size }))!;
    expect(page.selection.size?.sku).toBe(variant.sku);
    expect(page.inStores.map((store) => [store.name, store.fewLeft])).toEqual([
      [stores[0].name, null],
      [stores[1].name, 2],
    ]);
    expect((await getProductPage(db, "it", product.slug, {}))!.inStores).toEqual([]);
    const audit = (await getProductStoreStock(db, product.id, "it"))!.audit;
    expect(audit[0]).toMatchObject({ action: "store-stock.count", before: { quantity: 0 }, after: { quantity: 5 }, summary: `${variant.sku}, ${stores[0].name}` });
  });

  it("moves pieces between the warehouse and the stores in one step, never more than there are", async () => {
    const { db } = ctx();
    const variant = product.variants[1];
    await countStoreStock(db, product.id, { variantId: variant.id, storeId: stores[2].id, quantity: 1 }, actor);
    await db.updateTable("variants").set({ stock: 4 }).where("id", "=", variant.id).execute();
    const before = (await getProductStoreStock(db, product.id, "it"))!.variants.find((row) => row.id === variant.id)!;
    await moveStock(db, product.id, { variantId: variant.id, from: "warehouse", to: stores[2].id, quantity: 3 }, actor, { origin });
    await moveStock(db, product.id, { variantId: variant.id, from: stores[2].id, to: stores[3].id, quantity: 2 }, actor, { origin });
    const after = (await getProductStoreStock(db, product.id, "it"))!.variants.find((row) => row.id === variant.id)!;
    expect(after.warehouse).toBe(1);
    expect(after.stores[stores[2].id]).toBe(2);
    expect(after.stores[stores[3].id]).toBe((before.stores[stores[3].id] ?? 0) + 2);
    const refusal = await moveStock(db, product.id, { variantId: variant.id, from: stores[2].id, to: "warehouse", quantity: 3 }, actor, { origin }).catch((error: unknown) => error);
    expect(isDomainError(refusal) && refusal.code).toBe("NOT_ENOUGH_STOCK");
    expect((await getProductStoreStock(db, product.id, "it"))!.variants.find((row) => row.id === variant.id)).toEqual(after);
  });

  it("concurrent moves out of a store take what it has and no more", async () => {
    const { db } = ctx();
    const variant = product.variants[2];
    await countStoreStock(db, product.id, { variantId: variant.id, storeId: stores[4].id, quantity: 3 }, actor);
    const before = (await db.selectFrom("variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow()).stock;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => moveStock(db, product.id, { variantId: variant.id, from: stores[4].id, to: "warehouse", quantity: 1 }, actor, { origin })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect(results.every((result) => result.status === "fulfilled" || (isDomainError(result.reason) && ["NOT_ENOUGH_STOCK", "BUSY"].includes(result.reason.code)) || String(result.reason).includes("SQLITE_BUSY"))).toBe(true);
    expect((await db.selectFrom("store_stock").select("quantity").where("store_id", "=", stores[4].id).where("variant_id", "=", variant.id).executeTakeFirstOrThrow()).quantity).toBe(0);
    expect((await db.selectFrom("variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow()).stock).toBe(before + 3);
  });

  it("a sold-out warehouse that gets pieces back from a store tells who asked", async () => {
    const { db } = ctx();
    const variant = product.variants[3];
    await db.updateTable("variants").set({ stock: 0 }).where("id", "=", variant.id).execute();
    const at = new Date().toISOString();
    await db.insertInto("back_in_stock_requests").values({ variant_id: variant.id, email: "aspetto@example.it", locale: "it", consent_at: at, created_at: at, notified_at: null }).execute();
    await countStoreStock(db, product.id, { variantId: variant.id, storeId: stores[0].id, quantity: 2 }, actor);
    await moveStock(db, product.id, { variantId: variant.id, from: stores[0].id, to: "warehouse", quantity: 1 }, actor, { origin });
    const mails = await db.selectFrom("mail_outbox").select(["recipient"]).where("recipient", "=", "aspetto@example.it").execute();
    expect(mails).toHaveLength(1);
  });

  it("refuses a size of another product, a store that holds no stock, and the same place twice", async () => {
    const { db } = ctx();
    const other = await db.selectFrom("variants").select("id").where("product_id", "<>", product.id).executeTakeFirstOrThrow();
    const code = (error: unknown) => (isDomainError(error) ? error.code : error);
    expect(code(await countStoreStock(db, product.id, { variantId: other.id, storeId: stores[0].id, quantity: 1 }, actor).catch((e: unknown) => e))).toBe("VARIANT_NOT_FOUND");
    expect(code(await countStoreStock(db, product.id, { variantId: product.variants[0].id, storeId: foreignStore, quantity: 1 }, actor).catch((e: unknown) => e))).toBe("STORE_NOT_FOUND");
    expect(code(await moveStock(db, product.id, { variantId: product.variants[0].id, from: "warehouse", to: foreignStore, quantity: 1 }, actor, { origin }).catch((e: unknown) => e))).toBe("STORE_NOT_FOUND");
  });
});
