import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as italianStemmer } from "@orama/stemmers/italian";
import type { Locale } from "~/utils/locale";
import { searchWords } from "./search-text";

// Words as a shopper types them (issue 39, docs/decisions/049): the Snowball stemmers for Italian
// and English, run in TypeScript for both databases, so that "bianco" and "bianca", "camicia" and
// "camicie", "jumper" and "jumpers" meet on SQLite and PostgreSQL alike. The same function makes
// the indexed documents' terms and the query's. Pure.

const STEMMERS: Record<Locale, (word: string) => string> = { it: italianStemmer, en: englishStemmer };

/**
 * Words that say nothing about a product: left out of documents and queries ("pantaloni in lino"
 * is "pantaloni lino"). Normalised (lower case, no accents), as searchWords() makes them.
 */
export const STOP_WORDS: Record<Locale, ReadonlySet<string>> = {
  it: new Set(
    "a ad al alla alle allo ai agli col con coi da dal dalla dalle dallo dai dagli di del della delle dello dei degli e ed i il in l la le lo gli nel nella nelle nello nei negli o od per su sul sulla sulle sullo sui sugli tra fra un una uno che non".split(
      " ",
    ),
  ),
  en: new Set("a an and at by for from in into of on or the to with without".split(" ")),
};

/** The stem of one normalised word: digits and very short words are kept as they are. */
export function stemWord(locale: Locale, word: string): string {
  if (word.length < 3 || /\d/.test(word)) return word;
  return STEMMERS[locale](word) || word;
}

/** The words of a text that carry meaning: normalised, stop words out. */
export function meaningfulWords(locale: Locale, text: string): string[] {
  return searchWords(text).filter((word) => !STOP_WORDS[locale].has(word));
}

/** A text's terms as a document field holds them: stems, space-separated. */
export function termsOf(locale: Locale, parts: Array<string | null | undefined>): string {
  return parts.flatMap((part) => (part ? meaningfulWords(locale, part).map((word) => stemWord(locale, word)) : [])).join(" ");
}

/**
 * The edit distance between two words (insertions, deletions, substitutions and the swap of two
 * neighbours each count one), or `max + 1` as soon as it is certainly more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** How many edits a word may be corrected by: none under five letters, one, two from nine letters. */
export function allowedEdits(word: string): number {
  return word.length < 5 ? 0 : word.length >= 9 ? 2 : 1;
}

/**
 * The closest of `words` to `word` within `max` edits, or null: fewest edits first, then one that
 * starts with the same letter (people rarely miss the first), then the nearest length, then the
 * alphabet, so the choice never depends on the order the words came in.
 */
export function closestWord(word: string, words: Iterable<string>, max: number): { word: string; distance: number } | null {
  let best: { word: string; distance: number; key: [number, number, number] } | null = null;
  for (const candidate of words) {
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    const key: [number, number, number] = [distance, candidate[0] === word[0] ? 0 : 1, Math.abs(candidate.length - word.length)];
    if (
      !best ||
      key[0] < best.key[0] ||
      (key[0] === best.key[0] && (key[1] < best.key[1] || (key[1] === best.key[1] && (key[2] < best.key[2] || (key[2] === best.key[2] && candidate < best.word)))))
    ) {
      best = { word: candidate, distance, key };
    }
  }
  return best && { word: best.word, distance: best.distance };
}
