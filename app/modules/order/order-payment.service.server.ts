import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import * as repo from "~/modules/payment/payment.repository.server";
import { openPayment } from "~/modules/payment/payment.service.server";
import type { PaymentEvent, PaymentProvider, ProviderMethod } from "~/modules/payment/provider";
import type { PaymentMethod, ShopSettings } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { DomainError } from "~/utils/domain-error";
import { log } from "~/utils/log.server";
import { orderConfirmationMail } from "./order-mail.server";
import { isUnpaid, nextOrderState } from "./order-state";
import { lockOrder, stateOf, transitionOrder, tryTransitionOrder } from "./order-transition.server";
import { getOrderFor, loadOrderView, type OrderViewer, PAYMENT_HOLD_MS } from "./order.service.server";

// Payments of an order: started after the order is placed (outside its transaction: a provider
// call must not hold database locks), confirmed by the provider's signed event (the webhook is
// the truth; the shopper's return only shows what is known), retried after a failure by the same
// or another method. Every step is idempotent: a replayed event or a second click changes nothing.
//
// The process that moves an order through its payment lives with the order; the payment ledger
// it writes (the payments' rows and the providers) stays below, in app/modules/payment/, and never
// imports the order back (decision 038).

export interface PaymentUrls {
  successUrl: string;
  cancelUrl: string;
}

/** A claim on a payment that never got its page (the process died mid-call) is taken over after this. */
const STALE_CLAIM_MS = 2 * 60_000;

/**
 * The hosted page's end: the order's hold, but at least 31 minutes (Stripe's minimum is 30) and
 * less than 24 hours (its maximum, with a margin for clocks) after the payment was created. Counted
 * from the payment, not from now, so a request taking over a stale claim asks for the same page
 * under the same idempotency key.
 */
function pageExpiry(holdUntil: string, paymentCreatedAt: string): string {
  const created = Date.parse(paymentCreatedAt);
  const at = Math.min(Math.max(Date.parse(holdUntil), created + 31 * 60_000), created + (23 * 60 + 55) * 60_000);
  return new Date(at).toISOString();
}

/**
 * Creates the provider's payment for the order's pending payment and returns the hosted page to
 * send the shopper to. A payment already created returns its page again; a payment another
 * request is creating right now returns null (the caller shows the order, which links the page
 * once it exists). A provider that fails marks the payment failed: PAYMENT_UNAVAILABLE.
 */
export async function startPayment(db: Kysely<Database>, provider: PaymentProvider, orderId: number, urls: PaymentUrls, now = new Date()): Promise<string | null> {
  const payment = await repo.findStartablePayment(db, orderId, provider.id);
  if (!payment) return null;
  if (payment.redirect_url) return payment.redirect_url;
  const at = now.toISOString();
  // Compare-and-set: of two requests starting the same payment, one calls the provider; a claim
  // whose request died before storing the page is taken over once it is stale.
  if (!(await repo.claimPayment(db, payment.id, provider.id, at, new Date(now.getTime() - STALE_CLAIM_MS).toISOString()))) return null;
  const order = await loadOrderView(db, orderId);
  try {
    const created = await provider.createPayment({
      paymentId: payment.id,
      orderId,
      orderNumber: order.number,
      amountCents: payment.amount_cents,
      currency: "eur",
      method: payment.method as ProviderMethod,
      email: order.email,
      locale: order.locale,
      expiresAt: pageExpiry(order.holdUntil, payment.created_at),
      ...urls,
    });
    await repo.setPaymentPage(db, payment.id, created, at);
    return created.redirectUrl;
  } catch (error) {
    log.warn("payment could not be started", { orderId, provider: provider.id, error: error instanceof Error ? error.message : String(error) });
    // The order before its payment, as everywhere: two transactions never wait on each other's rows.
    await db.transaction().execute(async (trx) => {
      await tryTransitionOrder(trx, orderId, { type: "paymentFailed" }, at);
      await repo.setPaymentStatus(trx, payment.id, "failed", at);
    });
    throw new DomainError("PAYMENT_UNAVAILABLE", `${provider.id} refused or was unreachable.`);
  }
}

/**
 * Pays again for an unpaid order (its payment failed or was abandoned), by the same method or
 * another the shop offers. The order must still hold its stock, and the hold never grows past
 * the longest one (a bank transfer's days from the order's placing), however often the shopper
 * switches. Returns the method: bank transfer needs no provider (the order now waits for the
 * transfer; the e-mail says how to pay). The previous payment's hosted page is closed.
 */
