import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { paidOrder, variantWithStock } from "../../../tests/support/order-fixtures";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import type { PaymentProvider } from "~/modules/payment/provider";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { isDomainError } from "~/utils/domain-error";
import { deliverOrder, shipOrder } from "./fulfilment.service.server";
import { loadOrderView } from "./order.service.server";
import { listReturns, markReturnReceived, refundOrder, requestReturn } from "./returns.service.server";

// A return received line by line (the order desk): the units that arrived are refunded by
// return-refund.ts's rule, to the cent; the others stay in an open return that a second receipt
// closes, and the two pay exactly what the shopper was told when asking. Counts out of range,
// lines of another return and an empty receipt change nothing. Receiving moves no stock. The
// CLI's path (no lines) still receives every waiting return whole.

const code = (error: unknown) => (isDomainError(error) ? error.code : error);
const fieldOf = (error: unknown) => (isDomainError(error) ? `${error.code} ${error.field}` : error);
const staff = { kind: "staff" as const, staffId: 21, email: "desk@bottega.test" };
const FEE = 1_000;

function recordingProvider() {
  const base = createSandboxProvider({ secret: "return-receipt", publicUrl: "http://shop.test" });
  const refunds: { amountCents: number }[] = [];
  const provider: PaymentProvider = { ...base, async refund(input) { refunds.push(input); } };
  return { provider, refunds };
}

