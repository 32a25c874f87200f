import SQLite from "better-sqlite3";
import { Kysely, type Migration, Migrator, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { DIALECTS, createTestDatabase } from "../../tests/support/databases";
import { type ReleaseStatement, releaseStatements, unpreparableOnPostgres, unpreparableOnSqlite } from "../../tests/compat/release-queries";
import { knownMigrations, migrateToLatest } from "./migrate.server";
import type { Database } from "./schema";

// The rolling-migration check (docs/decisions/031): the previous release's statements, recorded
// when it was cut (`npm run queries:record`), must still compile against the newest schema, or its
// processes break while a rolling restart replaces them.

// What a careless next release might do: rename a column and drop a table the released code uses.
const destructive: Migration = {
  async up(db) {
    await db.schema.alterTable("newsletter_subscriptions").renameColumn("email", "email_address").execute();
    await sql`drop table job_applications${sql.raw(db.getExecutor().adapter.supportsTransactionalDdl ? " cascade" : "")}`.execute(db);
  },
};
const DESTRUCTIVE = "29991231000000-destructive";

function describeFailures(failures: Array<ReleaseStatement & { error: string }>) {
  return failures.map((f) => `${f.from}: ${f.error}\n  ${f.sql}`).join("\n");
}

for (const kind of DIALECTS) {
  describe(`the previous release's queries against the newest schema [${kind}]`, () => {
    const statements = releaseStatements(kind);
    const closing: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const close of closing) await close();
    });

    /** A fresh database at the newest schema (and after `extra`, when given), and a replay of the statements on it. */
    async function replayer(extra?: Migration) {
      if (kind === "sqlite") {
        const raw = new SQLite(":memory:");
        const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
        closing.push(() => db.destroy());
        await migrateToLatest(db);
        if (extra) await migrateExtra(db, extra);
        return async (list: ReleaseStatement[]) => unpreparableOnSqlite(raw, list);
      }
      const test = await createTestDatabase(kind);
      closing.push(() => test.destroy());
      if (extra) await migrateExtra(test.db, extra);
      return (list: ReleaseStatement[]) => unpreparableOnPostgres(test.db, list);
    }

    it("were recorded (a few hundred statements from the data layer)", () => {
      expect(statements.length).toBeGreaterThan(200);
    });

    it("all still prepare", async () => {
      const replay = await replayer();
      const failures = await replay(statements);
      expect(failures, describeFailures(failures)).toEqual([]);
    });

    it("fail when a migration renames a column or drops a table they use", async () => {
      const replay = await replayer(destructive);
      const failures = await replay(statements);
      const renamed = failures.filter((f) => f.sql.includes('"newsletter_subscriptions"') && /email/.test(f.error));
      const dropped = failures.filter((f) => f.sql.includes('"job_applications"') && /job_applications/.test(f.error));
      expect(renamed.length).toBeGreaterThan(0);
      expect(dropped.length).toBeGreaterThan(0);
      // Nothing else breaks: every failure points at what the migration did (on SQLite that
      // includes writes to job_application_files, whose foreign key names the dropped table).
      expect(failures.filter((f) => !/email|job_applications/.test(f.error))).toEqual([]);
    });
  });
}

async function migrateExtra(db: Kysely<Database>, extra: Migration) {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => ({ ...knownMigrations(), [DESTRUCTIVE]: extra }) } }).migrateToLatest();
  if (error) throw error;
}
