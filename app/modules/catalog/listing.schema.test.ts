import { describe, expect, it } from "vitest";
import { listingSearch, parseListingQuery } from "./listing.schema";

const query = (search: string) => parseListingQuery(new URLSearchParams(search));

describe("the listing's price range", () => {
  it("swaps a minimum above the maximum and says it did", () => {
    expect(query("min=300&max=100")).toMatchObject({ minCents: 10000, maxCents: 30000, priceSwapped: true });
    expect(query("min=99,90&max=99.5")).toMatchObject({ minCents: 9950, maxCents: 9990, priceSwapped: true });
  });

  it("leaves a range in order, an equal pair and a single bound alone", () => {
    expect(query("min=100&max=300")).toMatchObject({ minCents: 10000, maxCents: 30000, priceSwapped: false });
    expect(query("min=100&max=100")).toMatchObject({ minCents: 10000, maxCents: 10000, priceSwapped: false });
    expect(query("min=300")).toMatchObject({ minCents: 30000, maxCents: null, priceSwapped: false });
    expect(query("min=300&max=abc")).toMatchObject({ minCents: 30000, maxCents: null, priceSwapped: false });
  });

  it("writes the swapped range in order, so links from the page carry it the right way round", () => {
    expect(listingSearch(query("min=300&max=100"))).toBe("?min=100&max=300");
  });
});
