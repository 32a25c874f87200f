import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Database, Locale, OrderLinesTable, OrdersTable, OrderStatus, ReturnKind, WithdrawalsTable } from "~/db/schema";

// The order domain's SQL: orders and their lines, returns and their lines, refunds and
// withdrawals. Every query takes `db` or the caller's transaction; the services (order, returns,
// fulfilment) hold the rules, open the transactions and lock the order's row first.

type Db = Kysely<Database> | Transaction<Database>;

export type OrderRow = Selectable<OrdersTable>;

// ---------------------------------------------------------------------------------------------
// Orders

export function findOrder(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

export function findOrderOrThrow(db: Db, orderId: number): Promise<OrderRow> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

/** Who an order belongs to: its account, or the session that placed it. */
export function findOrderOwner(db: Db, orderId: number) {
  return db.selectFrom("orders").select(["id", "user_id", "session_id"]).where("id", "=", orderId).executeTakeFirst();
}

/** The order a review form's one-time key placed, if any. */
export function findOrderByKey(db: Db, key: string) {
  return db.selectFrom("orders").select(["id", "user_id", "session_id", "payment_method"]).where("idempotency_key", "=", key).executeTakeFirst();
}

export async function findOrderIdByNumber(db: Db, number: string): Promise<number | null> {
  const row = await db.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirst();
  return row?.id ?? null;
}

/** An order's id and address by its number (the withdrawal form checks both). */
export function findOrderContactByNumber(db: Db, number: string) {
  return db.selectFrom("orders").select(["id", "email"]).where("number", "=", number).executeTakeFirst();
}

export function insertOrder(trx: Db, values: Insertable<OrdersTable>): Promise<OrderRow> {
  return trx.insertInto("orders").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertOrderLines(trx: Db, lines: Insertable<OrderLinesTable>[]): Promise<void> {
  if (lines.length) await trx.insertInto("order_lines").values(lines).execute();
}

/**
 * Locks the order's row for the rest of the transaction and returns it. The statement writes (it
 * touches updated_at): PostgreSQL locks the row, SQLite takes its write lock up front.
 */
export async function lockOrder(trx: Db, orderId: number, at: string): Promise<OrderRow | null> {
  const row = await trx.updateTable("orders").set({ updated_at: at }).where("id", "=", orderId).returningAll().executeTakeFirst();
  return row ?? null;
}

/** Writes an order's new state (and `changes`) only while its state is still `from`; undefined otherwise. */
export function updateOrderState(
  trx: Db,
  from: Pick<OrderRow, "id" | "status" | "payment_status" | "shipping_status">,
  to: Pick<OrderRow, "status" | "payment_status" | "shipping_status">,
  changes: Updateable<OrdersTable>,
  at: string,
): Promise<OrderRow | undefined> {
  return trx
    .updateTable("orders")
    .set({ ...changes, status: to.status, payment_status: to.payment_status, shipping_status: to.shipping_status, updated_at: at })
    .where("id", "=", from.id)
    .where("status", "=", from.status)
    .where("payment_status", "=", from.payment_status)
    .where("shipping_status", "=", from.shipping_status)
    .returningAll()
    .executeTakeFirst();
}

/** The account's or guest session's most recent order. */
export async function findLastOrderId(db: Db, owner: { userId: number } | { sessionId: string }): Promise<number | null> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where((eb) => ("userId" in owner ? eb("user_id", "=", owner.userId) : eb("session_id", "=", owner.sessionId)))
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Unpaid orders whose hold ended by `at`, the oldest hold first. */
export async function listExpiredOrderIds(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("orders").select("id").where("status", "=", "pending_payment").where("hold_until", "<=", at).orderBy("hold_until").limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Pick-up orders ready in their store since `readyBefore` or earlier, and not collected. */
export async function listUncollectedOrderIds(db: Db, readyBefore: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("orders").select("id").where("shipping_status", "=", "ready_for_pickup").where("ready_at", "<=", readyBefore).orderBy("ready_at").limit(limit).execute();
  return rows.map((row) => row.id);
}

export async function countOrdersOfUser(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of an account's orders, newest first, with each order's number of items. */
export function listOrderSummariesOfUser(db: Db, userId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom("orders as o")
    .select((eb) => [
      "o.id",
      "o.number",
      "o.placed_at as placedAt",
      "o.total_cents as totalCents",
      "o.status",
      "o.payment_status as paymentStatus",
      "o.shipping_status as shippingStatus",
      eb.selectFrom("order_lines as l").select((e) => e.fn.sum<number>("l.quantity").as("q")).whereRef("l.order_id", "=", "o.id").as("itemCount"),
    ])
    .where("o.user_id", "=", userId)
    .orderBy("o.placed_at", "desc")
    .orderBy("o.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The latest orders, newest first, of one status or all (the owner's command line). */
export function listLatestOrders(db: Db, status: OrderStatus | null, limit: number) {
  let query = db
    .selectFrom("orders")
    .select(["number", "placed_at", "status", "payment_status", "shipping_status", "total_cents", "email"])
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (status) query = query.where("status", "=", status);
  return query.execute();
}

/** Unlinks an account's orders from it (the orders stay, for the tax records). */
export async function unlinkOrdersOfUser(db: Db, userId: number): Promise<void> {
  await db.updateTable("orders").set({ user_id: null }).where("user_id", "=", userId).execute();
}

/** The ids of the orders an account placed, oldest first. */
export async function listOrderIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("orders").select("id").where("user_id", "=", userId).orderBy("placed_at").orderBy("id").execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Order lines

export function listOrderLines(db: Db, orderId: number) {
  return db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

/**
 * Each line's product and colour names in a language, where the product (and, for the colour, the
 * variant) still exists: null where it does not.
 */
export function listOrderLineNames(db: Db, orderId: number, locale: Locale) {
  return db
    .selectFrom("order_lines as l")
    .leftJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "l.product_id").on("pt.locale", "=", locale))
    .leftJoin("variants as v", "v.id", "l.variant_id")
    .leftJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "v.color_code").on("ct.locale", "=", locale))
    .select(["l.id", "pt.name as productName", "ct.name as colorName"])
    .where("l.order_id", "=", orderId)
    .execute();
}

/** What each line took from the stock (a cancelled order gives it back). */
export function listOrderLineStock(db: Db, orderId: number) {
  return db.selectFrom("order_lines").select(["variant_id as variantId", "quantity", "store_id as storeId"]).where("order_id", "=", orderId).execute();
}

/** A by-transfer pick-up order's pieces reached its store: a give-back from now on puts them on that shelf. */
export async function moveLinesToStore(db: Db, orderId: number, storeId: number): Promise<void> {
  await db.updateTable("order_lines").set({ store_id: storeId }).where("order_id", "=", orderId).where("store_id", "is", null).execute();
}

/** Each line's price, quantity and share of the discount (what a return refunds). */
export function listOrderLineAmounts(db: Db, orderId: number) {
  return db.selectFrom("order_lines").select(["id", "unit_cents as unitCents", "quantity", "discount_cents as discountCents"]).where("order_id", "=", orderId).orderBy("id").execute();
}

/**
 * The lines of one or more orders with their products, in the reader's language: what their
 * pictures and product links need (a product that left the catalogue leaves its line out).
 */
export function listOrderLineProducts(db: Db, orderIds: number[], locale: Locale) {
  return db
    .selectFrom("order_lines as l")
    .innerJoin("variants as v", "v.id", "l.variant_id")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("colors as c", "c.code", "v.color_code")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
    .select(["l.order_id as orderId", "l.id", "l.color_name as colorName", "p.id as productId", "t.name", "p.garment", "c.hex", "c.code as colorCode", "v.size", "t.slug", "p.status", "p.published_at as publishedAt"])
    .where("l.order_id", "in", orderIds)
    .orderBy("l.order_id")
    .orderBy("l.id")
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Returns

/** Units of each line already in a return (any status). */
export function listReturnedUnits(db: Db, orderId: number) {
  return db
    .selectFrom("return_lines as rl")
    .innerJoin("returns as r", "r.id", "rl.return_id")
    .select(["rl.order_line_id as lineId", (eb) => eb.fn.sum<number>("rl.quantity").as("quantity")])
    .where("r.order_id", "=", orderId)
    .groupBy("rl.order_line_id")
    .execute();
}

export async function insertReturn(
  trx: Db,
  values: { orderId: number; kind: ReturnKind; goodsCents: number; feeCents: number; refundCents: number; at: string; createdAt?: string },
  lines: { orderLineId: number; quantity: number; reason: string }[],
): Promise<number> {
  const created = await trx
    .insertInto("returns")
    .values({
      order_id: values.orderId,
      kind: values.kind,
      status: "requested",
      goods_cents: values.goodsCents,
      fee_cents: values.feeCents,
      refund_cents: values.refundCents,
      created_at: values.createdAt ?? values.at,
      received_at: null,
      refunded_at: null,
      updated_at: values.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (!lines.length) return created.id;
  await trx
    .insertInto("return_lines")
    .values(lines.map((line) => ({ return_id: created.id, order_line_id: line.orderLineId, quantity: line.quantity, reason: line.reason })))
    .execute();
  return created.id;
}

export function findReturnOrThrow(db: Db, returnId: number) {
  return db.selectFrom("returns").selectAll().where("id", "=", returnId).executeTakeFirstOrThrow();
}

export function listReturnLines(db: Db, returnId: number) {
  return db.selectFrom("return_lines").select(["order_line_id as orderLineId", "quantity", "reason"]).where("return_id", "=", returnId).orderBy("id").execute();
}

/** An order's returns, oldest first. */
export function listReturnsOfOrder(db: Db, orderId: number) {
  return db.selectFrom("returns").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

export function listLinesOfReturns(db: Db, returnIds: number[]) {
  if (!returnIds.length) return Promise.resolve([]);
  return db.selectFrom("return_lines").select(["return_id", "order_line_id as orderLineId", "quantity", "reason"]).where("return_id", "in", returnIds).orderBy("id").execute();
}

/** One requested return of the order marked received; false when it is not one waiting. */
export async function markOneReturnReceived(trx: Db, orderId: number, returnId: number, at: string): Promise<boolean> {
  const row = await trx.updateTable("returns").set({ status: "received", received_at: at, updated_at: at }).where("id", "=", returnId).where("order_id", "=", orderId).where("status", "=", "requested").returning("id").executeTakeFirst();
  return row !== undefined;
}

/** A requested return's amounts, set again when only some of its units arrived (returns.service's receipt). */
export async function setReturnAmounts(trx: Db, returnId: number, values: { goodsCents: number; feeCents: number; refundCents: number; at: string }): Promise<void> {
  await trx
    .updateTable("returns")
    .set({ goods_cents: values.goodsCents, fee_cents: values.feeCents, refund_cents: values.refundCents, updated_at: values.at })
    .where("id", "=", returnId)
    .where("status", "=", "requested")
    .execute();
}

/** A return's line holding fewer units (the rest moved to the return that stays open). */
export async function setReturnLineQuantity(trx: Db, returnId: number, orderLineId: number, quantity: number): Promise<void> {
  await trx.updateTable("return_lines").set({ quantity }).where("return_id", "=", returnId).where("order_line_id", "=", orderLineId).execute();
}

/** A return's line moved whole to another return of the same order (none of its units arrived). */
export async function moveReturnLine(trx: Db, fromReturnId: number, orderLineId: number, toReturnId: number): Promise<void> {
  await trx.updateTable("return_lines").set({ return_id: toReturnId }).where("return_id", "=", fromReturnId).where("order_line_id", "=", orderLineId).execute();
}

export async function markReturnRefunded(trx: Db, returnId: number, at: string): Promise<void> {
  await trx.updateTable("returns").set({ status: "refunded", refunded_at: at, updated_at: at }).where("id", "=", returnId).execute();
}

/** Whether an order has a return not refunded yet. */
export async function hasOpenReturn(db: Db, orderId: number): Promise<boolean> {
  const row = await db.selectFrom("returns").select("id").where("order_id", "=", orderId).where("status", "!=", "refunded").executeTakeFirst();
  return row !== undefined;
}

/** Received returns that have no refund yet. */
export function listReceivedReturnsWithoutRefund(db: Db, orderId: number) {
  return db
    .selectFrom("returns as r")
    .leftJoin("refunds as f", "f.return_id", "r.id")
    .select(["r.id", "r.refund_cents"])
    .where("r.order_id", "=", orderId)
    .where("r.status", "=", "received")
    .where("f.id", "is", null)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Refunds

/** The sum of an order's refunds on their way. */
export async function sumPendingRefunds(db: Db, orderId: number): Promise<number> {
  const row = await db.selectFrom("refunds").select((eb) => eb.fn.sum<number>("amount_cents").as("sum")).where("order_id", "=", orderId).where("status", "=", "pending").executeTakeFirst();
  return Number(row?.sum ?? 0);
}

export async function hasPendingRefund(db: Db, orderId: number): Promise<boolean> {
  const rows = await db.selectFrom("refunds").select("id").where("order_id", "=", orderId).where("status", "=", "pending").execute();
  return rows.length > 0;
}

export async function insertRefund(trx: Db, values: { orderId: number; paymentId: number; returnId: number | null; amountCents: number; at: string; reason?: string | null }): Promise<number> {
  const row = await trx
    .insertInto("refunds")
    .values({ order_id: values.orderId, payment_id: values.paymentId, return_id: values.returnId, amount_cents: values.amountCents, status: "pending", created_at: values.at, done_at: null, reason: values.reason ?? null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A refund of an order with the provider of the payment it goes back through. */
export function findRefundOfOrder(db: Db, orderId: number, refundId: number) {
  return db
    .selectFrom("refunds as f")
    .innerJoin("payments as p", "p.id", "f.payment_id")
    .select(["f.id", "f.order_id", "f.amount_cents", "f.status", "f.reason", "f.created_at", "f.done_at", "f.transfer_date", "f.transfer_reference", "p.provider"])
    .where("f.order_id", "=", orderId)
    .where("f.id", "=", refundId)
    .executeTakeFirst();
}

/** Records the bank transfer that paid a pending refund back: its day and CRO/TRN. */
export async function setRefundTransfer(trx: Db, refundId: number, transfer: { date: string; reference: string }): Promise<void> {
  await trx.updateTable("refunds").set({ transfer_date: transfer.date, transfer_reference: transfer.reference }).where("id", "=", refundId).where("status", "=", "pending").execute();
}

/**
 * Pending refunds paid back through one of `providers`, oldest first, with the payment they go
 * back through (its provider and reference: the payment domain's columns, read, never written).
 */
export function listPendingRefunds(db: Db, input: { providers: string[]; orderId?: number; limit: number }) {
  let query = db
    .selectFrom("refunds as f")
    .innerJoin("payments as p", "p.id", "f.payment_id")
    .select(["f.id", "f.order_id", "f.amount_cents", "p.provider", "p.provider_ref"])
    .where("f.status", "=", "pending")
    .where("p.provider", "in", input.providers)
    .orderBy("f.id")
    .limit(input.limit);
  if (input.orderId !== undefined) query = query.where("f.order_id", "=", input.orderId);
  return query.execute();
}

export function findRefundOrThrow(db: Db, refundId: number) {
  return db.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirstOrThrow();
}

/** Marks a pending refund done; false when it was not pending (another process did it). */
export async function markRefundDone(trx: Db, refundId: number, at: string): Promise<boolean> {
  const result = await trx.updateTable("refunds").set({ status: "done", done_at: at }).where("id", "=", refundId).where("status", "=", "pending").executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function listRefundsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom("refunds")
    .select(["order_id", "return_id", "amount_cents", "status", "created_at", "done_at"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

export async function insertWithdrawal(trx: Db, values: { orderId: number; email: string; outcome: WithdrawalsTable["outcome"]; returnId: number | null; at: string }): Promise<void> {
  await trx.insertInto("withdrawals").values({ order_id: values.orderId, email: values.email, outcome: values.outcome, return_id: values.returnId, received_at: values.at }).execute();
}

export function listWithdrawalsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom("withdrawals")
    .select(["order_id", "email", "outcome", "return_id", "received_at"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
}
