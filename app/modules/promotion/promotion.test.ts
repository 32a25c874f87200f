import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { readyCheckout } from "../../../tests/support/order-fixtures";
import { QueryCounter } from "../../../tests/support/query-counter";
import { seedDatabase } from "~/db/seed/seed.server";
import { getBag } from "~/modules/bag/bag.service.server";
import { placeOrder } from "~/modules/order/order.service.server";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import { isDomainError } from "~/utils/domain-error";
import { PromotionActionSchema } from "./promotion.schema";
import { deletePromotion, listPromotions, savePromotion, shippingRuleAt } from "./promotion.service.server";

// Dated free-shipping promotions (spec §9): the bag's totals, its free-shipping progress, the
// checkout's total and the order placed all take the promotion's threshold from its first
// instant (midnight in Rome of its first day) until its last (midnight after its last day), on
// both databases; a change made through one database handle (another app process) applies on
// the other's very next read.

const actor = { kind: "cli" } as const;
// 1 to 7 December 2026 in Italy (CET, UTC+1): from 30 Nov 23:00 UTC until 7 Dec 23:00 UTC.
const START = new Date("2026-11-30T23:00:00.000Z");
const END = new Date("2026-12-07T23:00:00.000Z");
const before = (at: Date) => new Date(at.getTime() - 1);

describe("the promotion form", () => {
  it("takes the threshold in euro and two days, the last not before the first", () => {
    const ok = PromotionActionSchema.safeParse({ intent: "save", threshold: "99,90", startsOn: "2026-12-01", endsOn: "2026-12-01" });
    expect(ok.success && ok.data.intent === "save" && ok.data.threshold).toBe(9990);
    const issues = (input: Record<string, string>) => (PromotionActionSchema.safeParse({ intent: "save", ...input }).error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);
    expect(issues({ threshold: "-5", startsOn: "2026-12-01", endsOn: "2026-12-07" })).toEqual(["threshold:atelier-shop:validation.euro"]);
    expect(issues({ threshold: "50", startsOn: "2026-12-07", endsOn: "2026-12-01" })).toEqual(["endsOn:atelier-shop:validation.endBeforeStart"]);
    expect(issues({ threshold: "50", startsOn: "2026-02-30", endsOn: "" })).toEqual(["startsOn:atelier-shop:validation.day", "endsOn:validation.required"]);
  });
});

