import { type MigrationDb, notNull } from "./helpers";

// A content entry's state in Atelier (issue 24): a draft is seen only by staff; a published entry
// is shown from its publication date (a later date: scheduled). Every entry before this was
// published. Both languages of an entry carry the same state and date (the editor writes them
// together).
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("content").addColumn("status", "varchar(20)", (c) => notNull(c).defaultTo("published")).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("content").dropColumn("status").execute();
}
