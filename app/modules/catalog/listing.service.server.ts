import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type ListingQuery, PAGE_SIZE } from "./listing.schema";
import {
  type ColorFacetCount,
  countColors,
  countListing,
  countSizes,
  countToggles,
  type FacetCount,
  findListedProducts,
  findListingPage,
  type ListingScope,
  type VariantFilter,
} from "./listing.repository.server";
import { type ProductCard, toProductCards, withLowestPrices } from "./product.service.server";
import { listVariantSummaries } from "./product.repository.server";
import { cachedCatalogRead } from "./catalog-cache.server";

export interface ListingFacets {
  sizes: FacetCount[];
  colors: ColorFacetCount[];
  inStock: number;
  onSale: number;
  price: { minCents: number | null; maxCents: number | null };
}

export interface Listing {
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  facets: ListingFacets;
  /** The query as applied: sizes and colours that do not exist in this listing are dropped. */
  query: ListingQuery;
}

/** Past the last page: the route answers 404. */
export class PageOutOfRangeError extends Error {
  readonly code = "PAGE_OUT_OF_RANGE";
  constructor(readonly lastPage: number) {
    super(`The listing has ${lastPage} pages`);
  }
}

const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL"];

/** Letter sizes in their natural order, then numeric sizes ascending, then the rest (UNI). */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string): [number, number, string] => {
    const letter = LETTER_SIZES.indexOf(size);
    if (letter >= 0) return [0, letter, size];
    if (/^\d+(\.\d+)?$/.test(size)) return [1, Number(size), size];
    return [2, 0, size];
  };
  const [ga, na, sa] = rank(a);
  const [gb, nb, sb] = rank(b);
  return ga - gb || na - nb || sa.localeCompare(sb);
}

const toFilter = (query: ListingQuery): VariantFilter => ({
  sizes: query.sizes,
  colors: query.colors,
  minCents: query.minCents,
  maxCents: query.maxCents,
  inStock: query.inStock,
  onSale: query.onSale,
});

async function loadFacets(db: Kysely<Database>, locale: Locale, scope: ListingScope, filter: VariantFilter, now: string): Promise<ListingFacets> {
  const [sizes, colors, toggles] = await Promise.all([
    countSizes(db, scope, filter, now),
    countColors(db, locale, scope, filter, now),
    countToggles(db, scope, filter, now),
  ]);
  return {
    sizes: sizes.sort((a, b) => compareSizes(a.value, b.value)),
    colors,
    inStock: toggles.inStock,
    onSale: toggles.onSale,
    price: { minCents: toggles.minPriceCents, maxCents: toggles.maxPriceCents },
  };
}

/**
 * One page of a listing with its facets. A fixed number of queries whatever the page size:
 * three for the facets (three more only when the URL names sizes or colours the listing does
 * not have), two for the page and its total, two for the cards.
 */
export async function getListing(
  db: Kysely<Database>,
  locale: Locale,
  scope: ListingScope,
  requested: ListingQuery,
  now = new Date(),
): Promise<Listing> {
  const at = now.toISOString();
  let query = requested;
  let facets = await loadFacets(db, locale, scope, toFilter(query), at);
  // Unknown filter values are ignored, not turned into an empty result.
  const sizes = query.sizes.filter((size) => facets.sizes.some((f) => f.value === size));
  const colors = query.colors.filter((color) => facets.colors.some((f) => f.value === color));
  if (sizes.length !== query.sizes.length || colors.length !== query.colors.length) {
    query = { ...query, sizes, colors };
    facets = await loadFacets(db, locale, scope, toFilter(query), at);
  }

  const filter = toFilter(query);
  const [total, rows] = await Promise.all([
    countListing(db, scope, filter, at),
    findListingPage(db, scope, filter, query.sort, { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE, now: at }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (query.page > pageCount) throw new PageOutOfRangeError(pageCount);

  const ids = rows.map((row) => row.id);
  const [products, variants] = await Promise.all([findListedProducts(db, locale, ids), listVariantSummaries(db, locale, ids)]);
  const order = new Map(ids.map((id, index) => [id, index]));
  products.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const matches = (v: { size: string; colorCode: string; priceCents: number; stock: number; compareAtCents: number | null }) =>
    (!filter.sizes.length || filter.sizes.includes(v.size)) &&
    (!filter.colors.length || filter.colors.includes(v.colorCode)) &&
    (filter.minCents === null || v.priceCents >= filter.minCents) &&
    (filter.maxCents === null || v.priceCents <= filter.maxCents) &&
    (!filter.inStock || v.stock > 0) &&
    (!filter.onSale || (v.compareAtCents !== null && v.compareAtCents > v.priceCents));
  const cards = await withLowestPrices(db, toProductCards(products, variants, locale, { matches }), now);

  return { products: cards, total, page: query.page, pageCount, facets, query };
}

/** `getListing` through the catalogue cache: what the listing pages call. */
export function getCachedListing(
  db: Kysely<Database>,
  locale: Locale,
  scope: ListingScope,
  query: ListingQuery,
  revision?: string,
): Promise<Listing> {
  const key = `listing|${locale}|${JSON.stringify(scope)}|${JSON.stringify(query)}`;
  return cachedCatalogRead(db, key, () => getListing(db, locale, scope, query), { revision });
}
