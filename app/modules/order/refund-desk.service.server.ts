import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { findPaidPayment } from "~/modules/payment/payment.service.server";
import type { PaymentProvider } from "~/modules/payment/provider";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { DomainError } from "~/utils/domain-error";
import { calendarDay } from "./order-desk.schema";
import { nextOrderState } from "./order-state";
import { lockOrder, type OrderRow, stateOf } from "./order-transition.server";
import * as repo from "./order.repository.server";
import { cancellationRefundCents, checkRefundCap, completeRefund, issuePendingRefunds, type RefundAuthority, recordRefund } from "./returns.service.server";

// Atelier's refunds of an amount (issue 37): any amount up to what the order's payment took less
// what went back or is on its way, with the staff's reason, before or after shipping, always
// through a confirmation step (previewAmountRefund, which moves nothing, then refundAmount). A
// card's refund goes to the payment provider; a bank transfer's waits "to be wired" until the
// staff record the transfer they sent (recordRefundTransfer: its day and CRO/TRN).

/** How the money goes back: through the payment's provider, or by a transfer the shop sends. */
export type RefundRoute = "provider" | "bank_transfer";

export interface RefundPreview {
  orderId: number;
  orderNumber: string;
  amountCents: number;
  reason: string | null;
  route: RefundRoute;
  /** What the order's payment took, what went back, what is on its way, and what is left. */
  capturedCents: number;
  refundedCents: number;
  pendingCents: number;
  leftCents: number;
  /** The order before its parcel left (the refund is a part: all of it is a cancellation). */
  beforeShipping: boolean;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The day (YYYY-MM-DD) an instant falls on in Italy. */
const romeIsoDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

async function routeOf(db: Db, orderId: number): Promise<RefundRoute> {
  const payment = await findPaidPayment(db, orderId);
  if (!payment) throw new DomainError("ILLEGAL_TRANSITION", `Order ${orderId} has no paid payment.`);
  return payment.provider === "bank_transfer" ? "bank_transfer" : "provider";
}

/**
 * The rules of an amount's refund, on the order as read (locked, when it is the real one):
 * the order's state takes a refund, the amount is more than nothing and at most what is left, a
 * refund before shipping is a part (all of it is the cancellation's), and a staff member who is
 * not an owner stays within the owner's limit. Throws ILLEGAL_TRANSITION, REFUND_AMOUNT (field
 * amount), REFUND_OVER_CAPTURED (field amount), REFUND_WHOLE_BEFORE_SHIPPING (field amount),
 * REFUND_OVER_LIMIT.
 */
async function checkAmountRefund(trx: Db, order: OrderRow, amountCents: number, by: RefundAuthority | undefined, limitCents: number) {
  if (order.status === "cancelled" || !nextOrderState(stateOf(order), { type: "refund", full: false })) {
    throw new DomainError("ILLEGAL_TRANSITION", `Order ${order.id} is ${order.status}/${order.payment_status}: no refund.`);
  }
  const pendingCents = await repo.sumPendingRefunds(trx, order.id);
  const leftCents = order.total_cents - order.refunded_cents - pendingCents;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError("REFUND_AMOUNT", `Refund of ${amountCents} cents.`, { field: "amount" });
  if (amountCents > leftCents) throw new DomainError("REFUND_OVER_CAPTURED", `Order ${order.id}: ${amountCents} cents asked, ${leftCents} left.`, { field: "amount" });
  const beforeShipping = order.status === "confirmed";
  if (beforeShipping && amountCents === leftCents) throw new DomainError("REFUND_WHOLE_BEFORE_SHIPPING", `Order ${order.id}: all of it before shipping is a cancellation.`, { field: "amount" });
  await checkRefundCap(trx, by, order, amountCents, limitCents);
  return { pendingCents, leftCents, beforeShipping };
}

/** What refunding this amount would do (the confirmation step): nothing is written. */
export async function previewAmountRefund(db: Kysely<Database>, orderId: number, input: { amountCents: number; reason: string | null }, by?: RefundAuthority): Promise<RefundPreview> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
  const settings = await getShopSettings(db);
  const { pendingCents, leftCents, beforeShipping } = await checkAmountRefund(db, order, input.amountCents, by, settings.staffRefundLimitCents);
  return {
    orderId,
    orderNumber: order.number,
    amountCents: input.amountCents,
    reason: input.reason,
    route: await routeOf(db, orderId),
    capturedCents: order.total_cents,
    refundedCents: order.refunded_cents,
    pendingCents,
    leftCents,
    beforeShipping,
  };
}

/**
 * Refunds an amount of the order, once confirmed: the rules checked again on the locked order
 * (two posts at once take turns, and the second sees the first's refund), the refund recorded
 * with its reason and audited, then asked of the provider (a bank transfer's waits for its
 * transfer). Returns the refund's id.
 */
export async function refundAmount(db: Kysely<Database>, provider: PaymentProvider, orderId: number, input: { amountCents: number; reason: string | null }, now = new Date(), by?: RefundAuthority): Promise<number> {
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  const refundId = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, at);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    await checkAmountRefund(trx, order, input.amountCents, by, settings.staffRefundLimitCents);
    const id = await recordRefund(trx, order, null, input.amountCents, at, input.reason);
    if (by) {
      await recordAudit(trx, {
        actor: by.actor,
        action: "order.refund",
        entityType: "order",
        entityId: order.id,
        before: { refundedCents: order.refunded_cents, paymentStatus: order.payment_status },
        after: { refundId: id, refundCents: input.amountCents, reason: input.reason, route: await routeOf(trx, order.id) },
        summary: order.number,
        at: now,
      });
    }
    return id;
  });
  await issuePendingRefunds(db, provider, { orderId }, now);
  return refundId;
}

