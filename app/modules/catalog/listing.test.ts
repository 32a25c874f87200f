import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { QueryCounter } from "../../../tests/support/query-counter";
import { seedDatabase } from "~/db/seed/seed.server";
import { getCategoryPage } from "./category.service.server";
import { listingSearch, PAGE_SIZE, parseListingQuery } from "./listing.schema";
import { compareSizes, getListing, PageOutOfRangeError } from "./listing.service.server";

const query = (search = "") => parseListingQuery(new URLSearchParams(search));

describe("parseListingQuery", () => {
  it("reads filters, sort and page; drops malformed values; swaps a reversed price range", () => {
    const q = query("size=M&size=M&size=<x>&color=nero&min=300&max=50.5&instock=1&sale=on&sort=price-desc&page=2");
    expect(q).toEqual({ sizes: ["M"], colors: ["nero"], minCents: 5050, maxCents: 30000, inStock: true, onSale: true, sort: "price-desc", page: 2, priceSwapped: true });
    expect(query("sort=cheapest&page=-3&min=abc")).toMatchObject({ sort: "featured", page: 1, minCents: null });
  });

  it("writes one canonical query string per state", () => {
    expect(listingSearch(query("page=1&sort=featured"))).toBe("");
    expect(listingSearch(query("max=99.9&size=S"))).toBe("?size=S&max=99.90");
    expect(listingSearch(query("q=x&color=blu"), { q: "lana" })).toBe("?q=lana&color=blu");
  });

  it("orders sizes as people read them", () => {
    expect(["XL", "40", "UNI", "S", "38", "M", "XS"].sort(compareSizes)).toEqual(["XS", "S", "M", "XL", "38", "40", "UNI"]);
  });
});

describeEachDatabase("category listing", (ctx) => {
  let donna: NonNullable<Awaited<ReturnType<typeof getCategoryPage>>>;
  const scope = () => ({ categoryId: donna.id });

  beforeAll(async () => {
    await seedDatabase(ctx().db);
    donna = (await getCategoryPage(ctx().db, "it", "donna"))!;
  });

  it("a parent category lists its subcategories' products, 24 to a page", async () => {
    const first = await getListing(ctx().db, "it", scope(), query());
    expect(donna.subtreeIds.length).toBeGreaterThan(1);
    expect(first.total).toBeGreaterThan(PAGE_SIZE);
    expect(first.products).toHaveLength(PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(first.total / PAGE_SIZE));
    const last = await getListing(ctx().db, "it", scope(), query(`page=${first.pageCount}`));
    expect(last.products.length).toBe(first.total - PAGE_SIZE * (first.pageCount - 1));
    const ids = new Set([...first.products, ...last.products].map((p) => p.id));
    expect(ids.size).toBe(first.products.length + last.products.length);
    await expect(getListing(ctx().db, "it", scope(), query(`page=${first.pageCount + 1}`))).rejects.toBeInstanceOf(PageOutOfRangeError);
  });

  it("filters by size and colour on the same variant, with facet counts that match the result", async () => {
    const all = await getListing(ctx().db, "it", scope(), query());
    const size = all.facets.sizes.find((f) => f.value === "M")!;
    const bySize = await getListing(ctx().db, "it", scope(), query("size=M"));
    expect(bySize.total).toBe(size.count);
    const color = bySize.facets.colors.find((f) => f.count > 0 && f.count < bySize.total)!;
    const both = await getListing(ctx().db, "it", scope(), query(`size=M&color=${color.value}`));
    expect(both.total).toBe(color.count);
    // The card shows the chosen colour.
    for (const card of both.products) expect(card.image.alt.endsWith(color.name)).toBe(true);
  });

  it("ignores unknown sizes and colours instead of emptying the listing", async () => {
    const all = await getListing(ctx().db, "it", scope(), query());
    const junk = await getListing(ctx().db, "it", scope(), query("size=ZZ&color=unicorn"));
    expect(junk.total).toBe(all.total);
    expect(junk.query.sizes).toEqual([]);
    expect(junk.query.colors).toEqual([]);
  });

  it("sorts by price both ways, and keeps the price range whichever way round it was typed", async () => {
    const asc = await getListing(ctx().db, "it", scope(), query("sort=price-asc"));
    const prices = asc.products.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await getListing(ctx().db, "it", scope(), query("sort=price-desc"));
    expect(desc.products[0].priceCents).toBeGreaterThanOrEqual(prices.at(-1)!);
    const range = await getListing(ctx().db, "it", scope(), query("min=300&max=100"));
    expect(range.total).toBeGreaterThan(0);
    for (const card of range.products) expect(card.priceCents).toBeGreaterThanOrEqual(10000);
    for (const card of range.products) expect(card.priceCents).toBeLessThanOrEqual(30000);
  });

  it("on sale: every card is reduced and shows the lowest price of the 30 days before the sale", async () => {
    const sale = await getListing(ctx().db, "it", scope(), query("sale=1"));
    expect(sale.total).toBe(sale.facets.onSale);
    expect(sale.total).toBeGreaterThan(0);
    for (const card of sale.products) {
      expect(card.compareAtCents).toBeGreaterThan(card.priceCents);
      expect(card.lowestPriceCents).not.toBeNull();
      // The seed's flash sale makes it differ from both prices shown.
      expect(card.lowestPriceCents).not.toBe(card.priceCents);
      expect(card.lowestPriceCents).not.toBe(card.compareAtCents);
    }
  });

  it("in stock only drops products whose every variant is sold out", async () => {
    const inStock = await getListing(ctx().db, "it", scope(), query("instock=1"));
    expect(inStock.total).toBe(inStock.facets.inStock);
    for (const card of inStock.products) expect(card.soldOut).toBe(false);
  });

  it("runs the same number of queries for a full page and a short one", async () => {
    const counted = async (search: string) => {
      const counter = new QueryCounter();
      await getListing(ctx().db.withPlugin(counter), "it", scope(), query(search));
      return counter.count;
    };
    const full = await counted("");
    const short = await counted("sale=1&size=XS");
    // Eight, and the page's photographs in one more (docs/decisions/023).
    expect(full).toBeLessThanOrEqual(9);
    expect(short).toBe(full);
  });
});