describeEachDatabase("free-shipping promotions", (ctx) => {
  let sku = "";
  let priceCents = 0;
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    // A variant well below the usual 250 € threshold, with stock for every order below.
    const variant = await ctx().db.selectFrom("variants").select(["id", "sku", "price_cents"]).where("price_cents", "<", 20_000).orderBy("id").executeTakeFirstOrThrow();
    await ctx().db.updateTable("variants").set({ stock: 50 }).where("id", "=", variant.id).execute();
    sku = variant.sku;
    priceCents = variant.price_cents;
  });

  it("gives the promotion's threshold from its first instant to its last, and the shop's outside", async () => {
    const { db } = ctx();
    const id = await savePromotion(db, { input: { threshold: 5_000, startsOn: "2026-12-01", endsOn: "2026-12-07" }, actor });
    try {
      expect((await shippingRuleAt(db, before(START))).freeShippingFromCents).toBe(25_000);
      expect(await shippingRuleAt(db, START)).toEqual({ shippingFeeCents: 700, freeShippingFromCents: 5_000, promotion: { id, thresholdCents: 5_000, endsAt: END.toISOString(), endsOn: "2026-12-07" } });
      expect((await shippingRuleAt(db, before(END))).freeShippingFromCents).toBe(5_000);
      expect(await shippingRuleAt(db, END)).toMatchObject({ freeShippingFromCents: 25_000, promotion: null });
      const [listed] = await listPromotions(db);
      expect(listed).toMatchObject({ id, thresholdCents: 5_000, startsOn: "2026-12-01", endsOn: "2026-12-07", startsAt: START.toISOString(), endsAt: END.toISOString() });
    } finally {
      await deletePromotion(db, { id, actor });
    }
  });

  it("prices the bag with it exactly: free at the threshold, the fee one cent below, and the progress from it", async () => {
    const { db } = ctx();
    const { bagId } = await readyCheckout(db, { sku });
    const atThreshold = await savePromotion(db, { input: { threshold: priceCents, startsOn: "2026-12-01", endsOn: "2026-12-07" }, actor });
    try {
      const inside = await getBag(db, "it", bagId, START);
      expect(inside.totals).toMatchObject({ subtotalCents: priceCents, shippingCents: 0, totalCents: priceCents, freeShippingFromCents: priceCents, missingForFreeShippingCents: 0 });
      const outside = await getBag(db, "it", bagId, before(START));
      expect(outside.totals).toMatchObject({ shippingCents: 700, totalCents: priceCents + 700, freeShippingFromCents: 25_000, missingForFreeShippingCents: 25_000 - priceCents });
      expect((await getBag(db, "it", bagId, END)).totals.shippingCents).toBe(700);

      // One cent above the bag: the fee, and one cent to go.
      await savePromotion(db, { id: atThreshold, input: { threshold: priceCents + 1, startsOn: "2026-12-01", endsOn: "2026-12-07" }, actor });
      expect((await getBag(db, "it", bagId, START)).totals).toMatchObject({ shippingCents: 700, freeShippingFromCents: priceCents + 1, missingForFreeShippingCents: 1 });
      // The empty bag's progress starts from the promotion's threshold too.
      expect((await getBag(db, "it", null, START)).totals.freeShippingFromCents).toBe(priceCents + 1);
    } finally {
      await deletePromotion(db, { id: atThreshold, actor });
    }
  });

  it("places the order at the promotion's total while it runs, and refuses a total shown a moment before it started", async () => {
    const { db } = ctx();
    const id = await savePromotion(db, { input: { threshold: priceCents, startsOn: "2026-12-01", endsOn: "2026-12-07" }, actor });
    try {
      // The review showed the promotion's total (no shipping) just after it began: the order has it.
      const during = await readyCheckout(db, { sku });
      const placed = await placeOrder(db, { ...during.input, shownTotalCents: priceCents }, START);
      const order = await db.selectFrom("orders").select(["shipping_cents", "total_cents"]).where("id", "=", placed.orderId).executeTakeFirstOrThrow();
      expect(order).toEqual({ shipping_cents: 0, total_cents: priceCents });

      // The same total a millisecond before the start is refused (the bag then costs the fee more), and nothing is placed.
      const early = await readyCheckout(db, { sku });
      const refused = await placeOrder(db, { ...early.input, shownTotalCents: priceCents }, before(START)).catch((error: unknown) => error);
      expect(isDomainError(refused) && refused.code).toBe("TOTAL_MISMATCH");
      const withFee = await placeOrder(db, { ...early.input, shownTotalCents: priceCents + 700 }, before(START));
      expect(await db.selectFrom("orders").select("shipping_cents").where("id", "=", withFee.orderId).executeTakeFirstOrThrow()).toEqual({ shipping_cents: 700 });

      // After its last instant, the fee again.
      const late = await readyCheckout(db, { sku });
      const after = await placeOrder(db, { ...late.input, shownTotalCents: priceCents + 700 }, END);
      expect(await db.selectFrom("orders").select("shipping_cents").where("id", "=", after.orderId).executeTakeFirstOrThrow()).toEqual({ shipping_cents: 700 });
    } finally {
      await deletePromotion(db, { id, actor });
    }
  });

  it("takes the lowest threshold when two overlap, and the shop's fee from the settings", async () => {
    const { db } = ctx();
    const a = await savePromotion(db, { input: { threshold: 9_000, startsOn: "2026-12-01", endsOn: "2026-12-07" }, actor });
    const b = await savePromotion(db, { input: { threshold: 6_000, startsOn: "2026-12-05", endsOn: "2026-12-10" }, actor });
    await saveShopSettings(db, { shippingFeeCents: 900 });
    try {
      expect(await shippingRuleAt(db, START)).toMatchObject({ shippingFeeCents: 900, freeShippingFromCents: 9_000 });
      expect(await shippingRuleAt(db, new Date("2026-12-06T12:00:00Z"))).toMatchObject({ freeShippingFromCents: 6_000, promotion: { id: b } });
      expect(await shippingRuleAt(db, new Date("2026-12-09T12:00:00Z"))).toMatchObject({ freeShippingFromCents: 6_000 });
    } finally {
      await saveShopSettings(db, { shippingFeeCents: 700 });
      await deletePromotion(db, { id: a, actor });
      await deletePromotion(db, { id: b, actor });
    }
  });

  it("audits every change, before and after; a forged id changes nothing", async () => {
    const { db } = ctx();
    const id = await savePromotion(db, { input: { threshold: 10_000, startsOn: "2026-12-01", endsOn: "2026-12-07" }, actor });
    await savePromotion(db, { id, input: { threshold: 8_000, startsOn: "2026-12-01", endsOn: "2026-12-08" }, actor });
    await deletePromotion(db, { id, actor });
    const audit = await db.selectFrom("audit_log").select(["action", "before", "after"]).where("entity_type", "=", "promotion").where("entity_id", "=", String(id)).orderBy("id").execute();
    expect(audit.map((row) => row.action)).toEqual(["promotion.create", "promotion.update", "promotion.delete"]);
    expect(JSON.parse(audit[1]!.before!)).toEqual({ thresholdCents: 10_000, endsOn: "2026-12-07" });
    expect(JSON.parse(audit[1]!.after!)).toEqual({ thresholdCents: 8_000, endsOn: "2026-12-08" });
    expect(JSON.parse(audit[2]!.before!)).toEqual({ thresholdCents: 8_000, startsOn: "2026-12-01", endsOn: "2026-12-08" });

    const forged = await savePromotion(db, { id: 999_999, input: { threshold: 1, startsOn: "2026-12-01", endsOn: "2026-12-02" }, actor }).catch((error: unknown) => error);
    expect(isDomainError(forged) && forged.code).toBe("PROMOTION_NOT_FOUND");
    const gone = await deletePromotion(db, { id, actor }).catch((error: unknown) => error);
    expect(isDomainError(gone) && gone.code).toBe("PROMOTION_NOT_FOUND");
    expect(await listPromotions(db)).toEqual([]);
  });

  it("applies a promotion saved by another process on this one's next read", async () => {
    // Two handles on one database, each with its own cache: two app processes.
    const here = ctx().db.withPlugin(new QueryCounter());
    const there = ctx().db.withPlugin(new QueryCounter());
    expect((await shippingRuleAt(here, START)).freeShippingFromCents).toBe(25_000);
    const id = await savePromotion(there, { input: { threshold: 4_000, startsOn: "2026-12-01", endsOn: "2026-12-07" }, actor });
    try {
      expect((await shippingRuleAt(here, START)).freeShippingFromCents).toBe(4_000);
    } finally {
      await deletePromotion(there, { id, actor });
    }
    expect((await shippingRuleAt(here, START)).freeShippingFromCents).toBe(25_000);
  });
});
