import { describe, expect, it } from "vitest";
import { listingSearch, parseListingQuery, parsePriceString } from "./listing.schema";

const query = (search: string) => parseListingQuery(new URLSearchParams(search));

describe("price strings, cleaned as the spec says (§5)", () => {
  it("keeps digits, dots and commas, drops the commas and reads the rest as a number", () => {
    expect(parsePriceString("€100")).toBe(10000);
    expect(parsePriceString("100 €")).toBe(10000);
    expect(parsePriceString("1,000")).toBe(100000);
    expect(parsePriceString("1,000.50")).toBe(100050);
    expect(parsePriceString("100.50")).toBe(10050);
    expect(parsePriceString("100.5")).toBe(10050);
    expect(parsePriceString(" 120 ")).toBe(12000);
    expect(parsePriceString("EUR 49.9")).toBe(4990);
    expect(parsePriceString(".5")).toBe(50);
    expect(parsePriceString("0")).toBe(0);
  });

  it("takes a comma for a thousands separator, as the rule says", () => {
    expect(parsePriceString("99,90")).toBe(999000);
  });

  it("rounds past the cent on the digits, never through a float", () => {
    // 4.35 * 100 is 434.99999999999994 in floating point.
    expect(parsePriceString("4.35")).toBe(435);
    expect(parsePriceString("4.355")).toBe(436);
    expect(parsePriceString("4.354")).toBe(435);
    expect(parsePriceString("9.999")).toBe(1000);
  });

  it("gives nothing for junk, an empty string, two dots or an absurd amount", () => {
    for (const junk of ["", "abc", "€", ",", ".", "1.2.3", "..5", "12345678", "9".repeat(400), "\u0000"]) {
      expect(parsePriceString(junk), JSON.stringify(junk)).toBeNull();
    }
    expect(parsePriceString(null)).toBeNull();
    expect(parsePriceString(undefined)).toBeNull();
  });
});

describe("the listing's price range", () => {
  it("swaps a minimum above the maximum and says it did", () => {
    expect(query("min=300&max=100")).toMatchObject({ minCents: 10000, maxCents: 30000, priceSwapped: true });
    expect(query("min=99.90&max=99.5")).toMatchObject({ minCents: 9950, maxCents: 9990, priceSwapped: true });
  });

  it("leaves a range in order, an equal pair and a single bound alone", () => {
    expect(query("min=100&max=300")).toMatchObject({ minCents: 10000, maxCents: 30000, priceSwapped: false });
    expect(query("min=100&max=100")).toMatchObject({ minCents: 10000, maxCents: 10000, priceSwapped: false });
    expect(query("min=300")).toMatchObject({ minCents: 30000, maxCents: null, priceSwapped: false });
    expect(query("min=300&max=abc")).toMatchObject({ minCents: 30000, maxCents: null, priceSwapped: false });
    expect(query("min=%E2%82%AC100&max=1%2C000")).toMatchObject({ minCents: 10000, maxCents: 100000, priceSwapped: false });
  });

  it("writes the swapped range in order, so links from the page carry it the right way round", () => {
    expect(listingSearch(query("min=300&max=100"))).toBe("?min=100&max=300");
  });
});
