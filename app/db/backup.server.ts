// Backups of the shop's database and their restore (`npm run backup` / `npm run restore`):
// SQLite through its online backup API, PostgreSQL through pg_dump and pg_restore. A file
// that is being written never has the name asked for: it is written beside it under a
// temporary name and renamed into place, so a crash leaves the old file or the new one.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";

/** The table Kysely's migrator keeps: a database without it is not Bottega's. */
const MIGRATION_TABLE = "kysely_migration";

export type BackupErrorCode =
  | "UNSUPPORTED_URL"
  | "SAME_FILE"
  | "NO_SUCH_FILE"
  | "NOT_A_DATABASE"
  | "CORRUPT"
  | "NOT_BOTTEGA"
  | "IN_USE"
  | "TOOL_MISSING"
  | "TOOL_FAILED";

/** A backup or restore refused or failed; `message` is one line of English for the console, never with a password. */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "BackupError";
  }
}

export type DatabaseLocation = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** Where DATABASE_URL points: a SQLite file or a PostgreSQL database (an in-memory SQLite cannot be backed up). */
export function databaseLocation(url: string): DatabaseLocation {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return { kind: "postgres", url };
  if (url.startsWith("file:") && url !== "file::memory:") return { kind: "sqlite", file: path.resolve(url.slice("file:".length)) };
  throw new BackupError("UNSUPPORTED_URL", "DATABASE_URL must be file:PATH (SQLite) or postgres://… (PostgreSQL).");
}

/**
 * Why a backup or restore failed, in one line for the console: a BackupError's message, or the
 * first line of anything else (a full disk, a bad environment), with any URL's password masked.
 */
export function oneLineReason(error: unknown): string {
  if (error instanceof BackupError) return error.message;
  return oneLine(error).replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)[^@\s]*@/g, "$1***@");
}

/** The database's URL as it may be printed: without its password. */
export function displayUrl(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url;
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
}

export interface BackupResult {
  file: string;
  bytes: number;
}

export interface RestoreResult {
  /** SQLite only: where the database the restore replaced was kept (none when there was none). */
  replacedKeptAs?: string;
  /** PostgreSQL only: the database did not exist and the restore created it. */
  createdDatabase?: boolean;
}

/** Copies the shop's database into `file`, consistent even while the shop writes to it. */
export async function backupDatabase(databaseUrl: string, file: string): Promise<BackupResult> {
  const location = databaseLocation(databaseUrl);
  const target = path.resolve(file);
  return location.kind === "sqlite" ? backupSqlite(location.file, target) : backupPostgres(location.url, target);
}

/** Replaces the shop's database with the backup in `file`, after checking it is a whole Bottega database. */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<RestoreResult> {
  const location = databaseLocation(databaseUrl);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError("NO_SUCH_FILE", `No backup at ${source}.`);
  return location.kind === "sqlite" ? restoreSqlite(source, location.file) : restorePostgres(source, location.url);
}

// ——— SQLite ———

async function backupSqlite(databaseFile: string, target: string): Promise<BackupResult> {
  if (!fs.existsSync(databaseFile)) throw new BackupError("NO_SUCH_FILE", `No database at ${databaseFile}.`);
  if (sameFile(databaseFile, target)) throw new BackupError("SAME_FILE", "The backup cannot be written over the database itself.");
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const database = new SQLite(databaseFile, { fileMustExist: true, timeout: 5_000 });
  try {
    await writeInPlace(target, async (temporary) => {
      // All remaining pages in one step, under one read transaction: in WAL mode the shop's
      // writers carry on meanwhile, and a step that sees no writes in between never restarts.
      await database.backup(temporary, { progress: () => 0x7fffffff });
      settleSqliteCopy(temporary, "The copy");
    });
  } finally {
    database.close();
  }
  return { file: target, bytes: fs.statSync(target).size };
}

/**
 * Makes the copy in `file` a database of one file (rollback journal, no `-wal` or `-shm` beside
 * it; the shop turns WAL back on when it opens it) and throws unless it passes
 * `integrity_check` and holds Bottega's migration table. Only ever run on a copy: it writes.
 */
