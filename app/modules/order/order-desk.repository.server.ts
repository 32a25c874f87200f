import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql, type Transaction } from "kysely";
import type { Database, OrderPaymentStatus, OrderShippingStatus, OrderStatus } from "~/db/schema";
import type { DeskSort, DeskText, SortDirection } from "./order-desk.schema";

// Every query of the order desk on the order domain's tables (Atelier's orders, an order's page,
// the open returns); its payments and e-mails come from the payment and mail modules. The list
// reads one page and one row more (whether another page follows), never a count of every order;
// each filter and sort has an index (migration 20261201020000-order-desk).

type Db = Kysely<Database> | Transaction<Database>;

export interface DeskOrderFilter {
  status: OrderStatus | null;
  payment: OrderPaymentStatus | null;
  shipping: OrderShippingStatus | null;
  /** ISO instants: placed at or after `fromAt`, before `toAt`. */
  fromAt: string | null;
  toAt: string | null;
  text: DeskText;
  /** Only these orders (the list's ticked rows, issue 42 part 5). */
  ids?: readonly number[];
}

/** After this row (the export's pages): its sort value and id. */
export interface DeskCursor {
  value: string | number;
  id: number;
}

const SORT_COLUMN = { date: "o.placed_at", total: "o.total_cents", number: "o.number" } as const;

/** The highest string that starts with a prefix, for a range an index can answer. */
const HIGH = "\uffff";
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function lowerPrefix(eb: ExpressionBuilder<Database & { o: Database["orders"] }, "o">, column: "o.email" | "o.first_name" | "o.last_name", prefix: string) {
  const lower = sql<string>`lower(${sql.ref(column)})`;
  // The range uses the expression index; the LIKE keeps exactly the rows that start with it.
  return eb.and([eb(lower, ">=", prefix), eb(lower, "<", prefix + HIGH), eb(lower, "like", sql<string>`${likePrefix(prefix)} escape '\\'`)]);
}

function filtered<O>(query: SelectQueryBuilder<Database & { o: Database["orders"] }, "o", O>, filter: DeskOrderFilter) {
  let q = query;
  if (filter.status) q = q.where("o.status", "=", filter.status);
  if (filter.payment) q = q.where("o.payment_status", "=", filter.payment);
  if (filter.shipping) q = q.where("o.shipping_status", "=", filter.shipping);
  if (filter.fromAt) q = q.where("o.placed_at", ">=", filter.fromAt);
  if (filter.toAt) q = q.where("o.placed_at", "<", filter.toAt);
  if (filter.ids) q = filter.ids.length ? q.where("o.id", "in", filter.ids) : q.where(sql<boolean>`1 = 0`);
  const text = filter.text;
  if (text.kind === "number") {
    // Numbers are "BT" and nine digits: the highest with the prefix is it padded with nines.
    q = q.where("o.number", ">=", text.prefix).where("o.number", "<=", text.prefix.padEnd(11, "9"));
  } else if (text.kind === "email") {
    q = q.where((eb) => lowerPrefix(eb, "o.email", text.prefix));
  } else if (text.kind === "words") {
    for (const word of text.words) {
      q = q.where((eb) => eb.or([lowerPrefix(eb, "o.first_name", word), lowerPrefix(eb, "o.last_name", word), lowerPrefix(eb, "o.email", word)]));
    }
  }
  return q;
}

function deskRows(db: Db) {
  return db
    .selectFrom("orders as o")
    .select((eb) => [
      "o.id",
      "o.number",
      "o.placed_at as placedAt",
      "o.email",
      "o.first_name as firstName",
      "o.last_name as lastName",
      "o.status",
      "o.payment_status as paymentStatus",
      "o.shipping_status as shippingStatus",
      "o.payment_method as paymentMethod",
      "o.total_cents as totalCents",
      "o.refunded_cents as refundedCents",
      "o.tracking_number as trackingNumber",
      "o.shipping_method as shippingMethod",
      eb.selectFrom("order_lines as l").select((e) => e.fn.sum<number>("l.quantity").as("q")).whereRef("l.order_id", "=", "o.id").as("itemCount"),
    ]);
}

export type DeskOrderRow = Awaited<ReturnType<typeof listDeskOrders>>[number];

/**
 * One page of the filtered list in the chosen order: `limit` rows from `offset`, or after a
 * cursor (the export). Ties of the sort column go by id in the same direction.
 */
