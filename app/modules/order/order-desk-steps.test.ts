import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { paidOrder, variantWithStock } from "../../../tests/support/order-fixtures";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import type { PaymentProvider } from "~/modules/payment/provider";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import { isDomainError } from "~/utils/domain-error";
import { confirmTransfer, deliverOrder, shipOrder } from "./fulfilment.service.server";
import { getDeskOrder } from "./order-desk.service.server";
import { loadOrderView } from "./order.service.server";
import { cancelOrder, markReturnReceived, refundLines, refundOrder, requestReturn } from "./returns.service.server";

// The order steps Atelier calls, with an actor: the audit entry in the step's transaction, the
// courier's tracking link in the shipping e-mail, a cancellation's stock back, a refund of some
// lines never more than was taken, and a staff member's refunds capped (owners uncapped).

const code = (error: unknown) => (isDomainError(error) ? error.code : error);
const staff = { actor: { kind: "staff" as const, staffId: 11, email: "staff@bottega.test" }, owner: false };
const owner = { actor: { kind: "staff" as const, staffId: 12, email: "owner@bottega.test" }, owner: true };

function recordingProvider() {
  const base = createSandboxProvider({ secret: "desk-steps", publicUrl: "http://shop.test" });
  const refunds: { amountCents: number }[] = [];
  const provider: PaymentProvider = { ...base, async refund(input) { refunds.push(input); } };
  return { provider, refunds };
}

