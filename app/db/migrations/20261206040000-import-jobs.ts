import { type MigrationDb, notNull, timestampType } from "./helpers";

// Issue 37: the catalogue import's check and real run become background jobs (docs/decisions/024):
// an upload row is the job; its state says what is to do ("checking", "running") or done, and
// these columns hold its progress, who runs it and until when (a lease renewed as batches go:
// a process that dies mid-run leaves it to another), its attempts and its last error, the actor
// its audit entries name and the shop origin its back-in-stock e-mails use.
// Products whose Type names no category go to a holding category (`categories.holding` = 1):
// the owner reviews it in Atelier; the storefront never lists it.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  const table = () => db.schema.alterTable("catalog_import_uploads");
  await table().addColumn("progress_rows", "integer", (c) => notNull(c).defaultTo(0)).execute();
  await table().addColumn("progress_bytes", "integer", (c) => notNull(c).defaultTo(0)).execute();
  await table().addColumn("attempts", "integer", (c) => notNull(c).defaultTo(0)).execute();
  await table().addColumn("lease_owner", "varchar(120)").execute();
  await table().addColumn("lease_until", ts).execute();
  await table().addColumn("queued_at", ts).execute();
  await table().addColumn("error", "varchar(300)").execute();
  /** JSON: the AuditActor of the staff member who asked. */
  await table().addColumn("actor", "text").execute();
  await table().addColumn("origin", "varchar(300)").execute();
  await db.schema.createIndex("catalog_import_uploads_state_idx").on("catalog_import_uploads").columns(["state", "queued_at"]).execute();
  await db.schema.alterTable("categories").addColumn("holding", "integer", (c) => notNull(c).defaultTo(0)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("categories").dropColumn("holding").execute();
  await db.schema.dropIndex("catalog_import_uploads_state_idx").ifExists().execute();
  for (const column of ["origin", "actor", "error", "queued_at", "lease_until", "lease_owner", "attempts", "progress_bytes", "progress_rows"])
    await db.schema.alterTable("catalog_import_uploads").dropColumn(column).execute();
}
