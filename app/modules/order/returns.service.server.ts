import type { Kysely, Transaction } from "kysely";
import type { Database, ReturnKind, ReturnStatus } from "~/db/schema";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { findPaidPayment } from "~/modules/payment/payment.service.server";
import type { PaymentProvider } from "~/modules/payment/provider";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import { log } from "~/utils/log.server";
import { orderCancelledMail, refundIssuedMail, returnReceivedMail, returnRequestedMail, withdrawalMail } from "./order-mail.server";
import { auditOrderStep } from "./order-audit.server";
import { isPaid, nextOrderState, staffMayOpenReturn } from "./order-state";
import type { ReturnView } from "./order-view";
import { lockOrder, type OrderRow, stateOf, transitionOrder } from "./order-transition.server";
import * as repo from "./order.repository.server";
import { loadOrderView, type OrderViewer, ownsOrder, releaseOrder } from "./order.service.server";
import { type ReturnLineReason, type ReturnReason, returnAmounts, type ReturnedUnits } from "./return-refund";
import type { CANCEL_REASONS } from "./refund-desk.schema";
import { returnWindowEnd } from "./working-days";

// Returns and withdrawals (spec §9; Codice del Consumo arts. 52–59; Directive (EU) 2023/2673).
// - A return asks for some of a shipped or delivered order's lines back, within 14 working days
//   of delivery, from the account's order page. Its refund (the goods less the return fee) is
//   recorded when it is asked, so the shopper sees what will come back.
// - A withdrawal is the law's: anyone with the order's number and email, account or not. Before
//   shipping it cancels the order (stock back, a paid order refunded in full); afterwards it asks
//   for every line not yet returned.
// - The owner marks a return received, then refunds it (npm run orders): the refund goes through
//   the payment provider, recorded before the call so that a crash or an outage is retried with
//   the same idempotency key and never paid twice.

export interface ReturnRequestLine {
  orderLineId: number;
  quantity: number;
  reason: ReturnReason;
}

export interface ReturnWindow {
  /** The end of the window (the end of the 14th working day after delivery), or null while in transit. */
  closesAt: string | null;
  open: boolean;
}

/** Whether a shipped or delivered order still takes returns; a shipment in transit always does. */
export function returnWindowOf(order: Pick<OrderRow, "status" | "delivered_at">, returnDays: number, now: Date): ReturnWindow {
  if (order.status !== "shipped" && order.status !== "delivered") return { closesAt: null, open: false };
  if (!order.delivered_at) return { closesAt: null, open: true };
  const closes = returnWindowEnd(new Date(order.delivered_at), returnDays);
  return { closesAt: closes.toISOString(), open: now < closes };
}

