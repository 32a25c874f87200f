import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { createPostgresDatabaseFromTemplate } from "./database-templates";

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set (CI sets it). */
export const DIALECTS = ["sqlite", ...(process.env.TEST_POSTGRES_URL ? (["postgres"] as const) : [])] as const;

export interface TestDatabase {
  db: Kysely<Database>;
  kind: DatabaseHandle["kind"];
}

/**
 * Opens an empty, isolated database of the given kind: an in-memory SQLite database, or a
 * fresh database on the PostgreSQL test server (dropped afterwards), so test files can run in
 * parallel without seeing each other's rows or migration tables.
 */
export async function createTestDatabase(kind: "sqlite" | "postgres", { migrate = true } = {}): Promise<TestDatabase & { destroy(): Promise<void> }> {
  if (kind === "sqlite") {
    const handle = openDatabase("file::memory:");
    if (migrate) await migrateToLatest(handle.db);
    return { db: handle.db, kind, destroy: () => handle.close() };
  }
  const base = process.env.TEST_POSTGRES_URL!;
  const name = `bottega_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // Migrated: a copy of the migrated template (tests/support/database-templates.ts).
  if (migrate) await createPostgresDatabaseFromTemplate(admin, base, name, "migrated");
  else await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 4 });
  return {
    db: handle.db,
    kind,
    async destroy() {
      await handle.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Runs a suite once per dialect, each with its own migrated database. */
export function describeEachDatabase(name: string, suite: (ctx: () => TestDatabase) => void, options: { migrate?: boolean } = {}) {
  for (const kind of DIALECTS) {
    describe(`${name} [${kind}]`, () => {
      let current: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(kind, options);
      });
      afterAll(async () => {
        await current?.destroy();
      });
      suite(() => {
        if (!current) throw new Error("database not ready");
        return current;
      });
    });
  }
}
