import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // The shop's constants (shipping, returns, payments, support, seller identity): one JSON
  // value per key, read through app/modules/settings/shop-settings.server.ts.
  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  // Pages, journal posts, care-guide articles and "inside" stories, one row per language.
  await withId(db, db.schema.createTable("content"))
    .addColumn("kind", "varchar(16)", notNull)
    .addColumn("key", "varchar(100)", notNull)
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("slug", "varchar(200)", notNull)
    .addColumn("title", "varchar(300)", notNull)
    .addColumn("excerpt", "text", notNull)
    .addColumn("body", "text", notNull)
    .addColumn("meta_title", "varchar(300)", notNull)
    .addColumn("meta_description", "varchar(500)", notNull)
    .addColumn("keywords", "varchar(500)", notNull)
    .addColumn("cover", "varchar(50)")
    .addColumn("published_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .addUniqueConstraint("content_kind_key_locale_uq", ["kind", "key", "locale"])
    .addUniqueConstraint("content_kind_locale_slug_uq", ["kind", "locale", "slug"])
    .execute();
  await db.schema.createIndex("content_list_idx").on("content").columns(["kind", "locale", "published_at"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("content").ifExists().execute();
  await db.schema.dropTable("shop_settings").ifExists().execute();
}
