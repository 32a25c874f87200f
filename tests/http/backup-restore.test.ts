// Keeping the data (issue 27): `npm run backup` copies a running shop's database, `npm run
// restore` refuses to replace a database the shop is using and puts the copy into a fresh one,
// and the built server started on the restored database serves the shop as it was, change
// included.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/connection.server";
import { type BuiltServer, startBuiltServer } from "./built-server";

const DIALECTS = ["sqlite", ...(process.env.TEST_POSTGRES_URL ? (["postgres"] as const) : [])] as const;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const PRODUCT = "/products/cardigan-in-cashmere";
const RENAMED = "Cardigan salvato nel backup";

/** Runs `npm run backup|restore -- FILE` as the CLI does (tsx), on `databaseUrl`: its exit code and output. */
async function run(script: "backup" | "restore", file: string, databaseUrl: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [path.join("scripts", `${script}.ts`), file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe.each(DIALECTS)("backup and restore on %s", (kind) => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-backup-"));
  const backupFile = path.join(directory, kind === "sqlite" ? "shop.sqlite" : "shop.dump");
  const restoredName = `bottega_restored_${randomBytes(6).toString("hex")}`;
  let restoredUrl: string;
  let original: BuiltServer;
  let restored: BuiltServer | undefined;

  beforeAll(async () => {
    original = await startBuiltServer(kind);
    if (kind === "postgres") {
      const url = new URL(process.env.TEST_POSTGRES_URL!);
      url.pathname = `/${restoredName}`;
      restoredUrl = url.toString();
    } else {
      restoredUrl = `file:${path.join(directory, "restored", "bottega.sqlite")}`;
    }
  }, 120_000);

  afterAll(async () => {
    await restored?.stop();
    await original?.stop();
    if (kind === "postgres") {
      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${restoredName} with (force)`);
      await admin.end();
    }
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it("backs up the running shop with a change in it, without stopping it", async () => {
    // The change, written through the data layer beside the running server (on SQLite it is
    // still in the write-ahead log when the backup starts).
    const handle = openDatabase(original.databaseUrl);
    try {
      const { numUpdatedRows } = await handle.db
        .updateTable("product_translations")
        .set({ name: RENAMED })
        .where("locale", "=", "it")
        .where("slug", "=", "cardigan-in-cashmere")
        .executeTakeFirst();
      expect(Number(numUpdatedRows)).toBe(1);
    } finally {
      await handle.close();
    }

    // The shop keeps answering while the backup is taken.
    const [backup, ...pages] = await Promise.all([run("backup", backupFile, original.databaseUrl), ...Array.from({ length: 4 }, () => fetch(`${original.url}/en`))]);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/^Backed up the (SQLite|PostgreSQL) database to .+ \(\d+ bytes\)\.$/m);
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200]);
    expect(fs.statSync(backupFile).size).toBeGreaterThan(0);
    // Only the finished file, under its name: no temporary left beside it.
    expect(fs.readdirSync(directory)).toEqual([path.basename(backupFile)]);
  }, 120_000);

  it("refuses to restore over the database the running shop uses, and leaves it serving", async () => {
    const refused = await run("restore", backupFile, original.databaseUrl);
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toMatch(/^Restore failed: .*stop the shop/);
    expect((await fetch(`${original.url}${PRODUCT}`)).status).toBe(200);
  }, 60_000);

  it("restores into a fresh database that the built server then serves, change included", async () => {
    const restore = await run("restore", backupFile, restoredUrl);
    expect(restore.code).toBe(0);
    expect(restore.output.trim()).toMatch(/^Restored .+ Start the shop\.$/);

    restored = await startBuiltServer(kind, { env: { DATABASE_URL: restoredUrl } });
    const page = await fetch(`${restored.url}${PRODUCT}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(RENAMED);
    const ready = await fetch(`${restored.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: true, pendingMigrations: [], media: true });
  }, 120_000);
});
