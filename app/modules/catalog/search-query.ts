import type { Locale } from "~/utils/locale";
import { MAX_QUERY_LENGTH, MAX_QUERY_TOKENS, searchWords } from "./search-text";
import { STOP_WORDS, allowedEdits, closestWord, editDistance, meaningfulWords, stemWord } from "./search-terms";

// From what a shopper typed to a term query, and from candidates to an order (issue 39,
// docs/decisions/049). Pure: the lexicon (the catalogue's words and the synonyms of one language)
// is read by search-engine.server.ts, once per process and catalogue revision.
//
// Each meaningful word of the query becomes a group of alternatives, all of which the catalogue
// knows: its stem, and its synonyms' stems. A word the catalogue does not know is, in order, the
// beginning of words it knows ("cardig"), or a typo of one (one edit from five letters, two from
// nine: "capotto" → "cappotto"); else it matches nothing, and neither does the query.

/** Alternatives per word at most, whatever the synonyms and prefixes: bounds the index's work. */
export const MAX_ALTERNATIVES = 12;
/** Shortest beginning of a word taken as a prefix (the last word of a suggestion: 2). */
const MIN_PREFIX = 4;

export interface Lexicon {
  locale: Locale;
  /** Every stem of the documents. */
  stems: ReadonlySet<string>;
  /** The documents' words, sorted (prefixes), with their stems. */
  words: readonly string[];
  stemOf: ReadonlyMap<string, string>;
  /** Words a typo may be corrected to (the documents' and the synonyms'), by length. */
  byLength: ReadonlyMap<number, readonly string[]>;
  /** For a stem, the alternatives of every synonym group holding it as a single word. */
  synonyms: ReadonlyMap<string, readonly string[][]>;
  /** The synonyms' single words, sorted (a word being typed: "vestit" → vestito → abito). */
  synonymWords: readonly string[];
}

