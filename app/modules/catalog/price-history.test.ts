import { describe, expect, it } from "vitest";
import { lowestPriceBeforeReduction, type PriceChange } from "./price-history";

const NOW = new Date("2026-11-23T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const change = (days: number, priceCents: number): PriceChange => ({ effectiveAt: daysAgo(days), priceCents });

describe("lowestPriceBeforeReduction", () => {
  it("is the full price when the full price held for the whole month before the sale", () => {
    expect(lowestPriceBeforeReduction([change(90, 20000), change(3, 14000)], NOW)).toBe(20000);
  });

  it("finds a short flash price inside the window, below the current sale price", () => {
    const history = [change(120, 20000), change(25, 12000), change(15, 20000), change(3, 14000)];
    expect(lowestPriceBeforeReduction(history, NOW)).toBe(12000);
  });

  it("counts a price set 31 days ago when it was still in force as the window opened", () => {
    // The sale began 1 day ago: the window is days 31 to 1 ago; the 31-days-ago price applied then.
    const history = [change(200, 25000), change(31, 18000), change(1, 15000)];
    expect(lowestPriceBeforeReduction(history, NOW)).toBe(18000);
  });

  it("ignores a price that had been replaced before the window opened", () => {
    // Days 40 to 35 ago at 9000, then 20000 from day 35; the sale began 3 days ago: the window
    // (days 33 to 3 ago) only saw 20000.
    const history = [change(100, 20000), change(40, 9000), change(35, 20000), change(3, 15000)];
    expect(lowestPriceBeforeReduction(history, NOW)).toBe(20000);
  });

  it("does not count the current reduced price itself", () => {
    expect(lowestPriceBeforeReduction([change(60, 10000), change(2, 8000)], NOW)).toBe(10000);
  });

  it("is the current price when there is no earlier price", () => {
    expect(lowestPriceBeforeReduction([change(5, 9900)], NOW)).toBe(9900);
  });

  it("ignores scheduled prices that have not started yet, and the order of the rows", () => {
    const history = [change(-2, 5000), change(3, 14000), change(50, 20000)];
    expect(lowestPriceBeforeReduction(history, NOW)).toBe(20000);
  });

  it("is null with no history", () => {
    expect(lowestPriceBeforeReduction([], NOW)).toBeNull();
  });
});
