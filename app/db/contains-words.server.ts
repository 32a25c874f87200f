import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";

// A search box's words as SQL, the same on SQLite and PostgreSQL: every word found, in any case,
// somewhere in one of the columns. `lower()` on both sides (PostgreSQL's LIKE minds case);
// LIKE's wildcards in a word are taken literally through an escape character both dialects
// read alike. SQLite's lower() folds ASCII only: "À" in a stored name matches "À", not "à".

/** A word as a LIKE pattern matching it anywhere, lower-cased, wildcards escaped with "!". */
export function containsPattern(word: string): string {
  return `%${word.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** The words of a search box: trimmed, split on spaces, at most `max` of them, each at most 100 characters. */
export function searchWords(text: string | null | undefined, max = 5): string[] {
  return (text ?? "")
    .split(/\s+/)
    .map((word) => word.slice(0, 100))
    .filter(Boolean)
    .slice(0, max);
}

/** Every word is found in one of the columns (an empty list matches everything). */
export function containsEveryWord<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, columns: Expression<string>[], words: string[]) {
  return eb.and(words.map((word) => eb.or(columns.map((column) => sql<SqlBool>`lower(${column}) like ${containsPattern(word)} escape '!'`))));
}
