import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { orderConfirmationMail } from "~/modules/order/order-mail.server";
import { getOrderFor, loadOrderView, type OrderViewer, PAYMENT_HOLD_MS } from "~/modules/order/order.service.server";
import type { PaymentMethod, ShopSettings } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { DomainError } from "~/utils/domain-error";
import type { Env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import type { PaymentEvent, PaymentProvider, ProviderMethod } from "./provider";
import { createSandboxProvider } from "./sandbox.server";
import { createStripeProvider } from "./stripe.server";

// Payments of an order: started after the order is placed (outside its transaction: a provider
// call must not hold database locks), confirmed by the provider's signed event (the webhook is
// the truth; the shopper's return only shows what is known), retried after a failure by the same
// or another method. Every step is idempotent: a replayed event or a second click changes nothing.

const providers = new WeakMap<Env, PaymentProvider>();

/** The sandbox's signing secret, derived from the session secret (one secret less to configure). */
export function sandboxSecret(env: Pick<Env, "SESSION_SECRET">): string {
  return createHmac("sha256", env.SESSION_SECRET).update("bottega-sandbox-payments").digest("hex");
}

/** The provider the environment chose (PAYMENT_PROVIDER): the sandbox unless Stripe is configured. */
export function paymentProvider(env: Env): PaymentProvider {
  let provider = providers.get(env);
  if (!provider) {
    provider =
      env.PAYMENT_PROVIDER === "stripe"
        ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiBase: env.STRIPE_API_BASE })
        : createSandboxProvider({ secret: sandboxSecret(env), publicUrl: env.PUBLIC_URL });
    providers.set(env, provider);
  }
  return provider;
}

export interface PaymentUrls {
  successUrl: string;
  cancelUrl: string;
}

/**
 * Creates the provider's payment for the order's pending payment and returns the hosted page to
 * send the shopper to. A payment already created returns its page again; a payment another
 * request is creating right now returns null (the caller shows the order, which links the page
 * once it exists). A provider that fails marks the payment failed: PAYMENT_UNAVAILABLE.
 */
export async function startPayment(db: Kysely<Database>, provider: PaymentProvider, orderId: number, urls: PaymentUrls, now = new Date()): Promise<string | null> {
  const payment = await db
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .where("provider", "in", ["pending", provider.id])
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!payment) return null;
  if (payment.redirect_url) return payment.redirect_url;
  const at = now.toISOString();
  // Compare-and-set: of two requests starting the same payment, one calls the provider.
  const claimed = await db.updateTable("payments").set({ provider: provider.id, updated_at: at }).where("id", "=", payment.id).where("provider", "=", "pending").executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) return null;
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
      ...urls,
    });
    await db.updateTable("payments").set({ provider_ref: created.providerRef, redirect_url: created.redirectUrl, updated_at: at }).where("id", "=", payment.id).execute();
    return created.redirectUrl;
  } catch (error) {
    log.warn("payment could not be started", { orderId, provider: provider.id, error: error instanceof Error ? error.message : String(error) });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("payments").set({ status: "failed", updated_at: at }).where("id", "=", payment.id).execute();
      await trx.updateTable("orders").set({ payment_status: "failed", updated_at: at }).where("id", "=", orderId).where("status", "=", "pending_payment").execute();
    });
    throw new DomainError("PAYMENT_UNAVAILABLE", `${provider.id} refused or was unreachable.`);
  }
}

/** The hosted page of the order's payment under way, if there is one (the order page links it). */
export async function pendingPaymentUrl(db: Kysely<Database>, orderId: number): Promise<string | null> {
  const row = await db
    .selectFrom("payments")
    .select("redirect_url")
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .where("redirect_url", "is not", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.redirect_url ?? null;
}

/**
 * Pays again for an unpaid order (its payment failed or was abandoned), by the same method or
 * another the shop offers. The order must still hold its stock. Returns the method: bank transfer
 * needs no provider (the order now waits for the transfer; the e-mail says how to pay).
 */
export async function retryPayment(
  db: Kysely<Database>,
  input: { orderId: number | null; viewer: OrderViewer; method: PaymentMethod },
  now = new Date(),
): Promise<{ orderId: number; method: PaymentMethod }> {
  const order = await getOrderFor(db, input.orderId, input.viewer);
  const settings = await getShopSettings(db);
  if (!settings.paymentMethods.includes(input.method)) throw new DomainError("NO_PAYMENT_METHODS", `${input.method} is not enabled.`, { field: "paymentMethod" });
  const at = now.toISOString();
  const bank = input.method === "bankTransfer";
  const hold = bank ? new Date(now.getTime() + settings.bankTransfer.holdDays * 86_400_000).toISOString() : new Date(Math.max(Date.parse(order.holdUntil), now.getTime() + PAYMENT_HOLD_MS)).toISOString();
  const queued = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("orders")
      .set({ payment_method: input.method, payment_status: bank ? "awaiting_transfer" : "pending", hold_until: hold, updated_at: at })
      .where("id", "=", order.id)
      .where("status", "=", "pending_payment")
      .where("payment_status", "in", ["pending", "failed", "awaiting_transfer"])
      .where("hold_until", ">", at)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new DomainError("ORDER_NOT_PAYABLE", `Order ${order.id} is ${order.status}/${order.paymentStatus}.`);
    await trx.updateTable("payments").set({ status: "cancelled", updated_at: at }).where("order_id", "=", order.id).where("status", "=", "pending").execute();
    await trx
      .insertInto("payments")
      .values({ order_id: order.id, provider: bank ? "bank_transfer" : "pending", method: input.method, status: "pending", amount_cents: order.totalCents, created_at: at, updated_at: at })
      .execute();
    if (bank) await enqueueMail(trx, orderConfirmationMail(await loadOrderView(trx, order.id), settings), { now });
    return bank;
  });
  if (queued) wakeMailWorkers();
  return { orderId: order.id, method: input.method };
}

