import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { DIALECTS, createTestDatabase } from "../../tests/support/databases";
import { migrateToBottom, migrateToLatest } from "./migrate.server";

for (const kind of DIALECTS) {
  describe(`migrations [${kind}]`, () => {
    // One database migrated from empty, shared by both tests: the second starts where the first
    // left it (every migration up), so the whole history runs up, down and up again once, not
    // up twice (on PostgreSQL each pass is seconds of DDL; on a busy machine many more).
    let migrated: Promise<{ test: Awaited<ReturnType<typeof createTestDatabase>>; first: string[] }> | undefined;
    const freshlyMigrated = () =>
      (migrated ??= (async () => {
        const test = await createTestDatabase(kind, { migrate: false });
        return { test, first: await migrateToLatest(test.db) };
      })());
    afterAll(async () => {
      if (migrated) await (await migrated).test.destroy();
    });

    it("migrate a fresh database, and a second run is a no-op", async () => {
      const { test, first } = await freshlyMigrated();
      expect(first).toContain("20261122000000-foundation");
      expect(await migrateToLatest(test.db)).toEqual([]);
      const tables = (await test.db.introspection.getTables()).map((t) => t.name);
      for (const table of ["categories", "products", "variants", "price_history", "sessions", "newsletter_subscriptions", "banner_messages", "manufacturers"]) {
        expect(tables).toContain(table);
      }
    });

    it("every down migration undoes its up", async () => {
      const { test } = await freshlyMigrated();
      await migrateToBottom(test.db);
      const left = (await test.db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith("kysely_"));
      expect(left).toEqual([]);
    });

    it("migrates up again from the bottom (the downs left nothing in the way)", async () => {
      const { test, first: all } = await freshlyMigrated();
      expect(await migrateToLatest(test.db)).toEqual(all);
      await sql`select count(*) from products`.execute(test.db);
    });
  });
}
