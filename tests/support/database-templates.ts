// Fresh test databases by copy instead of by migration. Migrating a PostgreSQL database takes
// 1.5–5 s and seeding the demo catalogue as much again; the unit and HTTP suites make one per
// test file and dialect (about 200 a run). So each level ("migrated", "seeded") is built once,
// by the app's own migrate and seed code, as a template database (PostgreSQL) or file (SQLite),
// and every test database is a copy of it: `create database … template …` takes a fraction of
// a second. A template is named by a fingerprint of app/ (every file's path, size and time), so
// a changed migration, seed or service gets a new one; templates left by older code are dropped
// once they are an hour old.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedIfEmpty } from "~/db/seed/seed.server";
import { analyzeDatabase } from "~/db/statistics.server";

export type TemplateLevel = "migrated" | "seeded";

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app");
const TEMPLATE_PREFIX = "bottega_tpl_";
const STALE_TEMPLATE_MS = 3_600_000;

let fingerprint: string | undefined;

/** A short hash of every source file under app/ (path, size, modification time); tests excluded. */
function appFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash("sha1");
  const entries = fs.readdirSync(APP_DIR, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name));
  for (const file of entries.map((entry) => path.join(entry.parentPath, entry.name)).sort()) {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(APP_DIR, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  fingerprint = hash.digest("hex").slice(0, 12);
  return fingerprint;
}

/** Migrates, and for "seeded" also seeds as the app does at first start (then ANALYZE). */
async function prepare(url: string, level: TemplateLevel): Promise<void> {
  const handle = openDatabase(url, { poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
    if (level === "seeded" && (await seedIfEmpty(handle.db))) await analyzeDatabase(handle.db);
  } finally {
    await handle.close();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits until no session is connected to the database (a closed pool's backends may still be leaving). */
async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  while ((await admin.query("select 1 from pg_stat_activity where datname = $1", [name])).rowCount) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Creates the PostgreSQL database `name` as a copy of the level's template, building the
 * template first if this code has none yet. Concurrent callers (vitest's workers) wait on an
 * advisory lock while one of them builds it.
 */
export async function createPostgresDatabaseFromTemplate(admin: pg.Client, baseUrl: string, name: string, level: TemplateLevel): Promise<void> {
  const template = `${TEMPLATE_PREFIX}${level}_${appFingerprint()}`;
  const lockKey = `bottega test template ${level}`;
  await admin.query("select pg_advisory_lock(hashtext($1))", [lockKey]);
  try {
    const existing = await admin.query<{ made: string | null }>("select shobj_description(oid, 'pg_database') as made from pg_database where datname = $1", [template]);
    // The seed dates some rows from now (new arrivals, sales): a template an hour old is made again.
    if (existing.rowCount && !(Date.now() - Number(existing.rows[0].made) < STALE_TEMPLATE_MS)) {
      await admin.query(`drop database ${template} with (force)`);
    }
    if (!existing.rowCount || !(Date.now() - Number(existing.rows[0].made) < STALE_TEMPLATE_MS)) {
      const building = `${template}_${randomBytes(3).toString("hex")}`;
      await admin.query(`create database ${building}`);
      try {
        await prepare(databaseUrl(baseUrl, building), level);
        await waitUntilUnused(admin, building);
        await admin.query(`alter database ${building} rename to ${template}`);
        await admin.query(`comment on database ${template} is '${Date.now()}'`);
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
      await dropStaleTemplates(admin, level, template);
    }
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext($1))", [lockKey]);
  }
  await admin.query(`create database ${name} template ${template}`);
}

/** Templates of this level made by other code, an hour old or more (another checkout's may still be in use before). */
async function dropStaleTemplates(admin: pg.Client, level: TemplateLevel, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; made: string | null }>(
    "select d.datname, shobj_description(d.oid, 'pg_database') as made from pg_database d where d.datname like $1 and d.datname <> $2",
    [`${TEMPLATE_PREFIX}${level}_%`, current],
  );
  for (const row of rows) {
    const made = Number(row.made);
    if (Number.isFinite(made) && Date.now() - made < STALE_TEMPLATE_MS) continue;
    await admin.query(`drop database if exists ${row.datname} with (force)`);
  }
}

const sqliteTemplates = new Map<TemplateLevel, Promise<string>>();

/**
 * Writes a copy of the level's SQLite template to `file`. The template is a file in the
 * temporary directory named by the fingerprint; a worker that finds none builds it under a name
 * of its own and renames it into place (atomic: two builders at once both leave a whole file).
 */
export async function copySqliteTemplate(file: string, level: TemplateLevel): Promise<void> {
  let template = sqliteTemplates.get(level);
  if (!template) {
    template = buildSqliteTemplate(level);
    sqliteTemplates.set(level, template);
    template.catch(() => sqliteTemplates.delete(level));
  }
  fs.copyFileSync(await template, file);
}

async function buildSqliteTemplate(level: TemplateLevel): Promise<string> {
  const dir = path.join(os.tmpdir(), "bottega-test-templates");
  fs.mkdirSync(dir, { recursive: true });
  const template = path.join(dir, `${level}-${appFingerprint()}.sqlite`);
  if (fs.existsSync(template) && Date.now() - fs.statSync(template).mtimeMs < STALE_TEMPLATE_MS) return template;
  const building = `${template}.${process.pid}.${randomBytes(3).toString("hex")}`;
  try {
    await prepare(`file:${building}`, level);
    // Closing the last connection folds the write-ahead log into the file: the file is whole.
    fs.renameSync(building, template);
  } finally {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(building + suffix, { force: true });
  }
  for (const old of fs.readdirSync(dir)) {
    const file = path.join(dir, old);
    if (old.startsWith(`${level}-`) && file !== template && Date.now() - fs.statSync(file).mtimeMs > STALE_TEMPLATE_MS) fs.rmSync(file, { force: true });
  }
  return template;
}
