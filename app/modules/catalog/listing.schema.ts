// The listing's query string: filters, sort and page, read from a GET form (so every state is
// a shareable URL). Parsing never fails: unknown or malformed values are dropped, a reversed
// price range is swapped. Safe on client and server.

import { toEuroInput } from "~/utils/money";

export const SORTS = ["featured", "newest", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 24;

export interface ListingQuery {
  sizes: string[];
  colors: string[];
  /** Integer euro cents, inclusive. */
  minCents: number | null;
  maxCents: number | null;
  inStock: boolean;
  onSale: boolean;
  sort: Sort;
  page: number;
  /** The URL gave the minimum above the maximum: they were swapped, and the filter form says so. */
  priceSwapped: boolean;
}

const TOKEN = /^[\p{L}\p{N}._-]{1,32}$/u;
const MAX_VALUES = 30;

function tokens(params: URLSearchParams, name: string): string[] {
  const values = params.getAll(name).filter((value) => TOKEN.test(value));
  return [...new Set(values)].slice(0, MAX_VALUES);
}


/** More euro than this in a bound is not a price anyone filters by: the bound is dropped. */
const MAX_EURO_DIGITS = 7;

/**
 * A price string → integer cents, by the spec's rule (§5): keep only digits, dots and commas,
 * drop the commas, read the rest as a number. So "€100" → 10000, "1,000" → 100000,
 * "100.50" → 10050, and "99,90" → 999000 (the comma is a thousands separator; the filter's
 * number field always sends a dot). Nothing left, two dots, or more than seven digits of euro
 * → null. Decimals past the cent round half up, on the digits: no float on the way.
 */
export function parsePriceString(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const cleaned = value.replace(/[^\d.,]/g, "").replace(/,/g, "");
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, euro, decimals = ""] = match;
  if (euro === "" && decimals === "") return null;
  const digits = euro.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_EURO_DIGITS) return null;
  const cents = Number(digits || "0") * 100 + Number(decimals.slice(0, 2).padEnd(2, "0"));
  return decimals.charAt(2) >= "5" ? cents + 1 : cents;
}

const flag = (value: string | null) => value === "1" || value === "on" || value === "true";

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  let minCents = parsePriceString(params.get("min"));
  let maxCents = parsePriceString(params.get("max"));
  const priceSwapped = minCents !== null && maxCents !== null && minCents > maxCents;
  if (priceSwapped) [minCents, maxCents] = [maxCents, minCents];
  const sort = params.get("sort");
  const page = Number(params.get("page") ?? "1");
  return {
    sizes: tokens(params, "size"),
    colors: tokens(params, "color"),
    minCents,
    maxCents,
    inStock: flag(params.get("instock")),
    onSale: flag(params.get("sale")),
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : "featured",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    priceSwapped,
  };
}


/**
 * The query string of a listing state, in a stable order; defaults are left out so that one
 * state has one URL. `extra` carries parameters the listing does not own (the search's q).
 */
export function listingSearch(query: ListingQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const size of query.sizes) params.append("size", size);
  for (const color of query.colors) params.append("color", color);
  if (query.minCents !== null) params.set("min", toEuroInput(query.minCents));
  if (query.maxCents !== null) params.set("max", toEuroInput(query.maxCents));
  if (query.inStock) params.set("instock", "1");
  if (query.onSale) params.set("sale", "1");
  if (query.sort !== "featured") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const hasFilters = (query: ListingQuery) =>
  query.sizes.length > 0 || query.colors.length > 0 || query.minCents !== null || query.maxCents !== null || query.inStock || query.onSale;
