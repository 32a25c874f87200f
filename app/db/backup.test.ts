import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { BackupError, type BackupErrorCode, backupDatabase, restoreDatabase } from "./backup.server";
import { openDatabase } from "./connection.server";
import { migrateToLatest } from "./migrate.server";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-backup-test-"));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

let counter = 0;
const fileIn = (name: string) => path.join(directory, `${++counter}-${name}`);

/** A migrated SQLite database in a file, with one marker row: its URL. */
async function bottegaSqlite(marker = "before"): Promise<string> {
  const url = `file:${fileIn("bottega.sqlite")}`;
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await sql`create table backup_marker (value text not null)`.execute(handle.db);
  await sql`insert into backup_marker (value) values (${marker})`.execute(handle.db);
  await handle.close();
  return url;
}

function markerOf(url: string): string[] {
  const database = new SQLite(url.slice("file:".length), { readonly: true });
  try {
    return (database.prepare("select value from backup_marker").all() as Array<{ value: string }>).map((row) => row.value);
  } finally {
    database.close();
  }
}

async function expectRefusal(promise: Promise<unknown>, code: BackupErrorCode) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BackupError);
  expect((error as BackupError).code).toBe(code);
  // One line for the console.
  expect((error as BackupError).message).not.toContain("\n");
}

