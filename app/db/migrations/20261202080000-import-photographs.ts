import { sql } from "kysely";
import {
  type MigrationDb,
  isPostgres,
  notNull,
  timestampType,
  withId,
} from "./helpers";

// The Shopify import's photographs join the photograph pipeline (issue 24, docs/decisions/024):
// a photograph the import fetched keeps the URL it came from beside it (product_photos.source_url,
// null for one uploaded in Atelier), so a second run of the same file finds it instead of fetching
// it again; the staging table the import used until then goes.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("product_photos")
    .addColumn("source_url", "varchar(2000)")
    .execute();
  await db.schema.dropTable("catalog_import_images").ifExists().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;
  await withId(db, db.schema.createTable("catalog_import_images"))
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("source_url", "text", notNull)
    .addColumn("position", "integer", notNull)
    .addColumn("alt_it", "text", notNull)
    .addColumn("alt_en", "text", notNull)
    .addColumn("mime_type", "varchar(40)", notNull)
    .addColumn("width", "integer", notNull)
    .addColumn("height", "integer", notNull)
    .addColumn("size_bytes", "integer", notNull)
    .addColumn("content_hash", "char(64)", notNull)
    .addColumn("content", bytes, notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .addUniqueConstraint("catalog_import_images_url_uq", [
      "product_id",
      "source_url",
    ])
    .execute();
  await db.schema
    .alterTable("product_photos")
    .dropColumn("source_url")
    .execute();
}
