import { describe, expect, it } from "vitest";
import { type DiscountRule, type PricedLine, applyDiscount, bagTotals } from "./bag-pricing";

const shipping = { freeShippingFromCents: 25_000, shippingFeeCents: 700 };
const line = (id: number, unitCents: number, quantity: number, categoryPath = [1], productId = id): PricedLine => ({ id, productId, categoryPath, unitCents, quantity });
const rule = (over: Partial<DiscountRule>): DiscountRule => ({ code: "X", kind: "percentage", amount: 10, minSubtotalCents: 0, productIds: [], categoryIds: [], ...over });

describe("bag totals", () => {
  it("charges 7 € below 250 € and ships free from exactly 250 € after the discount", () => {
    expect(bagTotals([line(1, 24_999, 1)], null, shipping)).toMatchObject({ subtotalCents: 24_999, shippingCents: 700, totalCents: 25_699, missingForFreeShippingCents: 1 });
    expect(bagTotals([line(1, 25_000, 1)], null, shipping)).toMatchObject({ shippingCents: 0, totalCents: 25_000, missingForFreeShippingCents: 0 });
    // 270 € less 10 % is 243 €: under the threshold again.
    const discounted = bagTotals([line(1, 27_000, 1)], applyDiscount(rule({}), [line(1, 27_000, 1)]), shipping);
    expect(discounted).toMatchObject({ discountCents: 2_700, shippingCents: 700, totalCents: 25_000 });
  });

  it("includes VAT at 22 % and charges nothing for an empty bag", () => {
    expect(bagTotals([line(1, 12_200, 1)], null, shipping).vatCents).toBe(Math.round(12_900 - 12_900 / 1.22));
    expect(bagTotals([], null, shipping)).toMatchObject({ totalCents: 0, shippingCents: 0 });
  });

  it("rounds a percentage half up on the eligible lines only, and says when some lines do not qualify", () => {
    const lines = [line(1, 1_999, 1, [5, 2]), line(2, 10_000, 2, [7, 3])];
    const applied = applyDiscount(rule({ categoryIds: [2] }), lines);
    expect(applied).toMatchObject({ cents: 200, eligibleLineIds: [1], partlyEligible: true, problem: null });
    expect(applyDiscount(rule({ productIds: [9] }), lines)).toMatchObject({ cents: 0, problem: "notEligible" });
  });

  it("caps a fixed amount at the eligible goods and holds the minimum against the whole bag", () => {
    expect(applyDiscount(rule({ kind: "fixed", amount: 3_000 }), [line(1, 2_000, 1)]).cents).toBe(2_000);
    expect(applyDiscount(rule({ kind: "fixed", amount: 3_000, minSubtotalCents: 15_000 }), [line(1, 14_999, 1)]).problem).toBe("minimum");
    const freeShipping = applyDiscount(rule({ kind: "free_shipping", amount: 0 }), [line(1, 5_000, 1)]);
    expect(bagTotals([line(1, 5_000, 1)], freeShipping, shipping)).toMatchObject({ discountCents: 0, shippingCents: 0, totalCents: 5_000 });
  });
});
