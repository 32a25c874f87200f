import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Old addresses of products and categories (issue 24): when Atelier changes a published slug,
// the old path keeps answering with a 301 to the entity's current address. A row names the
// entity, not the new path, so a chain of renames still lands on today's address in one hop.
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable("slug_redirects"))
    .addColumn("kind", "varchar(20)", notNull)
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("old_path", "text", notNull)
    .addColumn("entity_id", "integer", notNull)
    .addColumn("created_at", timestampType(db), notNull)
    .addUniqueConstraint("slug_redirects_path_uq", ["kind", "locale", "old_path"])
    .execute();
  await db.schema.createIndex("slug_redirects_entity_idx").on("slug_redirects").columns(["kind", "entity_id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("slug_redirects").ifExists().execute();
}