/** Splits a synonym group as the owner wrote it into its members: "cappotto, blu notte" → two. */
export function synonymMembers(terms: string): string[] {
  return terms
    .split(/[,;\n]/)
    .map((member) => member.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

export function buildLexicon(locale: Locale, vocabulary: { word: string; stem: string }[], synonymGroups: string[]): Lexicon {
  const stemOf = new Map(vocabulary.map((row) => [row.word, row.stem]));
  const synonyms = new Map<string, string[][]>();
  const targets = new Set(stemOf.keys());
  for (const group of synonymGroups) {
    const members = synonymMembers(group)
      .map((member) => meaningfulWords(locale, member))
      .filter((words) => words.length > 0);
    const alternatives = members.map((words) => words.map((word) => stemWord(locale, word)));
    for (const words of members) {
      if (words.length !== 1) continue;
      targets.add(words[0]);
      const stem = stemWord(locale, words[0]);
      const list = synonyms.get(stem) ?? [];
      for (const alternative of alternatives) if (!list.some((known) => known.join(" ") === alternative.join(" "))) list.push(alternative);
      synonyms.set(stem, list);
    }
  }
  const byLength = new Map<number, string[]>();
  for (const word of targets) {
    if (/\d/.test(word)) continue;
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  const synonymWords = [...targets].filter((word) => !stemOf.has(word)).sort();
  return { locale, stems: new Set(stemOf.values()), words: [...stemOf.keys()].sort(), stemOf, byLength, synonyms, synonymWords };
}

/** One word of the query and what it became. */
export interface PlannedWord {
  typed: string;
  /** The word searched instead of a typo, or null. */
  corrected: string | null;
  /** Alternatives the catalogue knows; empty when the word matches nothing. */
  alternatives: string[][];
}

export interface QueryPlan {
  words: PlannedWord[];
  /** True when some word matches nothing: the query finds nothing. */
  unmatched: boolean;
  /** The query with its corrections, as searched ("capotto blu" → "cappotto blu"), or null when nothing was corrected. */
  corrected: string | null;
}

/** The query's words, normalised, stop words kept (the report's and the correction's text). */
export function normalizedQuery(query: string): string {
  return searchWords(query.slice(0, MAX_QUERY_LENGTH)).join(" ").slice(0, MAX_QUERY_LENGTH);
}

function alternativesOf(lexicon: Lexicon, word: string): string[][] {
  const stem = stemWord(lexicon.locale, word);
  const all = [[stem], ...(lexicon.synonyms.get(stem) ?? [])];
  const seen = new Set<string>();
  return all.filter((alt) => {
    const key = alt.join(" ");
    if (seen.has(key) || !alt.every((term) => lexicon.stems.has(term))) return false;
    seen.add(key);
    return true;
  });
}

/** The words of a sorted list that start with `prefix`. */
function startingWith(words: readonly string[], prefix: string): string[] {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (words[mid] < prefix) low = mid + 1;
    else high = mid;
  }
  const matches: string[] = [];
  for (let i = low; i < words.length && words[i].startsWith(prefix); i++) matches.push(words[i]);
  return matches.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
}

/** The stems of the catalogue's words that start with `prefix`, fewest letters first. */
export function prefixStems(lexicon: Lexicon, prefix: string, max = MAX_ALTERNATIVES): string[] {
  return [...new Set(startingWith(lexicon.words, prefix).map((word) => lexicon.stemOf.get(word)!))].slice(0, max);
}

/** The closest word the lexicon knows within the edits allowed for `word`'s length. */
export function correctionOf(lexicon: Lexicon, word: string, max = allowedEdits(word)): string | null {
  if (max === 0) return null;
  const candidates = function* () {
    for (let length = word.length - max; length <= word.length + max; length++) yield* lexicon.byLength.get(length) ?? [];
  };
  return closestWord(word, candidates(), max)?.word ?? null;
}

/** Words the lexicon knows near `word` (up to two edits), nearest first: the zero-result page's suggestions. */
export function nearestWords(lexicon: Lexicon, word: string, max = 3): string[] {
  const found: { word: string; distance: number }[] = [];
  for (let length = Math.max(1, word.length - 2); length <= word.length + 2; length++) {
    for (const candidate of lexicon.byLength.get(length) ?? []) {
      const distance = editDistance(word, candidate, 2);
      if (distance <= 2) found.push({ word: candidate, distance });
    }
  }
  return found
    .sort((a, b) => a.distance - b.distance || Math.abs(a.word.length - word.length) - Math.abs(b.word.length - word.length) || (a.word < b.word ? -1 : 1))
    .slice(0, max)
    .map((entry) => entry.word);
}

/**
 * The plan of a query: its meaningful words (at most eight, stop words out) and, for each, the
 * alternatives to look for. `exact` turns the typo pass off (the "search for what I typed"
 * link); `prefixLast` takes the last word as the beginning of a word from two letters (suggestions
 * as the shopper types).
 */
export function planQuery(lexicon: Lexicon, query: string, { exact = false, prefixLast = false }: { exact?: boolean; prefixLast?: boolean } = {}): QueryPlan {
  let typed = [...new Set(searchWords(query.slice(0, MAX_QUERY_LENGTH)))].filter((word) => !STOP_WORDS[lexicon.locale].has(word)).slice(0, MAX_QUERY_TOKENS);
  // A single letter being typed says nothing yet.
  if (prefixLast && typed.length > 1 && typed[typed.length - 1].length < 2) typed = typed.slice(0, -1);
  const corrections = new Map<string, string>();
  const words = typed.map((word, index): PlannedWord => {
    const last = index === typed.length - 1;
    let alternatives = alternativesOf(lexicon, word);
    // The word being typed: its stem and the words it begins, together.
    if (prefixLast && last && word.length >= 2) {
      const known = new Set(alternatives.map((alt) => alt.join(" ")));
      const add = (alt: string[]) => {
        if (!known.has(alt.join(" "))) alternatives.push(alt);
        known.add(alt.join(" "));
      };
      for (const stem of prefixStems(lexicon, word)) add([stem]);
      for (const synonym of startingWith(lexicon.synonymWords, word).slice(0, 4)) for (const alt of alternativesOf(lexicon, synonym)) add(alt);
    }
    if (alternatives.length === 0 && word.length >= MIN_PREFIX) alternatives = prefixStems(lexicon, word).map((stem) => [stem]);
    let corrected: string | null = null;
    if (alternatives.length === 0 && !exact) {
      corrected = correctionOf(lexicon, word);
      if (corrected) {
        alternatives = alternativesOf(lexicon, corrected);
        if (alternatives.length === 0) corrected = null;
        else corrections.set(word, corrected);
      }
    }
    return { typed: word, corrected, alternatives: alternatives.slice(0, MAX_ALTERNATIVES) };
  });
  const corrected = corrections.size
    ? searchWords(query.slice(0, MAX_QUERY_LENGTH))
        .map((word) => corrections.get(word) ?? word)
        .join(" ")
    : null;
  return { words, unmatched: words.some((word) => word.alternatives.length === 0), corrected };
}

/** What the ranking knows of a candidate. */
export interface RankedCandidate {
  productId: number;
  nameTerms: string;
  categoryTerms: string;
  colorTerms: string;
  inStock: boolean;
  featuredRank: number;
}

const holds = (terms: ReadonlySet<string>, alternatives: string[][]) => alternatives.some((alt) => alt.every((term) => terms.has(term)));

/**
 * The candidates in the order a shopper expects: first those whose name, category or colours hold
 * every word (the rest only mention them in the description); among them, those in stock before
 * the sold-out; then by points (a word in the name 4, in the colours 3, in the category 2, every
 * word in the name 4 more); then the shop's featured order and the id, so the order never depends
 * on the database.
 */
export function rankCandidates(plan: QueryPlan, candidates: RankedCandidate[]): number[] {
  const groups = plan.words.map((word) => word.alternatives);
  const scored = candidates.map((candidate) => {
    const name = new Set(candidate.nameTerms.split(" "));
    const category = new Set(candidate.categoryTerms.split(" "));
    const color = new Set(candidate.colorTerms.split(" "));
    let points = 0;
    let inName = 0;
    let inHead = 0;
    for (const group of groups) {
      const n = holds(name, group);
      const c = holds(color, group);
      const k = holds(category, group);
      if (n) inName++;
      if (n || c || k) inHead++;
      points += (n ? 4 : 0) + (c ? 3 : 0) + (k ? 2 : 0);
    }
    if (groups.length && inName === groups.length) points += 4;
    return { candidate, head: inHead === groups.length ? 0 : 1, points };
  });
  scored.sort(
    (a, b) =>
      a.head - b.head ||
      Number(b.candidate.inStock) - Number(a.candidate.inStock) ||
      b.points - a.points ||
      a.candidate.featuredRank - b.candidate.featuredRank ||
      a.candidate.productId - b.candidate.productId,
  );
  return scored.map((entry) => entry.candidate.productId);
}

/** The term query of a plan (see search.repository.server.ts). */
export function termQueryOf(plan: QueryPlan): string[][][] {
  return plan.words.map((word) => word.alternatives);
}
