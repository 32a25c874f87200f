import { sql } from "kysely";
import { type MigrationDb, isPostgres, notNull, timestampType, withId } from "./helpers";

// The Shopify CSV import (issue 24, docs/decisions/024-shopify-catalogue-import.md):
// - an uploaded file waits between Atelier's dry run and the real run in chunks of at most 1 MiB
//   (any app process can read it back as a stream; expired after a day);
// - the photographs an import fetched from their `Image Src` URLs, by product and URL: the URL
//   makes a second run of the same file find them again instead of fetching them anew. Until the
//   photograph pipeline takes them over, the fetched bytes wait here.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable("catalog_import_uploads")
    /** A random id (hex): the page's `?upload=` and the run form's hidden field. */
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("set null"))
    .addColumn("file_name", "varchar(200)", notNull)
    .addColumn("size_bytes", "integer", notNull)
    /** "checked" after the dry run, "running" while the real run goes, "done" after it. */
    .addColumn("state", "varchar(20)", notNull)
    /** JSON: the dry run's report, then the real run's. */
    .addColumn("report", "text")
    .addColumn("created_at", ts, notNull)
    .addColumn("expires_at", ts, notNull)
    .execute();
  await db.schema.createIndex("catalog_import_uploads_expires_idx").on("catalog_import_uploads").column("expires_at").execute();

  await db.schema
    .createTable("catalog_import_upload_chunks")
    .addColumn("upload_id", "varchar(64)", (c) => c.notNull().references("catalog_import_uploads.id").onDelete("cascade"))
    .addColumn("seq", "integer", notNull)
    .addColumn("content", bytes, notNull)
    .addPrimaryKeyConstraint("catalog_import_upload_chunks_pk", ["upload_id", "seq"])
    .execute();

  await withId(db, db.schema.createTable("catalog_import_images"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("source_url", "text", notNull)
    .addColumn("position", "integer", notNull)
    .addColumn("alt_it", "text", notNull)
    .addColumn("alt_en", "text", notNull)
    .addColumn("mime_type", "varchar(40)", notNull)
    .addColumn("width", "integer", notNull)
    .addColumn("height", "integer", notNull)
    .addColumn("size_bytes", "integer", notNull)
    /** SHA-256 of the bytes, hex. */
    .addColumn("content_hash", "char(64)", notNull)
    .addColumn("content", bytes, notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .addUniqueConstraint("catalog_import_images_url_uq", ["product_id", "source_url"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("catalog_import_images").ifExists().execute();
  await db.schema.dropTable("catalog_import_upload_chunks").ifExists().execute();
  await db.schema.dropIndex("catalog_import_uploads_expires_idx").ifExists().execute();
  await db.schema.dropTable("catalog_import_uploads").ifExists().execute();
}
