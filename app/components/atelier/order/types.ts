import type { getDeskOrder } from "~/modules/order/order-desk.service.server";

// What the order's page (routes/atelier/order.tsx) hands its panels: the order desk service's view
// of the order, and the steps its state allows.

export type DeskOrderView = Awaited<ReturnType<typeof getDeskOrder>>;
export type DeskOrder = DeskOrderView["order"];

/** The steps the order's state allows (the route's loader decides them with order-state's rules). */
export interface DeskOrderSteps {
  paid: boolean;
  ship: boolean;
  deliver: boolean;
  /** A pick-up order's steps: on the store's shelf, then collected. */
  ready: boolean;
  collect: boolean;
  cancel: boolean;
  refund: boolean;
  /** The requested returns that can be marked received. */
  receive: number[];
  refundReturns: boolean;
  /** A return opened by staff for the customer (issue 42 part 3). */
  openReturn: boolean;
}
