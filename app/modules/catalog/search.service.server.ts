import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { log } from "~/utils/log.server";
import { cachedCatalogRead } from "./catalog-cache.server";
import { getCachedMenu, menuEntries } from "./category.service.server";
import { hasFilters, type ListingQuery } from "./listing.schema";
import { getListing, type Listing } from "./listing.service.server";
import { upsertSearchQuery } from "./search-admin.repository.server";
import { searchEngine } from "./search-engine.server";
import { findListedCategories } from "./search.repository.server";
import { nearestWords, normalizedQuery } from "./search-query";
import { MAX_QUERY_LENGTH } from "./search-text";

export interface SearchResult {
  /** The query as typed: control characters out, trimmed, at most 100 characters. */
  q: string;
  /** Null for an empty query: the page asks what to look for. */
  listing: Listing | null;
  /**
   * When a word matched nothing and was searched as the closest word the catalogue knows:
   * `from` is the query as typed, `to` the query searched ("capotto" → "cappotto").
   */
  correction: { from: string; to: string } | null;
  /** True when the typo pass was off (the "search for exactly this" link). */
  exact: boolean;
  /** Nothing found: words to try instead (near the words that matched nothing, or each word alone). */
  alternatives: string[];
  /** The categories of the hits with how many each holds (the category filter), menu order. */
  categories: SearchCategory[];
  /** The category the hits are narrowed to, or null. */
  categoryId: number | null;
}

export interface SearchCategory {
  id: number;
  /** A subcategory with its parents: "Donna › Camicie". */
  label: string;
  count: number;
}

/** The category filter's value: an id, or null for anything else (ignored, like an unknown size). */
export function parseSearchCategory(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The query as the page shows and searches it: no control characters (NUL…), at most 100 characters. */
export function cleanQuery(rawQuery: string): string {
  return rawQuery
    .slice(0, MAX_QUERY_LENGTH * 4)
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
}

/**
 * A search as a listing: the hits, best first (search-query.ts's ranking), take the listing's
 * filters, sort and pages (its "featured" sort keeps the relevance order). Throws
 * PageOutOfRangeError past the last page; no hits is an empty listing, not an error.
 */
export async function searchCatalogue(
  db: Kysely<Database>,
  locale: Locale,
  rawQuery: string,
  listingQuery: ListingQuery,
  now = new Date(),
  { exact = false, categoryId = null }: { exact?: boolean; categoryId?: number | null } = {},
): Promise<SearchResult> {
  const q = cleanQuery(rawQuery);
  if (!q) return { q, listing: null, correction: null, exact, alternatives: [], categories: [], categoryId: null };
  const { plan, lexicon, productIds: hits } = await searchEngine(db, locale, q, { exact, now });
  // The category filter: the hits' categories counted (one read), the hits narrowed to one.
  const [listed, menu] = hits.length ? await Promise.all([findListedCategories(db, hits, now.toISOString()), getCachedMenu(db, locale)]) : [[], []];
  const counts = new Map<number, number>();
  for (const row of listed) counts.set(row.categoryId, (counts.get(row.categoryId) ?? 0) + 1);
  const categories = menuEntries(menu)
    .filter((entry) => counts.has(entry.id))
    .map((entry) => ({ id: entry.id, label: entry.label, count: counts.get(entry.id)! }));
  const chosen = categoryId !== null && counts.has(categoryId) ? categoryId : null;
  const inChosen = chosen === null ? null : new Set(listed.filter((row) => row.categoryId === chosen).map((row) => row.productId));
  const productIds = inChosen ? hits.filter((id) => inChosen.has(id)) : hits;
  const listing = await getListing(db, locale, { productIds }, listingQuery, now);
  const correction = plan.corrected && productIds.length ? { from: q, to: plan.corrected } : null;
  let alternatives: string[] = [];
  if (productIds.length === 0 && plan.words.length > 0) {
    const words = plan.words.flatMap((word) => (word.alternatives.length ? [word.typed] : nearestWords(lexicon, word.typed)));
    // One word alone is no alternative to itself.
    alternatives = [...new Set(words)].filter((word) => word !== normalizedQuery(q)).slice(0, 6);
  }
  return { q, listing, correction, exact, alternatives, categories, categoryId: chosen };
}

/**
 * `searchCatalogue` through the catalogue cache: a query's page is kept until the catalogue (or
 * a synonym) changes, like a listing's.
 */
export function searchCachedCatalogue(
  db: Kysely<Database>,
  locale: Locale,
  rawQuery: string,
  listingQuery: ListingQuery,
  options: { exact?: boolean; categoryId?: number | null } = {},
): Promise<SearchResult> {
  const q = cleanQuery(rawQuery);
  return cachedCatalogRead(db, `search|${locale}|${options.exact ? "exact" : ""}|${options.categoryId ?? ""}|${q}|${JSON.stringify(listingQuery)}`, () =>
    searchCatalogue(db, locale, q, listingQuery, new Date(), options),
  );
}

/** The UTC day of a date, as the report keeps it. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Counts a shopper's search for the owner's report (Atelier, search report): the normalised
 * query, per day and language, with how many results it found. Only a new search counts (its
 * first page, no filters), and a failure to count never fails the page.
 */
export async function recordSearch(db: Kysely<Database>, locale: Locale, result: SearchResult, now = new Date()): Promise<void> {
  if (!result.listing || result.listing.page !== 1 || hasFilters(result.listing.query) || result.categoryId !== null) return;
  const query = normalizedQuery(result.q);
  if (!query) return;
  try {
    await upsertSearchQuery(db, { day: dayOf(now), locale, query, results: result.listing.total });
  } catch (error) {
    log.warn("search not counted", { error: (error as Error).message });
  }
}
