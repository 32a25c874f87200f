// Replays the previous release's statements (recorded by `npm run queries:record`) against a
// database: each is prepared, never run, so a table or column it names that a migration dropped
// or renamed shows up as a failure. See docs/decisions/031.
import fs from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import type { DatabaseKind } from "~/db/connection.server";
import type { Database } from "~/db/schema";

export interface ReleaseStatement {
  sql: string;
  from: string;
}

export interface Unpreparable extends ReleaseStatement {
  error: string;
}

const here = path.dirname(new URL(import.meta.url).pathname);

export function releaseStatements(dialect: DatabaseKind): ReleaseStatement[] {
  const file = path.join(here, `release-queries.${dialect}.json`);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { statements: ReleaseStatement[] }).statements;
}

/** SQLite: better-sqlite3 compiles a statement in `prepare()`, which fails on a missing table or column. */
export function unpreparableOnSqlite(database: BetterSqlite3.Database, statements: ReleaseStatement[]): Unpreparable[] {
  const failures: Unpreparable[] = [];
  for (const statement of statements) {
    try {
      database.prepare(statement.sql);
    } catch (error) {
      failures.push({ ...statement, error: (error as Error).message });
    }
  }
  return failures;
}

// PREPARE takes only these; anything else (`analyze`) is run in a transaction rolled back, on
// the scratch database the test throws away.
const PREPARABLE = /^\s*(with|select|insert|update|delete|values|merge)\b/i;

/**
 * PostgreSQL: `PREPARE` parses, analyses and plans the statement without running it; its
 * parameters are left untyped, as node-postgres leaves them, so the server infers them the same way.
 */
export async function unpreparableOnPostgres(db: Kysely<Database>, statements: ReleaseStatement[]): Promise<Unpreparable[]> {
  return db.connection().execute(async (connection) => {
    const failures: Unpreparable[] = [];
    for (const [i, statement] of statements.entries()) {
      try {
        if (PREPARABLE.test(statement.sql)) {
          // No parameters: node-postgres sends it as a simple query, so the $n stay the statement's own.
          await sql.raw(`prepare release_query_${i} as ${statement.sql}`).execute(connection);
          await sql.raw(`deallocate release_query_${i}`).execute(connection);
        } else {
          await sql.raw("begin").execute(connection);
          try {
            await sql.raw(statement.sql).execute(connection);
          } finally {
            await sql.raw("rollback").execute(connection);
          }
        }
      } catch (error) {
        failures.push({ ...statement, error: (error as Error).message });
      }
    }
    return failures;
  });
}
