import { describe, expect, it } from "vitest";
import { isDomainError } from "~/utils/domain-error";
import {
  applyOrderEvent,
  nextOrderState,
  ORDER_PAYMENT_STATUSES,
  ORDER_SHIPPING_STATUSES,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderState,
  displayedPaymentStatus,
} from "./order-state";

const EVENTS: OrderEvent[] = [
  { type: "paymentFailed" },
  { type: "switchMethod", awaitingTransfer: true },
  { type: "switchMethod", awaitingTransfer: false },
  { type: "pay" },
  { type: "expire" },
  { type: "cancel" },
  { type: "ship" },
  { type: "deliver" },
  { type: "ready" },
  { type: "collect" },
  { type: "refund", full: false },
  { type: "refund", full: true },
];

const label = (s: OrderState) => `${s.status}/${s.paymentStatus}/${s.shippingStatus}`;
const eventLabel = (e: OrderEvent) => (e.type === "switchMethod" ? `switchMethod(${e.awaitingTransfer ? "transfer" : "provider"})` : e.type === "refund" ? `refund(${e.full ? "full" : "part"})` : e.type);

// Every legal transition, written out: state → event → next state. Anything not listed must be refused.
const LEGAL: [string, string, string][] = [
  ["pending_payment/pending/not_shipped", "paymentFailed", "pending_payment/failed/not_shipped"],
  ["pending_payment/pending/not_shipped", "switchMethod(transfer)", "pending_payment/awaiting_transfer/not_shipped"],
  ["pending_payment/pending/not_shipped", "switchMethod(provider)", "pending_payment/pending/not_shipped"],
  ["pending_payment/pending/not_shipped", "pay", "confirmed/paid/not_shipped"],
  ["pending_payment/pending/not_shipped", "expire", "cancelled/pending/not_shipped"],
  ["pending_payment/pending/not_shipped", "cancel", "cancelled/pending/not_shipped"],
  ["pending_payment/awaiting_transfer/not_shipped", "switchMethod(transfer)", "pending_payment/awaiting_transfer/not_shipped"],
  ["pending_payment/awaiting_transfer/not_shipped", "switchMethod(provider)", "pending_payment/pending/not_shipped"],
  ["pending_payment/awaiting_transfer/not_shipped", "pay", "confirmed/paid/not_shipped"],
  ["pending_payment/awaiting_transfer/not_shipped", "expire", "cancelled/awaiting_transfer/not_shipped"],
  ["pending_payment/awaiting_transfer/not_shipped", "cancel", "cancelled/awaiting_transfer/not_shipped"],
  ["pending_payment/failed/not_shipped", "switchMethod(transfer)", "pending_payment/awaiting_transfer/not_shipped"],
  ["pending_payment/failed/not_shipped", "switchMethod(provider)", "pending_payment/pending/not_shipped"],
  ["pending_payment/failed/not_shipped", "pay", "confirmed/paid/not_shipped"],
  ["pending_payment/failed/not_shipped", "expire", "cancelled/failed/not_shipped"],
  ["pending_payment/failed/not_shipped", "cancel", "cancelled/failed/not_shipped"],
  ["confirmed/paid/not_shipped", "cancel", "cancelled/paid/not_shipped"],
  ["confirmed/paid/not_shipped", "ship", "shipped/paid/shipped"],
  ["shipped/paid/shipped", "deliver", "delivered/paid/delivered"],
  ["shipped/paid/shipped", "refund(part)", "shipped/partially_refunded/shipped"],
  ["shipped/paid/shipped", "refund(full)", "refunded/refunded/shipped"],
  ["shipped/partially_refunded/shipped", "deliver", "delivered/partially_refunded/delivered"],
  ["shipped/partially_refunded/shipped", "refund(part)", "shipped/partially_refunded/shipped"],
  ["shipped/partially_refunded/shipped", "refund(full)", "refunded/refunded/shipped"],
  ["delivered/paid/delivered", "refund(part)", "delivered/partially_refunded/delivered"],
  ["delivered/paid/delivered", "refund(full)", "refunded/refunded/delivered"],
  ["delivered/partially_refunded/delivered", "refund(part)", "delivered/partially_refunded/delivered"],
  ["delivered/partially_refunded/delivered", "refund(full)", "refunded/refunded/delivered"],
  // A cancelled order's money goes back whole: paid before a withdrawal, or arrived after its hold ended.
  ["cancelled/paid/not_shipped", "refund(full)", "cancelled/refunded/not_shipped"],
  ["cancelled/pending/not_shipped", "refund(full)", "cancelled/refunded/not_shipped"],
  ["cancelled/awaiting_transfer/not_shipped", "refund(full)", "cancelled/refunded/not_shipped"],
  ["cancelled/failed/not_shipped", "refund(full)", "cancelled/refunded/not_shipped"],
  // Issue 37: a part refunded before shipping; a cancelled order's refund in parts.
  ["confirmed/paid/not_shipped", "refund(part)", "confirmed/partially_refunded/not_shipped"],
  ["confirmed/partially_refunded/not_shipped", "refund(part)", "confirmed/partially_refunded/not_shipped"],
  ["confirmed/partially_refunded/not_shipped", "cancel", "cancelled/partially_refunded/not_shipped"],
  ["confirmed/partially_refunded/not_shipped", "ship", "shipped/partially_refunded/shipped"],
  ["cancelled/paid/not_shipped", "refund(part)", "cancelled/partially_refunded/not_shipped"],
  ["cancelled/partially_refunded/not_shipped", "refund(part)", "cancelled/partially_refunded/not_shipped"],
  ["cancelled/partially_refunded/not_shipped", "refund(full)", "cancelled/refunded/not_shipped"],
  // Issue 41: pick-up in a store — ready on the shelf, collected (delivered), or cancelled uncollected.
  ["confirmed/paid/not_shipped", "ready", "confirmed/paid/ready_for_pickup"],
  ["confirmed/partially_refunded/not_shipped", "ready", "confirmed/partially_refunded/ready_for_pickup"],
  ["confirmed/paid/ready_for_pickup", "collect", "delivered/paid/delivered"],
  ["confirmed/partially_refunded/ready_for_pickup", "collect", "delivered/partially_refunded/delivered"],
  ["confirmed/paid/ready_for_pickup", "cancel", "cancelled/paid/not_shipped"],
  ["confirmed/partially_refunded/ready_for_pickup", "cancel", "cancelled/partially_refunded/not_shipped"],
  ["confirmed/paid/ready_for_pickup", "refund(part)", "confirmed/partially_refunded/ready_for_pickup"],
  ["confirmed/partially_refunded/ready_for_pickup", "refund(part)", "confirmed/partially_refunded/ready_for_pickup"],
];