export interface CancelPreview {
  orderId: number;
  orderNumber: string;
  /** What goes back with the cancellation (0: nothing was taken). */
  refundCents: number;
  route: RefundRoute | null;
  paymentMethod: string;
}

/** What cancelling the order would do (its confirmation page). Throws ILLEGAL_TRANSITION when it cannot be cancelled. */
export async function previewCancel(db: Kysely<Database>, orderId: number): Promise<CancelPreview> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
  if (!nextOrderState(stateOf(order), { type: "cancel" })) throw new DomainError("ILLEGAL_TRANSITION", `Order ${orderId} is ${order.status}: no cancellation.`);
  const refundCents = await cancellationRefundCents(db, order);
  return { orderId, orderNumber: order.number, refundCents, route: refundCents > 0 ? await routeOf(db, orderId) : null, paymentMethod: order.payment_method };
}

// ---------------------------------------------------------------------------------------------
// A bank transfer's refund: the staff send it from the shop's bank, then record it here.

/** A CRO (11 digits) or a SEPA transfer's TRN (up to 35 letters and digits), spaces and dashes dropped, upper case. */
export function normalizeTransferReference(value: string): string | null {
  const compact = value.replace(/[\s-]+/g, "").toUpperCase();
  return /^[A-Z0-9]{11,35}$/.test(compact) ? compact : null;
}

/**
 * Records that a bank-transfer refund was sent: its day (not in the future, not before the refund
 * was recorded, Italy's calendar) and the transfer's CRO/TRN. The refund is then done ("Eseguito"),
 * the order's payment moves on, the shopper gets the e-mail with the day and reference, and the
 * step is audited. Throws REFUND_NOT_FOUND, REFUND_NOT_TRANSFER (a provider's refund, or one done
 * already), TRANSFER_DATE (field date), TRANSFER_REFERENCE (field reference).
 */
export async function recordRefundTransfer(
  db: Kysely<Database>,
  orderId: number,
  refundId: number,
  input: { date: string; reference: string },
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  const refund = await repo.findRefundOfOrder(db, orderId, refundId);
  if (!refund) throw new DomainError("REFUND_NOT_FOUND", `Order ${orderId} has no refund ${refundId}.`);
  if (refund.provider !== "bank_transfer" || refund.status !== "pending") throw new DomainError("REFUND_NOT_TRANSFER", `Refund ${refundId} is ${refund.provider}/${refund.status}.`);
  const date = calendarDay(input.date.trim());
  if (!date || date > romeIsoDay(now) || date < romeIsoDay(new Date(refund.created_at))) throw new DomainError("TRANSFER_DATE", `Transfer date ${input.date}.`, { field: "date" });
  const reference = normalizeTransferReference(input.reference);
  if (!reference) throw new DomainError("TRANSFER_REFERENCE", "Not a CRO/TRN.", { field: "reference" });
  // Done by another request meanwhile: nothing more to record.
  if (!(await completeRefund(db, refundId, orderId, now, { date, reference, actor }))) throw new DomainError("REFUND_NOT_TRANSFER", `Refund ${refundId} was recorded meanwhile.`);
}

/** One refund of the order (its transfer page). Throws REFUND_NOT_FOUND. */
export async function refundOfOrder(db: Kysely<Database>, orderId: number, refundId: number) {
  const [refund, order] = await Promise.all([repo.findRefundOfOrder(db, orderId, refundId), repo.findOrder(db, orderId)]);
  if (!refund || !order) throw new DomainError("REFUND_NOT_FOUND", `Order ${orderId} has no refund ${refundId}.`);
  return {
    id: refund.id,
    orderId,
    orderNumber: order.number,
    amountCents: refund.amount_cents,
    status: refund.status,
    reason: refund.reason,
    createdAt: refund.created_at,
    route: (refund.provider === "bank_transfer" ? "bank_transfer" : "provider") as RefundRoute,
    transferDate: refund.transfer_date,
    transferReference: refund.transfer_reference,
  };
}

/** What the received returns' refund would pay back (its confirmation step). Throws NOTHING_TO_DO when none waits. */
export async function previewReturnsRefund(db: Kysely<Database>, orderId: number): Promise<{ orderId: number; orderNumber: string; amountCents: number; returns: number; route: RefundRoute }> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
  const due = await repo.listReceivedReturnsWithoutRefund(db, orderId);
  if (!due.length) throw new DomainError("NOTHING_TO_DO", `Order ${orderId} has no received return to refund.`);
  const left = order.total_cents - order.refunded_cents - (await repo.sumPendingRefunds(db, orderId));
  const amountCents = Math.min(left, due.reduce((sum, ret) => sum + ret.refund_cents, 0));
  return { orderId, orderNumber: order.number, amountCents, returns: due.length, route: await routeOf(db, orderId) };
}

/** What of the order's payment may still go back (the refund's form), and whether an amount's refund is possible now. */
export async function refundableOf(db: Kysely<Database>, orderId: number) {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
  const pendingCents = await repo.sumPendingRefunds(db, orderId);
  const leftCents = order.total_cents - order.refunded_cents - pendingCents;
  const open = order.status !== "cancelled" && nextOrderState(stateOf(order), { type: "refund", full: false }) !== null;
  // Before shipping a part only: at least a cent must stay (all of it is the cancellation's).
  const canRefund = open && leftCents > (order.status === "confirmed" ? 1 : 0);
  return { orderId, orderNumber: order.number, capturedCents: order.total_cents, refundedCents: order.refunded_cents, pendingCents, leftCents, canRefund };
}