/** Units of each line already in a return (any status). */
async function returnedUnits(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<ReturnedUnits> {
  const rows = await repo.listReturnedUnits(db, orderId);
  return Object.fromEntries(rows.map((row) => [row.lineId, Number(row.quantity)]));
}

function orderLines(db: Kysely<Database> | Transaction<Database>, orderId: number) {
  return repo.listOrderLineAmounts(db, orderId);
}

/** What of each line may still be returned: ordered less already in a return. */
export async function returnableQuantities(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<Map<number, number>> {
  const [lines, returned] = await Promise.all([orderLines(db, orderId), returnedUnits(db, orderId)]);
  return new Map(lines.map((line) => [line.id, line.quantity - (returned[line.id] ?? 0)]));
}

/**
 * Records a return of the given lines in the locked order's transaction: every quantity must be
 * left to return, and the amounts come from return-refund.ts. Returns the return's id.
 */
async function insertReturn(
  trx: Transaction<Database>,
  order: OrderRow,
  kind: ReturnKind,
  lines: { orderLineId: number; quantity: number; reason: ReturnLineReason }[],
  feeCents: number,
  at: string,
): Promise<number> {
  const all = await orderLines(trx, order.id);
  const before = await returnedUnits(trx, order.id);
  // One entry per line: a form naming a line twice asks for the sum (and is checked as such).
  const merged = new Map<number, { orderLineId: number; quantity: number; reason: ReturnLineReason }>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const seen = merged.get(line.orderLineId);
    merged.set(line.orderLineId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const wanted = [...merged.values()];
  if (!wanted.length) throw new DomainError("NOTHING_TO_RETURN", "No line chosen.", { field: "lines" });
  for (const line of wanted) {
    const ordered = all.find((l) => l.id === line.orderLineId);
    if (!ordered || !Number.isInteger(line.quantity) || line.quantity > ordered.quantity - (before[line.orderLineId] ?? 0)) {
      throw new DomainError("NOTHING_TO_RETURN", `Line ${line.orderLineId}: ${line.quantity} is more than is left to return.`, { field: "lines" });
    }
  }
  const amounts = returnAmounts({
    order: { shippingCents: order.shipping_cents, lines: all },
    before,
    returning: wanted,
    feeCents,
  });
  return repo.insertReturn(trx, { orderId: order.id, kind, goodsCents: amounts.goodsCents, feeCents: amounts.feeCents, refundCents: amounts.refundCents, at }, wanted);
}

/**
 * A return asked from the account's order page: the order must be the viewer's, shipped or
 * delivered, paid, and within its window. Throws RETURN_WINDOW_CLOSED, NOTHING_TO_RETURN,
 * ORDER_NOT_FOUND. The shopper gets an e-mail with what to send back and what comes back.
 */
export async function requestReturn(db: Kysely<Database>, input: { orderId: number | null; viewer: OrderViewer; lines: ReturnRequestLine[] }, now = new Date()): Promise<number> {
  if (input.orderId === null) throw new DomainError("ORDER_NOT_FOUND", "No such order id.");
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  const returnId = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.orderId!, at);
    if (!order || !ownsOrder(order, input.viewer)) throw new DomainError("ORDER_NOT_FOUND", `Order ${input.orderId} is not the viewer's.`);
    if (!returnWindowOf(order, settings.returnDays, now).open || !isPaid(order.payment_status)) {
      throw new DomainError("RETURN_WINDOW_CLOSED", `Order ${order.id} is ${order.status}/${order.payment_status}, delivered ${order.delivered_at}.`);
    }
    const id = await insertReturn(trx, order, "return", input.lines, settings.returnFeeCents, at);
    await enqueueMail(trx, returnRequestedMail(await loadOrderView(trx, order.id), await loadReturn(trx, id), settings), { now });
    return id;
  });
  wakeMailWorkers();
  return returnId;
}

/**
 * A return opened by staff for the customer (issue 42 part 3: they came to the shop or called):
 * any order paid and shipped or delivered, whatever its return window — staff decide, and the
 * audit log says who did. The lines and units are checked as a shopper's are; the return fee is
 * the shop's unless staff waive it. The customer gets the same e-mail as for a return they ask
 * for themselves: what to send back, and how. Throws STAFF_RETURN_NOT_POSSIBLE,
 * NOTHING_TO_RETURN, ORDER_NOT_FOUND.
 */
