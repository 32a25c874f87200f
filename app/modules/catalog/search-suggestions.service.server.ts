import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { listShownProductPhotos } from "~/modules/media/product-photos.service.server";
import { getCachedMenu, menuEntries } from "./category.service.server";
import { findListedProducts } from "./listing.repository.server";
import { toProductCards } from "./product.service.server";
import { listVariantSummaries } from "./product.repository.server";
import { searchEngine } from "./search-engine.server";
import { termsOf } from "./search-terms";
import { cleanQuery } from "./search.service.server";

// Suggestions as the shopper types (issue 39): the engine of the search page with the last word
// taken as the beginning of a word ("cami" → camicia, camicie, camicetta), stems and synonyms as
// on the page, no typo pass, and only the products whose name, category or colours hold the
// words (one capped index read). The data of the header's combobox and its JSON route.

export const MAX_SUGGESTED_PRODUCTS = 6;
export const MAX_SUGGESTED_CATEGORIES = 4;
/** Candidates ranked for a suggestion: fewer than the page's, it answers on every key. */
const SUGGESTION_CANDIDATES = 120;

export interface SearchSuggestions {
  /** The query as read (control characters out, at most 100 characters). */
  q: string;
  products: { id: number; name: string; href: string; priceCents: number; imageUrl: string | null }[];
  /** Categories whose name holds a word of the query; a subcategory named with its parent ("Donna › Camicie"). */
  categories: { name: string; href: string }[];
}

/** Up to six products and four categories for what the shopper has typed so far (two letters at least). */
export async function searchSuggestions(db: Kysely<Database>, locale: Locale, rawQuery: string, now = new Date()): Promise<SearchSuggestions> {
  const q = cleanQuery(rawQuery);
  if (q.replace(/\s/g, "").length < 2) return { q, products: [], categories: [] };
  const [{ plan, productIds }, menu] = await Promise.all([
    searchEngine(db, locale, q, { prefixLast: true, exact: true, headOnly: true, limit: MAX_SUGGESTED_PRODUCTS, perStage: SUGGESTION_CANDIDATES, now }),
    getCachedMenu(db, locale),
  ]);

  const categories = plan.words.length
    ? menuEntries(menu)
        .map((category, index) => {
          const terms = new Set(termsOf(locale, [category.name]).split(" "));
          const hits = plan.words.filter((word) => word.alternatives.some((alt) => alt.every((term) => terms.has(term)))).length;
          return { category, hits, index };
        })
        .filter((entry) => entry.hits > 0)
        .sort((a, b) => b.hits - a.hits || a.index - b.index)
        .slice(0, MAX_SUGGESTED_CATEGORIES)
        .map(({ category }) => ({ name: category.label, href: category.url }))
    : [];

  if (!productIds.length) return { q, products: [], categories };
  const [products, variants, photos] = await Promise.all([
    findListedProducts(db, locale, productIds),
    listVariantSummaries(db, locale, productIds),
    listShownProductPhotos(db, productIds, locale),
  ]);
  const order = new Map(productIds.map((id, index) => [id, index]));
  const cards = toProductCards(products, variants, locale, { photos }).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    q,
    products: cards.map((card) => ({ id: card.id, name: card.name, href: card.url, priceCents: card.priceCents, imageUrl: card.image.src || null })),
    categories,
  };
}
