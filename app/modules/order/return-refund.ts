// What a return pays back (spec §9: the return shipping fee is deducted from the refund). Pure
// arithmetic in cents, shared by the return request (which records the amount) and its tests.
//
// - Each returned unit is worth its price less its share of its line's discount (a code that
//   applies to some products discounts only their lines: lineDiscounts, at placing). Shares are
//   computed on the running total of each line's returned units, so that several returns of one
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
  shippingCents: number;
  /** Each line with what it cost before the discount and its share of the discount. */
  lines: { id: number; unitCents: number; quantity: number; discountCents: number }[];
}

/**
 * The order's discount spread over the lines it applied to, in proportion to their totals; the
 * cents rounding leaves go to the last of them, so the shares add up to the discount exactly.
 */
export function lineDiscounts(lines: { id: number; totalCents: number }[], eligibleIds: readonly number[], discountCents: number): Map<number, number> {
  const shares = new Map(lines.map((line) => [line.id, 0]));
  const eligible = lines.filter((line) => eligibleIds.includes(line.id));
  const base = eligible.reduce((sum, line) => sum + line.totalCents, 0);
  if (!eligible.length || base <= 0 || discountCents <= 0) return shares;
  let given = 0;
  eligible.forEach((line, i) => {
    const share = i === eligible.length - 1 ? discountCents - given : Math.floor((discountCents * line.totalCents) / base);
    shares.set(line.id, share);
    given += share;
  });
  return shares;
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

/** The returned units' worth: their price less their line's discount share (rounded once, on each line's running total). */
function worth(order: RefundOrder, units: ReturnedUnits): number {
  return order.lines.reduce((sum, line) => {
    const returned = Math.min(units[line.id] ?? 0, line.quantity);
    return sum + line.unitCents * returned - Math.floor((line.discountCents * returned) / line.quantity);
  }, 0);
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
