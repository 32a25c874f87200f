import type { Transaction, Updateable } from "kysely";
import type { Database, OrdersTable } from "~/db/schema";
import { DomainError } from "~/utils/domain-error";
import { insertOrderEvent } from "./order-desk.repository.server";
import { type OrderEvent, type OrderState, applyOrderEvent, nextOrderState } from "./order-state";
import * as repo from "./order.repository.server";

// Writing the state machine's events (order-state.ts) to an order's row. Every writer of an
// order's statuses locks the row first, reads it, asks the machine, and writes the result with
// the state it read as the condition: two transactions racing for one order (a return and a
// cancellation, a payment and the hold's end) take turns, and the second sees the first's result.

export type OrderRow = repo.OrderRow;
type Filter = (row: OrderRow) => boolean;

export const stateOf = (row: Pick<OrderRow, "status" | "payment_status" | "shipping_status">): OrderState => ({
  status: row.status,
  paymentStatus: row.payment_status,
  shippingStatus: row.shipping_status,
});

const stateText = (state: OrderState) => `${state.status}/${state.paymentStatus}/${state.shippingStatus}`;

/**
 * Locks the order's row for the rest of the transaction and returns it. The statement writes (it
 * touches updated_at): PostgreSQL locks the row, SQLite takes its write lock up front (a read
 * first could not upgrade past another process's commit). Null when the order does not exist.
 */
export function lockOrder(trx: Transaction<Database>, orderId: number, at: string): Promise<OrderRow | null> {
  return repo.lockOrder(trx, orderId, at);
}

/**
 * Applies an event to a locked order and writes the new state with `changes` (dates, the tracking
 * number). Throws ILLEGAL_TRANSITION when the order's state does not allow the event.
 */
export async function transitionOrder(trx: Transaction<Database>, order: OrderRow, event: OrderEvent, at: string, changes: Updateable<OrdersTable> = {}): Promise<OrderRow> {
  const next = applyOrderEvent(stateOf(order), event);
  const written = await repo.updateOrderState(trx, order, { status: next.status, payment_status: next.paymentStatus, shipping_status: next.shippingStatus }, changes, at);
  // The row is locked: only a caller that did not lock it can get here.
  if (!written) throw new DomainError("ILLEGAL_TRANSITION", `Order ${order.id} changed under an unlocked transition.`);
  // The order's history (its page's timeline), in the same transaction as the change.
  await insertOrderEvent(trx, { orderId: order.id, at, event: event.type, from: stateText(stateOf(order)), to: stateText(next) });
  return written;
}

/**
 * Locks the order and applies the event when its state allows it (and `when` holds); null
 * otherwise. For the paths where an event that no longer applies is no error: a provider's late
 * failure for an order already paid, the hold's end of an order paid meanwhile.
 */
export async function tryTransitionOrder(
  trx: Transaction<Database>,
  orderId: number,
  event: OrderEvent,
  at: string,
  changes: Updateable<OrdersTable> = {},
  when: Filter = () => true,
): Promise<OrderRow | null> {
  const order = await lockOrder(trx, orderId, at);
  if (!order || !when(order) || !nextOrderState(stateOf(order), event)) return null;
  return transitionOrder(trx, order, event, at, changes);
}