describe("the order state machine", () => {
  const states: OrderState[] = ORDER_STATUSES.flatMap((status) =>
    ORDER_PAYMENT_STATUSES.flatMap((paymentStatus) => ORDER_SHIPPING_STATUSES.map((shippingStatus) => ({ status, paymentStatus, shippingStatus }))),
  );
  const legal = new Map(LEGAL.map(([from, event, to]) => [`${from} ${event}`, to]));

  it(`walks all ${states.length} states × ${EVENTS.length} events: the ${LEGAL.length} legal transitions lead where listed, every other is refused`, () => {
    let refused = 0;
    for (const state of states) {
      for (const event of EVENTS) {
        const expected = legal.get(`${label(state)} ${eventLabel(event)}`);
        const next = nextOrderState(state, event);
        if (expected) {
          expect(next && label(next), `${label(state)} ${eventLabel(event)}`).toBe(expected);
        } else {
          expect(next, `${label(state)} ${eventLabel(event)} must be refused`).toBeNull();
          try {
            applyOrderEvent(state, event);
            throw new Error("not refused");
          } catch (error) {
            expect(isDomainError(error) && error.code).toBe("ILLEGAL_TRANSITION");
          }
          refused++;
        }
      }
    }
    expect(refused).toBe(states.length * EVENTS.length - LEGAL.length);
  });

  it("follows the happy path placed → paid → shipped → delivered → refunded", () => {
    let state: OrderState = { status: "pending_payment", paymentStatus: "pending", shippingStatus: "not_shipped" };
    for (const event of [{ type: "pay" }, { type: "ship" }, { type: "deliver" }, { type: "refund", full: false }, { type: "refund", full: true }] as OrderEvent[]) {
      state = applyOrderEvent(state, event);
    }
    expect(state).toEqual({ status: "refunded", paymentStatus: "refunded", shippingStatus: "delivered" });
    // Terminal: nothing moves a refunded or cancelled order on.
    for (const event of EVENTS) expect(nextOrderState(state, event)).toBeNull();
  });

  it("shows a cancelled order's payment as its state has it: not charged, or still to refund (issue 37)", () => {
    expect(displayedPaymentStatus({ status: "cancelled", paymentStatus: "awaiting_transfer" })).toBe("not_charged");
    expect(displayedPaymentStatus({ status: "cancelled", paymentStatus: "pending" })).toBe("not_charged");
    expect(displayedPaymentStatus({ status: "cancelled", paymentStatus: "failed" })).toBe("not_charged");
    expect(displayedPaymentStatus({ status: "cancelled", paymentStatus: "paid" })).toBe("to_refund");
    expect(displayedPaymentStatus({ status: "cancelled", paymentStatus: "partially_refunded" })).toBe("to_refund");
    expect(displayedPaymentStatus({ status: "cancelled", paymentStatus: "refunded" })).toBe("refunded");
    expect(displayedPaymentStatus({ status: "pending_payment", paymentStatus: "awaiting_transfer" })).toBe("awaiting_transfer");
  });
});
