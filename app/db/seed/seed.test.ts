import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { catalogue } from "./catalogue";
import { isDatabaseEmpty, seedDatabase } from "./seed.server";

describeEachDatabase("demo seed", (ctx) => {
  it("fills an empty database with the whole catalogue in both languages", async () => {
    const { db } = ctx();
    expect(await isDatabaseEmpty(db)).toBe(true);
    const result = await seedDatabase(db, { now: new Date("2026-11-22T10:00:00Z") });
    expect(result.products).toBe(catalogue.products.length);
    expect(await isDatabaseEmpty(db)).toBe(false);

    const count = async (table: "products" | "product_translations" | "variants" | "category_translations" | "banner_messages") =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(await count("products")).toBeGreaterThanOrEqual(80);
    expect(await count("product_translations")).toBe(2 * (await count("products")));
    expect(await count("category_translations")).toBe(2 * catalogue.categories.length);
    expect(await count("variants")).toBe(result.variants);
    expect(await count("banner_messages")).toBe(catalogue.globalSettings.it.messages.length);

    const soldOut = await db.selectFrom("variants").select("sku").where("stock", "=", 0).execute();
    const lowStock = await db.selectFrom("variants").select("sku").where("stock", "in", [1, 2]).execute();
    expect(soldOut.length).toBeGreaterThan(0);
    expect(lowStock.length).toBeGreaterThan(0);
  });

  it("stores a price history whose dates are relative to the seed time, in UTC", async () => {
    const { db } = ctx();
    const onSale = await db
      .selectFrom("variants")
      .select(["id", "price_cents", "compare_at_cents"])
      .where("compare_at_cents", "is not", null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const history = await db
      .selectFrom("price_history")
      .select(["price_cents", "effective_at"])
      .where("variant_id", "=", onSale.id)
      .orderBy("effective_at")
      .execute();
    expect(history.length).toBeGreaterThanOrEqual(3);
    expect(history.at(-1)!.price_cents).toBe(onSale.price_cents);
    expect(history[0].price_cents).toBe(onSale.compare_at_cents);
    for (const h of history) expect(h.effective_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(history.at(-1)!.effective_at < "2026-11-22T10:00:00.000Z").toBe(true);
  });
});
