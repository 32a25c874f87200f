// Records the SQL the app's code runs, for the rolling-migration check (docs/decisions/031):
// `npm run queries:record` runs the data-layer tests with RECORD_QUERIES_FILE set, and every
// distinct statement compiled from app code (not from tests, fixtures or migrations) is appended
// to that file as one JSON line. Off (no plugin at all) unless the variable is set.
import fs from "node:fs";
import path from "node:path";
import { type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, PostgresQueryCompiler, type QueryResult, type RootOperationNode, SqliteQueryCompiler, type UnknownRow } from "kysely";
import type { DatabaseKind } from "./database-kind";

export interface RecordedQuery {
  dialect: DatabaseKind;
  sql: string;
  /** The app file that ran it (the first caller outside Kysely): where to look when a migration breaks it. */
  from: string;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const FRAME_FILE = /\(?(?:file:\/\/)?(\/[^\s():]+):\d+:\d+\)?$/;

/** The repository-relative file of the first stack frame outside Kysely and this file. */
function callerFile(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  for (const line of stack.split("\n").slice(1)) {
    const file = FRAME_FILE.exec(line.trim())?.[1];
    if (!file || file.includes("/node_modules/") || file.endsWith("query-recorder.server.ts")) continue;
    return path.relative(ROOT, file);
  }
  return undefined;
}

/**
 * Statements a running release sends to a database another release may have migrated: not tests'
 * or fixtures', not the migrations' and migrator's, and not the seed's (it fills an empty database
 * only, which the release that creates it does; its catalogue growing is a development tool).
 */
export function isReleasedCode(file: string | undefined): file is string {
  if (!file || !file.startsWith("app/")) return false;
  if (/\.test\.tsx?$/.test(file)) return false;
  return !file.startsWith("app/db/migrations/") && file !== "app/db/migrate.server.ts" && !file.startsWith("app/db/seed/");
}

/**
 * One form per statement: lists of placeholders in `in (…)` become one placeholder, repeated rows
 * of a multi-row `values` one row, and PostgreSQL's `$n` are numbered again in order, so a query
 * run with 3 or 30 ids is recorded once.
 */
export function normaliseStatement(sql: string, dialect: DatabaseKind): string {
  const placeholder = dialect === "postgres" ? String.raw`\$\d+` : String.raw`\?`;
  const list = new RegExp(String.raw`\b(in|IN) \((${placeholder})(?:, ${placeholder})+\)`, "g");
  let text = sql.replace(list, "$1 ($2)");
  // values (a), (b), (c) with rows of one shape → values (a)
  const shape = (row: string) => row.replace(new RegExp(placeholder, "g"), "?");
  text = text.replace(/\bvalues \([^()]*\)(?:, \([^()]*\))+/g, (whole) => {
    const rows = whole.match(/\([^()]*\)/g) ?? [];
    return rows.every((row) => shape(row) === shape(rows[0]!)) ? `values ${rows[0]}` : whole;
  });
  if (dialect === "postgres") {
    let n = 0;
    text = text.replace(/\$\d+/g, () => `$${++n}`);
  }
  return text;
}

/** A Kysely plugin that appends each distinct statement from app code to `file`. */
export class QueryRecorder implements KyselyPlugin {
  readonly #seen = new Set<string>();
  readonly #compiler;

  constructor(
    readonly dialect: DatabaseKind,
    readonly file: string,
  ) {
    this.#compiler = dialect === "postgres" ? new PostgresQueryCompiler() : new SqliteQueryCompiler();
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const sql = normaliseStatement(this.#compiler.compileQuery(node, queryId).sql, this.dialect);
    // The stack is read only until the statement is recorded: a test's own query, never.
    if (this.#seen.has(sql)) return node;
    const from = callerFile();
    if (isReleasedCode(from)) {
      this.#seen.add(sql);
      const line: RecordedQuery = { dialect: this.dialect, sql, from };
      // One short line per write, appended: several test workers can share the file.
      fs.appendFileSync(this.file, JSON.stringify(line) + "\n");
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** The recorder when RECORD_QUERIES_FILE is set (`npm run queries:record`), else nothing. */
export function queryRecorderFromEnvironment(dialect: DatabaseKind): KyselyPlugin[] {
  const file = process.env.RECORD_QUERIES_FILE;
  return file ? [new QueryRecorder(dialect, path.resolve(file))] : [];
}
