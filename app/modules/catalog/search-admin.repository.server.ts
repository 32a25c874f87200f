import { type Kysely, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";

// What the owner edits and reads about search (issue 39): the synonym groups, and the counts of
// what shoppers looked for. Plain tables on both databases.

export interface SynonymGroupRow {
  id: number;
  locale: Locale;
  terms: string;
  updatedAt: string;
}

/** Every synonym group, by language then age (one language when given). */
export async function selectSynonymGroups(db: Kysely<Database>, locale?: Locale): Promise<SynonymGroupRow[]> {
  let query = db.selectFrom("search_synonyms").select(["id", "locale", "terms", "updated_at as updatedAt"]).orderBy("locale", "desc").orderBy("id");
  if (locale) query = query.where("locale", "=", locale);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), updatedAt: String(row.updatedAt) }));
}

export async function selectSynonymGroup(db: Kysely<Database>, id: number): Promise<SynonymGroupRow | null> {
  const row = await db.selectFrom("search_synonyms").select(["id", "locale", "terms", "updated_at as updatedAt"]).where("id", "=", id).executeTakeFirst();
  return row ? { ...row, id: Number(row.id), updatedAt: String(row.updatedAt) } : null;
}

export async function insertSynonymGroup(db: Kysely<Database>, locale: Locale, terms: string, now: string): Promise<number> {
  const row = await db.insertInto("search_synonyms").values({ locale, terms, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateSynonymGroup(db: Kysely<Database>, id: number, terms: string, now: string): Promise<void> {
  await db.updateTable("search_synonyms").set({ terms, updated_at: now }).where("id", "=", id).execute();
}

export async function deleteSynonymGroup(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("search_synonyms").where("id", "=", id).execute();
}

/** Counts one search of the day: one upsert. */
export async function upsertSearchQuery(db: Kysely<Database>, row: { day: string; locale: Locale; query: string; results: number }): Promise<void> {
  await db
    .insertInto("search_queries")
    .values({ ...row, searches: 1 })
    .onConflict((oc) => oc.columns(["day", "locale", "query"]).doUpdateSet({ searches: sql<number>`search_queries.searches + 1`, results: row.results }))
    .execute();
}

export interface QueryCountRow {
  locale: Locale;
  query: string;
  searches: number;
  results: number;
}

/**
 * The most searched queries from `since` (a day, YYYY-MM-DD), most first, at most `limit`; with
 * `zeroOnly`, those whose last search of a day found nothing. `results` is the latest day's count.
 */
export async function selectQueryCounts(db: Kysely<Database>, since: string, { zeroOnly, limit }: { zeroOnly: boolean; limit: number }): Promise<QueryCountRow[]> {
  let query = db
    .selectFrom("search_queries")
    .select((eb) => ["locale", "query", eb.fn.sum<number>("searches").as("searches"), eb.fn.min<number>("results").as("results")])
    .where("day", ">=", since)
    .groupBy(["locale", "query"])
    .orderBy(sql`sum(searches)`, "desc")
    .orderBy("query")
    .limit(limit);
  if (zeroOnly) query = query.where("results", "=", 0);
  const rows = await query.execute();
  return rows.map((row) => ({ locale: row.locale, query: row.query, searches: Number(row.searches), results: Number(row.results) }));
}

/** Forgets the counts of days before `before` (YYYY-MM-DD); returns how many rows went. */
export async function deleteQueryCountsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom("search_queries").where("day", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
