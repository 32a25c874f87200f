import type { Kysely, Transaction } from "kysely";
import type { Database, PaymentStatus } from "~/db/schema";

// The payment domain's SQL: payments and the provider events already handled. The payment
// service holds the rules; the order's services reach payments only through it.

type Db = Kysely<Database> | Transaction<Database>;

/** A new pending payment of an order (placed, or paid again by another method). */
export async function insertPayment(db: Db, values: { orderId: number; provider: string; method: string; amountCents: number; at: string }): Promise<void> {
  await db
    .insertInto("payments")
    .values({ order_id: values.orderId, provider: values.provider, method: values.method, status: "pending", amount_cents: values.amountCents, created_at: values.at, updated_at: values.at })
    .execute();
}

/** The order's latest pending payment not yet taken by another provider (the one to start). */
export function findStartablePayment(db: Db, orderId: number, providerId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "=", "pending")
    .where("provider", "in", ["pending", providerId])
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/**
 * Claims a payment for a provider (compare-and-set): only one without a page that nobody has
 * claimed, or whose claim by this provider is older than `staleBefore`. False when another has it.
 */
export async function claimPayment(db: Db, paymentId: number, providerId: string, at: string, staleBefore: string): Promise<boolean> {
  const claimed = await db
    .updateTable("payments")
    .set({ provider: providerId, updated_at: at })
    .where("id", "=", paymentId)
    .where("redirect_url", "is", null)
    .where((eb) => eb.or([eb("provider", "=", "pending"), eb.and([eb("provider", "=", providerId), eb("updated_at", "<", staleBefore)])]))
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

export async function setPaymentPage(db: Db, paymentId: number, page: { providerRef: string; redirectUrl: string }, at: string): Promise<void> {
  await db.updateTable("payments").set({ provider_ref: page.providerRef, redirect_url: page.redirectUrl, updated_at: at }).where("id", "=", paymentId).execute();
}

/** Sets a payment's status; with `from`, only while it still has that status. */
export async function setPaymentStatus(db: Db, paymentId: number, status: PaymentStatus, at: string, from?: PaymentStatus): Promise<void> {
  let query = db.updateTable("payments").set({ status, updated_at: at }).where("id", "=", paymentId);
  if (from) query = query.where("status", "=", from);
  await query.execute();
}

/** A payment whose money goes back: waiting for its refund, of `amountCents` (what was taken). */
export async function markRefundPending(db: Db, paymentId: number, amountCents: number, at: string): Promise<void> {
  await db.updateTable("payments").set({ status: "refund_pending", amount_cents: amountCents, updated_at: at }).where("id", "=", paymentId).execute();
}

/** The hosted page of the order's latest pending payment that has one. */
export async function findPendingPaymentUrl(db: Db, orderId: number): Promise<string | null> {
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

/** Cancels the order's pending payments; their providers and references (pages to close). */
export function cancelPendingPayments(db: Db, orderId: number, at: string) {
  return db.updateTable("payments").set({ status: "cancelled", updated_at: at }).where("order_id", "=", orderId).where("status", "=", "pending").returning(["provider", "provider_ref"]).execute();
}

/** Marks the order's pending bank-transfer payment paid (the transfer arrived). */
export async function markTransferPaid(db: Db, orderId: number, at: string): Promise<void> {
  await db.updateTable("payments").set({ status: "paid", updated_at: at }).where("order_id", "=", orderId).where("provider", "=", "bank_transfer").where("status", "=", "pending").execute();
}

/** The order's latest payment that took the money. */
export function findPaidPayment(db: Db, orderId: number) {
  return db.selectFrom("payments").select(["id", "provider", "provider_ref"]).where("order_id", "=", orderId).where("status", "=", "paid").orderBy("id", "desc").executeTakeFirst();
}

/** The order's latest pending payment with this provider that has a reference there. */
export function findPendingProviderPayment(db: Db, orderId: number, providerId: string) {
  return db
    .selectFrom("payments")
    .select(["provider_ref"])
    .where("order_id", "=", orderId)
    .where("provider", "=", providerId)
    .where("status", "=", "pending")
    .where("provider_ref", "is not", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export function findPaymentByRef(db: Db, providerId: string, providerRef: string) {
  return db.selectFrom("payments").selectAll().where("provider", "=", providerId).where("provider_ref", "=", providerRef).executeTakeFirst();
}

/** Payments of a provider waiting for their refund. */
export function listRefundPendingPayments(db: Db, providerId: string, limit: number) {
  return db.selectFrom("payments").select(["id", "order_id", "provider_ref", "amount_cents"]).where("provider", "=", providerId).where("status", "=", "refund_pending").limit(limit).execute();
}

/**
 * Records a provider event; its id, or undefined when the event was recorded already (a replay).
 * Written first in its transaction: SQLite takes its write lock up front.
 */
export async function recordPaymentEvent(db: Db, values: { provider: string; eventId: string; type: string; at: string }): Promise<number | undefined> {
  const row = await db
    .insertInto("payment_events")
    .values({ provider: values.provider, event_id: values.eventId, payment_id: null, type: values.type, received_at: values.at })
    .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function linkPaymentEvent(db: Db, eventId: number, paymentId: number): Promise<void> {
  await db.updateTable("payment_events").set({ payment_id: paymentId }).where("id", "=", eventId).execute();
}

/** The sandbox payment behind a hosted-page ref, with its order's number and address (its page shows them). */
export function findSandboxPayment(db: Db, ref: string) {
  return db
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["p.id", "p.status", "p.amount_cents as amountCents", "p.method", "o.id as orderId", "o.number", "o.email"])
    .where("p.provider", "=", "sandbox")
    .where("p.provider_ref", "=", ref)
    .executeTakeFirst();
}

/** The payments of some orders, oldest first (a data export lists them with each order). */
export function listPaymentsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom("payments")
    .select(["order_id", "provider", "method", "status", "amount_cents", "created_at", "updated_at"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
}

/** The order's payments, oldest first. */
export function listPaymentsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom("payments")
    .select(["id", "provider", "method", "status", "amount_cents as amountCents", "provider_ref as providerRef", "created_at as createdAt", "updated_at as updatedAt"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/** The provider's events about the order's payments (webhooks handled), oldest first. */
export function listPaymentEventsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom("payment_events as e")
    .innerJoin("payments as p", "p.id", "e.payment_id")
    .select(["e.id", "e.provider", "e.event_id as eventId", "e.type", "e.received_at as receivedAt", "p.id as paymentId"])
    .where("p.order_id", "=", orderId)
    .orderBy("e.id")
    .limit(200)
    .execute();
}

