import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

// Kysely's SQLite driver calls `database.prepare(sql)` for every query it runs, and
// better-sqlite3 compiles the SQL anew each time: under load that was a good part of a page's
// database time (a CPU profile of the product page: query building, compiling and preparing
// ≈ 13 % of the server's time). The shop runs a small, fixed set of query shapes, so prepared
// statements are kept per SQL text, least recently used dropped first.

/** Enough for every query shape of the shop (lists of ids vary in length) with room to spare. */
export const STATEMENT_CACHE_SIZE = 500;

type Statement = SQLite.Statement<unknown[], unknown>;

/** `database` for Kysely's SqliteDialect: the same connection, with statements reused. */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase & { cachedStatements(): number } {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached) {
        // A statement still being iterated (a streamed query) cannot run twice at once.
        if (cached.busy) return database.prepare(sql);
        // Most recently used last: Map keeps insertion order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
    cachedStatements: () => cache.size,
  };
}
