import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { paidOrder, variantWithStock } from "../../../tests/support/order-fixtures";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getBag } from "~/modules/bag/bag.service.server";
import { PaymentProviderError, type PaymentProvider } from "~/modules/payment/provider";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { isDomainError } from "~/utils/domain-error";
import { confirmTransfer, deliverOrder, shipOrder } from "./fulfilment.service.server";
import { getOrderFor, listAccountOrders, ORDERS_PER_PAGE } from "./order.service.server";
import { reorder } from "./reorder.service.server";
import { lineDiscounts, returnAmounts } from "./return-refund";
import { issuePendingRefunds, listReturns, markReturnReceived, previewWithdrawal, refundOrder, requestReturn, withdraw } from "./returns.service.server";
import { addItalianWorkingDays, easterSunday, isItalianWorkingDay, returnWindowEnd, romeDay, romeMidnight } from "./working-days";

const code = (error: unknown) => (isDomainError(error) ? error.code : error);

describe("Italian working days", () => {
  it("knows Easter (and so Easter Monday) in any year", () => {
    expect([2024, 2025, 2026, 2027, 2038].map((year) => easterSunday(year))).toEqual([
      { year: 2024, month: 3, day: 31 },
      { year: 2025, month: 4, day: 20 },
      { year: 2026, month: 4, day: 5 },
      { year: 2027, month: 3, day: 28 },
      { year: 2038, month: 4, day: 25 },
    ]);
    expect(isItalianWorkingDay({ year: 2027, month: 3, day: 29 })).toBe(false); // Lunedì dell'Angelo
    expect(isItalianWorkingDay({ year: 2027, month: 3, day: 30 })).toBe(true);
  });

  it("skips weekends and the national holidays, 4 October included from 2026", () => {
    for (const [month, day] of [[1, 1], [1, 6], [4, 25], [5, 1], [6, 2], [8, 15], [11, 1], [12, 8], [12, 25], [12, 26]] as const) {
      // 2030: none of these falls on a weekend except where noted by the weekday check itself.
      const d = { year: 2030, month, day };
      expect(isItalianWorkingDay(d), `${month}/${day}`).toBe(false);
    }
    expect(isItalianWorkingDay({ year: 2027, month: 10, day: 4 })).toBe(false); // a Monday, holiday again
    expect(isItalianWorkingDay({ year: 2025, month: 10, day: 4 })).toBe(false); // a Saturday
    expect(isItalianWorkingDay({ year: 2024, month: 10, day: 4 })).toBe(true); // a Friday, not yet a holiday
    expect(isItalianWorkingDay({ year: 2026, month: 11, day: 23 })).toBe(true);
  });

  it("counts 14 working days from a delivery, across Immacolata and Christmas", () => {
    // Delivered Friday 4 December 2026: Tue 8 Dec, Fri 25 Dec and the weekends do not count.
    expect(addItalianWorkingDays({ year: 2026, month: 12, day: 4 }, 14)).toEqual({ year: 2026, month: 12, day: 28 });
    // The window ends at midnight, Italian time, after the 14th working day.
    expect(returnWindowEnd(new Date("2026-12-04T10:00:00Z"), 14).toISOString()).toBe("2026-12-28T23:00:00.000Z");
    // Summer time: midnight in Rome is 22:00 UTC.
    expect(romeMidnight({ year: 2026, month: 7, day: 1 }).toISOString()).toBe("2026-06-30T22:00:00.000Z");
    // A parcel delivered at 23:30 in Milan on Friday 3 July was delivered on Friday, not Saturday (UTC).
    expect(romeDay(new Date("2026-07-03T21:30:00Z"))).toEqual({ year: 2026, month: 7, day: 3 });
    // Across Easter 2027: delivered Thursday 25 March; Mon 29 March is Easter Monday, 25 April a Sunday.
    expect(addItalianWorkingDays({ year: 2027, month: 3, day: 25 }, 14)).toEqual({ year: 2027, month: 4, day: 15 });
  });
});

