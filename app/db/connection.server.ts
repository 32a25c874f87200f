import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, type KyselyConfig, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseKind } from "./database-kind";
import type { Database } from "./schema";
import { queryRecorderFromEnvironment } from "./query-recorder.server";
import { withStatementCache } from "./sqlite-statement-cache.server";

export type { DatabaseKind } from "./database-kind";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (none on SQLite). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  poolSize?: number;
  /** Called after every query with its duration (the server's metrics); costs a clock read per query. */
  onQuery?: (durationMs: number, failed: boolean) => void;
}

// PostgreSQL returns timestamptz as Date and bigint (count(*)) as string; the data layer speaks
// ISO-8601 strings and numbers on both dialects, so normalise them at the driver.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Opens a database from a URL: `file:PATH` (SQLite, `:memory:` allowed) or `postgres://…`. */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const { onQuery } = options;
  const log: KyselyConfig["log"] = onQuery ? (event) => onQuery(event.queryDurationMillis, event.level === "error") : undefined;
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    // A bounded wait for a connection: with the server unreachable (or the pool exhausted)
    // the request fails as "unavailable" after 5 s instead of hanging.
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
    // A client that loses its server emits "error": the pool listens while the client is idle,
    // but a checked-out one (a query running) has no listener, and an unheard "error" kills the
    // process. The query in flight fails on its own; the pool drops the client on release.
    const logLoss = (error: Error) => console.error(JSON.stringify({ level: "error", msg: "pg connection lost", error: error.message }));
    pool.on("error", logLoss);
    pool.on("connect", (client) => client.on("error", logLoss));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: unavailabilityAwarePool(pool) }), log, plugins: queryRecorderFromEnvironment("postgres") });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: "postgres", poolStats, close: () => db.destroy() };
  }
  if (!url.startsWith("file:")) throw new Error(`Unsupported DATABASE_URL: ${url}`);
  const file = url.slice("file:".length);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), log, plugins: queryRecorderFromEnvironment("sqlite") });
  return { db, kind: "sqlite", close: () => db.destroy() };
}

/**
 * SQLite's transactions take the write lock when they begin (`begin immediate`), as PostgreSQL's
 * rows are locked by the statement that needs them. Kysely's `begin` is deferred: a transaction
 * that reads first and writes later cannot upgrade past another connection's commit in between
 * (a CLI command, a backup, a second process on the file) and fails at once with "database is
 * locked", busy_timeout notwithstanding; an Atelier save failed so in a browser test. Begun
 * immediate, it waits its turn (busy_timeout) and then sees the latest commit.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

/**
 * Thrown instead of the driver's error when the database cannot be reached: no connection to be
 * had, or the server dropped the one in use. It is shaped as a React Router error response
 * (status, statusText, internal, data), so a loader, action or middleware that meets it answers
 * 503 without any route knowing: the error page for documents, `{ message }` as JSON from
 * resource routes (/api). It is not an `Error` on purpose: React Router would then report it
 * as a 500. The driver's message stays server-side (non-enumerable: never serialised).
 */
export class DatabaseUnavailableError {
  readonly status = 503;
  readonly statusText = "Service Unavailable";
  readonly internal = false;
  readonly data = "Service Unavailable";
  /** The JSON body resource routes answer (React Router sends `error`'s message). */
  readonly error = { message: "The shop is briefly unavailable. Please try again in a moment." };
  declare readonly name: string;
  declare readonly message: string;
  declare stack: string;
  declare readonly cause: unknown;

  constructor(cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause);
    // Kysely appends the caller's stack to `stack`, so it stays writable.
    const hidden = (value: unknown) => ({ value, enumerable: false, writable: true });
    Object.defineProperties(this, {
      name: hidden("DatabaseUnavailableError"),
      message: hidden(message),
      stack: hidden(`DatabaseUnavailableError: ${message}${cause instanceof Error && cause.stack ? `\n${cause.stack}` : ""}`),
      cause: hidden(cause),
    });
  }

  toString() {
    return `DatabaseUnavailableError: ${this.message}`;
  }
}

export function isDatabaseUnavailable(error: unknown): error is DatabaseUnavailableError {
  return error instanceof DatabaseUnavailableError;
}

// SQLSTATE: class 08 connection exceptions; 57P01–57P03 the server terminating the session
// (pg_terminate_backend, shutdown, crash, starting up); 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]$|53300$)/;
const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// node-postgres's own messages for a socket that ended or a client that errored before.
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect/i;

/** True when a driver error means the server is gone, not that the query was wrong. */
export function isConnectionLoss(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  return typeof message === "string" && UNAVAILABLE_MESSAGE.test(message);
}

/**
 * The pg pool as Kysely sees it: failing to get a connection, or losing it mid-query, throws
 * DatabaseUnavailableError; a client that lost its server is released as broken, so the pool
 * discards it and opens a fresh one once the server is back.
 */
function unavailabilityAwarePool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient & { lost: boolean }>();
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const created = {
          lost: false,
          query: (async (text: string, parameters: unknown[]) => {
            try {
              return await client.query(text, parameters);
            } catch (error) {
              if (!isConnectionLoss(error)) throw error;
              created.lost = true;
              throw new DatabaseUnavailableError(error);
            }
          }) as unknown as PostgresPoolClient["query"],
          // pg-pool assigns `release` anew on every checkout: look it up at call time.
          release: () => client.release(created.lost || undefined),
        };
        wrapper = created;
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
