import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import type { ListingQuery } from "./listing.schema";
import { getListing, type Listing } from "./listing.service.server";
import { MAX_QUERY_LENGTH } from "./search-text";
import { searchProductIds } from "./search.repository.server";
import { cachedCatalogRead } from "./catalog-cache.server";

export interface SearchResult {
  /** The query as searched: trimmed, at most 100 characters. */
  q: string;
  /** Null for an empty query: the page asks what to look for. */
  listing: Listing | null;
}

/**
 * A search as a listing: the hits, best first, take the listing's filters, sort and pages
 * (its "featured" sort keeps the relevance order). Throws PageOutOfRangeError past the last
 * page; no hits is an empty listing, not an error.
 */
export async function searchCatalogue(
  db: Kysely<Database>,
  locale: Locale,
  rawQuery: string,
  listingQuery: ListingQuery,
  now = new Date(),
): Promise<SearchResult> {
  const q = rawQuery.trim().slice(0, MAX_QUERY_LENGTH).trim();
  if (!q) return { q, listing: null };
  // A query of symbols only ("***") has no words: searchProductIds answers [] without a query.
  const productIds = await searchProductIds(db, locale, q);
  return { q, listing: await getListing(db, locale, { productIds }, listingQuery, now) };
}

/**
 * `searchCatalogue` through the catalogue cache: what the search page calls. Ranking every match
 * of a common word costs tens of milliseconds on a large catalogue (bm25 or ts_rank visits each),
 * so a query's page is kept until the catalogue changes, like a listing's.
 */
export function searchCachedCatalogue(db: Kysely<Database>, locale: Locale, rawQuery: string, listingQuery: ListingQuery): Promise<SearchResult> {
  const q = rawQuery.trim().slice(0, MAX_QUERY_LENGTH).trim();
  return cachedCatalogRead(db, `search|${locale}|${q}|${JSON.stringify(listingQuery)}`, () => searchCatalogue(db, locale, q, listingQuery));
}
