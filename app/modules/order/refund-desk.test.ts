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
import { confirmTransfer, shipOrder } from "./fulfilment.service.server";
import { getDeskOrder } from "./order-desk.service.server";
import { normalizeTransferReference, previewAmountRefund, previewCancel, recordRefundTransfer, refundAmount } from "./refund-desk.service.server";
import { cancelExpiredOrder } from "./order.service.server";
import { cancelOrder } from "./returns.service.server";

// Issue 37: a cancellation mails the shopper why and what happens to the payment; a refund is any
// amount up to what is left of the payment, with a reason, before or after shipping, previewed
// without moving money, never past the cap (also when two are confirmed at once); a bank
// transfer's refund is "to wire" until the staff record the transfer, its day and CRO/TRN checked.

const code = (error: unknown) => (isDomainError(error) ? error.code : error);
const field = (error: unknown) => (isDomainError(error) ? `${error.code}@${error.field}` : error);
const staff = { actor: { kind: "staff" as const, staffId: 21, email: "staff@bottega.test" }, owner: false };
const owner = { actor: { kind: "staff" as const, staffId: 22, email: "owner@bottega.test" }, owner: true };

function recordingProvider() {
  const base = createSandboxProvider({ secret: "refund-desk", publicUrl: "http://shop.test" });
  const refunds: { amountCents: number; idempotencyKey: string }[] = [];
  const provider: PaymentProvider = {
    ...base,
    async refund(input) {
      refunds.push(input);
    },
  };
  return { provider, refunds };
}

const mails = (db: Kysely<Database>, orderId: number) => db.selectFrom("mail_outbox").select(["template", "subject", "text_body as text"]).where("order_id", "=", orderId).orderBy("id").execute();
const orderRow = (db: Kysely<Database>, id: number) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const refundRows = (db: Kysely<Database>, orderId: number) => db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();

