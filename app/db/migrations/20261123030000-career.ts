import { sql } from "kysely";
import { type MigrationDb, isPostgres, notNull, timestampType, withId } from "./helpers";

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // "Work with us" applications: what the applicant typed and when they consented. Nothing
  // else about them (no address, no user agent): the rate limit keeps its own short-lived key.
  await withId(db, db.schema.createTable("job_applications"))
    .addColumn("first_name", "varchar(100)", notNull)
    .addColumn("last_name", "varchar(100)", notNull)
    .addColumn("email", "varchar(254)", notNull)
    .addColumn("phone", "varchar(40)", notNull)
    .addColumn("department", "varchar(32)", notNull)
    .addColumn("website", "varchar(500)")
    .addColumn("message", "text", notNull)
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("consent_at", ts, notNull)
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("job_applications_created_idx").on("job_applications").column("created_at").execute();

  // The CV, in the database so that every app process (several on one PostgreSQL) can read it.
  // The applicant's file name is kept as data only; no file is ever written under it.
  await withId(db, db.schema.createTable("job_application_files"))
    .addColumn("application_id", "integer", (c) => c.notNull().references("job_applications.id").onDelete("cascade"))
    .addColumn("file_name", "varchar(200)", notNull)
    .addColumn("mime_type", "varchar(100)", notNull)
    .addColumn("size_bytes", "integer", notNull)
    .addColumn("content", isPostgres(db) ? sql`bytea` : sql`blob`, notNull)
    .addColumn("created_at", ts, notNull)
    .addUniqueConstraint("job_application_files_application_uq", ["application_id"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("job_application_files").ifExists().execute();
  await db.schema.dropIndex("job_applications_created_idx").ifExists().execute();
  await db.schema.dropTable("job_applications").ifExists().execute();
}
