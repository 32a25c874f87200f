import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { DIALECTS, createTestDatabase } from "../../tests/support/databases";
import { migrateToBottom, migrateToLatest } from "./migrate.server";

for (const kind of DIALECTS) {
  describe(`migrations [${kind}]`, () => {
    const opened: Array<{ destroy(): Promise<void> }> = [];
    afterAll(async () => {
      for (const d of opened) await d.destroy();
    });

    it("migrate a fresh database, and a second run is a no-op", async () => {
      const test = await createTestDatabase(kind, { migrate: false });
      opened.push(test);
      const first = await migrateToLatest(test.db);
      expect(first).toContain("20261122000000-foundation");
      expect(await migrateToLatest(test.db)).toEqual([]);
      const tables = (await test.db.introspection.getTables()).map((t) => t.name);
      for (const table of ["categories", "products", "variants", "price_history", "sessions", "newsletter_subscriptions", "banner_messages", "manufacturers"]) {
        expect(tables).toContain(table);
      }
    });

    it("every down migration undoes its up", async () => {
      const test = await createTestDatabase(kind, { migrate: false });
      opened.push(test);
      const all = await migrateToLatest(test.db);
      await migrateToBottom(test.db);
      const left = (await test.db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith("kysely_"));
      expect(left).toEqual([]);
      expect(await migrateToLatest(test.db)).toEqual(all);
      await sql`select count(*) from products`.execute(test.db);
    });
  });
}