const mails = (db: Kysely<Database>, orderId: number) => db.selectFrom("mail_outbox").select(["template", "text_body as text"]).where("order_id", "=", orderId).orderBy("id").execute();
const stockOf = async (db: Kysely<Database>, id: number) => (await db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

describeEachDatabase("the order desk's steps", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    await saveShopSettings(ctx().db, { staffRefundLimitCents: 10_000 });
  });

  it("pays a transfer, ships with a courier's tracking link, delivers: each step audited with its author", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const v = await variantWithStock(db, 5, 30);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }], method: "bankTransfer" });
    await confirmTransfer(db, orderId, new Date(), staff.actor);
    await shipOrder(db, orderId, { trackingNumber: "1z999aa10123456784", carrier: "ups" }, new Date(), staff.actor);
    await deliverOrder(db, orderId, new Date(), { kind: "cli" });
    const shipped = (await mails(db, orderId)).find((m) => m.template === "order-shipped")!;
    expect(shipped.text).toContain("1Z999AA10123456784");
    expect(shipped.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    const audit = await auditOfRecord(db, "order", orderId);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["order.deliver", "cli"],
      ["order.ship", "staff@bottega.test"],
      ["order.paid", "staff@bottega.test"],
    ]);
    expect(audit[1].after).toMatchObject({ status: "shipped", trackingNumber: "1Z999AA10123456784", carrier: "ups" });
    expect(audit[2].before).toMatchObject({ paymentStatus: "awaiting_transfer" });
    // Shipping twice is the state machine's 409, and writes nothing more.
    await expect(shipOrder(db, orderId, "ABC123456", new Date(), staff.actor).catch(code)).resolves.toBe("ILLEGAL_TRANSITION");
    expect(await auditOfRecord(db, "order", orderId)).toHaveLength(3);
    const page = await getDeskOrder(db, orderId, "it");
    expect(page.shipment).toMatchObject({ carrier: "UPS", url: expect.stringContaining("ups.com") });
  });

  it("cancels before shipping: stock back, a paid order refunded in full, audited; never after shipping", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const v = await variantWithStock(db, 5, 31);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 2 }] });
    expect(await stockOf(db, v.id)).toBe(3);
    const order = await loadOrderView(db, orderId);
    // Over the staff member's cap: refused, nothing changed.
    await saveShopSettings(db, { staffRefundLimitCents: order.totalCents - 1 });
    await expect(cancelOrder(db, provider, orderId, new Date(), staff).catch(code)).resolves.toBe("REFUND_OVER_LIMIT");
    // A member's own cap (issue 37) counts instead of the shop's; without the refunds capability it is 0.
    await saveShopSettings(db, { staffRefundLimitCents: 10_000_00 });
    await expect(cancelOrder(db, provider, orderId, new Date(), { ...staff, limitCents: order.totalCents - 1 }).catch(code)).resolves.toBe("REFUND_OVER_LIMIT");
    await expect(cancelOrder(db, provider, orderId, new Date(), { ...staff, limitCents: 0 }).catch(code)).resolves.toBe("REFUND_OVER_LIMIT");
    expect((await loadOrderView(db, orderId)).status).toBe("confirmed");
    expect(await stockOf(db, v.id)).toBe(3);
    await cancelOrder(db, provider, orderId, new Date(), owner);
    await saveShopSettings(db, { staffRefundLimitCents: 10_000 });
    expect(await stockOf(db, v.id)).toBe(5);
    expect(await loadOrderView(db, orderId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundedCents: order.totalCents });
    expect(refunds.map((r) => r.amountCents)).toEqual([order.totalCents]);
    expect((await auditOfRecord(db, "order", orderId)).map((a) => a.action)).toEqual(["order.cancel"]);
    await expect(cancelOrder(db, provider, orderId, new Date(), owner).catch(code)).resolves.toBe("ILLEGAL_TRANSITION");

    const shipped = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }] });
    await shipOrder(db, shipped.orderId, "TRACK123456");
    await expect(cancelOrder(db, provider, shipped.orderId, new Date(), owner).catch(code)).resolves.toBe("ILLEGAL_TRANSITION");
  });

  it("refunds some lines, never more than was taken, a staff member within the cap", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const a = await variantWithStock(db, 5, 32);
    const b = await variantWithStock(db, 5, 33);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: a.sku, quantity: 2 }, { sku: b.sku, quantity: 1 }] });
    const order = await loadOrderView(db, orderId);
    const [lineA, lineB] = order.lines;
    // Not shipped yet: no line refund (a cancellation is the step).
    await expect(refundLines(db, provider, orderId, [{ orderLineId: lineA.id, quantity: 1 }], new Date(), owner).catch(code)).resolves.toBe("ILLEGAL_TRANSITION");
    await shipOrder(db, orderId, "TRACK654321");
    await deliverOrder(db, orderId);
    // Over the cap for staff, fine for the owner.
    await saveShopSettings(db, { staffRefundLimitCents: lineA.unitCents - 1 });
    await expect(refundLines(db, provider, orderId, [{ orderLineId: lineA.id, quantity: 1 }], new Date(), staff).catch(code)).resolves.toBe("REFUND_OVER_LIMIT");
    expect(await db.selectFrom("returns").select("id").where("order_id", "=", orderId).execute()).toEqual([]);
    await saveShopSettings(db, { staffRefundLimitCents: 10_000_00 });
    expect(await refundLines(db, provider, orderId, [{ orderLineId: lineA.id, quantity: 1 }], new Date(), staff)).toBe(1);
    expect(refunds.map((r) => r.amountCents)).toEqual([lineA.unitCents]);
    expect(await loadOrderView(db, orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedCents: lineA.unitCents });
    // The cap counts the order's refunds so far: a second small refund past it is refused (a
    // large refund cannot be split into small ones), and the owner is not capped.
    await saveShopSettings(db, { staffRefundLimitCents: lineA.unitCents + 1 });
    await expect(refundLines(db, provider, orderId, [{ orderLineId: lineA.id, quantity: 1 }], new Date(), staff).catch(code)).resolves.toBe("REFUND_OVER_LIMIT");
    expect(refunds).toHaveLength(1);
    await saveShopSettings(db, { staffRefundLimitCents: 10_000_00 });
    // More than is left of a line: refused.
    await expect(refundLines(db, provider, orderId, [{ orderLineId: lineA.id, quantity: 2 }], new Date(), owner).catch(code)).resolves.toBe("NOTHING_TO_RETURN");
    await expect(refundLines(db, provider, orderId, [{ orderLineId: 999_999, quantity: 1 }], new Date(), owner).catch(code)).resolves.toBe("NOTHING_TO_RETURN");
    // The rest: everything that was taken, delivery included, and not a cent more.
    await refundLines(db, provider, orderId, [{ orderLineId: lineA.id, quantity: 1 }, { orderLineId: lineB.id, quantity: 1 }], new Date(), owner);
    const after = await loadOrderView(db, orderId);
    expect(after).toMatchObject({ status: "refunded", paymentStatus: "refunded", refundedCents: order.totalCents });
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order.totalCents);
    expect((await auditOfRecord(db, "order", orderId)).map((a) => [a.action, a.actor])).toEqual([
      ["order.refund", "owner@bottega.test"],
      ["order.refund", "staff@bottega.test"],
    ]);
  });

  it("receives one return of several and refunds it less the fee, capped for staff", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const a = await variantWithStock(db, 5, 34);
    const b = await variantWithStock(db, 5, 35);
    const { orderId, viewer } = await paidOrder(db, provider, { lines: [{ sku: a.sku, quantity: 1 }, { sku: b.sku, quantity: 1 }] });
    await shipOrder(db, orderId, "TRACK777777");
    await deliverOrder(db, orderId);
    const [lineA, lineB] = (await loadOrderView(db, orderId)).lines;
    const first = await requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineA.id, quantity: 1, reason: "too_small" }] });
    const second = await requestReturn(db, { orderId, viewer, lines: [{ orderLineId: lineB.id, quantity: 1, reason: "too_large" }] });
    expect(await markReturnReceived(db, orderId, new Date(), { actor: staff.actor, returnId: second })).toEqual([second]);
    await expect(markReturnReceived(db, orderId, new Date(), { actor: staff.actor, returnId: second }).catch(code)).resolves.toBe("NOTHING_TO_DO");
    const page = await getDeskOrder(db, orderId, "it");
    expect(page.returns.map((r) => [r.id, r.status])).toEqual([
      [first, "requested"],
      [second, "received"],
    ]);
    const due = page.returns[1].refundCents;
    await saveShopSettings(db, { staffRefundLimitCents: due - 1 });
    await expect(refundOrder(db, provider, orderId, new Date(), staff).catch(code)).resolves.toBe("REFUND_OVER_LIMIT");
    expect(refunds).toEqual([]);
    await saveShopSettings(db, { staffRefundLimitCents: due });
    expect(await refundOrder(db, provider, orderId, new Date(), staff)).toBe(1);
    expect(refunds.map((r) => r.amountCents)).toEqual([due]);
    expect((await auditOfRecord(db, "order", orderId)).map((a) => a.action)).toEqual(["order.refund", "order.return-received"]);
    await saveShopSettings(db, { staffRefundLimitCents: 10_000 });
  });
});