export async function retryPayment(
  db: Kysely<Database>,
  provider: PaymentProvider,
  input: { orderId: number | null; viewer: OrderViewer; method: PaymentMethod },
  now = new Date(),
): Promise<{ orderId: number; method: PaymentMethod }> {
  const order = await getOrderFor(db, input.orderId, input.viewer);
  const settings = await getShopSettings(db);
  if (!settings.paymentMethods.includes(input.method)) throw new DomainError("NO_PAYMENT_METHODS", `${input.method} is not enabled.`, { field: "paymentMethod" });
  const at = now.toISOString();
  const bank = input.method === "bankTransfer";
  const longest = Date.parse(order.placedAt) + settings.bankTransfer.holdDays * 86_400_000;
  const wanted = bank ? now.getTime() + settings.bankTransfer.holdDays * 86_400_000 : Math.max(Date.parse(order.holdUntil), now.getTime() + PAYMENT_HOLD_MS);
  const hold = new Date(Math.min(wanted, longest)).toISOString();
  const { queued, closed } = await db.transaction().execute(async (trx) => {
    const updated = await tryTransitionOrder(trx, order.id, { type: "switchMethod", awaitingTransfer: bank }, at, { payment_method: input.method, hold_until: hold }, (row) => row.hold_until > at);
    if (!updated) throw new DomainError("ORDER_NOT_PAYABLE", `Order ${order.id} is ${order.status}/${order.paymentStatus}.`);
    const open = await repo.cancelPendingPayments(trx, order.id, at);
    await openPayment(trx, { orderId: order.id, method: input.method, amountCents: order.totalCents, at });
    if (bank) await enqueueMail(trx, orderConfirmationMail(await loadOrderView(trx, order.id), settings), { now });
    return { queued: bank, closed: open.filter((p) => p.provider === provider.id && p.provider_ref).map((p) => p.provider_ref!) };
  });
  if (queued) wakeMailWorkers();
  // A page left open could still take money; should closing it fail, a payment made there is
  // refunded when its event arrives (its payment is cancelled).
  for (const ref of closed) {
    await provider.cancelPayment(ref).catch((error: unknown) => log.warn("an old payment page could not be closed", { orderId: order.id, error: error instanceof Error ? error.message : String(error) }));
  }
  return { orderId: order.id, method: input.method };
}

export type EventResult = { result: "applied" | "replayed" | "unknown"; orderId: number | null };

/**
 * Applies a verified provider event once. A success confirms the order and queues its e-mail; a
 * failure marks the payment failed (the order keeps its stock until its hold ends, for a retry).
 * A success for an order that was cancelled meanwhile, paid already, or paid a different amount
 * is refunded, not lost: the payment waits as refund_pending until the provider confirms the
 * refund (retried by retryPendingRefunds when the provider is down). A different amount never
 * confirms the order, and its payment is over (its page took money that goes back): the order's
 * payment fails, so the shopper is sent to the retry at once rather than left waiting for a
 * confirmation that cannot come.
 */
