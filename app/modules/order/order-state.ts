import { DomainError } from "~/utils/domain-error";

// An order's life as one state machine: every change of an order's status, payment status or
// shipping status is an event applied here, and an event the order's state does not allow is a
// domain error (ILLEGAL_TRANSITION), never a silent write. The services lock the order's row,
// apply the event to what they read and write the result (order-transition.server.ts).
//
//   placed (pending_payment) ──pay──▶ paid (confirmed) ──ship──▶ shipped ──deliver──▶ delivered
//        │ expire / cancel               │ cancel (not shipped: refunded in full)         │
//        ▼                               ▼                                                ▼
//    cancelled ◀─────────────────────────┘                  refunded in full ──▶ refunded
//                                        │ ready (pick-up in a store)
//                                        ▼
//                     paid (confirmed, ready_for_pickup) ──collect──▶ delivered
//                                        │ cancel (uncollected: refunded in full)
//                                        ▼
//                                    cancelled
//
// A paid order may be refunded in part before it ships (a goodwill gesture, a price corrected):
// it stays confirmed, its payment partly refunded; refunding all of it before shipping is a
// cancellation. A cancelled order's refund may come in parts (one made before the cancellation,
// the rest with it): its payment is partly refunded until the last part is confirmed.
//
// Beside the order's status: the payment status (pending, awaiting a transfer, failed, paid,
// partly or fully refunded) and the shipping status (not shipped, ready for pick-up in a store,
// shipped, delivered — a pick-up order collected is delivered).

export const ORDER_STATUSES = ["pending_payment", "confirmed", "shipped", "delivered", "cancelled", "refunded"] as const;
export const ORDER_PAYMENT_STATUSES = ["pending", "awaiting_transfer", "failed", "paid", "partially_refunded", "refunded"] as const;
export const ORDER_SHIPPING_STATUSES = ["not_shipped", "ready_for_pickup", "shipped", "delivered"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];
export type OrderShippingStatus = (typeof ORDER_SHIPPING_STATUSES)[number];

export interface OrderState {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  shippingStatus: OrderShippingStatus;
}

export type OrderEvent =
  /** The provider reported the payment failed, or could not start it. */
  | { type: "paymentFailed" }
  /** The shopper pays again by another method: a provider's page, or a bank transfer. */
  | { type: "switchMethod"; awaitingTransfer: boolean }
  /** The provider (or the owner, for a transfer) confirmed the payment. */
  | { type: "pay" }
  /** The unpaid order's hold ended. */
  | { type: "expire" }
  /** Withdrawal before shipping: an unpaid order is cancelled; a paid one too, its refund follows. */
  | { type: "cancel" }
  | { type: "ship" }
  | { type: "deliver" }
  /** A pick-up order's pieces wait in its store. */
  | { type: "ready" }
  /** The shopper collected a pick-up order in its store. */
  | { type: "collect" }
  /** A refund confirmed by the provider; `full` when nothing of the order's payment is left. */
  | { type: "refund"; full: boolean };

export type OrderEventType = OrderEvent["type"];

const UNPAID: readonly OrderPaymentStatus[] = ["pending", "awaiting_transfer", "failed"];
const PAID: readonly OrderPaymentStatus[] = ["paid", "partially_refunded"];

/**
 * Paid: the shop holds the shopper's money, all of it or what a partial refund left. This is
 * also what a refund may take from (refundable): the one rule, used by returns, cancellations
 * and the pages that say "paid" (docs/decisions/045).
 */
export function isPaid(paymentStatus: OrderPaymentStatus): boolean {
  return PAID.includes(paymentStatus);
}

/** Unpaid: no money taken yet (waiting for a card, a transfer, or after a failed try). */
export function isUnpaid(paymentStatus: OrderPaymentStatus): boolean {
  return UNPAID.includes(paymentStatus);
}

/** The state an order is placed in. */
export function initialOrderState(awaitingTransfer: boolean): OrderState {
  return { status: "pending_payment", paymentStatus: awaitingTransfer ? "awaiting_transfer" : "pending", shippingStatus: "not_shipped" };
}

/** Whether the three statuses fit together: only states the machine can reach take events. */
export function isConsistentOrderState({ status, paymentStatus, shippingStatus }: OrderState): boolean {
  switch (status) {
    case "pending_payment":
      return UNPAID.includes(paymentStatus) && shippingStatus === "not_shipped";
    case "confirmed":
      return PAID.includes(paymentStatus) && (shippingStatus === "not_shipped" || shippingStatus === "ready_for_pickup");
    case "shipped":
    case "delivered":
      return PAID.includes(paymentStatus) && shippingStatus === status;
    case "cancelled":
      return shippingStatus === "not_shipped";
    case "refunded":
      return paymentStatus === "refunded" && shippingStatus !== "not_shipped";
  }
}