describe("what a return refunds", () => {
  // 10 % off everything: 25 000 − 2 500, spread over the lines by lineDiscounts.
  const shares = lineDiscounts([{ id: 1, totalCents: 20_000 }, { id: 2, totalCents: 5_000 }], [1, 2], 2_500);
  const order = { shippingCents: 700, lines: [{ id: 1, unitCents: 10_000, quantity: 2, discountCents: shares.get(1)! }, { id: 2, unitCents: 5_000, quantity: 1, discountCents: shares.get(2)! }] };

  it("the goods less their share of the discount, less the fee; the last return adds the delivery", () => {
    const first = returnAmounts({ order, before: {}, returning: [{ orderLineId: 1, quantity: 1, reason: "too_small" }], feeCents: 1_000 });
    expect(first).toEqual({ goodsCents: 9_000, feeCents: 1_000, refundCents: 8_000, completesOrder: false });
    const rest = returnAmounts({ order, before: { 1: 1 }, returning: [{ orderLineId: 1, quantity: 1, reason: "changed_mind" }, { orderLineId: 2, quantity: 1, reason: "too_large" }], feeCents: 1_000 });
    expect(rest).toEqual({ goodsCents: 13_500 + 700, feeCents: 1_000, refundCents: 13_200, completesOrder: true });
    // Both returns together are worth exactly what the order cost.
    expect(first.goodsCents + rest.goodsCents).toBe(25_000 - 2_500 + 700);
  });

  it("waives the fee when every line is the shop's mistake, and never refunds less than nothing", () => {
    expect(returnAmounts({ order, before: {}, returning: [{ orderLineId: 2, quantity: 1, reason: "faulty" }], feeCents: 1_000 }).feeCents).toBe(0);
    expect(returnAmounts({ order, before: {}, returning: [{ orderLineId: 2, quantity: 1, reason: "faulty" }, { orderLineId: 1, quantity: 1, reason: "too_small" }], feeCents: 1_000 }).feeCents).toBe(1_000);
    const cheap = { shippingCents: 700, lines: [{ id: 1, unitCents: 250, quantity: 2, discountCents: 0 }] };
    expect(returnAmounts({ order: cheap, before: {}, returning: [{ orderLineId: 1, quantity: 1, reason: "too_small" }], feeCents: 1_000 })).toEqual({ goodsCents: 250, feeCents: 250, refundCents: 0, completesOrder: false });
  });

  it("loses no cent to rounding over several returns", () => {
    const odd = { shippingCents: 0, lines: [{ id: 1, unitCents: 3_333, quantity: 3, discountCents: 1_000 }] };
    const one = returnAmounts({ order: odd, before: {}, returning: [{ orderLineId: 1, quantity: 1, reason: "other" }], feeCents: 0 });
    const two = returnAmounts({ order: odd, before: { 1: 1 }, returning: [{ orderLineId: 1, quantity: 1, reason: "other" }], feeCents: 0 });
    const three = returnAmounts({ order: odd, before: { 1: 2 }, returning: [{ orderLineId: 1, quantity: 1, reason: "other" }], feeCents: 0 });
    expect(one.goodsCents + two.goodsCents + three.goodsCents).toBe(8_999);
    // Shares of a discount spread over lines add up to it exactly.
    const spread = lineDiscounts([{ id: 1, totalCents: 3_333 }, { id: 2, totalCents: 3_333 }, { id: 3, totalCents: 3_334 }], [1, 2, 3], 1_000);
    expect([...spread.values()].reduce((a, b) => a + b, 0)).toBe(1_000);
  });

  it("a code for some products only: a line it did not discount comes back at its full price", () => {
    // 50 % off product A only: A 100 € (50 € off), B 100 €; the order cost 150 €.
    const shares = lineDiscounts([{ id: 1, totalCents: 10_000 }, { id: 2, totalCents: 10_000 }], [1], 5_000);
    const limited = { shippingCents: 0, lines: [{ id: 1, unitCents: 10_000, quantity: 1, discountCents: shares.get(1)! }, { id: 2, unitCents: 10_000, quantity: 1, discountCents: shares.get(2)! }] };
    expect(returnAmounts({ order: limited, before: {}, returning: [{ orderLineId: 2, quantity: 1, reason: "faulty" }], feeCents: 1_000 }).goodsCents).toBe(10_000);
    expect(returnAmounts({ order: limited, before: {}, returning: [{ orderLineId: 1, quantity: 1, reason: "faulty" }], feeCents: 1_000 }).goodsCents).toBe(5_000);
  });
});

