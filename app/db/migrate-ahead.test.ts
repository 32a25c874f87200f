import { type Kysely, type Migration, Migrator, sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DIALECTS, createTestDatabase } from "../../tests/support/databases";
import { log } from "../utils/log.server";
import { knownMigrations, migrateToLatest, migrationState, pendingMigrations } from "./migrate.server";
import type { Database } from "./schema";

// A rolling restart: a newer release's process migrates the database while this release's
// processes still run, and start again, against it (docs/decisions/031).
const FUTURE = "29991231000000-from-a-newer-release";

async function recordApplied(db: Kysely<Database>, name: string) {
  await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(db);
}

describe("migrationState", () => {
  const known = ["001-a", "002-b", "003-c"];
  it("is in step with the pending ones when every applied migration is known", () => {
    expect(migrationState(known, ["001-a"])).toEqual({ kind: "in step", pending: ["002-b", "003-c"] });
    expect(migrationState(known, known)).toEqual({ kind: "in step", pending: [] });
  });
  it("is ahead when the unknown ones all come after every known one, all applied", () => {
    expect(migrationState(known, [...known, "005-e", "004-d"])).toEqual({ kind: "ahead", unknown: ["004-d", "005-e"] });
  });
  it("diverges on an unknown one among the known ones (a fork)", () => {
    const state = migrationState(known, ["001-a", "001-z", "002-b", "003-c"]);
    expect(state.kind).toBe("diverged");
    expect(state.kind === "diverged" && state.reason).toContain("001-z");
  });
  it("diverges when a known one is missing before an unknown one", () => {
    const state = migrationState(known, ["001-a", "002-b", "004-d"]);
    expect(state.kind).toBe("diverged");
    expect(state.kind === "diverged" && state.reason).toContain("003-c");
  });
});

for (const kind of DIALECTS) {
  describe(`a database migrated ahead of this code [${kind}]`, () => {
    const opened: Array<{ destroy(): Promise<void> }> = [];
    afterAll(async () => {
      vi.restoreAllMocks();
      for (const d of opened) await d.destroy();
    });
    async function migrated() {
      const test = await createTestDatabase(kind);
      opened.push(test);
      return test;
    }

    it("starts without migrating, warns naming the newer migrations, and counts as current", async () => {
      const test = await migrated();
      await recordApplied(test.db, FUTURE);
      const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
      expect(await migrateToLatest(test.db)).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("newer release"), { unknownMigrations: [FUTURE] });
      warn.mockRestore();
      expect(await pendingMigrations(test.db)).toEqual([]);
    });

    it("fails clearly on an unknown migration among known ones", async () => {
      const test = await migrated();
      await recordApplied(test.db, "20261122000001-from-another-branch");
      await expect(migrateToLatest(test.db)).rejects.toThrow(/20261122000001-from-another-branch.*different branches/);
    });

    it("fails clearly when a known migration is missing before an unknown one", async () => {
      const test = await migrated();
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(test.db);
      const newest = rows[0]!.name;
      await sql`delete from kysely_migration where name = ${newest}`.execute(test.db);
      await recordApplied(test.db, FUTURE);
      await expect(migrateToLatest(test.db)).rejects.toThrow(new RegExp(`but not ${newest}`));
    });

    it("tolerates a newer release migrating while this one waits for the migration lock", async () => {
      const test = await createTestDatabase(kind, { migrate: false });
      opened.push(test);
      // The newer release: this code's migrations and one more, which waits until this one started.
      let started!: () => void;
      const newerStarted = new Promise<void>((resolve) => (started = resolve));
      let finish!: () => void;
      const newerMayFinish = new Promise<void>((resolve) => (finish = resolve));
      const newer: Migration = {
        async up(db) {
          started();
          await newerMayFinish;
          await db.schema.createTable("from_a_newer_release").addColumn("id", "integer").execute();
        },
      };
      const newerRelease = new Migrator({ db: test.db, provider: { getMigrations: async () => ({ ...knownMigrations(), [FUTURE]: newer }) } });
      const newerRun = newerRelease.migrateToLatest();
      await newerStarted;
      const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
      const thisRun = migrateToLatest(test.db);
      if (kind === "postgres") await waitForLockWaiter(test.db);
      finish();
      expect((await newerRun).error).toBeUndefined();
      expect(await thisRun).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.any(String), { unknownMigrations: [FUTURE] });
      warn.mockRestore();
    });

    it("still migrates once when several processes start at once", async () => {
      const test = await createTestDatabase(kind, { migrate: false });
      opened.push(test);
      const runs = await Promise.all([migrateToLatest(test.db), migrateToLatest(test.db), migrateToLatest(test.db)]);
      const applied = runs.flat();
      expect(applied).toContain("20261122000000-foundation");
      expect(new Set(applied).size).toBe(applied.length);
      expect(await pendingMigrations(test.db)).toEqual([]);
    });
  });
}

/** Waits until another session waits for an advisory lock (this code's migrator, behind the newer one). */
async function waitForLockWaiter(db: Kysely<Database>) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(db);
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("this code's migrator never waited for the lock");
}
