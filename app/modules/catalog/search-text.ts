// Search text: one normaliser for the indexed documents and for what people type, so that
// "maglia" finds "Maglia" and "plisse" finds "plissé" on SQLite and PostgreSQL alike.
// Pure and safe on client and server.

/** Longest query the search accepts; anything after it is ignored. */
export const MAX_QUERY_LENGTH = 100;
/** Words of a query that take part in the search; further words are ignored. */
export const MAX_QUERY_TOKENS = 8;
/** A single "word" longer than this is cut: nothing in a catalogue is that long. */
const MAX_TOKEN_LENGTH = 40;

// Letters that Unicode does not decompose into a base letter and a mark.
const FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join("")}]`, "gu");

/**
 * Lower-case, without accents: "Décolleté PLISSÉ" → "decollete plisse". NFKD rather than NFD
 * also turns compatibility forms into plain letters (full-width "ｍａｇｌｉａ", the "ﬁ" ligature).
 */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(FOLDABLE, (letter) => FOLDS[letter]);
}

/** The words of a text, normalised: letters and digits only, everything else separates words. */
export function searchWords(text: string): string[] {
  return normalizeSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_TOKEN_LENGTH));
}

/**
 * The distinct words of a query, at most eight, in the order typed. They contain letters and
 * digits only, so they can never carry SQL or full-text query syntax (quotes, `*`, `-`, `:`).
 */
export function searchTokens(query: string): string[] {
  return [...new Set(searchWords(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_QUERY_TOKENS);
}

/**
 * An indexed document: the normalised words of its parts separated by single spaces, so both
 * full-text engines (FTS5's unicode61, PostgreSQL's parser) split it into the very same words
 * that searchTokens() makes of a query.
 */
export function searchDocument(parts: Array<string | null | undefined>): string {
  return parts.flatMap((part) => (part ? searchWords(part) : [])).join(" ");
}