export type EventResult = { result: "applied" | "replayed" | "unknown"; orderId: number | null };

/**
 * Applies a verified provider event once. A success confirms the order and queues its e-mail; a
 * failure marks the payment failed (the order keeps its stock until its hold ends, for a retry).
 * A success for an order that was cancelled meanwhile (or paid twice) is refunded, not lost.
 */
export async function handlePaymentEvent(db: Kysely<Database>, provider: PaymentProvider, event: PaymentEvent, now = new Date()): Promise<EventResult> {
  const at = now.toISOString();
  const settings: ShopSettings = await getShopSettings(db);
  const outcome = await db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom("payments").selectAll().where("provider", "=", provider.id).where("provider_ref", "=", event.providerRef).executeTakeFirst();
    const recorded = await trx
      .insertInto("payment_events")
      .values({ provider: provider.id, event_id: event.eventId, payment_id: payment?.id ?? null, type: event.outcome, received_at: at })
      .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!recorded) return { result: "replayed" as const, orderId: payment?.order_id ?? null };
    if (!payment) return { result: "unknown" as const, orderId: null };
    const orderId = payment.order_id;
    if (event.outcome === "failed") {
      const failed = await trx.updateTable("payments").set({ status: "failed", updated_at: at }).where("id", "=", payment.id).where("status", "=", "pending").executeTakeFirst();
      if (failed.numUpdatedRows === 1n) {
        await trx.updateTable("orders").set({ payment_status: "failed", updated_at: at }).where("id", "=", orderId).where("status", "=", "pending_payment").execute();
      }
      return { result: "applied" as const, orderId };
    }
    const paid = await trx
      .updateTable("payments")
      .set({ status: "paid", updated_at: at })
      .where("id", "=", payment.id)
      .where("status", "in", ["pending", "failed", "cancelled"])
      .executeTakeFirst();
    if (paid.numUpdatedRows !== 1n) return { result: "replayed" as const, orderId };
    const amountOk = event.amountCents === null || event.amountCents === payment.amount_cents;
    const confirmed = amountOk
      ? await trx
          .updateTable("orders")
          .set({ status: "confirmed", payment_status: "paid", payment_method: payment.method, paid_at: at, updated_at: at })
          .where("id", "=", orderId)
          .where("status", "=", "pending_payment")
          .executeTakeFirst()
      : { numUpdatedRows: 0n };
    if (confirmed.numUpdatedRows === 1n) {
      await enqueueMail(trx, orderConfirmationMail(await loadOrderView(trx, orderId), settings), { now });
      return { result: "applied" as const, orderId, mail: true };
    }
    // Cancelled (its hold ended), already paid by another payment, or an amount that is not the
    // order's: the money goes back.
    return { result: "applied" as const, orderId, refund: { paymentId: payment.id, ref: event.providerRef, amountCents: event.amountCents ?? payment.amount_cents } };
  });
  if ("mail" in outcome) wakeMailWorkers();
  if ("refund" in outcome && outcome.refund) {
    const { refund } = outcome;
    log.warn("payment confirmed for an order that cannot take it: refunding", { orderId: outcome.orderId, paymentId: refund.paymentId });
    await provider.refund({ providerRef: refund.ref, amountCents: refund.amountCents, idempotencyKey: `bottega-refund-${refund.paymentId}` });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("payments").set({ status: "refunded", updated_at: at }).where("id", "=", refund.paymentId).execute();
      await trx.updateTable("orders").set({ payment_status: "refunded", updated_at: at }).where("id", "=", outcome.orderId!).where("status", "=", "cancelled").execute();
    });
  }
  return { result: outcome.result, orderId: outcome.orderId };
}

/** The sandbox payment behind a hosted-page ref: what its page shows. */
export async function findSandboxPayment(db: Kysely<Database>, ref: string) {
  return db
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["p.id", "p.status", "p.amount_cents as amountCents", "p.method", "o.id as orderId", "o.number", "o.locale", "o.email"])
    .where("p.provider", "=", "sandbox")
    .where("p.provider_ref", "=", ref)
    .executeTakeFirst();
}
