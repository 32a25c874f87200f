import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// The photograph pipeline outside products (issue 24, docs/decisions/023): a category's tile
// photograph (the home page's category tiles) and the pictures of journal posts, care-guide
// entries and pages — an entry's cover and the images its Markdown body shows. Each row owns its
// asset (media_assets) the way product_photos does; the services delete the asset with the row.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("category_tiles")
    .addColumn("category_id", "integer", (c) => c.primaryKey().references("categories.id").onDelete("cascade"))
    .addColumn("asset_id", "integer", (c) => c.notNull().unique().references("media_assets.id").onDelete("cascade"))
    .addColumn("alt_it", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("alt_en", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await withId(db, db.schema.createTable("content_images"))
    /** The entry: content's kind and key (both languages share the pictures). */
    .addColumn("kind", "varchar(16)", notNull)
    .addColumn("key", "varchar(100)", notNull)
    .addColumn("asset_id", "integer", (c) => c.notNull().unique().references("media_assets.id").onDelete("cascade"))
    /** cover (at most one per entry: shown instead of the drawing) or body (its Markdown shows it). */
    .addColumn("role", "varchar(8)", notNull)
    .addColumn("alt_it", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("alt_en", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("content_images_entry").on("content_images").columns(["kind", "key", "role"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("content_images").execute();
  await db.schema.dropTable("category_tiles").execute();
}
