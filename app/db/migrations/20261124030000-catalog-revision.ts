import type { MigrationDb } from "./helpers";

// One counter that every write to what the shop window shows (stock, prices, products) raises in
// the same transaction. App processes cache listing and product reads under it, so a change made
// by any process (or by `npm run stock`) is seen by all on their next request.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("catalog_revision")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("revision", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("catalog_revision").values({ id: 1, revision: 0 }).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("catalog_revision").ifExists().execute();
}
