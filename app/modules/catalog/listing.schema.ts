// The listing's query string: filters, sort and page, read from a GET form (so every state is
// a shareable URL). Parsing never fails: unknown or malformed values are dropped, a reversed
// price range is swapped. Safe on client and server.

import { parseEuro, toEuroInput } from "~/utils/money";

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


const flag = (value: string | null) => value === "1" || value === "on" || value === "true";

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  let minCents = parseEuro(params.get("min"));
  let maxCents = parseEuro(params.get("max"));
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
