import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "./schema";

// Planner statistics. SQLite keeps none until ANALYZE runs, and without them it guesses: on a
// 100 000-product catalogue the home page's query read and sorted every translation row (425 ms)
// instead of walking an index (0.4 ms). PostgreSQL's autovacuum analyses tables as they change;
// after a bulk load it is told at once.

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Full statistics: after seeding or growing the catalogue. */
export async function analyzeDatabase(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
}

/**
 * The periodic refresh (hourly, and at start): SQLite's `PRAGMA optimize` analyses only the tables
 * whose size changed a lot since, each within a bounded number of rows (analysis_limit), so it
 * costs milliseconds. PostgreSQL's autovacuum already does this.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma analysis_limit = 1000`.execute(db);
  await sql`pragma optimize`.execute(db);
}