export async function listDeskOrders(db: Db, filter: DeskOrderFilter, sort: { by: DeskSort; dir: SortDirection }, page: { limit: number; offset?: number; after?: DeskCursor }) {
  const column = SORT_COLUMN[sort.by];
  let query = filtered(deskRows(db), filter);
  if (page.after) {
    const { value, id } = page.after;
    const op = sort.dir === "asc" ? ">" : "<";
    query = query.where((eb) => eb.or([eb(column, op, value as never), eb.and([eb(column, "=", value as never), eb("o.id", op, id)])]));
  }
  const rows = await query
    .orderBy(column, sort.dir)
    .orderBy("o.id", sort.dir)
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .execute();
  return rows.map((row) => ({ ...row, itemCount: Number(row.itemCount ?? 0) }));
}

/** The order's fields the desk needs beyond the order view. */
export function findDeskOrderExtras(db: Db, orderId: number) {
  return db.selectFrom("orders").select(["id", "carrier", "user_id as userId", "session_id as sessionId"]).where("id", "=", orderId).executeTakeFirst();
}

export function listOrderRefunds(db: Db, orderId: number) {
  return db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .select([
      "refunds.id",
      "refunds.return_id as returnId",
      "refunds.amount_cents as amountCents",
      "refunds.status",
      "refunds.created_at as createdAt",
      "refunds.done_at as doneAt",
      "refunds.reason",
      "refunds.transfer_date as transferDate",
      "refunds.transfer_reference as transferReference",
      "payments.provider",
    ])
    .where("refunds.order_id", "=", orderId)
    .orderBy("refunds.id")
    .execute();
}

/** One change of an order's statuses (the state machine's writer calls it in the changing transaction). */
export async function insertOrderEvent(db: Db, entry: { orderId: number; at: string; event: string; from: string; to: string }): Promise<void> {
  await db.insertInto("order_events").values({ order_id: entry.orderId, at: entry.at, event: entry.event, from_state: entry.from, to_state: entry.to }).execute();
}

/** Every change of the order's statuses, oldest first. */
export function listOrderEvents(db: Db, orderId: number) {
  return db.selectFrom("order_events").select(["id", "at", "event", "from_state as fromState", "to_state as toState"]).where("order_id", "=", orderId).orderBy("id").limit(500).execute();
}

export function listOrderWithdrawals(db: Db, orderId: number) {
  return db.selectFrom("withdrawals").select(["id", "outcome", "return_id as returnId", "received_at as receivedAt"]).where("order_id", "=", orderId).orderBy("id").execute();
}

/** The order's internal notes, oldest first. */
export function listOrderNotes(db: Db, orderId: number) {
  return db.selectFrom("order_notes").select(["id", "author", "body", "created_at as createdAt"]).where("order_id", "=", orderId).orderBy("id").limit(500).execute();
}

export async function insertOrderNote(db: Db, note: { orderId: number; staffId: number | null; author: string; body: string; at: string }): Promise<number> {
  const row = await db
    .insertInto("order_notes")
    .values({ order_id: note.orderId, staff_id: note.staffId, author: note.author, body: note.body, created_at: note.at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function orderExists(db: Db, orderId: number): Promise<{ id: number; number: string } | undefined> {
  return db.selectFrom("orders").select(["id", "number"]).where("id", "=", orderId).executeTakeFirst();
}

/** Open returns and withdrawals (asked or received, not yet refunded), oldest first, a page and one more. */
export async function listOpenReturns(db: Db, page: { limit: number; offset: number }) {
  const rows = await db
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select((eb) => [
      "r.id",
      "r.order_id as orderId",
      "r.kind",
      "r.status",
      "r.goods_cents as goodsCents",
      "r.fee_cents as feeCents",
      "r.refund_cents as refundCents",
      "r.created_at as createdAt",
      "r.received_at as receivedAt",
      "o.number",
      "o.email",
      "o.first_name as firstName",
      "o.last_name as lastName",
      "o.payment_method as paymentMethod",
      eb.selectFrom("return_lines as rl").select((e) => e.fn.sum<number>("rl.quantity").as("n")).whereRef("rl.return_id", "=", "r.id").as("units"),
      eb.selectFrom("refunds as f").select("f.status").whereRef("f.return_id", "=", "r.id").limit(1).as("refundStatus"),
    ])
    .where("r.status", "in", ["requested", "received"])
    .orderBy("r.created_at")
    .orderBy("r.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({ ...row, units: Number(row.units ?? 0) }));
}

/** The lines of some returns with what the order line sold (the open returns' receipt forms). */
export function listLinesOfOpenReturns(db: Db, returnIds: number[]) {
  if (!returnIds.length) return Promise.resolve([]);
  return db
    .selectFrom("return_lines as rl")
    .innerJoin("order_lines as l", "l.id", "rl.order_line_id")
    .select(["rl.return_id as returnId", "rl.order_line_id as orderLineId", "rl.quantity", "l.product_name as name", "l.size", "l.color_name as color"])
    .where("rl.return_id", "in", returnIds)
    .orderBy("rl.id")
    .execute();
}
