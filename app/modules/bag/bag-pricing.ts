import type { DiscountKind } from "~/db/schema";
import { addMoney, multiplyMoney, percentOf, subtractMoney, vatIncluded } from "~/utils/money";

// The bag's arithmetic, as pure functions of its lines (priced from the catalogue by the
// service, never from the request), the discount code's rule and the shop's shipping settings.
// Integer cents throughout (utils/money.ts).

/** Italian VAT, included in every price the shop shows. */
export const VAT_PERCENT = 22;
/** The most of one variant a line may hold (and a form may ask for). */
export const MAX_LINE_QUANTITY = 99;

export interface PricedLine {
  id: number;
  productId: number;
  /** The product's category and every ancestor, for category-bound codes. */
  categoryPath: number[];
  unitCents: number;
  quantity: number;
}

export interface DiscountRule {
  code: string;
  kind: DiscountKind;
  /** Percent for "percentage", cents for "fixed". */
  amount: number;
  minSubtotalCents: number;
  /** Empty lists: every product qualifies. */
  productIds: number[];
  categoryIds: number[];
}

export type DiscountProblem = "minimum" | "notEligible";

export interface AppliedDiscount {
  code: string;
  kind: DiscountKind;
  /** Goods discount in cents (0 for free shipping). */
  cents: number;
  /** Lines the code applies to. */
  eligibleLineIds: number[];
  /** Some lines qualify and some do not (spec §5: tell the shopper). */
  partlyEligible: boolean;
  /** Why the code gives nothing right now (kept on the bag: it may qualify again). */
  problem: DiscountProblem | null;
}

export interface BagTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** The VAT included in the total. */
  vatCents: number;
  freeShippingFromCents: number;
  /** How much more (after discount) until shipping is free; 0 once it is. */
  missingForFreeShippingCents: number;
  /** While a dated free-shipping promotion sets the threshold: its last day in Italy (YYYY-MM-DD), to announce it. */
  freeShippingUntil?: string | null;
  /** That day as the bag's language writes it ("31 dicembre 2026"): written here, so the page loads no date formatter. */
  freeShippingUntilText?: string | null;
}

export interface ShippingRule {
  freeShippingFromCents: number;
  shippingFeeCents: number;
}

/**
 * The totals of an order that is not delivered (collected in a store): no shipping, the VAT of
 * the rest. What a delivery would still need to ship free stays (the shipping step shows it).
 */
export function withoutShipping<T extends BagTotals>(totals: T): T {
  if (totals.shippingCents === 0) return totals;
  const totalCents = subtractMoney(totals.totalCents, totals.shippingCents);
  return { ...totals, shippingCents: 0, totalCents, vatCents: vatIncluded(totalCents, VAT_PERCENT) };
}

export function lineTotal(line: Pick<PricedLine, "unitCents" | "quantity">): number {
  return multiplyMoney(line.unitCents, line.quantity);
}

function qualifies(rule: DiscountRule, line: PricedLine): boolean {
  if (!rule.productIds.length && !rule.categoryIds.length) return true;
  return rule.productIds.includes(line.productId) || line.categoryPath.some((id) => rule.categoryIds.includes(id));
}

/** What a code does to these lines: the minimum is on the whole bag, the discount on the lines that qualify. */
export function applyDiscount(rule: DiscountRule, lines: PricedLine[]): AppliedDiscount {
  const subtotal = addMoney(...lines.map(lineTotal));
  const eligible = lines.filter((line) => qualifies(rule, line));
  const base = { code: rule.code, kind: rule.kind, eligibleLineIds: eligible.map((line) => line.id), partlyEligible: eligible.length > 0 && eligible.length < lines.length };
  if (!eligible.length) return { ...base, cents: 0, problem: "notEligible" };
  if (subtotal < rule.minSubtotalCents) return { ...base, cents: 0, problem: "minimum" };
  const eligibleSubtotal = addMoney(...eligible.map(lineTotal));
  const cents =
    rule.kind === "percentage" ? percentOf(eligibleSubtotal, Math.min(100, rule.amount)) : rule.kind === "fixed" ? Math.min(rule.amount, eligibleSubtotal) : 0;
  return { ...base, cents, problem: null };
}

/**
 * Subtotal, discount, shipping for Italy (free from the threshold after discount, or with a
 * free-shipping code; nothing for an empty bag), total and the VAT it includes.
 */
export function bagTotals(lines: PricedLine[], discount: AppliedDiscount | null, shipping: ShippingRule): BagTotals {
  const subtotalCents = addMoney(...lines.map(lineTotal));
  const discountCents = discount?.problem === null ? discount.cents : 0;
  const goods = subtractMoney(subtotalCents, discountCents);
  const freeByCode = discount?.problem === null && discount.kind === "free_shipping";
  const free = lines.length === 0 || freeByCode || goods >= shipping.freeShippingFromCents;
  const shippingCents = free ? 0 : shipping.shippingFeeCents;
  const totalCents = addMoney(goods, shippingCents);
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    totalCents,
    vatCents: vatIncluded(totalCents, VAT_PERCENT),
    freeShippingFromCents: shipping.freeShippingFromCents,
    missingForFreeShippingCents: free ? 0 : subtractMoney(shipping.freeShippingFromCents, goods),
  };
}