describeEachDatabase("refunds and cancellations from the order desk", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    await saveShopSettings(ctx().db, { staffRefundLimitCents: 1_000_000 });
  });

  it("mails the shopper a cancellation with its reason and what happens to the payment: nothing charged (no transfer to send), or the card refunded", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const v = await variantWithStock(db, 9, 40);
    const unpaid = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }], method: "bankTransfer" });
    expect(await previewCancel(db, unpaid.orderId)).toMatchObject({ refundCents: 0, route: null });
    await cancelOrder(db, provider, unpaid.orderId, new Date(), staff, { reason: "payment_not_received", message: "Ci spiace, scriveteci pure." });
    const [, cancelled] = await mails(db, unpaid.orderId);
    expect(cancelled.template).toBe("order-cancelled");
    expect(cancelled.subject).toContain("è stato annullato");
    expect(cancelled.text).toContain("Motivo: non abbiamo ricevuto il pagamento entro i tempi previsti.");
    expect(cancelled.text).toContain("Un messaggio da noi: Ci spiace, scriveteci pure.");
    expect(cancelled.text).toContain("non inviare il bonifico");
    expect(refunds).toEqual([]);
    expect((await auditOfRecord(db, "order", unpaid.orderId))[0]).toMatchObject({ action: "order.cancel", after: { reason: "payment_not_received", status: "cancelled" } });

    const paid = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }] });
    const total = (await orderRow(db, paid.orderId)).total_cents;
    expect(await previewCancel(db, paid.orderId)).toMatchObject({ refundCents: total, route: "provider" });
    // The preview moved nothing.
    expect(await refundRows(db, paid.orderId)).toEqual([]);
    await cancelOrder(db, provider, paid.orderId, new Date(), owner, { reason: "out_of_stock" });
    const mail = (await mails(db, paid.orderId)).find((m) => m.template === "order-cancelled")!;
    expect(mail.text).toContain("Motivo: uno o più articoli non sono più disponibili.");
    expect(mail.text).toMatch(/Ti rimborsiamo \d+,\d{2}\s€ sullo stesso metodo di pagamento/);
    expect(refunds.map((r) => r.amountCents)).toEqual([total]);
    expect(await orderRow(db, paid.orderId)).toMatchObject({ status: "cancelled", payment_status: "refunded", refunded_cents: total });
  });

  it("mails a shopper told to pay by transfer when the order's hold ends unpaid; an abandoned card payment gets nothing", async () => {
    const { db } = ctx();
    const { provider } = recordingProvider();
    const v = await variantWithStock(db, 9, 44);
    const transfer = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }], method: "bankTransfer" });
    const card = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }], pay: false });
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(await cancelExpiredOrder(db, transfer.orderId, later)).toBe(true);
    expect(await cancelExpiredOrder(db, card.orderId, later)).toBe(true);
    const [mail] = (await mails(db, transfer.orderId)).filter((m) => m.template === "order-cancelled");
    expect(mail.text).toContain("Motivo: non abbiamo ricevuto il pagamento entro i tempi previsti.");
    expect(mail.text).toContain("non inviare il bonifico");
    expect((await mails(db, card.orderId)).filter((m) => m.template === "order-cancelled")).toEqual([]);
  });

  it("refunds part of a paid order before shipping, with its reason: previewed first (nothing moves), then to the card; all of it before shipping is a cancellation", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const v = await variantWithStock(db, 9, 41);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 2 }] });
    const total = (await orderRow(db, orderId)).total_cents;
    const preview = await previewAmountRefund(db, orderId, { amountCents: 1_250, reason: "Bottone mancante" }, staff);
    expect(preview).toMatchObject({ amountCents: 1_250, route: "provider", capturedCents: total, leftCents: total, beforeShipping: true });
    expect(await refundRows(db, orderId)).toEqual([]);
    expect(refunds).toEqual([]);

    await refundAmount(db, provider, orderId, { amountCents: 1_250, reason: "Bottone mancante" }, new Date(), staff);
    expect(refunds.map((r) => r.amountCents)).toEqual([1_250]);
    expect(await orderRow(db, orderId)).toMatchObject({ status: "confirmed", payment_status: "partially_refunded", refunded_cents: 1_250 });
    expect(await refundRows(db, orderId)).toEqual([expect.objectContaining({ amount_cents: 1_250, status: "done", reason: "Bottone mancante" })]);
    expect((await auditOfRecord(db, "order", orderId))[0]).toMatchObject({ action: "order.refund", after: { refundCents: 1_250, reason: "Bottone mancante", route: "provider" } });
    expect((await mails(db, orderId)).at(-1)?.template).toBe("refund-issued");

    // All of what is left before shipping: a cancellation, said at the amount's field.
    await expect(refundAmount(db, provider, orderId, { amountCents: total - 1_250, reason: null }, new Date(), owner).catch(field)).resolves.toBe("REFUND_WHOLE_BEFORE_SHIPPING@amount");
    // It still ships, partly refunded; after shipping the rest may go back, and the order is refunded.
    await shipOrder(db, orderId, { trackingNumber: "BRT12345678", carrier: "brt" });
    await refundAmount(db, provider, orderId, { amountCents: total - 1_250, reason: "Cliente insoddisfatto" }, new Date(), owner);
    expect(await orderRow(db, orderId)).toMatchObject({ status: "refunded", payment_status: "refunded", refunded_cents: total });
  });

  it("never refunds more than the payment took less what went back, at the amount's field, also when two refunds are confirmed at once; the staff cap still holds", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const v = await variantWithStock(db, 9, 42);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }] });
    await shipOrder(db, orderId, { trackingNumber: "BRT12345679", carrier: "brt" });
    const total = (await orderRow(db, orderId)).total_cents;
    await expect(previewAmountRefund(db, orderId, { amountCents: total + 1, reason: null }, owner).catch(field)).resolves.toBe("REFUND_OVER_CAPTURED@amount");
    await expect(refundAmount(db, provider, orderId, { amountCents: total + 1, reason: null }, new Date(), owner).catch(field)).resolves.toBe("REFUND_OVER_CAPTURED@amount");
    await expect(refundAmount(db, provider, orderId, { amountCents: 0, reason: null }, new Date(), owner).catch(field)).resolves.toBe("REFUND_AMOUNT@amount");

    // Two confirmations at once, each within what is left, together more: one is refused.
    const half = Math.floor(total / 2) + 1;
    const results = await Promise.allSettled([
      refundAmount(db, provider, orderId, { amountCents: half, reason: "a" }, new Date(), owner),
      refundAmount(db, provider, orderId, { amountCents: half, reason: "b" }, new Date(), owner),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(field(refused.reason)).toBe("REFUND_OVER_CAPTURED@amount");
    expect(refunds.map((r) => r.amountCents)).toEqual([half]);
    expect((await orderRow(db, orderId)).refunded_cents).toBe(half);

    // A staff member's cap: the owner's limit counts what went back already.
    await saveShopSettings(db, { staffRefundLimitCents: half + 100 });
    await expect(refundAmount(db, provider, orderId, { amountCents: 101, reason: null }, new Date(), staff).catch(code)).resolves.toBe("REFUND_OVER_LIMIT");
    await refundAmount(db, provider, orderId, { amountCents: 100, reason: null }, new Date(), staff);
    await saveShopSettings(db, { staffRefundLimitCents: 1_000_000 });
  });

  it("keeps a bank transfer's refund 'to wire' until the staff record the transfer: its day and CRO/TRN checked, then done, mailed and audited", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingProvider();
    const v = await variantWithStock(db, 9, 43);
    const { orderId } = await paidOrder(db, provider, { lines: [{ sku: v.sku, quantity: 1 }], method: "bankTransfer" });
    await confirmTransfer(db, orderId, new Date(), staff.actor);
    expect((await previewAmountRefund(db, orderId, { amountCents: 500, reason: "Sconto dimenticato" }, owner)).route).toBe("bank_transfer");
    const refundId = await refundAmount(db, provider, orderId, { amountCents: 500, reason: "Sconto dimenticato" }, new Date(), owner);
    expect(refunds).toEqual([]);
    expect(await refundRows(db, orderId)).toEqual([expect.objectContaining({ id: refundId, status: "pending", transfer_date: null })]);
    expect(await orderRow(db, orderId)).toMatchObject({ payment_status: "paid", refunded_cents: 0 });
    expect((await getDeskOrder(db, orderId, "it")).refunds).toEqual([expect.objectContaining({ id: refundId, status: "pending", provider: "bank_transfer" })]);

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
    const record = (date: string, reference: string) => recordRefundTransfer(db, orderId, refundId, { date, reference }, owner.actor).catch(field);
    await expect(record("2999-01-01", "12345678901")).resolves.toBe("TRANSFER_DATE@date");
    await expect(record("2020-01-01", "12345678901")).resolves.toBe("TRANSFER_DATE@date");
    await expect(record("2026-02-30", "12345678901")).resolves.toBe("TRANSFER_DATE@date");
    await expect(record(today, "1234")).resolves.toBe("TRANSFER_REFERENCE@reference");
    await expect(record(today, "CRO <script>")).resolves.toBe("TRANSFER_REFERENCE@reference");
    await expect(recordRefundTransfer(db, orderId, 999_999, { date: today, reference: "12345678901" }, owner.actor).catch(code)).resolves.toBe("REFUND_NOT_FOUND");
    expect((await refundRows(db, orderId))[0].status).toBe("pending");

    await recordRefundTransfer(db, orderId, refundId, { date: today, reference: "0306 9123 4567 8901 2345 6789 0" }, owner.actor);
    expect(await refundRows(db, orderId)).toEqual([expect.objectContaining({ status: "done", transfer_date: today, transfer_reference: "0306912345678901234567890" })]);
    expect(await orderRow(db, orderId)).toMatchObject({ payment_status: "partially_refunded", refunded_cents: 500 });
    const mail = (await mails(db, orderId)).at(-1)!;
    expect(mail.template).toBe("refund-issued");
    expect(mail.text).toContain("0306912345678901234567890");
    expect((await auditOfRecord(db, "order", orderId))[0]).toMatchObject({ action: "order.refund-transfer", actor: "owner@bottega.test", after: { refundId, transferReference: "0306912345678901234567890" } });
    // Recorded once: a second time is refused.
    await expect(record(today, "12345678901")).resolves.toBe("REFUND_NOT_TRANSFER@undefined");
  });
});

it("reads a CRO (11 digits) or a TRN (up to 35 letters and digits), nothing else", () => {
  expect(normalizeTransferReference("123 456 789 01")).toBe("12345678901");
  expect(normalizeTransferReference("0306-9123-4567-8901-2345-6789-0")).toBe("0306912345678901234567890");
  expect(normalizeTransferReference("abc")).toBeNull();
  expect(normalizeTransferReference("A".repeat(36))).toBeNull();
});
