// What a return pays back (spec §9: the return shipping fee is deducted from the refund). Pure
// arithmetic in cents, shared by the return request (which records the amount) and its tests.
//
// - Each returned unit is worth its price less its share of the order's discount. Shares are
//   computed on the running total of everything returned so far, so that several returns of one
//   order add up exactly to what the whole order cost (no cent lost or invented by rounding).
// - The return that brings the last unit back also returns the order's delivery cost (Codice del
//   Consumo art. 56: a withdrawal from the whole contract refunds the standard delivery).
// - The fee (shop setting `returnFeeCents`) is deducted once per return, never below zero, and
//   waived when every returned line is faulty or not what was ordered: the shop's mistake.

export const RETURN_REASONS = ["too_small", "too_large", "not_as_expected", "changed_mind", "faulty", "wrong_item", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** A withdrawal gives no reason (the law asks for none). */
export type ReturnLineReason = ReturnReason | "withdrawal";

const SHOPS_MISTAKE: readonly ReturnLineReason[] = ["faulty", "wrong_item"];

export interface RefundOrder {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  lines: { id: number; unitCents: number; quantity: number }[];
}

export interface ReturnedUnits {
  /** Order line id → quantity. */
  [orderLineId: number]: number;
}

export interface ReturnAmounts {
  goodsCents: number;
  feeCents: number;
  refundCents: number;
  /** This return brings the order's last unit back. */
  completesOrder: boolean;
}

function merchandise(order: RefundOrder, units: ReturnedUnits): number {
  return order.lines.reduce((sum, line) => sum + line.unitCents * (units[line.id] ?? 0), 0);
}

/** The returned units' worth: their price less their share of the discount (rounded in the shop's favour only once, on the running total). */
function worth(order: RefundOrder, units: ReturnedUnits): number {
  const goods = merchandise(order, units);
  if (order.subtotalCents <= 0) return 0;
  return goods - Math.floor((order.discountCents * goods) / order.subtotalCents);
}

export function returnAmounts(input: {
  order: RefundOrder;
  /** Units already in earlier returns. */
  before: ReturnedUnits;
  /** Units of this return, with the reason of each line. */
  returning: { orderLineId: number; quantity: number; reason: ReturnLineReason }[];
  feeCents: number;
}): ReturnAmounts {
  const { order, before } = input;
  const after: ReturnedUnits = { ...before };
  for (const line of input.returning) after[line.orderLineId] = (after[line.orderLineId] ?? 0) + line.quantity;
  const completesOrder = order.lines.every((line) => (after[line.id] ?? 0) >= line.quantity);
  const goodsCents = worth(order, after) - worth(order, before) + (completesOrder ? order.shippingCents : 0);
  const waived = input.returning.length > 0 && input.returning.every((line) => SHOPS_MISTAKE.includes(line.reason));
  const feeCents = waived ? 0 : Math.min(input.feeCents, goodsCents);
  return { goodsCents, feeCents, refundCents: goodsCents - feeCents, completesOrder };
}
