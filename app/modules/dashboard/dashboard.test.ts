import { beforeAll, beforeEach, expect, it } from "vitest";
import { seedDatabase } from "~/db/seed/seed.server";
import { type DemoOrder, growOrders, insertDemoOrders } from "~/db/seed/grow-orders.server";
import { demandByVariant, DEMAND_PAGE_SIZE, mostRequestedSoldOut } from "~/modules/backstock/backstock-demand.service.server";
import { lowStock } from "~/modules/catalog/stock-report.service.server";
import { isConsistentOrderState } from "~/modules/order/order-state";
import { deskWork, salesSummary } from "~/modules/order/order-stats.service.server";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import { describeEachDatabase } from "../../../tests/support/databases";
import { QueryCounter } from "../../../tests/support/query-counter";
import { loadDashboard } from "./dashboard.service.server";

// Atelier's dashboard (issue 23): the sales figures on Italy's calendar, the desk's counts, low
// stock, back-in-stock demand, and a fixed number of statements whatever the number of orders.

let serial = 0;
const line = (unitCents: number, quantity = 1) => ({ variantId: 1, productId: 1, sku: "TEST-SKU", productName: "Prova", size: "M", colorName: "Nero", unitCents, quantity });

/** A paid order of one line at `cents` (no shipping fee), placed at `placedAt`. */
function paid(placedAt: string, cents: number, more: Partial<DemoOrder> = {}): DemoOrder {
  serial++;
  return {
    number: `BT1${String(serial).padStart(8, "0")}`,
    email: `cliente${serial}@example.com`,
    firstName: "Giulia",
    lastName: "Rossi",
    locale: "it",
    paymentMethod: "card",
    status: "confirmed",
    paymentStatus: "paid",
    shippingStatus: "not_shipped",
    placedAt,
    paidAt: placedAt,
    lines: [line(cents)],
    shippingCents: 0,
    ...more,
  };
}

