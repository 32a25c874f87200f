import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Issue 42 part 4: customers as people. Additive only (docs/decisions/031).
//
// Staff's notes and tags on a customer, who is an account (key "user:<id>") or someone who
// ordered without one (key "email:<address in lower case>"): both show on the customer's page
// and on each of their orders. Merging a guest into the account of the same address moves them.
// Erased with the account (they are about a person).
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("customer_notes"))
    .addColumn("customer_key", "varchar(330)", notNull)
    .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("set null"))
    .addColumn("author", "varchar(200)", notNull)
    .addColumn("body", "text", notNull)
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("customer_notes_key_idx").on("customer_notes").columns(["customer_key", "id"]).execute();
  await db.schema
    .createTable("customer_tags")
    .addColumn("customer_key", "varchar(330)", notNull)
    .addColumn("tag", "varchar(40)", notNull)
    .addColumn("created_at", ts, notNull)
    .addPrimaryKeyConstraint("customer_tags_pk", ["customer_key", "tag"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("customer_tags").execute();
  await db.schema.dropTable("customer_notes").execute();
}