const stockOf = async (db: Kysely<Database>, id: number) => (await db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
const receivedMails = async (db: Kysely<Database>, orderId: number) => (await db.selectFrom("mail_outbox").select("template").where("order_id", "=", orderId).where("template", "=", "return-received").execute()).length;

/** A delivered order of 3 × a and 1 × b; with `discount`, that many cents off line a (as a code for a's product would give). */
async function deliveredOrder(db: Kysely<Database>, provider: PaymentProvider, offset: number, discount = 0) {
  const a = await variantWithStock(db, 6, offset);
  const b = await variantWithStock(db, 6, offset + 1);
  const { orderId, viewer } = await paidOrder(db, provider, { lines: [{ sku: a.sku, quantity: 3 }, { sku: b.sku, quantity: 1 }] });
  const [lineA, lineB] = (await loadOrderView(db, orderId)).lines;
  if (discount) {
    await db.updateTable("order_lines").set({ discount_cents: discount }).where("id", "=", lineA.id).execute();
    const order = await db.selectFrom("orders").select(["total_cents", "discount_cents"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    await db.updateTable("orders").set({ discount_cents: order.discount_cents + discount, total_cents: order.total_cents - discount }).where("id", "=", orderId).execute();
  }
  await shipOrder(db, orderId, "TRACK424242");
  await deliverOrder(db, orderId);
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  return { orderId, viewer, a, b, lineA, lineB, order };
}

describeEachDatabase("a return received line by line", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("refunds what arrived by the return rule, to the cent; the rest stays open and a second receipt closes it", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    // 10 € off line a's three units: 333.33 € each, so the shares round (666 for two, 334 for the third).
    const { orderId, viewer, a, b, lineA, lineB, order } = await deliveredOrder(db, provider, 40, 1_000);
    const pA = lineA.unitCents;
    const pB = lineB.unitCents;
    const ship = order.shipping_cents;
    const stock = [await stockOf(db, a.id), await stockOf(db, b.id)];
    const returnId = await requestReturn(db, {
      orderId,
      viewer,
      lines: [
        { orderLineId: lineA.id, quantity: 3, reason: "too_small" },
        { orderLineId: lineB.id, quantity: 1, reason: "faulty" },
      ],
    });
    const [asked] = await listReturns(db, orderId);
    const askedGoods = 3 * pA - 1_000 + pB + ship;
    expect(asked).toMatchObject({ goodsCents: askedGoods, feeCents: FEE, refundCents: askedGoods - FEE });

    // Two of a arrived, b not yet.
    const partial = [
      { orderLineId: lineA.id, quantity: 2 },
      { orderLineId: lineB.id, quantity: 0 },
    ];
    expect(await markReturnReceived(db, orderId, new Date(), { actor: staff, returnId, lines: partial })).toEqual([returnId]);
    const [received, open] = await listReturns(db, orderId);
    const partGoods = 2 * pA - 666;
    expect(received).toMatchObject({ id: returnId, kind: "return", status: "received", goodsCents: partGoods, feeCents: FEE, refundCents: partGoods - FEE, lines: [{ orderLineId: lineA.id, quantity: 2, reason: "too_small" }] });
    const restGoods = pA - 334 + pB + ship;
    expect(open).toMatchObject({ kind: "return", status: "requested", goodsCents: restGoods, feeCents: 0, refundCents: restGoods, createdAt: asked.createdAt, receivedAt: null });
    expect([...open.lines].sort((x, y) => x.orderLineId - y.orderLineId)).toEqual([
      { orderLineId: lineA.id, quantity: 1, reason: "too_small" },
      { orderLineId: lineB.id, quantity: 1, reason: "faulty" },
    ]);
    // Together, to the cent what the return was worth when asked.
    expect(received.goodsCents + open.goodsCents).toBe(asked.goodsCents);
    expect(received.refundCents + open.refundCents).toBe(asked.refundCents);
    // No stock moves on receipt (a returned piece is checked before it is sold again).
    expect([await stockOf(db, a.id), await stockOf(db, b.id)]).toEqual(stock);
    expect(await receivedMails(db, orderId)).toBe(1);
    const [entry] = await auditOfRecord(db, "order", orderId);
    expect(entry).toMatchObject({ action: "order.return-received", actor: "desk@bottega.test" });
    expect(entry.before).toEqual({ returns: [{ returnId, refundCents: asked.refundCents, lines: [{ orderLineId: lineA.id, requested: 3 }, { orderLineId: lineB.id, requested: 1 }] }] });
    expect(entry.after).toEqual({
      returnsReceived: [returnId],
      returns: [
        {
          returnId,
          refundCents: partGoods - FEE,
          lines: [
            { orderLineId: lineA.id, received: 2, notReceived: 1 },
            { orderLineId: lineB.id, received: 0, notReceived: 1 },
          ],
          openReturnId: open.id,
        },
      ],
    });

    // Refunded now: what arrived, less the fee. The open return keeps the order partly refunded.
    expect(await refundOrder(db, provider, orderId, new Date(), { actor: staff, owner: true })).toBe(1);
    expect(refunds.map((r) => r.amountCents)).toEqual([partGoods - FEE]);
    expect(await db.selectFrom("orders").select(["payment_status", "refunded_cents"]).where("id", "=", orderId).executeTakeFirstOrThrow()).toEqual({ payment_status: "partially_refunded", refunded_cents: partGoods - FEE });

    // The rest arrives: received whole, at the amounts it holds, with the delivery cost and no more fee.
    const rest = open.lines.map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity }));
    expect(await markReturnReceived(db, orderId, new Date(), { actor: staff, returnId: open.id, lines: rest })).toEqual([open.id]);
    expect((await listReturns(db, orderId))[1]).toMatchObject({ id: open.id, status: "received", goodsCents: restGoods, feeCents: 0, refundCents: restGoods });
    expect(await refundOrder(db, provider, orderId, new Date(), { actor: staff, owner: true })).toBe(1);
    expect(refunds.map((r) => r.amountCents)).toEqual([partGoods - FEE, restGoods]);
    // Everything back: the order's total less one fee, and the order refunded in full.
    expect(await db.selectFrom("orders").select(["status", "payment_status", "refunded_cents"]).where("id", "=", orderId).executeTakeFirstOrThrow()).toEqual({
      status: "refunded",
      payment_status: "refunded",
      refunded_cents: order.total_cents - FEE,
    });
    expect([await stockOf(db, a.id), await stockOf(db, b.id)]).toEqual(stock);
  });

  it("waives the fee on a part that is all the shop's mistake; the open rest bears it", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const { orderId, viewer, lineA, lineB } = await deliveredOrder(db, provider, 44);
    const returnId = await requestReturn(db, {
      orderId,
      viewer,
      lines: [
        { orderLineId: lineA.id, quantity: 1, reason: "too_small" },
        { orderLineId: lineB.id, quantity: 1, reason: "faulty" },
      ],
    });
    await markReturnReceived(db, orderId, new Date(), {
      returnId,
      lines: [
        { orderLineId: lineB.id, quantity: 1 },
        { orderLineId: lineA.id, quantity: 0 },
      ],
    });
    const [received, open] = await listReturns(db, orderId);
    expect(received).toMatchObject({ status: "received", goodsCents: lineB.unitCents, feeCents: 0, refundCents: lineB.unitCents });
    expect(open).toMatchObject({ status: "requested", goodsCents: lineA.unitCents, feeCents: FEE, refundCents: lineA.unitCents - FEE, lines: [{ orderLineId: lineA.id, quantity: 1, reason: "too_small" }] });
    // No actor (a script): no audit entry, as before.
    expect(await auditOfRecord(db, "order", orderId)).toEqual([]);
  });

  it("refuses counts out of range, lines of another return and an empty receipt, changing nothing; the CLI's path receives everything whole", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const { orderId, viewer, a, lineA, lineB } = await deliveredOrder(db, provider, 48);
    const first = await requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 2, reason: "too_small" }] });
    const second = await requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineB.id, quantity: 1, reason: "changed_mind" }] });
    const before = await listReturns(db, orderId);
    const stock = await stockOf(db, a.id);
    const receive = (lines: { orderLineId: number; quantity: number }[], returnId = first) => markReturnReceived(db, orderId, new Date(), { actor: staff, returnId, lines }).catch(fieldOf);
    expect(await receive([{ orderLineId: lineA.id, quantity: 3 }])).toBe("RECEIPT_QUANTITY lines[0].quantity");
    expect(await receive([{ orderLineId: lineA.id, quantity: -1 }])).toBe("RECEIPT_QUANTITY lines[0].quantity");
    expect(await receive([{ orderLineId: lineA.id, quantity: 1.5 }])).toBe("RECEIPT_QUANTITY lines[0].quantity");
    expect(await receive([{ orderLineId: lineA.id, quantity: Number.NaN }])).toBe("RECEIPT_QUANTITY lines[0].quantity");
    // b's line is in the second return, not this one; a line named twice is refused at its second place.
    expect(await receive([{ orderLineId: lineA.id, quantity: 1 }, { orderLineId: lineB.id, quantity: 1 }])).toBe("RECEIPT_QUANTITY lines[1].quantity");
    expect(await receive([{ orderLineId: lineA.id, quantity: 1 }, { orderLineId: lineA.id, quantity: 1 }])).toBe("RECEIPT_QUANTITY lines[1].quantity");
    expect(await receive([{ orderLineId: lineA.id, quantity: 0 }])).toBe("NOTHING_RECEIVED lines");
    expect(await receive([])).toBe("NOTHING_RECEIVED lines");
    // A return of another order, or one not waiting: nothing to do.
    expect(await receive([{ orderLineId: lineA.id, quantity: 1 }], 2_000_000_000)).toBe("NOTHING_TO_DO undefined");
    expect(await listReturns(db, orderId)).toEqual(before);
    expect(await auditOfRecord(db, "order", orderId)).toEqual([]);
    expect(await receivedMails(db, orderId)).toBe(0);

    // `npm run orders -- return-received ORDER`: every waiting return, whole, at the amounts asked.
    expect(await markReturnReceived(db, orderId, new Date(), { actor: { kind: "cli" } })).toEqual([first, second]);
    expect((await listReturns(db, orderId)).map(({ status, receivedAt, ...rest }) => ({ ...rest, status, received: receivedAt !== null }))).toEqual(
      before.map(({ status: _status, receivedAt: _receivedAt, ...rest }) => ({ ...rest, status: "received", received: true })),
    );
    const [entry] = await auditOfRecord(db, "order", orderId);
    expect(entry).toMatchObject({ action: "order.return-received", actor: "cli", after: { returnsReceived: [first, second] } });
    await expect(markReturnReceived(db, orderId).catch(code)).resolves.toBe("NOTHING_TO_DO");
    expect(await receivedMails(db, orderId)).toBe(2);
    expect(await stockOf(db, a.id)).toBe(stock);
  });
});