/** The state after the event, or null when the order's state does not allow it. */
export function nextOrderState(state: OrderState, event: OrderEvent): OrderState | null {
  if (!isConsistentOrderState(state)) return null;
  const { status, paymentStatus, shippingStatus } = state;
  switch (event.type) {
    case "paymentFailed":
      return status === "pending_payment" && paymentStatus === "pending" ? { ...state, paymentStatus: "failed" } : null;
    case "switchMethod":
      return status === "pending_payment" && UNPAID.includes(paymentStatus) ? { ...state, paymentStatus: event.awaitingTransfer ? "awaiting_transfer" : "pending" } : null;
    case "pay":
      return status === "pending_payment" && UNPAID.includes(paymentStatus) ? { ...state, status: "confirmed", paymentStatus: "paid" } : null;
    case "expire":
      return status === "pending_payment" ? { ...state, status: "cancelled" } : null;
    case "cancel":
      // A pick-up order not collected goes back on the store's shelf: not shipped, cancelled.
      return (status === "pending_payment" || status === "confirmed") && (shippingStatus === "not_shipped" || shippingStatus === "ready_for_pickup")
        ? { ...state, status: "cancelled", shippingStatus: "not_shipped" }
        : null;
    case "ship":
      return status === "confirmed" && shippingStatus === "not_shipped" ? { ...state, status: "shipped", shippingStatus: "shipped" } : null;
    case "deliver":
      return status === "shipped" && shippingStatus === "shipped" ? { ...state, status: "delivered", shippingStatus: "delivered" } : null;
    case "ready":
      return status === "confirmed" && shippingStatus === "not_shipped" ? { ...state, shippingStatus: "ready_for_pickup" } : null;
    case "collect":
      return status === "confirmed" && shippingStatus === "ready_for_pickup" ? { ...state, status: "delivered", shippingStatus: "delivered" } : null;
    case "refund": {
      // A cancelled order's money goes back whole: paid before the cancellation, or (a payment
      // that arrived after its hold ended) never taken by the order at all.
      if (status === "cancelled") {
        if (event.full) return PAID.includes(paymentStatus) || UNPAID.includes(paymentStatus) ? { ...state, paymentStatus: "refunded" } : null;
        return PAID.includes(paymentStatus) ? { ...state, paymentStatus: "partially_refunded" } : null;
      }
      // Before shipping: a part of the payment (all of it is a cancellation).
      if (status === "confirmed") return event.full ? null : { ...state, paymentStatus: "partially_refunded" };
      // Returns: of a shipped order (a withdrawal in transit) or a delivered one.
      if ((status === "shipped" || status === "delivered") && PAID.includes(paymentStatus)) {
        return event.full ? { ...state, status: "refunded", paymentStatus: "refunded" } : { ...state, paymentStatus: "partially_refunded" };
      }
      return null;
    }
  }
}

/** Applies the event or throws ILLEGAL_TRANSITION (409) naming the state and the event. */
export function applyOrderEvent(state: OrderState, event: OrderEvent): OrderState {
  const next = nextOrderState(state, event);
  if (!next) throw new DomainError("ILLEGAL_TRANSITION", `${event.type} is not allowed for an order ${state.status}/${state.paymentStatus}/${state.shippingStatus}.`);
  return next;
}

/**
 * The payment's status as the badges show it: it follows the order's state. A cancelled order
 * that never took the money says so ("not charged") rather than still waiting for a transfer or
 * a card; one whose money is still to go back says "to refund".
 */
export type DisplayedPaymentStatus = OrderPaymentStatus | "not_charged" | "to_refund";

export function displayedPaymentStatus({ status, paymentStatus }: Pick<OrderState, "status" | "paymentStatus">): DisplayedPaymentStatus {
  if (status !== "cancelled") return paymentStatus;
  if (UNPAID.includes(paymentStatus)) return "not_charged";
  if (PAID.includes(paymentStatus)) return "to_refund";
  return paymentStatus;
}

/** A paid order not yet shipped that goes by courier (a pick-up order is collected, never shipped): the desk's "ship", one order or many. */
export function isShippable(order: OrderState & { shippingMethod: string }): boolean {
  return order.shippingMethod !== "store_pickup" && nextOrderState(order, { type: "ship" }) !== null;
}

/** Staff may open a return for the customer (issue 42 part 3): a paid order that left, whatever its return window. */
export function staffMayOpenReturn(order: Pick<OrderState, "status" | "paymentStatus">): boolean {
  return isPaid(order.paymentStatus) && (order.status === "shipped" || order.status === "delivered");
}