export async function handlePaymentEvent(db: Kysely<Database>, provider: PaymentProvider, event: PaymentEvent, now = new Date()): Promise<EventResult> {
  const at = now.toISOString();
  const settings: ShopSettings = await getShopSettings(db);
  const outcome = await db.transaction().execute(async (trx) => {
    // The first statement writes (SQLite takes its write lock up front; see placeOrder), and a
    // replayed event stops here.
    const recorded = await repo.recordPaymentEvent(trx, { provider: provider.id, eventId: event.eventId, type: event.outcome, at });
    const payment = await repo.findPaymentByRef(trx, provider.id, event.providerRef);
    if (recorded === undefined) return { result: "replayed" as const, orderId: payment?.order_id ?? null };
    if (!payment) return { result: "unknown" as const, orderId: null };
    await repo.linkPaymentEvent(trx, recorded, payment.id);
    const orderId = payment.order_id;
    // The order's row before its payment's, as in every other transaction that writes both.
    const order = await lockOrder(trx, orderId, at);
    if (event.outcome === "failed") {
      if (payment.status === "pending") {
        if (order && nextOrderState(stateOf(order), { type: "paymentFailed" })) await transitionOrder(trx, order, { type: "paymentFailed" }, at);
        await repo.setPaymentStatus(trx, payment.id, "failed", at, "pending");
      }
      return { result: "applied" as const, orderId };
    }
    if (!["pending", "failed", "cancelled"].includes(payment.status)) return { result: "replayed" as const, orderId };
    const amountOk = event.amountCents === null || event.amountCents === payment.amount_cents;
    // Paid while still waiting: confirmed. Cancelled meanwhile, already paid by another payment,
    // or not the order's amount: the state machine has no "pay" for it, and the money goes back.
    const confirmed = amountOk && order && nextOrderState(stateOf(order), { type: "pay" }) ? await transitionOrder(trx, order, { type: "pay" }, at, { payment_method: payment.method, paid_at: at }) : null;
    if (confirmed) {
      await repo.setPaymentStatus(trx, payment.id, "paid", at);
      await enqueueMail(trx, orderConfirmationMail(await loadOrderView(trx, orderId), settings), { now });
      return { result: "applied" as const, orderId, mail: true };
    }
    // Cancelled (its hold ended), already paid by another payment, or an amount that is not the
    // order's: the money goes back, as much as was taken (a wrong amount is recorded as paid).
    await repo.markRefundPending(trx, payment.id, amountOk ? payment.amount_cents : event.amountCents!, at);
    // The order's current payment paid the wrong amount: that attempt failed, and the order still
    // holds its stock for a retry (by any method) until its hold ends.
    if (!amountOk && payment.status === "pending" && order && nextOrderState(stateOf(order), { type: "paymentFailed" })) await transitionOrder(trx, order, { type: "paymentFailed" }, at);
    return { result: "applied" as const, orderId, refund: true, amountMismatch: !amountOk };
  });
  if ("mail" in outcome) wakeMailWorkers();
  if ("refund" in outcome) {
    if (outcome.amountMismatch) log.error("payment of an amount that is not the order's: refunding", { orderId: outcome.orderId, amountCents: event.amountCents });
    else log.warn("payment confirmed for an order that cannot take it: refunding", { orderId: outcome.orderId });
    await retryPendingRefunds(db, provider, now);
  }
  return { result: outcome.result, orderId: outcome.orderId };
}

/**
 * Refunds every payment waiting for its refund (refund_pending), each with a key of its own so
 * that a refund the provider made but did not confirm is not made twice. One the provider refuses
 * now stays waiting for the next sweep. Returns how many were refunded.
 */
export async function retryPendingRefunds(db: Kysely<Database>, provider: PaymentProvider, now = new Date()): Promise<number> {
  const waiting = await repo.listRefundPendingPayments(db, provider.id, 50);
  let refunded = 0;
  for (const payment of waiting) {
    try {
      await provider.refund({ providerRef: payment.provider_ref!, amountCents: payment.amount_cents, idempotencyKey: `bottega-refund-${payment.id}` });
    } catch (error) {
      log.warn("refund failed, will retry", { paymentId: payment.id, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      // Only when this payment was the only money: a cancelled order paid by another payment has
      // its own refund (returns.service.server.ts), which moves the order.
      await tryTransitionOrder(trx, payment.order_id, { type: "refund", full: true }, at, {}, (order) => order.status === "cancelled" && isUnpaid(order.payment_status));
      await repo.setPaymentStatus(trx, payment.id, "refunded", at, "refund_pending");
    });
    refunded++;
  }
  return refunded;
}

/**
 * The shopper's return from the provider while the order still waits: the webhook may be late
 * (or lost), so ask the provider, whose authenticated answer is as good as its event, and apply
 * it as one (once: its id is the payment's).
 */
export async function settleFromProvider(db: Kysely<Database>, provider: PaymentProvider, orderId: number, now = new Date()): Promise<void> {
  const payment = await repo.findPendingProviderPayment(db, orderId, provider.id);
  if (!payment?.provider_ref) return;
  let state;
  try {
    state = await provider.retrievePayment(payment.provider_ref);
  } catch (error) {
    log.warn("the provider could not say how a payment stands", { orderId, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (state === "pending") return;
  await handlePaymentEvent(db, provider, { eventId: `return:${payment.provider_ref}:${state}`, outcome: state, providerRef: payment.provider_ref, amountCents: null }, now);
}
