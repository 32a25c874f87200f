import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { listMailOfOrder } from "~/modules/mail/outbox.server";
import { paymentHistoryOfOrder } from "~/modules/payment/payment.service.server";
import { DomainError } from "~/utils/domain-error";
import { toDecimal } from "~/utils/money";
import type { CsvCell } from "~/utils/csv.server";
import { carrierOf, trackingUrl } from "./carriers";
import { classifyDeskText, DEFAULT_DESK_QUERY, DESK_PAGE_SIZE, type DeskOrderQuery } from "./order-desk.schema";
import { isShippable } from "./order-state";
import {
  type DeskCursor,
  type DeskOrderFilter,
  type DeskOrderRow,
  findDeskOrderExtras,
  insertOrderNote,
  listDeskOrders,
  listLinesOfOpenReturns,
  listOpenReturns,
  listOrderEvents,
  listOrderNotes,
  listOrderRefunds,
  listOrderWithdrawals,
  orderExists,
} from "./order-desk.repository.server";
import { loadOrderView, orderLineProducts } from "./order.service.server";
import { listReturns, returnableQuantities } from "./returns.service.server";
import { romeDayStart } from "./working-days";

// The order desk's reads (Atelier's orders list, its CSV export, an order's page, the open
// returns) and its one write of its own: an internal note. The order's steps (paid, shipped,
// refunded…) go through the order, returns and fulfilment services, which record their audit.

type Db = Kysely<Database>;

function dayAfter(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return romeDayStart(date.toISOString().slice(0, 10));
}

export function deskFilter(query: DeskOrderQuery, ids?: readonly number[]): DeskOrderFilter {
  return {
    ids,
    status: query.status,
    payment: query.payment,
    shipping: query.shipping,
    fromAt: query.from ? romeDayStart(query.from) : null,
    toAt: query.to ? dayAfter(query.to) : null,
    text: classifyDeskText(query.q),
  };
}

export interface DeskOrderPage {
  orders: DeskOrderRow[];
  page: number;
  hasNext: boolean;
}

/** One page of the filtered, sorted list (one statement: a page and one row more, never a count). */
export async function searchDeskOrders(db: Db, query: DeskOrderQuery, pageSize = DESK_PAGE_SIZE): Promise<DeskOrderPage> {
  const rows = await listDeskOrders(db, deskFilter(query), { by: query.sort, dir: query.dir }, { limit: pageSize + 1, offset: (query.page - 1) * pageSize });
  return { orders: rows.slice(0, pageSize), page: query.page, hasNext: rows.length > pageSize };
}

export const DESK_CSV_HEADER = ["number", "placed_at", "status", "payment_status", "shipping_status", "payment_method", "email", "first_name", "last_name", "items", "total_eur", "refunded_eur", "tracking_number"] as const;


/** Every order of the filtered list (or of those ticked in it), in its order, as CSV rows: read a page at a time after the last row. */
export async function* deskOrderCsvRows(db: Db, query: DeskOrderQuery, { pageSize = 500, ids }: { pageSize?: number; ids?: readonly number[] } = {}): AsyncGenerator<CsvCell[]> {
  const filter = deskFilter(query, ids);
  const sort = { by: query.sort, dir: query.dir };
  let after: DeskCursor | undefined;
  for (;;) {
    const rows = await listDeskOrders(db, filter, sort, { limit: pageSize, after });
    for (const row of rows) {
      yield [row.number, row.placedAt, row.status, row.paymentStatus, row.shippingStatus, row.paymentMethod, row.email, row.firstName, row.lastName, row.itemCount, toDecimal(row.totalCents), toDecimal(row.refundedCents), row.trackingNumber];
    }
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { value: query.sort === "date" ? last.placedAt : query.sort === "total" ? last.totalCents : last.number, id: last.id };
  }
}

/** Everything an order's page shows. Throws ORDER_NOT_FOUND for an id that is no order. */
export async function getDeskOrder(db: Db, orderId: number | null, locale: Locale) {
  const extras = orderId === null ? undefined : await findDeskOrderExtras(db, orderId);
  if (!extras) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
  const id = extras.id;
  const [order, products, left, returns, { payments, events: paymentEvents }, refunds, events, mails, withdrawals, notes, audit] = await Promise.all([
    loadOrderView(db, id),
    orderLineProducts(db, id, locale),
    returnableQuantities(db, id),
    listReturns(db, id),
    paymentHistoryOfOrder(db, id),
    listOrderRefunds(db, id),
    listOrderEvents(db, id),
    listMailOfOrder(db, id),
    listOrderWithdrawals(db, id),
    listOrderNotes(db, id),
    auditOfRecord(db, "order", id),
  ]);
  const lines = order.lines.map((line) => {
    const product = products.get(line.id);
    const image = product?.picture;
    return { ...line, image: image ? { src: image.src, srcSet: image.srcSet, width: image.width, height: image.height } : null, returnable: left.get(line.id) ?? 0 };
  });
  const carrier = carrierOf(extras.carrier);
  return {
    order: { ...order, lines },
    shipment: order.trackingNumber ? { carrier: carrier?.name ?? null, trackingNumber: order.trackingNumber, url: carrier ? trackingUrl(carrier.id, order.trackingNumber) : null } : null,
    returns,
    payments,
    paymentEvents,
    refunds,
    pendingRefundCents: refunds.filter((r) => r.status === "pending").reduce((sum, r) => sum + r.amountCents, 0),
    withdrawals,
    timeline: timelineOf(order.placedAt, events, mails),
    notes,
    audit,
  };
}