describe("SQLite backup and restore", () => {
  it("backs up a database another connection is writing to, and restores it over an unused one, keeping the replaced file", async () => {
    const source = await bottegaSqlite("saved");
    const writer = openDatabase(source);
    const backupFile = fileIn("copy.sqlite");
    try {
      // Committed but still in the write-ahead log: the backup must include it.
      await sql`insert into backup_marker (value) values ('in the wal')`.execute(writer.db);
      const { bytes } = await backupDatabase(source, backupFile);
      expect(bytes).toBe(fs.statSync(backupFile).size);
      await sql`insert into backup_marker (value) values ('after the backup')`.execute(writer.db);
    } finally {
      await writer.close();
    }
    // One self-contained file: no -wal, -shm or temporary beside it.
    expect(fs.readdirSync(directory).filter((name) => name.includes("copy.sqlite"))).toEqual([path.basename(backupFile)]);

    const target = await bottegaSqlite("replaced");
    const { replacedKeptAs } = await restoreDatabase(target, backupFile);
    expect(markerOf(target)).toEqual(["saved", "in the wal"]);
    expect(markerOf(`file:${replacedKeptAs}`)).toEqual(["replaced"]);
    expect(fs.existsSync(`${target.slice("file:".length)}-wal`)).toBe(false);

    const fresh = `file:${path.join(directory, "new", "bottega.sqlite")}`;
    expect(await restoreDatabase(fresh, backupFile)).toEqual({ replacedKeptAs: undefined });
    expect(markerOf(fresh)).toEqual(["saved", "in the wal"]);
  });

  it("refuses a file that is not a SQLite database, and leaves the database as it was", async () => {
    const target = await bottegaSqlite();
    const junk = fileIn("junk.sqlite");
    fs.writeFileSync(junk, "This is a shopping list, not a database. ".repeat(200));
    await expectRefusal(restoreDatabase(target, junk), "NOT_A_DATABASE");
    expect(markerOf(target)).toEqual(["before"]);
    expect(fs.readdirSync(directory).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("refuses a SQLite database that is not Bottega's (no migration table)", async () => {
    const target = await bottegaSqlite();
    const other = fileIn("other.sqlite");
    const database = new SQLite(other);
    database.exec("create table notes (text text)");
    database.close();
    await expectRefusal(restoreDatabase(target, other), "NOT_BOTTEGA");
    expect(markerOf(target)).toEqual(["before"]);
  });

  it("refuses a damaged backup: integrity_check first", async () => {
    const target = await bottegaSqlite();
    const damaged = fileIn("damaged.sqlite");
    await backupDatabase(await bottegaSqlite(), damaged);
    // Garbage over pages in the middle of the file, the header left whole.
    const descriptor = fs.openSync(damaged, "r+");
    const pageSize = 4096;
    const pages = Math.floor(fs.fstatSync(descriptor).size / pageSize);
    for (let page = 2; page < pages; page += 3) fs.writeSync(descriptor, randomBytes(pageSize), 0, pageSize, page * pageSize);
    fs.closeSync(descriptor);
    await expectRefusal(restoreDatabase(target, damaged), "CORRUPT");
    expect(markerOf(target)).toEqual(["before"]);
  });

  it("refuses while another process has the database open (the shop running)", async () => {
    const target = await bottegaSqlite();
    const backupFile = fileIn("copy.sqlite");
    await backupDatabase(await bottegaSqlite("saved"), backupFile);
    // The shop's connection, idle between requests, in another process as in production.
    const holder = `const S = require("better-sqlite3"); const d = new S(${JSON.stringify(target.slice("file:".length))}); d.pragma("journal_mode = WAL"); d.prepare("select count(*) from backup_marker").get(); console.log("open"); setTimeout(() => {}, 60000);`;
    const shop = spawn(process.execPath, ["-e", holder], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        shop.stdout.once("data", () => resolve());
        shop.once("exit", (code) => reject(new Error(`holder exited with ${code}`)));
      });
      await expectRefusal(restoreDatabase(target, backupFile), "IN_USE");
      expect(markerOf(target)).toEqual(["before"]);
    } finally {
      shop.kill();
      await new Promise((resolve) => shop.once("close", resolve));
    }
    // Stopped, the same restore goes through.
    await restoreDatabase(target, backupFile);
    expect(markerOf(target)).toEqual(["saved"]);
  });

  it("refuses to back up over the database itself, and a restore from no file", async () => {
    const source = await bottegaSqlite();
    await expectRefusal(backupDatabase(source, source.slice("file:".length)), "SAME_FILE");
    await expectRefusal(restoreDatabase(source, fileIn("missing.sqlite")), "NO_SUCH_FILE");
    await expectRefusal(backupDatabase("file::memory:", fileIn("memory.sqlite")), "UNSUPPORTED_URL");
    expect(markerOf(source)).toEqual(["before"]);
  });
});

describe("PostgreSQL tools", () => {
  const savedPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  it("says so when pg_dump is missing, without the password", async () => {
    process.env.PATH = path.join(directory, "no-tools-here");
    const url = "postgres://shop:s3cret-Pa55@127.0.0.1:1/bottega";
    const error = await backupDatabase(url, fileIn("shop.dump")).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).code).toBe("TOOL_MISSING");
    expect((error as BackupError).message).toMatch(/^pg_dump is not installed/);
    expect((error as BackupError).message).not.toContain("s3cret");
  });

  it("reports a server it cannot reach in one line, without the password", async () => {
    const url = "postgres://shop:s3cret-Pa55@127.0.0.1:1/bottega";
    const error = await backupDatabase(url, fileIn("shop.dump")).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(BackupError);
    // TOOL_MISSING where the client tools are not installed.
    expect(["TOOL_FAILED", "TOOL_MISSING"]).toContain((error as BackupError).code);
    expect((error as BackupError).message).not.toContain("s3cret");
    expect((error as BackupError).message).not.toContain("\n");
    expect(fs.readdirSync(directory).filter((name) => name.includes("shop.dump"))).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)("PostgreSQL backup and restore", () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  const created: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(process.env.TEST_POSTGRES_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function database(): Promise<string> {
    if (created.length === 0) await admin.connect();
    const name = `bottega_backup_${randomBytes(6).toString("hex")}`;
    created.push(name);
    await admin.query(`create database ${name}`);
    return name;
  }
  afterAll(async () => {
    if (created.length === 0) return;
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("restores a Bottega dump into a database that does not exist yet, then refuses while it is in use", async () => {
    const source = urlOf(await database());
    const handle = openDatabase(source);
    const dump = fileIn("bottega.dump");
    try {
      await migrateToLatest(handle.db);
      await sql`create table backup_marker (value text not null)`.execute(handle.db);
      await sql`insert into backup_marker (value) values ('saved')`.execute(handle.db);
      await backupDatabase(source, dump);
    } finally {
      await handle.close();
    }

    const name = `bottega_backup_${randomBytes(6).toString("hex")}`;
    created.push(name);
    expect(await restoreDatabase(urlOf(name), dump)).toEqual({ createdDatabase: true });
    const restored = openDatabase(urlOf(name));
    try {
      const { rows } = await sql<{ value: string }>`select value from backup_marker`.execute(restored.db);
      expect(rows).toEqual([{ value: "saved" }]);
      await expectRefusal(restoreDatabase(urlOf(name), dump), "IN_USE");
    } finally {
      await restored.close();
    }
    // Unused again, restoring over it (--clean) works.
    expect(await restoreDatabase(urlOf(name), dump)).toEqual({ createdDatabase: false });
  });

  it("refuses a file that is not a dump, and a dump of a database that is not Bottega's", async () => {
    const target = urlOf(await database());
    const junk = fileIn("junk.dump");
    fs.writeFileSync(junk, "not an archive");
    await expectRefusal(restoreDatabase(target, junk), "NOT_A_DATABASE");

    const otherName = await database();
    const other = new pg.Client({ connectionString: urlOf(otherName) });
    await other.connect();
    await other.query("create table notes (text text)");
    await other.end();
    const otherDump = fileIn("other.dump");
    execFileSync("pg_dump", ["--format=custom", `--file=${otherDump}`, `--dbname=${urlOf(otherName)}`]);
    await expectRefusal(restoreDatabase(target, otherDump), "NOT_BOTTEGA");
    const check = new pg.Client({ connectionString: target });
    await check.connect();
    const { rows } = await check.query("select count(*)::int as tables from information_schema.tables where table_schema = 'public'");
    await check.end();
    expect(rows[0].tables).toBe(0);
  });
});