function settleSqliteCopy(file: string, describedAs: string): void {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { fileMustExist: true });
  } catch {
    throw new BackupError("NOT_A_DATABASE", `${describedAs} cannot be opened as a SQLite database.`);
  }
  try {
    let verdict: string[];
    try {
      database.pragma("journal_mode = DELETE");
      verdict = (database.pragma("integrity_check") as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "SQLITE_NOTADB") throw new BackupError("NOT_A_DATABASE", `${describedAs} is not a SQLite database.`);
      throw new BackupError("CORRUPT", `${describedAs} is damaged: ${oneLine(error)}.`);
    }
    if (verdict.length !== 1 || verdict[0] !== "ok") throw new BackupError("CORRUPT", `${describedAs} is damaged: integrity_check says ${verdict[0]}.`);
    const table = database.prepare("select name from sqlite_master where type = 'table' and name = ?").get(MIGRATION_TABLE);
    if (!table) throw new BackupError("NOT_BOTTEGA", `${describedAs} is a SQLite database but not Bottega's (no ${MIGRATION_TABLE} table).`);
  } finally {
    database.close();
  }
}

async function restoreSqlite(backupFile: string, databaseFile: string): Promise<RestoreResult> {
  if (sameFile(backupFile, databaseFile)) throw new BackupError("SAME_FILE", "The backup is the database itself.");
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  // The backup is copied beside the database (the same file system, so the rename is atomic)
  // and checked there, before the database is touched: the backup itself is only read, and a
  // restore never leaves a half-copied file under the database's name.
  const temporary = temporaryBeside(databaseFile);
  try {
    fs.copyFileSync(backupFile, temporary);
    settleSqliteCopy(temporary, backupFile);
    syncFile(temporary);
    let replacedKeptAs: string | undefined;
    if (fs.existsSync(databaseFile)) {
      settleUnusedDatabase(databaseFile);
      // The database being replaced stays beside it under another name (a hard link: no copy,
      // and the rename below still swaps the name in one step).
      replacedKeptAs = `${databaseFile}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.linkSync(databaseFile, replacedKeptAs);
    }
    fs.renameSync(temporary, databaseFile);
    syncDirectory(path.dirname(databaseFile));
    return { replacedKeptAs };
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Refuses when another process has the database open (the shop running, an `npm run` command).
 * The shop opens it in WAL mode, where every open connection, idle ones included, holds a lock
 * in the `-shm` file; a connection in exclusive locking mode gets its lock only when there is
 * none (tests/http/backup-restore.test.ts and backup.test.ts prove it against another process).
 * A rollback-journal database's idle connections hold no lock and would go unnoticed, but the
 * shop never leaves its database in that mode. When free, the write-ahead log is moved into the
 * file and the connection closed, so no `-wal` is left to be replayed onto the restored database.
 */
function settleUnusedDatabase(databaseFile: string): void {
  let database: SQLite.Database;
  try {
    database = new SQLite(databaseFile, { fileMustExist: true, timeout: 2_000 });
  } catch (error) {
    throw new BackupError("NOT_A_DATABASE", `${databaseFile} cannot be opened: ${oneLine(error)}.`);
  }
  try {
    database.pragma("locking_mode = EXCLUSIVE");
    database.exec("begin exclusive; commit;");
    database.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) {
      throw new BackupError("IN_USE", "The database is in use: stop the shop (and any npm run command on it) before restoring.");
    }
    throw new BackupError("CORRUPT", `${databaseFile} cannot be replaced: ${oneLine(error)}.`);
  } finally {
    database.close();
  }
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(databaseFile + suffix, { force: true });
}

// ——— PostgreSQL ———

async function backupPostgres(url: string, target: string): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  await writeInPlace(target, (temporary) => runTool("pg_dump", ["--format=custom", "--no-password", `--file=${temporary}`], url));
  return { file: target, bytes: fs.statSync(target).size };
}

/**
 * Has `write` fill a temporary file beside `target`, then makes it durable and gives it
 * `target`'s name in one rename: a half-written backup never carries the name; a failed one is removed.
 */
async function writeInPlace(target: string, write: (temporary: string) => Promise<unknown>): Promise<void> {
  const temporary = temporaryBeside(target);
  try {
    await write(temporary);
    syncFile(temporary);
    fs.renameSync(temporary, target);
    syncDirectory(path.dirname(target));
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** Throws unless `file` is a pg_dump archive (custom format) of a Bottega database. */
export async function checkPostgresBackup(file: string): Promise<void> {
  let contents: string;
  try {
    contents = await runTool("pg_restore", ["--list", file]);
  } catch (error) {
    if (error instanceof BackupError && error.code === "TOOL_FAILED") {
      throw new BackupError("NOT_A_DATABASE", `${file} is not a pg_dump archive in custom format (pg_restore cannot read it).`);
    }
    throw error;
  }
  if (!new RegExp(`\\bTABLE (public )?${MIGRATION_TABLE}\\b`).test(contents)) {
    throw new BackupError("NOT_BOTTEGA", `${file} is a pg_dump archive but not of a Bottega database (no ${MIGRATION_TABLE} table).`);
  }
}

async function restorePostgres(backupFile: string, url: string): Promise<RestoreResult> {
  await checkPostgresBackup(backupFile);
  const createdDatabase = await ensureUnusedPostgresDatabase(url);
  // One transaction: the restore applies whole or not at all.
  await runTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", "--no-password", backupFile], url);
  return { createdDatabase };
}

/**
 * Creates the database when it does not exist yet (a restore onto a new server); refuses when
 * other sessions are connected to it (the shop running): a restore under a running shop would
 * drop its tables beneath it. Returns whether it created the database.
 */
async function ensureUnusedPostgresDatabase(url: string): Promise<boolean> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw new BackupError("TOOL_FAILED", `Cannot connect to ${displayUrl(url)}: ${redact(oneLine(error), url)}.`);
    await createPostgresDatabase(url, name);
    return true;
  }
  try {
    const { rows } = await client.query<{ others: number }>("select count(*)::int as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    const others = rows[0]?.others ?? 0;
    if (others > 0) {
      throw new BackupError("IN_USE", `${others} other ${others === 1 ? "session is" : "sessions are"} connected to database ${name}: stop the shop before restoring.`);
    }
    return false;
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(url: string, name: string): Promise<void> {
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (error) {
    throw new BackupError("TOOL_FAILED", `Database ${name} does not exist and could not be created (${redact(oneLine(error), url)}): create it with createdb and run the restore again.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs a PostgreSQL client tool without a shell, connected to `url` when given: the URL goes
 * on the command line without its password (other users can read a process's arguments), and
 * the password through PGPASSWORD (its environment only the same user can read). Resolves with
 * its standard output; rejects with its last error line.
 */
function runTool(tool: "pg_dump" | "pg_restore", args: string[], url?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const connection: string[] = [];
  if (url) {
    const parsed = new URL(url);
    if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
    connection.push(`--dbname=${parsed.toString()}`);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...connection, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(new BackupError("TOOL_MISSING", `${tool} is not installed (or not on PATH): install PostgreSQL's client tools, the server's major version or newer (Debian: apt install postgresql-client).`));
      } else reject(new BackupError("TOOL_FAILED", `${tool} could not be started: ${error.message}.`));
    });
    child.once("close", (code) => {
      if (code === 0) return resolve(stdout);
      const lines = stderr.split("\n").map((line) => line.trim()).filter(Boolean);
      const reason = lines.find((line) => /error:/i.test(line)) ?? lines.at(-1) ?? `exit code ${code}`;
      reject(new BackupError("TOOL_FAILED", `${tool} failed: ${redact(reason.replace(/^\S+: (error: )?/, ""), url)}`));
    });
  });
}

// ——— Files ———

function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString("hex")}.partial`);
}

function sameFile(a: string, b: string): boolean {
  if (path.resolve(a) === path.resolve(b)) return true;
  try {
    const [first, second] = [fs.statSync(a), fs.statSync(b)];
    return first.dev === second.dev && first.ino === second.ino;
  } catch {
    return false;
  }
}

/** The file's bytes on disk before the rename makes it the one with the name. */
function syncFile(file: string): void {
  const descriptor = fs.openSync(file, "r");
  try {
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}

/** The rename itself on disk. */
function syncDirectory(directory: string): void {
  try {
    const descriptor = fs.openSync(directory, "r");
    try {
      fs.fsyncSync(descriptor);
    } finally {
      fs.closeSync(descriptor);
    }
  } catch {
    // Some file systems cannot sync a directory; the rename is still atomic.
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // A multi-line message ("Invalid environment:\n  DATABASE_URL: …") joined, not cut.
  return message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ");
}

/** The text with the URL's password, if any, taken out. */
function redact(text: string, url?: string): string {
  if (!url || !/^postgres(ql)?:\/\//.test(url)) return text;
  const { password } = new URL(url);
  if (!password) return text;
  return text.split(password).join("***").split(decodeURIComponent(password)).join("***");
}
