import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type ListingQuery, PAGE_SIZE } from "./listing.schema";
import {
  type ColorFacetCount,
  type FacetCount,
  findColors,
  findListedProducts,
  findListingPage,
  findPriceRange,
  findProfiles,
  groupedProfiles,
  type ListingScope,
  type VariantFilter,
} from "./listing.repository.server";
import { countFacets, profileValues } from "./listing-profile";
import { type ProductCard, toProductCards, withLowestPrices } from "./product.service.server";
import { listShownProductPhotos } from "~/modules/media/product-photos.service.server";
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

/**
 * One page of a listing with its facets, in a fixed number of queries whatever the page or the
 * catalogue's size: the category's facet profiles (two, both a few rows), its price range (two
 * index seeks), the colours' names, the page from an index in the sort's order, and three for the
 * cards. A price filter adds one: the profiles within the range, grouped from the entries.
 */
export async function getListing(
  db: Kysely<Database>,
  locale: Locale,
  scope: ListingScope,
  requested: ListingQuery,
  now = new Date(),
): Promise<Listing> {
  const at = now.toISOString();
  const [profiles, priceRange] = await Promise.all([findProfiles(db, scope, at), findPriceRange(db, scope, at)]);
  const values = profileValues(profiles);
  // Unknown filter values are ignored, not turned into an empty result.
  const sizes = requested.sizes.filter((size) => values.sizes.includes(size));
  const colors = requested.colors.filter((color) => values.colors.includes(color));
  const query = sizes.length !== requested.sizes.length || colors.length !== requested.colors.length ? { ...requested, sizes, colors } : requested;

  const filter = toFilter(query);
  const priced = filter.minCents !== null || filter.maxCents !== null;
  const [colorRows, counted] = await Promise.all([
    findColors(db, locale, values.colors),
    priced ? groupedProfiles(db, scope, filter, at) : Promise.resolve(profiles),
  ]);
  const counts = countFacets(counted, filter, { sizes: values.sizes, colors: colorRows.map((c) => c.value) });
  const pageCount = Math.max(1, Math.ceil(counts.total / PAGE_SIZE));
  // Before the page's query: a page past the last (page=9999) costs no index walk.
  if (query.page > pageCount) throw new PageOutOfRangeError(pageCount);
  const rows = await findListingPage(db, scope, filter, query.sort, { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE, now: at });
  const facets: ListingFacets = {
    sizes: values.sizes.map((value) => ({ value, count: counts.sizes.get(value) ?? 0 })).sort((a, b) => compareSizes(a.value, b.value)),
    colors: colorRows.map((color) => ({ ...color, count: counts.colors.get(color.value) ?? 0 })),
    inStock: counts.inStock,
    onSale: counts.onSale,
    price: priceRange,
  };

  const ids = rows.map((row) => row.id);
  const [products, variants, photos] = await Promise.all([findListedProducts(db, locale, ids), listVariantSummaries(db, locale, ids), listShownProductPhotos(db, ids, locale)]);
  const order = new Map(ids.map((id, index) => [id, index]));
  products.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const matches = (v: { size: string; colorCode: string; priceCents: number; stock: number; compareAtCents: number | null }) =>
    (!filter.sizes.length || filter.sizes.includes(v.size)) &&
    (!filter.colors.length || filter.colors.includes(v.colorCode)) &&
    (filter.minCents === null || v.priceCents >= filter.minCents) &&
    (filter.maxCents === null || v.priceCents <= filter.maxCents) &&
    (!filter.inStock || v.stock > 0) &&
    (!filter.onSale || (v.compareAtCents !== null && v.compareAtCents > v.priceCents));
  const cards = await withLowestPrices(db, toProductCards(products, variants, locale, { matches, photos }), now);

  return { products: cards, total: counts.total, page: query.page, pageCount, facets, query };
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