export async function openReturnForCustomer(
  db: Kysely<Database>,
  input: { orderId: number; lines: ReturnRequestLine[]; waiveFee: boolean },
  actor: AuditActor,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  const returnId = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.orderId, at);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${input.orderId}.`);
    if (!staffMayOpenReturn(stateOf(order))) {
      throw new DomainError("STAFF_RETURN_NOT_POSSIBLE", `Order ${order.id} is ${order.status}/${order.payment_status}.`);
    }
    const feeCents = input.waiveFee ? 0 : settings.returnFeeCents;
    const id = await insertReturn(trx, order, "return", input.lines, feeCents, at);
    const opened = await loadReturn(trx, id);
    await enqueueMail(trx, returnRequestedMail(await loadOrderView(trx, order.id), opened, settings), { now });
    await recordAudit(trx, {
      actor,
      action: "return.open",
      entityType: "order",
      entityId: order.id,
      after: { returnId: id, lines: opened.lines.map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity, reason: line.reason })), feeWaived: input.waiveFee, refundCents: opened.refundCents },
      summary: order.number,
      at: now,
    });
    return id;
  });
  wakeMailWorkers();
  return returnId;
}

export type { ReturnView } from "./order-view";

export async function loadReturn(db: Kysely<Database> | Transaction<Database>, returnId: number): Promise<ReturnView> {
  const row = await repo.findReturnOrThrow(db, returnId);
  const lines = await repo.listReturnLines(db, returnId);
  return toReturnView(row, lines);
}

function toReturnView(row: { id: number; kind: ReturnKind; status: ReturnStatus; goods_cents: number; fee_cents: number; refund_cents: number; created_at: string; received_at: string | null; refunded_at: string | null }, lines: ReturnView["lines"]): ReturnView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    goodsCents: row.goods_cents,
    feeCents: row.fee_cents,
    refundCents: row.refund_cents,
    createdAt: row.created_at,
    receivedAt: row.received_at,
    refundedAt: row.refunded_at,
    lines,
  };
}

/** An order's returns, oldest first, with their lines. */
export async function listReturns(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<ReturnView[]> {
  const rows = await repo.listReturnsOfOrder(db, orderId);
  if (!rows.length) return [];
  const lines = await repo.listLinesOfReturns(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toReturnView(row, lines.filter((line) => line.return_id === row.id).map(({ orderLineId, quantity, reason }) => ({ orderLineId, quantity, reason }))));
}

// ---------------------------------------------------------------------------------------------
// The withdrawal function: order number and email, a confirmation step, an acknowledgement.

/** An order number as typed: spaces and case do not matter ("bt 000 123 456"). */
export function normalizeOrderNumber(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}

async function findByNumberAndEmail(db: Kysely<Database> | Transaction<Database>, number: string, email: string) {
  const order = await repo.findOrderContactByNumber(db, normalizeOrderNumber(number));
  // One answer whether the number or the email is wrong: nothing tells which.
  if (!order || order.email.toLowerCase() !== email.trim().toLowerCase()) throw new DomainError("WITHDRAWAL_NO_MATCH", "No order with this number and email.");
  return order.id;
}

export type WithdrawalOutcome = "cancelled" | "return";

export interface WithdrawalPreview {
  orderId: number;
  number: string;
  placedAt: string;
  /** What the withdrawal will do: cancel the order (not shipped) or ask for its goods back. */
  outcome: WithdrawalOutcome;
  lines: { name: string; size: string; color: string; quantity: number }[];
}

/** What withdrawing from an order would do (withdraw's first step). Throws WITHDRAWAL_NO_MATCH, ALREADY_WITHDRAWN, RETURN_WINDOW_CLOSED. */
export async function previewWithdrawal(db: Kysely<Database>, input: { number: string; email: string }, now = new Date()): Promise<WithdrawalPreview> {
  const orderId = await findByNumberAndEmail(db, input.number, input.email);
  const order = await repo.findOrderOrThrow(db, orderId);
  const settings = await getShopSettings(db);
  const outcome = withdrawalOutcome(order, settings.returnDays, now);
  const left = await returnableQuantities(db, orderId);
  if (outcome === "return" && [...left.values()].every((quantity) => quantity <= 0)) throw new DomainError("ALREADY_WITHDRAWN", `Order ${orderId}: every line is in a return.`);
  const view = await loadOrderView(db, orderId);
  return {
    orderId,
    number: order.number,
    placedAt: order.placed_at,
    outcome,
    lines: view.lines.filter((line) => outcome === "cancelled" || (left.get(line.id) ?? 0) > 0).map((line) => ({
      name: line.name,
      size: line.size,
      color: line.color,
      quantity: outcome === "cancelled" ? line.quantity : left.get(line.id)!,
    })),
  };
}

function withdrawalOutcome(order: OrderRow, returnDays: number, now: Date): WithdrawalOutcome {
  if (nextOrderState(stateOf(order), { type: "cancel" })) return "cancelled";
  if (order.status === "shipped" || order.status === "delivered") {
    if (!returnWindowOf(order, returnDays, now).open) throw new DomainError("RETURN_WINDOW_CLOSED", `Order ${order.id}: the window closed.`);
    return "return";
  }
  throw new DomainError("ALREADY_WITHDRAWN", `Order ${order.id} is ${order.status}.`);
}

export interface WithdrawalResult {
  orderId: number;
  outcome: WithdrawalOutcome;
  receivedAt: string;
}

/**
 * Withdraws from the order with this number and email, once confirmed: before shipping the order
 * is cancelled (its stock back; a paid one refunded in full through the provider), afterwards
 * every line not yet returned is asked back. The acknowledgement e-mail states the date and time
 * it arrived. Throws WITHDRAWAL_NO_MATCH, ALREADY_WITHDRAWN, RETURN_WINDOW_CLOSED.
 */
export async function withdraw(db: Kysely<Database>, provider: PaymentProvider, input: { number: string; email: string }, now = new Date()): Promise<WithdrawalResult> {
  const orderId = await findByNumberAndEmail(db, input.number, input.email);
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  const result = await db.transaction().execute(async (trx) => {
    const order = (await lockOrder(trx, orderId, at))!;
    const outcome = withdrawalOutcome(order, settings.returnDays, now);
    let returnId: number | null = null;
    if (outcome === "cancelled") {
      const refundCents = await cancellationRefundCents(trx, order);
      const cancelled = await transitionOrder(trx, order, { type: "cancel" }, at, { cancelled_at: at });
      await releaseOrder(trx, order.id, at);
      if (refundCents > 0) await recordRefund(trx, cancelled, null, refundCents, at);
    } else {
      const left = await returnableQuantities(trx, order.id);
      const lines = [...left].filter(([, quantity]) => quantity > 0).map(([orderLineId, quantity]) => ({ orderLineId, quantity, reason: "withdrawal" as const }));
      if (!lines.length) throw new DomainError("ALREADY_WITHDRAWN", `Order ${order.id}: every line is in a return.`);
      returnId = await insertReturn(trx, order, "withdrawal", lines, settings.returnFeeCents, at);
    }
    await repo.insertWithdrawal(trx, { orderId: order.id, email: order.email, outcome, returnId, at });
    const view = await loadOrderView(trx, order.id);
    await enqueueMail(trx, withdrawalMail(view, { outcome, receivedAt: at, return: returnId === null ? null : await loadReturn(trx, returnId) }, settings), { now });
    return { orderId: order.id, outcome, receivedAt: at };
  });
  wakeMailWorkers();
  // The withdrawal is recorded: a refund the provider cannot make now is the sweep's to retry.
  if (result.outcome === "cancelled") {
    await issuePendingRefunds(db, provider, { orderId }, now).catch((error: unknown) =>
      log.warn("a withdrawal's refund waits for the sweep", { orderId, error: error instanceof Error ? error.message : String(error) }),
    );
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The owner's steps: the parcel came back, the money goes back.

/** How many units of one line of a requested return arrived. */
export interface ReceivedLine {
  orderLineId: number;
  quantity: number;
}

/** What the audit keeps of a return before and after its receipt, line by line. */
interface ReceiptAudit {
  before: { returnId: number; refundCents: number; lines: { orderLineId: number; requested: number }[] };
  after: { returnId: number; refundCents: number; lines: { orderLineId: number; received: number; notReceived: number }[]; openReturnId: number | null };
}

/**
 * Marks the order's requested returns received (the parcel arrived), or only `returnId`; e-mails
 * the shopper. With `lines` (and `returnId`) the staff says how many units of each of the
 * return's lines arrived, from 0 to the units asked (a line left out: none arrived):
 * - all of them: the return is received as it was asked, with the amounts fixed then (the CLI's
 *   path, which passes no lines, is this one for every waiting return);
 * - some: the return is received for those units only, its amounts computed again by
 *   return-refund.ts for them (see receivePart). The units that did not arrive are NOT closed as
 *   lost: they move to a new return of the same kind, still `requested`, so it stays open for
 *   them and a later parcel is received from it like any return (docs/decisions/016, addendum).
 * Receiving moves no stock, as before per-line receipt: a returned piece is checked before it is
 * sold again, and the owner puts it back with `npm run stock`.
 * Throws NOTHING_TO_DO when none waits (or `returnId` is not one waiting), RECEIPT_QUANTITY (field
 * `lines[i].quantity`, i the line's place in `lines`) for a quantity that is not 0 to the units
 * asked or a line not in this return, NOTHING_RECEIVED (field `lines`) when every quantity is 0.
 */
export async function markReturnReceived(
  db: Kysely<Database>,
  orderId: number,
  now = new Date(),
  { actor, returnId, lines }: { actor?: AuditActor; returnId?: number; lines?: ReceivedLine[] } = {},
): Promise<number[]> {
  if (lines && returnId === undefined) throw new Error("markReturnReceived: lines name the units of one return (returnId).");
  const at = now.toISOString();
  const ids = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, at);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    const waiting = (await listReturns(trx, orderId)).filter((ret) => ret.status === "requested" && (returnId === undefined || ret.id === returnId));
    if (!waiting.length) throw new DomainError("NOTHING_TO_DO", `Order ${orderId} has no return waiting to be received.`);
    const audit: ReceiptAudit[] = [];
    for (const ret of waiting) {
      const arrived = lines ? receivedUnits(ret, lines) : new Map(ret.lines.map((line) => [line.orderLineId, line.quantity]));
      const openReturnId = ret.lines.every((line) => arrived.get(line.orderLineId) === line.quantity) ? null : await receivePart(trx, order, ret, arrived, at);
      if (!(await repo.markOneReturnReceived(trx, orderId, ret.id, at))) throw new DomainError("NOTHING_TO_DO", `Return ${ret.id} is not waiting.`);
      const received = await loadReturn(trx, ret.id);
      audit.push({
        before: { returnId: ret.id, refundCents: ret.refundCents, lines: ret.lines.map((line) => ({ orderLineId: line.orderLineId, requested: line.quantity })) },
        after: {
          returnId: ret.id,
          refundCents: received.refundCents,
          lines: ret.lines.map((line) => ({ orderLineId: line.orderLineId, received: arrived.get(line.orderLineId)!, notReceived: line.quantity - arrived.get(line.orderLineId)! })),
          openReturnId,
        },
      });
    }
    const received = waiting.map((ret) => ret.id);
    const view = await loadOrderView(trx, orderId);
    for (const id of received) await enqueueMail(trx, returnReceivedMail(view, await loadReturn(trx, id)), { now });
    if (actor) {
      await recordAudit(trx, {
        actor,
        action: "order.return-received",
        entityType: "order",
        entityId: orderId,
        before: { returns: audit.map((a) => a.before) },
        after: { returnsReceived: received, returns: audit.map((a) => a.after) },
        summary: order.number,
        at: now,
      });
    }
    return received;
  });
  wakeMailWorkers();
  return ids;
}

/** The staff's counts as units per line of the return, checked: each line once, 0 to the units asked, at least one unit. */
function receivedUnits(ret: ReturnView, lines: ReceivedLine[]): Map<number, number> {
  const arrived = new Map(ret.lines.map((line) => [line.orderLineId, 0]));
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    const asked = ret.lines.find((l) => l.orderLineId === line.orderLineId);
    if (!asked || seen.has(line.orderLineId) || !Number.isInteger(line.quantity) || line.quantity < 0 || line.quantity > asked.quantity) {
      throw new DomainError("RECEIPT_QUANTITY", `Return ${ret.id}, line ${line.orderLineId}: ${line.quantity} is not 0 to the units asked.`, { field: `lines[${index}].quantity` });
    }
    seen.add(line.orderLineId);
    arrived.set(line.orderLineId, line.quantity);
  });
  if ([...arrived.values()].every((quantity) => quantity === 0)) throw new DomainError("NOTHING_RECEIVED", `Return ${ret.id}: no unit arrived.`, { field: "lines" });
  return arrived;
}

/**
 * Some of a requested return's units arrived: the return keeps those and its amounts are computed
 * again for them by return-refund.ts (their worth less their line's discount share, on the
 * running total of every other return's units; no delivery cost, since units are still out; the
 * return's fee as far as they bear it, waived when they are all the shop's mistake). The rest, to
 * the cent what the return was worth less what arrived, moves to a new requested return (the
 * delivery cost with it when the return brought the order's last units, and what is left of the
 * fee): so the two together pay exactly what the shopper was told when asking. Returns its id.
 */
async function receivePart(trx: Transaction<Database>, order: OrderRow, ret: ReturnView, arrived: Map<number, number>, at: string): Promise<number> {
  const [all, returned] = await Promise.all([orderLines(trx, order.id), returnedUnits(trx, order.id)]);
  const others: ReturnedUnits = { ...returned };
  for (const line of ret.lines) others[line.orderLineId] = (others[line.orderLineId] ?? 0) - line.quantity;
  const part = returnAmounts({
    order: { shippingCents: order.shipping_cents, lines: all },
    before: others,
    returning: ret.lines.map((line) => ({ orderLineId: line.orderLineId, quantity: arrived.get(line.orderLineId)!, reason: line.reason as ReturnLineReason })).filter((line) => line.quantity > 0),
    feeCents: ret.feeCents,
  });
  const goodsCents = Math.min(part.goodsCents, ret.goodsCents);
  const feeCents = Math.min(part.feeCents, goodsCents);
  const restGoods = ret.goodsCents - goodsCents;
  const restFee = Math.min(ret.feeCents - feeCents, restGoods);
  const openId = await repo.insertReturn(
    trx,
    { orderId: order.id, kind: ret.kind, goodsCents: restGoods, feeCents: restFee, refundCents: restGoods - restFee, at, createdAt: ret.createdAt },
    ret.lines.filter((line) => arrived.get(line.orderLineId)! > 0 && arrived.get(line.orderLineId)! < line.quantity).map((line) => ({ ...line, quantity: line.quantity - arrived.get(line.orderLineId)! })),
  );
  for (const line of ret.lines) {
    const quantity = arrived.get(line.orderLineId)!;
    if (quantity === 0) await repo.moveReturnLine(trx, ret.id, line.orderLineId, openId);
    else if (quantity < line.quantity) await repo.setReturnLineQuantity(trx, ret.id, line.orderLineId, quantity);
  }
  await repo.setReturnAmounts(trx, ret.id, { goodsCents, feeCents, refundCents: goodsCents - feeCents, at });
  return openId;
}

/** Who asks for a refund: the audit's actor, and whether a staff member is an owner (owners have no cap). */
export interface RefundAuthority {
  actor: AuditActor;
  owner: boolean;
  /** The member's own cap in cents (0: no refunds at all); absent: the shop's staff limit. */
  limitCents?: number;
}

/**
 * A staff member who is not an owner may bring an order's refunds up to the owner's limit
 * (settings.staffRefundLimitCents) and no further: the refunds made and on their way count with
 * this one, so a large refund cannot be split into small ones. Call it before recording the refund.
 */
export async function checkRefundCap(trx: Kysely<Database> | Transaction<Database>, by: RefundAuthority | undefined, order: OrderRow, amountCents: number, limitCents: number): Promise<void> {
  if (by?.actor.kind !== "staff" || by.owner || amountCents <= 0) return;
  limitCents = by.limitCents ?? limitCents;
  const total = order.refunded_cents + (await repo.sumPendingRefunds(trx, order.id)) + amountCents;
  if (total > limitCents) {
    throw new DomainError("REFUND_OVER_LIMIT", `Refunds of ${total} cents on order ${order.id} would pass the staff limit of ${limitCents}.`);
  }
}

/** Why the shop cancels an order: the shopper's e-mail says it in their language. */
export type CancelReason = (typeof CANCEL_REASONS)[number];

export interface Cancellation {
  reason: CancelReason;
  /** A few words to the shopper from the staff, added to the e-mail (optional). */
  message?: string | null;
}

/** What of an order's money a cancellation sends back now: what was taken, less what went back or is on its way. */
export async function cancellationRefundCents(db: Kysely<Database> | Transaction<Database>, order: OrderRow): Promise<number> {
  if (!isPaid(order.payment_status)) return 0;
  return Math.max(0, order.total_cents - order.refunded_cents - (await repo.sumPendingRefunds(db, order.id)));
}

/**
 * Cancels an order not yet shipped (the staff's step, Atelier, after its confirmation page): its
 * stock and its discount code's use go back, a paid order's money (what is left of it) goes back
 * through its payment: a provider's refund is asked at once, a bank transfer's waits "to be
 * wired" until the staff record the transfer (recordRefundTransfer). The shopper gets an e-mail
 * with the reason and what happens to the payment. Throws ILLEGAL_TRANSITION once shipped or
 * already cancelled, REFUND_OVER_LIMIT for a staff member over the cap. Returns the refund's id, if any.
 */
export async function cancelOrder(db: Kysely<Database>, provider: PaymentProvider, orderId: number, now = new Date(), by?: RefundAuthority, why: Cancellation = { reason: "other" }): Promise<number | null> {
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  const refundId = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, at);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    const refundCents = await cancellationRefundCents(trx, order);
    const cancelled = await transitionOrder(trx, order, { type: "cancel" }, at, { cancelled_at: at });
    await releaseOrder(trx, order.id, at);
    let id: number | null = null;
    if (refundCents > 0) {
      await checkRefundCap(trx, by, order, refundCents, settings.staffRefundLimitCents);
      id = await recordRefund(trx, cancelled, null, refundCents, at);
    }
    const payment = id === null ? null : await findPaidPayment(trx, order.id);
    const view = await loadOrderView(trx, order.id);
    await enqueueMail(trx, orderCancelledMail(view, { reason: why.reason, message: why.message ?? null, refundCents, byTransfer: payment ? payment.provider === "bank_transfer" : order.payment_method === "bankTransfer" }), { now });
    if (by) await auditOrderStep(trx, by.actor, "order.cancel", order, cancelled, { reason: why.reason, ...(why.message ? { message: why.message } : {}), ...(refundCents ? { refundCents } : {}) }, now);
    return id;
  });
  wakeMailWorkers();
  await issuePendingRefunds(db, provider, { orderId }, now).catch((error: unknown) =>
    log.warn("a cancelled order's refund waits for the sweep", { orderId, error: error instanceof Error ? error.message : String(error) }),
  );
  return refundId;
}

/**
 * Refunds some (or all) of a shipped or delivered order's units without waiting for them to come
 * back (a fault found, a goodwill gesture): recorded as a return received at once, without the
 * return fee, so a unit is never refunded twice and the amounts follow return-refund.ts (its
 * share of the discount; the delivery with the last unit). Throws NOTHING_TO_RETURN (more than is
 * left), ILLEGAL_TRANSITION (not shipped, or not paid), REFUND_OVER_LIMIT. Returns the refunds made now.
 */
export async function refundLines(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  lines: { orderLineId: number; quantity: number }[],
  now = new Date(),
  by?: RefundAuthority,
): Promise<number> {
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, at);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    if (!nextOrderState(stateOf(order), { type: "refund", full: false }) || (order.status !== "shipped" && order.status !== "delivered")) {
      throw new DomainError("ILLEGAL_TRANSITION", `Order ${orderId} is ${order.status}/${order.payment_status}: no line refund.`);
    }
    const returnId = await insertReturn(trx, order, "return", lines.map((line) => ({ ...line, reason: "other" as const })), 0, at);
    await repo.markOneReturnReceived(trx, order.id, returnId, at);
    const ret = await loadReturn(trx, returnId);
    await checkRefundCap(trx, by, order, ret.refundCents, settings.staffRefundLimitCents);
    await recordRefund(trx, order, returnId, ret.refundCents, at);
    if (by) await recordAudit(trx, { actor: by.actor, action: "order.refund", entityType: "order", entityId: order.id, after: { refundCents: ret.refundCents, lines: ret.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })) }, summary: order.number, at: now });
  });
  // A bank transfer's refund waits for the staff to record the transfer (recordRefundTransfer).
  return issuePendingRefunds(db, provider, { orderId }, now);
}

export async function recordRefund(trx: Transaction<Database>, order: OrderRow, returnId: number | null, amountCents: number, at: string, reason: string | null = null): Promise<number> {
  // The order's payment that took the money: refunds go back through it.
  const payment = await findPaidPayment(trx, order.id);
  if (!payment) throw new DomainError("NOTHING_TO_DO", `Order ${order.id} has no paid payment to refund.`);
  // Never more than the order took, counting the refunds made and those on their way.
  const pending = await repo.sumPendingRefunds(trx, order.id);
  const left = order.total_cents - order.refunded_cents - pending;
  const amount = Math.max(0, Math.min(amountCents, left));
  return repo.insertRefund(trx, { orderId: order.id, paymentId: payment.id, returnId, amountCents: amount, at, reason });
}

/**
 * Refunds the order's received returns (and a cancelled paid order not yet refunded) through
 * the provider. Returns the refunds made now; one the provider refuses stays pending and the
 * sweep retries it. Throws NOTHING_TO_DO when nothing is due.
 */
export async function refundOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  now = new Date(),
  by?: RefundAuthority,
  { includeTransfers = false }: { includeTransfers?: boolean } = {},
): Promise<number> {
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, at);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    const due = await repo.listReceivedReturnsWithoutRefund(trx, orderId);
    let amount = due.reduce((sum, ret) => sum + ret.refund_cents, 0);
    const cancelledUnrefunded = !due.length && !(await repo.hasPendingRefund(trx, orderId));
    if (cancelledUnrefunded) {
      if (order.status === "cancelled" && isPaid(order.payment_status)) amount = order.total_cents - order.refunded_cents;
      else throw new DomainError("NOTHING_TO_DO", `Order ${orderId} has nothing to refund.`);
    }
    await checkRefundCap(trx, by, order, amount, settings.staffRefundLimitCents);
    for (const ret of due) await recordRefund(trx, order, ret.id, ret.refund_cents, at);
    if (cancelledUnrefunded) await recordRefund(trx, order, null, amount, at);
    if (by) await recordAudit(trx, { actor: by.actor, action: "order.refund", entityType: "order", entityId: order.id, after: { refundCents: amount, returns: due.map((r) => r.id) }, summary: order.number, at: now });
  });
  // A bank transfer's refund waits for its transfer to be recorded (Atelier: recordRefundTransfer);
  // the owner's tool, run once the money is sent, passes includeTransfers.
  return issuePendingRefunds(db, provider, { orderId, includeTransfers }, now);
}

/**
 * Asks the provider for every pending refund (of one order, or all: the minute sweep), each with
 * its own idempotency key, then records it done in one transaction with the order's refund event
 * and the refund e-mail. A bank transfer has no provider: its refund waits until the owner sends
 * the money (`npm run orders -- refund`, which passes includeTransfers) and is recorded then.
 */
export async function issuePendingRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  scope: { orderId?: number; includeTransfers?: boolean } = {},
  now = new Date(),
): Promise<number> {
  // Only refunds this process can make: another provider's (the shop switched) would hold the
  // batch's places forever.
  const providers = scope.includeTransfers ? [provider.id, "bank_transfer"] : [provider.id];
  const pending = await repo.listPendingRefunds(db, { providers, orderId: scope.orderId, limit: 50 });
  let done = 0;
  for (const refund of pending) {
    try {
      if (refund.amount_cents > 0 && refund.provider !== "bank_transfer") {
        if (!refund.provider_ref) throw new Error("the payment has no provider reference");
        await provider.refund({ providerRef: refund.provider_ref, amountCents: refund.amount_cents, idempotencyKey: `bottega-refund-r${refund.id}` });
      }
      if (await completeRefund(db, refund.id, refund.order_id, now)) done++;
    } catch (error) {
      // One refund that fails (the provider down, a state that no longer takes it) never holds up the others.
      log.warn("refund failed, will retry", { refundId: refund.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (done) wakeMailWorkers();
  return done;
}

/**
 * Records a pending refund done (the provider confirmed it, or the staff recorded the bank
 * transfer that paid it: `transfer`), with the order's refund event and the shopper's e-mail.
 * The refund is full (the order's payment "refunded") when nothing more can go back: nothing
 * left of what was taken, a cancelled order's last refund, or every unit returned and refunded.
 */
export async function completeRefund(db: Kysely<Database>, refundId: number, orderId: number, now: Date, transfer?: { date: string; reference: string; actor: AuditActor }): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // The order's lock first (the transaction's first statement writes: see lockOrder).
    const order = (await lockOrder(trx, orderId, at))!;
    const refund = await repo.findRefundOrThrow(trx, refundId);
    if (transfer) await repo.setRefundTransfer(trx, refundId, transfer);
    if (!(await repo.markRefundDone(trx, refundId, at))) return false;
    if (refund.return_id !== null) await repo.markReturnRefunded(trx, refund.return_id, at);
    const refunded = order.refunded_cents + refund.amount_cents;
    const othersPending = await repo.hasPendingRefund(trx, order.id);
    let full = refunded >= order.total_cents || (order.status === "cancelled" && !othersPending);
    if (!full && order.status !== "cancelled" && !othersPending) {
      const left = await returnableQuantities(trx, order.id);
      full = [...left.values()].every((quantity) => quantity === 0) && !(await repo.hasOpenReturn(trx, order.id));
    }
    // Before shipping, all of the money back is a cancellation's (the state machine has no other).
    if (full && order.status === "confirmed") full = false;
    // Nothing paid back (the fee took it all) and more may come: the payment's status stays.
    const after = full || refund.amount_cents > 0 ? await transitionOrder(trx, order, { type: "refund", full }, at, { refunded_cents: refunded }) : order;
    if (transfer) {
      await recordAudit(trx, {
        actor: transfer.actor,
        action: "order.refund-transfer",
        entityType: "order",
        entityId: order.id,
        before: { status: "pending", paymentStatus: order.payment_status },
        after: { refundId, status: "done", amountCents: refund.amount_cents, transferDate: transfer.date, transferReference: transfer.reference, paymentStatus: after.payment_status },
        summary: order.number,
        at: now,
      });
    }
    const view = await loadOrderView(trx, order.id);
    await enqueueMail(
      trx,
      refundIssuedMail(view, { amountCents: refund.amount_cents, return: refund.return_id === null ? null : await loadReturn(trx, refund.return_id), transfer: transfer ? { date: transfer.date, reference: transfer.reference } : null }),
      { now },
    );
    return true;
  });
}
