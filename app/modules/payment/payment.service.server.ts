import { createHmac } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { PaymentMethod } from "~/modules/settings/shop-settings";
import type { Env } from "~/utils/env.server";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox.server";
import * as repo from "./payment.repository.server";
import { createStripeProvider } from "./stripe.server";

// The payment ledger: which provider takes the money, and an order's payments as rows (opened,
// cancelled, paid, refunded). It knows nothing of orders' states: the process that moves an order
// through its payment (start, events, retry, refunds) lives with the order, one level up
// (app/modules/order/order-payment.service.server.ts; decision 038).

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

/** The hosted page of the order's payment under way, if there is one (the order page links it). */
export function pendingPaymentUrl(db: Kysely<Database>, orderId: number): Promise<string | null> {
  return repo.findPendingPaymentUrl(db, orderId);
}

/** The sandbox payment behind a hosted-page ref: what its page shows. */
export async function findSandboxPayment(db: Kysely<Database>, ref: string) {
  return repo.findSandboxPayment(db, ref);
}

/** Each order's payments: method, provider, status, amount and dates (never a provider's secret reference). */
export async function paymentsOfOrders(db: Kysely<Database>, orderIds: number[]) {
  const rows = await repo.listPaymentsOfOrders(db, orderIds);
  return rows.map((p) => ({ orderId: p.order_id, provider: p.provider, method: p.method, status: p.status, amountCents: p.amount_cents, createdAt: p.created_at, updatedAt: p.updated_at }));
}

// ---------------------------------------------------------------------------------------------
// What the order's services ask of its payments, inside their transactions (the order's row is
// locked first, as everywhere).

type Trx = Kysely<Database> | Transaction<Database>;

/** Opens the pending payment of an order just placed or paid again: a bank transfer's needs no provider. */
export async function openPayment(trx: Trx, input: { orderId: number; method: PaymentMethod; amountCents: number; at: string }): Promise<void> {
  await repo.insertPayment(trx, { orderId: input.orderId, provider: input.method === "bankTransfer" ? "bank_transfer" : "pending", method: input.method, amountCents: input.amountCents, at: input.at });
}

/** A cancelled order's unpaid payments are cancelled (one confirmed later is refunded). */
export async function cancelOrderPayments(trx: Trx, orderId: number, at: string): Promise<void> {
  await repo.cancelPendingPayments(trx, orderId, at);
}

/** The bank transfer of an order arrived: its pending transfer payment is paid. */
export function markTransferPaid(trx: Trx, orderId: number, at: string): Promise<void> {
  return repo.markTransferPaid(trx, orderId, at);
}

/** The order's payment that took the money (refunds go back through it), if any. */
export function findPaidPayment(trx: Trx, orderId: number): Promise<{ id: number; provider: string; provider_ref: string | null } | undefined> {
  return repo.findPaidPayment(trx, orderId);
}

/** An order's payments and the provider's events about them, oldest first (Atelier's order page). */
export async function paymentHistoryOfOrder(db: Kysely<Database>, orderId: number) {
  const [payments, events] = await Promise.all([repo.listPaymentsOfOrder(db, orderId), repo.listPaymentEventsOfOrder(db, orderId)]);
  return { payments, events };
}