/** The sandbox, recording refunds (and failing them while `down`). */
function recordingProvider(secret = "after-order-secret") {
  const base = createSandboxProvider({ secret, publicUrl: "http://shop.test" });
  const refunds: { providerRef: string; amountCents: number; idempotencyKey: string }[] = [];
  const state = { down: false };
  const provider: PaymentProvider = {
    ...base,
    async refund(input) {
      if (state.down) throw new PaymentProviderError("provider down", 503);
      refunds.push(input);
    },
  };
  return { provider, refunds, state };
}

const outbox = async (db: Kysely<Database>, to: string) =>
  db.selectFrom("mail_outbox").select(["template", "subject", "text_body as text"]).where("recipient", "=", to).orderBy("id").execute();

describeEachDatabase("after the order", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("ships, delivers, takes a return within the window, receives it and refunds it through the provider, with an e-mail at each step", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const a = await variantWithStock(db, 5, 20);
    const b = await variantWithStock(db, 5, 21);
    const { orderId, viewer, email } = await paidOrder(db, provider, { lines: [{ sku: a.sku, quantity: 2 }, { sku: b.sku, quantity: 1 }] });
    const placed = await getOrderFor(db, orderId, viewer);
    expect(placed).toMatchObject({ status: "confirmed", paymentStatus: "paid", shippingStatus: "not_shipped" });

    // Not yet shipped: no return; a forged tracking number is refused.
    await expect(requestReturn(db, { orderId, viewer, lines: [{ orderLineId: placed.lines[0].id, quantity: 1, reason: "too_small" }] }).catch(code)).resolves.toBe("RETURN_WINDOW_CLOSED");
    await expect(deliverOrder(db, orderId).catch(code)).resolves.toBe("ILLEGAL_TRANSITION");
    await expect(shipOrder(db, orderId, "<script>").catch(code)).resolves.toBe("NOTHING_TO_DO");

    const delivered = new Date("2026-12-04T10:00:00Z");
    await shipOrder(db, orderId, "1z999aa10123456784", new Date("2026-12-03T09:00:00Z"));
    await expect(shipOrder(db, orderId, "1Z999AA10123456784").catch(code)).resolves.toBe("ILLEGAL_TRANSITION");
    await deliverOrder(db, orderId, delivered);
    const order = await getOrderFor(db, orderId, viewer);
    expect(order).toMatchObject({ status: "delivered", shippingStatus: "delivered", trackingNumber: "1Z999AA10123456784", deliveredAt: delivered.toISOString() });

    // Someone else's order, more than was bought, and after the window: refused.
    const [lineA, lineB] = order.lines;
    const inWindow = new Date("2026-12-28T22:59:00Z");
    await expect(requestReturn(db, { orderId, viewer: { userId: null, sessionId: "someone-else" }, lines: [{ orderLineId: lineA.id, quantity: 1, reason: "too_small" }] }, inWindow).catch(code)).resolves.toBe("ORDER_NOT_FOUND");
    await expect(requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 3, reason: "too_small" }] }, inWindow).catch(code)).resolves.toBe("NOTHING_TO_RETURN");
    await expect(requestReturn(db, { orderId, viewer, lines: [] }, inWindow).catch(code)).resolves.toBe("NOTHING_TO_RETURN");
    // The same line named twice asks for the sum: one unit of B twice is more than was bought.
    const twice = { orderLineId: lineB.id, quantity: 1, reason: "faulty" as const };
    await expect(requestReturn(db, { orderId, viewer, lines: [twice, twice] }, inWindow).catch(code)).resolves.toBe("NOTHING_TO_RETURN");
    await expect(requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 1, reason: "too_small" }] }, new Date("2026-12-28T23:00:00Z")).catch(code)).resolves.toBe("RETURN_WINDOW_CLOSED");

    const returnId = await requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 1, reason: "too_small" }] }, inWindow);
    const [requested] = await listReturns(db, orderId);
    const goods = lineA.unitCents - Math.floor((order.discountCents * lineA.unitCents) / order.subtotalCents);
    expect(requested).toMatchObject({ id: returnId, kind: "return", status: "requested", goodsCents: goods, feeCents: 1_000, refundCents: goods - 1_000 });
    // The owner: the parcel came back, then the refund.
    await expect(refundOrder(db, provider, orderId).catch(code)).resolves.toBe("NOTHING_TO_DO");
    expect(await markReturnReceived(db, orderId)).toEqual([returnId]);
    await expect(markReturnReceived(db, orderId).catch(code)).resolves.toBe("NOTHING_TO_DO");
    expect(await refundOrder(db, provider, orderId)).toBe(1);
    expect(refunds).toEqual([expect.objectContaining({ amountCents: goods - 1_000, idempotencyKey: expect.stringMatching(/^bottega-refund-r\d+$/) })]);
    expect((await listReturns(db, orderId))[0]).toMatchObject({ status: "refunded", refundedAt: expect.any(String) });
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "delivered", paymentStatus: "partially_refunded", refundedCents: goods - 1_000 });

    // The rest comes back too: the last return adds the delivery cost and the order is refunded in full.
    await requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 1, reason: "faulty" }, { orderLineId: lineB.id, quantity: 1, reason: "wrong_item" }] }, inWindow);
    await markReturnReceived(db, orderId);
    await refundOrder(db, provider, orderId);
    const refunded = await getOrderFor(db, orderId, viewer);
    expect(refunded).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    // Everything came back: the shopper paid only the first return's fee.
    expect(refunded.refundedCents).toBe(order.totalCents - 1_000);
    await expect(requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 1, reason: "too_small" }] }, inWindow).catch(code)).resolves.toBe("RETURN_WINDOW_CLOSED");

    expect((await outbox(db, email)).map((mail) => mail.template)).toEqual([
      "order-confirmation",
      "order-shipped",
      "order-delivered",
      "return-requested",
      "return-received",
      "refund-issued",
      "return-requested",
      "return-received",
      "refund-issued",
    ]);
    const mails = await outbox(db, email);
    expect(mails[1].text).toContain("1Z999AA10123456784");
    expect(mails[2].text).toContain("28 dicembre 2026");
    expect(mails[0].text).toMatch(/Recedi dal contratto qui https?:\/\/\S+\/pages\/recesso/);
  });

  it("a withdrawal by order number and email: one answer for a wrong pair; before shipping it cancels and refunds in full", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const variant = await variantWithStock(db, 3, 22);
    const { orderId, viewer, email } = await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 2 }] });
    const order = await getOrderFor(db, orderId, viewer);
    expect(await db.selectFrom("variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow()).toEqual({ stock: 1 });

    // Wrong email, unknown number, both wrong: the same answer.
    await expect(previewWithdrawal(db, { number: order.number, email: "someone@example.com" }).catch(code)).resolves.toBe("WITHDRAWAL_NO_MATCH");
    await expect(previewWithdrawal(db, { number: "BT000000000", email }).catch(code)).resolves.toBe("WITHDRAWAL_NO_MATCH");
    await expect(withdraw(db, provider, { number: order.number, email: "someone@example.com" }).catch(code)).resolves.toBe("WITHDRAWAL_NO_MATCH");

    // The number as typed, any case and spacing; the email in any case.
    const preview = await previewWithdrawal(db, { number: ` ${order.number.toLowerCase().slice(0, 5)} ${order.number.slice(5)} `, email: email.toUpperCase() });
    expect(preview).toMatchObject({ orderId, outcome: "cancelled", lines: [expect.objectContaining({ quantity: 2 })] });
    const at = new Date("2026-11-24T14:05:00Z");
    expect(await withdraw(db, provider, { number: order.number, email }, at)).toEqual({ orderId, outcome: "cancelled", receivedAt: at.toISOString() });
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundedCents: order.totalCents });
    expect(refunds).toEqual([expect.objectContaining({ amountCents: order.totalCents })]);
    expect(await db.selectFrom("variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow()).toEqual({ stock: 3 });
    expect(await db.selectFrom("withdrawals").select(["outcome", "received_at"]).where("order_id", "=", orderId).execute()).toEqual([
      { outcome: "cancelled", received_at: ctx().kind === "postgres" ? expect.anything() : at.toISOString() },
    ]);
    const ack = (await outbox(db, email)).find((mail) => mail.template === "withdrawal-received")!;
    // The acknowledgement states when the withdrawal arrived, in Italian time.
    expect(ack.text).toContain("24 novembre 2026");
    expect(ack.text).toContain("15:05");
    await expect(withdraw(db, provider, { number: order.number, email }).catch(code)).resolves.toBe("ALREADY_WITHDRAWN");
  });

  it("a withdrawal after delivery asks every line back; after the window it is refused", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const variant = await variantWithStock(db, 3, 23);
    const { orderId, viewer, email } = await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 1 }] });
    await shipOrder(db, orderId, "1Z0000000000000001");
    // In transit: the window has not started, the withdrawal is a return.
    const order = await getOrderFor(db, orderId, viewer);
    expect((await previewWithdrawal(db, { number: order.number, email })).outcome).toBe("return");
    await deliverOrder(db, orderId, new Date("2026-12-04T10:00:00Z"));
    await expect(withdraw(db, provider, { number: order.number, email }, new Date("2026-12-29T00:00:00Z")).catch(code)).resolves.toBe("RETURN_WINDOW_CLOSED");
    const result = await withdraw(db, provider, { number: order.number, email }, new Date("2026-12-10T00:00:00Z"));
    expect(result.outcome).toBe("return");
    const [ret] = await listReturns(db, orderId);
    // The whole order comes back: the goods and the delivery, less the return fee.
    expect(ret).toMatchObject({ kind: "withdrawal", status: "requested", refundCents: order.totalCents - 1_000, lines: [{ orderLineId: order.lines[0].id, quantity: 1, reason: "withdrawal" }] });
    await expect(withdraw(db, provider, { number: order.number, email }, new Date("2026-12-10T00:00:00Z")).catch(code)).resolves.toBe("ALREADY_WITHDRAWN");
  });

  it("a refund the provider refuses waits and is made once by the sweep, with the same key", async () => {
    const { db } = ctx();
    const { provider, refunds, state } = recordingProvider();
    const variant = await variantWithStock(db, 3, 24);
    const { orderId, viewer, email } = await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 1 }] });
    const order = await getOrderFor(db, orderId, viewer);
    state.down = true;
    await withdraw(db, provider, { number: order.number, email });
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "cancelled", paymentStatus: "paid", refundedCents: 0 });
    expect(await issuePendingRefunds(db, provider)).toBe(0);
    state.down = false;
    expect(await issuePendingRefunds(db, provider)).toBe(1);
    expect(await issuePendingRefunds(db, provider)).toBe(0);
    expect(refunds).toHaveLength(1);
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundedCents: order.totalCents });
  });

  // The races run truly in parallel on PostgreSQL (a pool of connections); SQLite's single
  // connection serializes them, which still checks that the loser sees the winner's result.
  it("a return and a withdrawal racing for the same delivered order never return more than was bought", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const variant = await variantWithStock(db, 5, 25);
    const { orderId, viewer, email } = await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 2 }] });
    await shipOrder(db, orderId, "1Z0000000000000002");
    await deliverOrder(db, orderId);
    const order = await getOrderFor(db, orderId, viewer);
    const line = order.lines[0];
    const results = await Promise.allSettled([
      ...Array.from({ length: 8 }, () => requestReturn(db, { orderId, viewer, lines: [{ orderLineId: line.id, quantity: 1, reason: "too_small" }] })),
      withdraw(db, provider, { number: order.number, email }),
    ]);
    const returns = await listReturns(db, orderId);
    const units = returns.flatMap((r) => r.lines).reduce((sum, l) => sum + l.quantity, 0);
    expect(units).toBe(2);
    expect(returns.reduce((sum, r) => sum + r.goodsCents, 0)).toBe(order.totalCents);
    for (const result of results) if (result.status === "rejected") expect(code(result.reason)).toMatch(/^(NOTHING_TO_RETURN|ALREADY_WITHDRAWN)$/);
  });

  it("a cancellation and a shipment racing for the same paid order: one wins, and the state stays whole", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const variant = await variantWithStock(db, 5, 26);
    const { orderId, viewer, email } = await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 1 }] });
    const order = await getOrderFor(db, orderId, viewer);
    const [cancel, ship] = await Promise.allSettled([withdraw(db, provider, { number: order.number, email }), shipOrder(db, orderId, "1Z0000000000000003")]);
    const after = await getOrderFor(db, orderId, viewer);
    const stock = (await db.selectFrom("variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow()).stock;
    if (ship.status === "rejected") {
      // Cancelled first: the parcel cannot leave, the stock is back, the money refunded once.
      expect(code(ship.reason)).toBe("ILLEGAL_TRANSITION");
      expect(cancel).toMatchObject({ status: "fulfilled", value: { outcome: "cancelled" } });
      expect(after).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
      expect(stock).toBe(5);
      expect(refunds).toHaveLength(1);
    } else {
      // Shipped first: the withdrawal asks the goods back instead.
      expect(cancel).toMatchObject({ status: "fulfilled", value: { outcome: "return" } });
      expect(after).toMatchObject({ status: "shipped", paymentStatus: "paid" });
      expect(stock).toBe(4);
      expect(refunds).toHaveLength(0);
    }
  });

  it("reorders the lines still sold at today's prices and names the one that is not", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const a = await variantWithStock(db, 5, 27);
    const b = await variantWithStock(db, 5, 28);
    const { orderId, viewer } = await paidOrder(db, provider, { lines: [{ sku: a.sku, quantity: 2 }, { sku: b.sku, quantity: 1 }] });
    await db.updateTable("variants").set({ stock: 0 }).where("id", "=", b.id).execute();
    await db.updateTable("variants").set({ price_cents: a.price_cents + 500 }).where("id", "=", a.id).execute();
    try {
      const result = await reorder(db, { orderId, viewer, bagId: null });
      expect(result.added).toHaveLength(1);
      const ordered = await getOrderFor(db, orderId, viewer);
      expect(result.unavailable).toEqual([`${ordered.lines[1].name} (${ordered.lines[1].color}, ${ordered.lines[1].size})`]);
      const bag = await getBag(db, "it", result.bagId);
      expect(bag.lines).toEqual([expect.objectContaining({ sku: a.sku, quantity: 2, unitCents: a.price_cents + 500 })]);
      await expect(reorder(db, { orderId, viewer: { userId: null, sessionId: "someone-else" }, bagId: null }).catch(code)).resolves.toBe("ORDER_NOT_FOUND");
    } finally {
      await db.updateTable("variants").set({ price_cents: a.price_cents }).where("id", "=", a.id).execute();
    }
  });

  it("a bank transfer that arrives confirms the order; the account's history is paged, newest first", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const user = await db
      .insertInto("users")
      .values({
        email: "history@example.com",
        email_key: "history@example.com",
        password_hash: null,
        first_name: "Anna",
        last_name: "Bianchi",
        birth_date: null,
        gender: null,
        interests: null,
        locale: "it",
        privacy_consent_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const variant = await variantWithStock(db, 50, 29);
    const ids: number[] = [];
    for (let i = 0; i < ORDERS_PER_PAGE + 2; i++) ids.push((await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], userId: user.id, pay: i % 2 === 0 })).orderId);
    const transfer = await paidOrder(db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], userId: user.id, method: "bankTransfer", email: "history@example.com" });
    await confirmTransfer(db, transfer.orderId);
    await expect(confirmTransfer(db, transfer.orderId).catch(code)).resolves.toBe("ILLEGAL_TRANSITION");
    expect(await getOrderFor(db, transfer.orderId, { userId: user.id, sessionId: null })).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    // Withdrawn: a transfer's refund waits for the owner to send it (the sweep cannot), then is recorded.
    const { number } = await getOrderFor(db, transfer.orderId, { userId: user.id, sessionId: null });
    await withdraw(db, provider, { number, email: "history@example.com" });
    expect(await issuePendingRefunds(db, provider)).toBe(0);
    expect(await getOrderFor(db, transfer.orderId, { userId: user.id, sessionId: null })).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    // Atelier records the transfer it sent (refund-desk.test.ts); the owner's tool, run once it is sent, says so.
    expect(await refundOrder(db, provider, transfer.orderId)).toBe(0);
    expect(await refundOrder(db, provider, transfer.orderId, new Date(), undefined, { includeTransfers: true })).toBe(1);
    expect(await getOrderFor(db, transfer.orderId, { userId: user.id, sessionId: null })).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });

    const first = await listAccountOrders(db, user.id, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: ORDERS_PER_PAGE + 3 });
    expect(first.orders).toHaveLength(ORDERS_PER_PAGE);
    expect(first.orders[0]).toMatchObject({ id: transfer.orderId, itemCount: 1 });
    const second = await listAccountOrders(db, user.id, 99);
    expect(second.page).toBe(2);
    expect(second.orders.map((o) => o.id)).toEqual([ids[2], ids[1], ids[0]]);
  });
});
