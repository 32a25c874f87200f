import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { QueryCounter } from "../../../tests/support/query-counter";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getCompleteTheLook } from "~/modules/catalog/product.service.server";
import { isDomainError } from "~/utils/domain-error";
import {
  addDiscountCode,
  addToBag,
  emptyBag,
  getBag,
  getBagCount,
  mergeBags,
  removeDiscountCode,
  removeLine,
  setLineQuantity,
  sweepAbandonedBags,
} from "./bag.service.server";

/** Variants of the demo catalogue picked by what a test needs. */
async function variants(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["v.id", "v.sku", "v.stock", "v.price_cents as price", "v.product_id as productId", "c.parent_id as parentId"])
    .orderBy("v.id")
    .execute();
  const top = await db.selectFrom("categories").select("id").where("parent_id", "is", null).orderBy("position").execute();
  const accessories = top[2].id;
  return {
    all: rows,
    inStock: (min = 3) => rows.filter((r) => r.stock >= min),
    accessory: rows.find((r) => r.parentId === accessories && r.stock >= 2)!,
    clothing: rows.find((r) => r.parentId !== accessories && r.stock >= 2)!,
  };
}

const code = (error: unknown) => (isDomainError(error) ? error.code : error);

describeEachDatabase("bag", (ctx) => {
  let v: Awaited<ReturnType<typeof variants>>;
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    v = await variants(ctx().db);
  });

  const setStock = (variantId: number, stock: number) => ctx().db.updateTable("variants").set({ stock }).where("id", "=", variantId).execute();

  it("creates a bag at the first add and sums repeated adds of a variant into one line", async () => {
    const { db } = ctx();
    const variant = v.inStock(5)[0];
    const first = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 1 });
    const second = await addToBag(db, { bagId: first.bagId, sku: variant.sku, quantity: 2 });
    expect(second).toEqual({ bagId: first.bagId, quantity: 3, capped: false });
    const bag = await getBag(db, "it", first.bagId);
    expect(bag.lines).toHaveLength(1);
    expect(bag.count).toBe(3);
    expect(bag.lines[0]).toMatchObject({ sku: variant.sku, quantity: 3, unitCents: variant.price, totalCents: variant.price * 3, problem: null });
    expect(await getBagCount(db, first.bagId)).toBe(3);
  });

  it("refuses unknown and unpublished products, sold-out sizes and bad quantities, changing nothing", async () => {
    const { db } = ctx();
    const variant = v.inStock(3)[1];
    await expect(addToBag(db, { bagId: null, sku: "NOPE", quantity: 1 }).catch(code)).resolves.toBe("PRODUCT_UNAVAILABLE");
    for (const quantity of [0, -1, 1.5, 100, Number.NaN]) {
      await expect(addToBag(db, { bagId: null, sku: variant.sku, quantity }).catch(code)).resolves.toBe("INVALID_QUANTITY");
    }
    const soldOut = v.all.find((r) => r.stock === 0) ?? v.all[v.all.length - 1];
    const previous = soldOut.stock;
    await setStock(soldOut.id, 0);
    await expect(addToBag(db, { bagId: null, sku: soldOut.sku, quantity: 1 }).catch(code)).resolves.toBe("OUT_OF_STOCK");
    await setStock(soldOut.id, previous);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await db.updateTable("products").set({ published_at: future }).where("id", "=", variant.productId).execute();
    await expect(addToBag(db, { bagId: null, sku: variant.sku, quantity: 1 }).catch(code)).resolves.toBe("PRODUCT_UNAVAILABLE");
    await db.updateTable("products").set({ published_at: new Date(0).toISOString() }).where("id", "=", variant.productId).execute();
  });

  it("caps a line at the stock, says so, and refuses to add when the bag already holds it all", async () => {
    const { db } = ctx();
    const variant = v.inStock(3)[2];
    await setStock(variant.id, 3);
    const added = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 5 });
    expect(added).toMatchObject({ quantity: 3, capped: true });
    await expect(addToBag(db, { bagId: added.bagId, sku: variant.sku, quantity: 1 }).catch(code)).resolves.toBe("OUT_OF_STOCK");
    await setStock(variant.id, variant.stock);
  });

  it("edits a quantity up to the stock, removes at 0, and refuses another shopper's line", async () => {
    const { db } = ctx();
    const variant = v.inStock(4)[3];
    const { bagId } = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 1 });
    const [line] = (await getBag(db, "it", bagId)).lines;
    expect(await setLineQuantity(db, { bagId, lineId: line.id, quantity: 2 })).toBe("edited");
    await expect(setLineQuantity(db, { bagId, lineId: line.id, quantity: variant.stock + 1 }).catch(code)).resolves.toBe(
      variant.stock + 1 > 99 ? "INVALID_QUANTITY" : "NOT_ENOUGH_STOCK",
    );
    const other = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 1 });
    await expect(setLineQuantity(db, { bagId: other.bagId, lineId: line.id, quantity: 1 }).catch(code)).resolves.toBe("LINE_NOT_IN_BAG");
    await expect(removeLine(db, { bagId: other.bagId, lineId: line.id }).catch(code)).resolves.toBe("LINE_NOT_IN_BAG");
    expect((await getBag(db, "it", bagId)).lines[0].quantity).toBe(2);
    expect(await setLineQuantity(db, { bagId, lineId: line.id, quantity: 0 })).toBe("removed");
    expect((await getBag(db, "it", bagId)).lines).toEqual([]);
  });

  it("keeps every one of 20 concurrent adds of one variant, never above the stock", async () => {
    const { db } = ctx();
    const variant = v.inStock(1)[4];
    await setStock(variant.id, 50);
    const { bagId } = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 1 });
    await Promise.all(Array.from({ length: 19 }, () => addToBag(db, { bagId, sku: variant.sku, quantity: 1 })));
    expect(await getBagCount(db, bagId)).toBe(20);
    // Two tabs at once, with only 25 in stock: 20 + 3 + 3 stops at 25.
    await setStock(variant.id, 25);
    const results = await Promise.allSettled([addToBag(db, { bagId, sku: variant.sku, quantity: 3 }), addToBag(db, { bagId, sku: variant.sku, quantity: 3 })]);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    expect(await getBagCount(db, bagId)).toBe(25);
    await setStock(variant.id, variant.stock);
  });

  it("flags a line whose stock fell below its quantity or whose product left the shop, and blocks checkout", async () => {
    const { db } = ctx();
    const variant = v.inStock(3)[5];
    const { bagId } = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 2 });
    await setStock(variant.id, 1);
    let bag = await getBag(db, "it", bagId);
    expect(bag.lines[0]).toMatchObject({ problem: "OUT_OF_STOCK", maxQuantity: 1 });
    expect(bag.checkoutBlocked).toBe(true);
    await setStock(variant.id, variant.stock);
    await db.updateTable("products").set({ published_at: new Date(Date.now() + 86_400_000).toISOString() }).where("id", "=", variant.productId).execute();
    bag = await getBag(db, "it", bagId);
    expect(bag.lines[0].problem).toBe("UNAVAILABLE");
    await db.updateTable("products").set({ published_at: new Date(0).toISOString() }).where("id", "=", variant.productId).execute();
    expect((await getBag(db, "it", bagId)).checkoutBlocked).toBe(false);
  });

  describe("discount codes", () => {
    it("applies a percentage case-insensitively and removes it", async () => {
      const { db } = ctx();
      const { bagId } = await addToBag(db, { bagId: null, sku: v.clothing.sku, quantity: 1 });
      const bag = await addDiscountCode(db, { bagId, code: " benvenuto10 " }, "it");
      expect(bag.discount).toMatchObject({ code: "BENVENUTO10", problem: null, partlyEligible: false });
      expect(bag.totals.discountCents).toBe(Math.floor((v.clothing.price + 5) / 10));
      expect((await getBag(db, "it", bagId)).discount?.code).toBe("BENVENUTO10");
      await removeDiscountCode(db, bagId);
      expect((await getBag(db, "it", bagId)).discount).toBeNull();
    });

    it("says 'Coupon sconto non valido' for unknown, expired, below-minimum and used-up codes", async () => {
      const { db } = ctx();
      const { bagId } = await addToBag(db, { bagId: null, sku: v.clothing.sku, quantity: 1 });
      for (const wrong of ["NOPE", "SCADUTO", ""]) {
        await expect(addDiscountCode(db, { bagId, code: wrong }, "it").catch(code)).resolves.toBe("INVALID_COUPON");
      }
      // MENO30 needs 150 €: one cheap line is not enough.
      const cheap = [...v.all].filter((r) => r.stock > 0).sort((a, b) => a.price - b.price)[0];
      const small = await addToBag(db, { bagId: null, sku: cheap.sku, quantity: 1 });
      await expect(addDiscountCode(db, { bagId: small.bagId, code: "MENO30" }, "it").catch(code)).resolves.toBe("INVALID_COUPON");
      // BENVENUTO10 once per customer.
      const welcome = await db.selectFrom("discount_codes").select("id").where("code", "=", "BENVENUTO10").executeTakeFirstOrThrow();
      await db.insertInto("discount_redemptions").values({ discount_code_id: welcome.id, email: "used@example.com", user_id: null, created_at: new Date().toISOString() }).execute();
      await expect(addDiscountCode(db, { bagId, code: "BENVENUTO10", customer: { email: "used@example.com", userId: null } }, "it").catch(code)).resolves.toBe(
        "INVALID_COUPON",
      );
      expect((await addDiscountCode(db, { bagId, code: "BENVENUTO10", customer: { email: "new@example.com", userId: null } }, "it")).discount?.problem).toBeNull();
    });

    it("applies a category code to the lines that qualify and says some do not", async () => {
      const { db } = ctx();
      const { bagId } = await addToBag(db, { bagId: null, sku: v.accessory.sku, quantity: 1 });
      await addToBag(db, { bagId, sku: v.clothing.sku, quantity: 1 });
      const bag = await addDiscountCode(db, { bagId, code: "accessori20" }, "en");
      expect(bag.discount).toMatchObject({ partlyEligible: true, problem: null });
      expect(bag.discount?.eligibleLineIds).toHaveLength(1);
      expect(bag.totals.discountCents).toBe(Math.floor((v.accessory.price * 20 + 50) / 100));
      // Only clothing: the code applies to nothing.
      const clothes = await addToBag(db, { bagId: null, sku: v.clothing.sku, quantity: 1 });
      await expect(addDiscountCode(db, { bagId: clothes.bagId, code: "ACCESSORI20" }, "it").catch(code)).resolves.toBe("INVALID_COUPON");
    });

    it("keeps a code that stops qualifying on the bag, flagged and giving nothing", async () => {
      const { db } = ctx();
      const expensive = [...v.all].filter((r) => r.stock > 2).sort((a, b) => b.price - a.price)[0];
      const { bagId } = await addToBag(db, { bagId: null, sku: expensive.sku, quantity: 1 });
      await addDiscountCode(db, { bagId, code: "MENO30" }, "it");
      await db.updateTable("variants").set({ price_cents: 1_000 }).where("id", "=", expensive.id).execute();
      const bag = await getBag(db, "it", bagId);
      expect(bag.discount).toMatchObject({ code: "MENO30", problem: "minimum" });
      expect(bag.totals.discountCents).toBe(0);
      await db.updateTable("variants").set({ price_cents: expensive.price }).where("id", "=", expensive.id).execute();
    });
  });

  it("merges an anonymous bag into another, summing quantities capped by stock", async () => {
    const { db } = ctx();
    const variant = v.inStock(3)[6];
    await setStock(variant.id, 3);
    const from = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 2 });
    const other = v.inStock(3)[7];
    await addToBag(db, { bagId: from.bagId, sku: other.sku, quantity: 1 });
    const into = await addToBag(db, { bagId: null, sku: variant.sku, quantity: 2 });
    await mergeBags(db, { from: from.bagId, into: into.bagId });
    const bag = await getBag(db, "it", into.bagId);
    expect(bag.lines.map((l) => [l.sku, l.quantity])).toEqual([
      [variant.sku, 3],
      [other.sku, 1],
    ]);
    expect((await getBag(db, "it", from.bagId)).id).toBeNull();
    await setStock(variant.id, variant.stock);
  });

  it("empties the bag (a change of country) and sweeps anonymous bags untouched for 30 days", async () => {
    const { db } = ctx();
    const { bagId } = await addToBag(db, { bagId: null, sku: v.clothing.sku, quantity: 1 });
    await emptyBag(db, bagId);
    expect(await getBagCount(db, bagId)).toBe(0);
    const old = await addToBag(db, { bagId: null, sku: v.clothing.sku, quantity: 1 });
    const owned = await addToBag(db, { bagId: null, sku: v.clothing.sku, quantity: 1 });
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await db.updateTable("bags").set({ updated_at: longAgo }).where("id", "in", [old.bagId, owned.bagId]).execute();
    const at = new Date().toISOString();
    const owner = await db
      .insertInto("users")
      .values({ email: "sweep@example.it", email_key: "sweep@example.it", password_hash: null, first_name: "Anna", last_name: "Bianchi", birth_date: null, gender: null, interests: null, locale: "it", privacy_consent_at: at, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("bags").set({ user_id: owner.id }).where("id", "=", owned.bagId).execute();
    const swept = await Promise.all([sweepAbandonedBags(db), sweepAbandonedBags(db)]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
    expect((await getBag(db, "it", old.bagId)).id).toBeNull();
    expect((await getBag(db, "it", owned.bagId)).id).toBe(owned.bagId);
    expect(await db.selectFrom("bag_lines").select("id").where("bag_id", "=", old.bagId).execute()).toEqual([]);
  });

  it("reads a bag in the same number of queries with 1 line or 5", async () => {
    const counter = new QueryCounter();
    const db = ctx().db.withPlugin(counter);
    const picks = v.inStock(2).slice(10, 15);
    const { bagId } = await addToBag(db, { bagId: null, sku: picks[0].sku, quantity: 1 });
    await addDiscountCode(db, { bagId, code: "BENVENUTO10" }, "it");
    await getBag(db, "it", bagId);
    counter.reset();
    await getBag(db, "it", bagId);
    const one = counter.count;
    for (const pick of picks.slice(1)) await addToBag(db, { bagId, sku: pick.sku, quantity: 1 });
    counter.reset();
    const bag = await getBag(db, "it", bagId);
    expect(bag.lines).toHaveLength(5);
    expect(counter.count).toBe(one);
    // One of them the shop's revision: the fee and a dated promotion's threshold, as any process last saved them.
    expect(counter.count).toBeLessThanOrEqual(8);
  });

  it("completes the look with other garment types, one each, from the bag's part of the shop and accessories, in a fixed number of queries", async () => {
    const { db } = ctx();
    const tops = await db.selectFrom("categories").select("id").where("parent_id", "is", null).orderBy("position").execute();
    const [women, men] = tops.map((top) => top.id);
    const kindOf = (ids: number[]) =>
      db
        .selectFrom("products as p")
        .innerJoin("categories as c", "c.id", "p.category_id")
        .select(["p.id", "p.garment", "c.parent_id as top"])
        .where("p.id", "in", ids)
        .execute();
    // A woman's knit and dress.
    const knits = await db
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .select(["v.sku", "p.garment"])
      .where("c.parent_id", "=", women)
      .where("p.garment", "in", ["knit", "dress"])
      .where("v.stock", ">=", 2)
      .orderBy("v.id")
      .execute();
    const picks = [knits.find((k) => k.garment === "knit")!, knits.find((k) => k.garment === "dress")!];
    let bagId: number | null = null;
    for (const pick of picks) bagId = (await addToBag(db, { bagId, sku: pick.sku, quantity: 1 })).bagId;
    const bag = await getBag(db, "it", bagId);
    expect(bag.kinds).toEqual({ categoryIds: [women], garments: ["dress", "knit"] });

    const counter = new QueryCounter();
    const cards = await getCompleteTheLook(db.withPlugin(counter), "it", bag.kinds, new Date(Date.now() + 1));
    expect(cards).toHaveLength(4);
    const kinds = await kindOf(cards.map((card) => card.id));
    expect(new Set(kinds.map((k) => k.garment)).size).toBe(4);
    for (const kind of kinds) {
      expect(["knit", "dress"]).not.toContain(kind.garment);
      // The woman's wardrobe or accessories: never a man's shirt.
      expect(kind.top).not.toBe(men);
    }
    expect(kinds.some((k) => k.top === women)).toBe(true);
    expect(kinds.some((k) => ["shoes", "bag", "belt", "scarf"].includes(k.garment))).toBe(true);
    // The revision, two candidate lists, the cards (products, variants, photos, price histories): whatever the bag.
    expect(counter.count).toBeLessThanOrEqual(8);
    // An empty bag has nothing to complete.
    expect(await getCompleteTheLook(db, "it", { categoryIds: [], garments: [] })).toEqual([]);
  });
});