describeEachDatabase("Atelier dashboard", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db, { now: new Date("2026-11-01T09:00:00Z") });
  });

  beforeEach(async () => {
    const { db } = ctx();
    for (const table of ["refunds", "return_lines", "returns", "payments", "order_lines", "orders", "back_in_stock_requests"] as const) await db.deleteFrom(table).execute();
  });

  const write = (orders: DemoOrder[]) => ctx().db.transaction().execute((trx) => insertDemoOrders(trx, orders));

  it("counts today's, the last 7 and 30 days' paid orders, revenue, average and refunds on the Rome calendar", async () => {
    // 10:00 UTC on 26 November is 11:00 in Rome (CET, UTC+1): today began at 25 Nov 23:00 UTC.
    const now = new Date("2026-11-26T10:00:00Z");
    await write([
      paid("2026-11-25T23:30:00Z", 10_000), // 00:30 in Rome on the 26th: today
      paid("2026-11-26T09:59:00Z", 5_001), // today
      paid("2026-11-25T22:59:59.999Z", 7_000), // 23:59 in Rome on the 25th: yesterday
      paid("2026-11-20T12:00:00Z", 3_000), // within 7 days
      paid("2026-11-19T22:59:00Z", 4_000), // 23:59 on the 19th in Rome: the 8th day back, in 30 not in 7
      paid("2026-10-27T23:00:00Z", 2_000), // 00:00 in Rome on 28 October: the 30th day back
      paid("2026-10-27T22:59:00Z", 9_999), // 23:59 on the 27th in Rome (CET already): outside
      // Unpaid (awaiting a transfer, expired): not sales.
      paid("2026-11-26T08:00:00Z", 50_000, { status: "pending_payment", paymentStatus: "awaiting_transfer", paymentMethod: "bankTransfer", paidAt: null }),
      paid("2026-11-24T08:00:00Z", 50_000, { status: "cancelled", paymentStatus: "pending", paidAt: null, cancelledAt: "2026-11-24T09:00:00Z" }),
      // Placed 40 days ago, withdrawn and refunded today: a sale of its day, a refund of today.
      paid("2026-10-17T10:00:00Z", 12_000, { status: "cancelled", paymentStatus: "refunded", cancelledAt: "2026-11-26T07:00:00Z", cancelRefundAt: "2026-11-26T08:00:00Z" }),
      // A return refunded three days ago (the line's 8 000 less the 1 000 fee), one only received.
      paid("2026-11-01T10:00:00Z", 8_000, {
        status: "delivered",
        shippingStatus: "delivered",
        paymentStatus: "partially_refunded",
        ret: { lineIndex: 0, status: "refunded", createdAt: "2026-11-10T10:00:00Z", receivedAt: "2026-11-20T10:00:00Z", refundedAt: "2026-11-23T10:00:00Z" },
      }),
      paid("2026-11-02T10:00:00Z", 6_000, {
        status: "delivered",
        shippingStatus: "delivered",
        ret: { lineIndex: 0, status: "requested", createdAt: "2026-11-24T10:00:00Z" },
      }),
    ]);
    const sales = await salesSummary(ctx().db, now);
    expect(sales.today).toEqual({ orders: 2, revenueCents: 15_001, averageCents: 7_501, refundsCents: 12_000 });
    expect(sales.last7).toEqual({ orders: 4, revenueCents: 25_001, averageCents: 6_250, refundsCents: 19_000 });
    expect(sales.last30).toEqual({ orders: 8, revenueCents: 45_001, averageCents: 5_625, refundsCents: 19_000 });
    expect(sales.days).toHaveLength(30);
    expect(sales.days[0]).toMatchObject({ day: "2026-10-28", orders: 1, revenueCents: 2_000 });
    expect(sales.days[29]).toMatchObject({ day: "2026-11-26", orders: 2, refundsCents: 12_000 });
    expect(sales.days[28]).toMatchObject({ day: "2026-11-25", orders: 1, revenueCents: 7_000 });
    expect(sales.days[22]).toMatchObject({ day: "2026-11-19", orders: 1, revenueCents: 4_000 });

    expect(await deskWork(ctx().db)).toEqual({ toShip: 7, transfersWaiting: 1, returnsToReceive: 1 });
  });

  it("cuts days at Rome's midnight across the change to summer time", async () => {
    // Italy moved to CEST on Sunday 29 March 2026: the 29th began at 28 Mar 23:00 UTC, the 30th at 29 Mar 22:00 UTC.
    const now = new Date("2026-03-30T10:00:00Z");
    await write([
      paid("2026-03-29T22:00:00Z", 1_000), // 00:00 on the 30th in Rome: today
      paid("2026-03-29T21:59:59Z", 2_000), // 23:59 on the 29th
      paid("2026-03-28T23:00:00Z", 4_000), // 00:00 on the 29th
      paid("2026-03-28T22:59:00Z", 8_000), // 23:59 on the 28th
    ]);
    const sales = await salesSummary(ctx().db, now);
    expect(sales.days.slice(-3).map((d) => [d.day, d.revenueCents])).toEqual([
      ["2026-03-28", 8_000],
      ["2026-03-29", 6_000],
      ["2026-03-30", 1_000],
    ]);
    expect(sales.today.revenueCents).toBe(1_000);
  });

  it("lists the variants under the low-stock threshold, fewest first, with their count", async () => {
    const { db } = ctx();
    const [a, b] = await db.selectFrom("variants").select(["id", "sku"]).where("stock", ">=", 10).orderBy("id").limit(2).execute();
    await db.updateTable("variants").set({ stock: 1 }).where("id", "=", a.id).execute();
    await db.updateTable("variants").set({ stock: 2 }).where("id", "=", b.id).execute();
    const count = async (max: number) => Number((await db.selectFrom("variants").select((eb) => eb.fn.countAll<number>().as("n")).where("stock", "<", max).executeTakeFirstOrThrow()).n);
    const [expected, soldOut] = [await count(3), await count(1)];
    expect(soldOut).toBeGreaterThan(0);
    const low = await lowStock(db, { threshold: 3, locale: "en", limit: 500 });
    expect(low.total).toBe(expected);
    expect(low.soldOut).toBe(soldOut);
    // Listed: those still on sale, fewest first (the sold-out ones are counted, and show as demand).
    expect(low.variants).toHaveLength(expected - soldOut);
    expect(low.variants.map((v) => v.stock)).toEqual([...low.variants.map((v) => v.stock)].sort((x, y) => x - y));
    expect(low.variants.every((v) => v.stock > 0 && v.stock < 3)).toBe(true);
    const found = low.variants.find((v) => v.sku === a.sku)!;
    expect(found).toMatchObject({ stock: 1 });
    expect(found.url).toMatch(/^\/en\/products\//);
    expect((await lowStock(db, { threshold: 3, locale: "it", limit: 2 })).variants).toHaveLength(2);
    expect(await lowStock(db, { threshold: 0, locale: "it" })).toEqual({ total: 0, soldOut: 0, variants: [] });
  });

  it("ranks the sold-out sizes shoppers wait for, and pages every variant with waiting requests", async () => {
    const { db } = ctx();
    const variants = await db.selectFrom("variants").select(["id", "sku"]).orderBy("id").offset(100).limit(4).execute();
    await db.updateTable("variants").set({ stock: 0 }).where("id", "in", variants.slice(0, 3).map((v) => v.id)).execute();
    await db.updateTable("variants").set({ stock: 5 }).where("id", "=", variants[3].id).execute();
    const request = (variantId: number, k: number, at: string, notified: string | null = null) => ({
      variant_id: variantId,
      email: `w${variantId}.${k}@example.com`,
      locale: "it" as const,
      consent_at: at,
      created_at: at,
      notified_at: notified,
    });
    await db
      .insertInto("back_in_stock_requests")
      .values([
        request(variants[0].id, 1, "2026-11-20T10:00:00Z"),
        request(variants[0].id, 2, "2026-11-21T10:00:00Z"),
        request(variants[1].id, 1, "2026-11-01T10:00:00Z"),
        request(variants[1].id, 2, "2026-11-02T10:00:00Z"),
        request(variants[1].id, 3, "2026-11-03T10:00:00Z"),
        // Notified already: not waiting.
        request(variants[2].id, 1, "2026-10-01T10:00:00Z", "2026-10-05T10:00:00Z"),
        request(variants[2].id, 2, "2026-10-02T10:00:00Z", "2026-10-05T10:00:00Z"),
        request(variants[2].id, 3, "2026-10-03T10:00:00Z", "2026-10-05T10:00:00Z"),
        request(variants[2].id, 4, "2026-11-25T10:00:00Z"),
        // Waiting for a variant back in stock (its mail not sent yet): on the page, not among the sold-out.
        request(variants[3].id, 1, "2026-09-01T10:00:00Z"),
      ])
      .execute();
    const top = await mostRequestedSoldOut(db, { locale: "it" });
    expect(top.map((d) => [d.sku, d.waiting])).toEqual([
      [variants[1].sku, 3],
      [variants[0].sku, 2],
      [variants[2].sku, 1],
    ]);
    expect(top[0]).toMatchObject({ stock: 0, oldestAt: expect.stringMatching(/^2026-11-01T10:00:00/) });

    const page = await demandByVariant(db, { locale: "en", sort: "oldest", page: 1 });
    expect(page.total).toBe(4);
    expect(page.variants.map((d) => d.sku)).toEqual([variants[3].sku, variants[1].sku, variants[0].sku, variants[2].sku]);
    const byStock = await demandByVariant(db, { locale: "en", sort: "stock", page: 1 });
    expect(byStock.variants.at(-1)!.sku).toBe(variants[3].sku);
    // A page past the last shows the last.
    expect(await demandByVariant(db, { locale: "en", sort: "waiting", page: 99 })).toMatchObject({ page: 1, pageCount: 1 });
    expect(DEMAND_PAGE_SIZE).toBeGreaterThan(4);
  });

  it("asks the database the same few statements with no orders and with hundreds", async () => {
    const counter = new QueryCounter();
    const db = ctx().db.withPlugin(counter);
    const now = new Date("2026-11-26T10:00:00Z");
    await saveShopSettings(db, { lowStockThreshold: 3 });
    await loadDashboard(db, { locale: "it", now });
    counter.reset();
    const empty = await loadDashboard(db, { locale: "it", now });
    const statements = counter.count;
    // One of them the shop's revision: the settings (the low-stock threshold) are read anew once any process changed them.
    expect(statements).toBeLessThanOrEqual(7);
    expect(empty.sales.last30.orders).toBe(0);

    await growOrders(ctx().db, 400, { now, days: 60 });
    counter.reset();
    const full = await loadDashboard(db, { locale: "it", now });
    expect(counter.count).toBe(statements);
    expect(full.sales.last30.orders).toBeGreaterThan(50);
    // No statement reads the orders but through a range of dates or a status.
    expect(counter.touching("orders")).toBe(2);
  });

  it("grows demo orders the state machine could have made, their refunds adding up", async () => {
    const { db } = ctx();
    const now = new Date("2026-11-26T10:00:00Z");
    const first = await growOrders(db, 600, { now });
    expect(first).toMatchObject({ before: 0, after: 600 });
    expect((await growOrders(db, 300, { now })).after).toBe(600);
    const orders = await db.selectFrom("orders").select(["id", "status", "payment_status", "shipping_status", "refunded_cents", "total_cents", "placed_at", "paid_at"]).execute();
    expect(orders).toHaveLength(600);
    for (const o of orders) expect(isConsistentOrderState({ status: o.status, paymentStatus: o.payment_status, shippingStatus: o.shipping_status }), `${o.status}/${o.payment_status}/${o.shipping_status}`).toBe(true);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(["pending_payment", "confirmed", "shipped", "delivered", "cancelled"]));
    const refunds = await db.selectFrom("refunds").select(["order_id", "amount_cents"]).execute();
    const refundedOf = new Map<number, number>();
    for (const r of refunds) refundedOf.set(r.order_id, (refundedOf.get(r.order_id) ?? 0) + r.amount_cents);
    for (const o of orders) expect(o.refunded_cents).toBe(refundedOf.get(o.id) ?? 0);
    expect(refunds.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.placed_at <= now.toISOString() && (o.paid_at === null || o.paid_at >= o.placed_at))).toBe(true);
    expect(Number((await db.selectFrom("back_in_stock_requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });
});