export type TimelineEntry =
  | { kind: "placed"; at: string }
  | { kind: "status"; at: string; event: string; from: string; to: string }
  | { kind: "mail"; at: string; template: string; subject: string; status: string; sentAt: string | null };

function timelineOf(placedAt: string, events: Awaited<ReturnType<typeof listOrderEvents>>, mails: Awaited<ReturnType<typeof listMailOfOrder>>): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { kind: "placed", at: placedAt },
    ...events.map((e) => ({ kind: "status" as const, at: e.at, event: e.event, from: e.fromState, to: e.toState })),
    ...mails.map((m) => ({ kind: "mail" as const, at: m.createdAt, template: m.template, subject: m.subject, status: m.status, sentAt: m.sentAt })),
  ];
  // Oldest first; at one instant a change comes before the e-mail it caused.
  const rank = { placed: 0, status: 1, mail: 2 } as const;
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : rank[a.kind] - rank[b.kind]));
}

export const NOTE_MAX_LENGTH = 2000;

/** Appends an internal note to the order, with its audit entry, in one transaction. Throws ORDER_NOT_FOUND. */
export async function addOrderNote(db: Db, orderId: number | null, body: string, actor: AuditActor, now = new Date()): Promise<number> {
  const text = body.trim();
  if (!text || text.length > NOTE_MAX_LENGTH) throw new DomainError("MALFORMED_FORM", "A note is 1 to 2000 characters.", { field: "body" });
  return db.transaction().execute(async (trx) => {
    const order = orderId === null ? undefined : await orderExists(trx, orderId);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    const at = now.toISOString();
    const id = await insertOrderNote(trx, { orderId: order.id, staffId: actor.kind === "staff" ? actor.staffId : null, author: actor.kind === "staff" ? actor.email : actor.kind, body: text, at });
    await recordAudit(trx, { actor, action: "order.note", entityType: "order", entityId: order.id, after: { note: text }, summary: order.number, at: now });
    return id;
  });
}

export const RETURNS_PAGE_SIZE = 50;

/** One page of the open returns and withdrawals, oldest first, with their lines (two queries). */
export async function openReturnsPage(db: Db, page: number) {
  const rows = await listOpenReturns(db, { limit: RETURNS_PAGE_SIZE + 1, offset: (page - 1) * RETURNS_PAGE_SIZE });
  const shown = rows.slice(0, RETURNS_PAGE_SIZE);
  const lines = await listLinesOfOpenReturns(
    db,
    shown.map((row) => row.id),
  );
  return {
    returns: shown.map((row) => ({ ...row, lines: lines.filter((line) => line.returnId === row.id).map(({ orderLineId, quantity, name, size, color }) => ({ orderLineId, quantity, name, size, color })) })),
    page,
    hasNext: rows.length > RETURNS_PAGE_SIZE,
  };
}

/** The orders ticked in the list (ids that are no order are left out), newest first: what a bulk action works on. */
export async function ordersForBulk(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await listDeskOrders(db, { ...deskFilter(DEFAULT_DESK_QUERY), ids }, { by: "date", dir: "desc" }, { limit: ids.length });
  return rows.map((row) => ({
    ...row,
    // What the bulk shipping form may take: a paid order not yet shipped, to be sent (not collected in a store).
    shippable: isShippable(row),
  }));
}

export type PackingSlip = Awaited<ReturnType<typeof packingSlipOf>>;

/** What the packing slip prints: the number, the day, where it goes and what goes in, with each line's picture (no prices). Throws ORDER_NOT_FOUND. */
export async function packingSlipOf(db: Db, orderId: number | null, locale: Locale) {
  const found = orderId === null ? undefined : await orderExists(db, orderId);
  if (!found) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
  const [order, products] = await Promise.all([loadOrderView(db, found.id), orderLineProducts(db, found.id, locale)]);
  return {
    id: order.id,
    number: order.number,
    placedAt: order.placedAt,
    shippingAddress: order.shippingAddress,
    /** A pick-up order goes to its store, for the shopper named on it. */
    pickup: order.pickup,
    customerName: `${order.firstName} ${order.lastName}`,
    lines: order.lines.map(({ id, name, sku, size, color, quantity }) => {
      const picture = products.get(id)?.picture;
      return { id, name, sku, size, color, quantity, image: picture ? { src: picture.src, srcSet: picture.srcSet, width: picture.width, height: picture.height } : null };
    }),
  };
}

/** The packing slips of the ticked orders, newest first (ids that are no order are left out). */
export async function packingSlipsOf(db: Db, ids: readonly number[], locale: Locale): Promise<PackingSlip[]> {
  const orders = await ordersForBulk(db, ids);
  const slips: PackingSlip[] = [];
  for (const order of orders) slips.push(await packingSlipOf(db, order.id, locale));
  return slips;
}
