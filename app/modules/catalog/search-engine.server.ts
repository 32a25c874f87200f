import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { cachedCatalogRead } from "./catalog-cache.server";
import { selectSynonymGroups } from "./search-admin.repository.server";
import { type Lexicon, type QueryPlan, buildLexicon, planQuery, rankCandidates, termQueryOf } from "./search-query";
import { findListedFlags, findSearchCandidates, selectVocabulary } from "./search.repository.server";

// The search engine (issue 39, docs/decisions/049): a query's plan from this process's lexicon,
// then at most two capped index reads and one read of the candidates' listing flags, then the
// ranking in TypeScript. The lexicon (the catalogue's words, the synonyms) lives in the catalogue
// cache: every write to the catalogue or to the synonyms raises the catalogue's revision, so
// every process sees a change on its next search.

/** Candidates read per stage: the head fields' matches first, then anywhere. Bounds the work at any size. */
export const CANDIDATES_PER_STAGE = 200;
/** Products a search answers at most (the listing pages through them). */
export const MAX_SEARCH_RESULTS = 200;

/** This process's lexicon of one language at the catalogue's current revision (two small reads on a change). */
export function loadLexicon(db: Kysely<Database>, locale: Locale, revision?: string): Promise<Lexicon> {
  return cachedCatalogRead(
    db,
    `search-lexicon|${locale}`,
    async () => {
      const [vocabulary, synonyms] = await Promise.all([selectVocabulary(db, locale), selectSynonymGroups(db, locale)]);
      return buildLexicon(locale, vocabulary, synonyms.map((group) => group.terms));
    },
    { revision },
  );
}

export interface EngineResult {
  plan: QueryPlan;
  /** Product ids, best first, listed products only. */
  productIds: number[];
}

/** The products a plan finds, ranked; `headOnly` reads only the names, categories and colours (suggestions). */
export async function runPlan(
  db: Kysely<Database>,
  locale: Locale,
  plan: QueryPlan,
  { now = new Date(), headOnly = false, limit = MAX_SEARCH_RESULTS, perStage = CANDIDATES_PER_STAGE }: { now?: Date; headOnly?: boolean; limit?: number; perStage?: number } = {},
): Promise<number[]> {
  if (plan.words.length === 0 || plan.unmatched) return [];
  const query = termQueryOf(plan);
  const head = await findSearchCandidates(db, locale, query, "head", perStage);
  const candidates = [...head];
  if (!headOnly && head.length < perStage) {
    const seen = new Set(head.map((c) => c.productId));
    for (const candidate of await findSearchCandidates(db, locale, query, "all", perStage + head.length)) {
      if (!seen.has(candidate.productId)) candidates.push(candidate);
    }
  }
  const flags = await findListedFlags(
    db,
    candidates.map((c) => c.productId),
    now.toISOString(),
  );
  const ranked = rankCandidates(
    plan,
    candidates.filter((c) => flags.has(c.productId)).map((c) => ({ ...c, ...flags.get(c.productId)! })),
  );
  return ranked.slice(0, limit);
}

/** Plans and runs a query: what the search page and the suggestions share. */
export async function searchEngine(
  db: Kysely<Database>,
  locale: Locale,
  query: string,
  options: { exact?: boolean; prefixLast?: boolean; headOnly?: boolean; limit?: number; perStage?: number; now?: Date; revision?: string } = {},
): Promise<EngineResult & { lexicon: Lexicon }> {
  const lexicon = await loadLexicon(db, locale, options.revision);
  const plan = planQuery(lexicon, query, options);
  return { plan, lexicon, productIds: await runPlan(db, locale, plan, options) };
}
