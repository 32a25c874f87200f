import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Photographs (issue 24, docs/decisions/023). `media_assets` is any uploaded image (a product's
// photograph today; a category tile or a journal picture tomorrow): its original is stored by
// content hash through the media storage, and its variants (4:5 crops at the shop's widths in
// AVIF, WebP and JPEG) are made off the request path by the jobs of `media_jobs`, claimed with a
// lease like the mail outbox. `product_photos` places an asset in a product's gallery.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("media_assets"))
    /** SHA-256 of the original's bytes (hex): its storage key, shared by identical uploads. */
    .addColumn("sha256", "varchar(64)", notNull)
    .addColumn("mime", "varchar(32)", notNull)
    .addColumn("byte_size", "integer", notNull)
    /** The original's size once its orientation is applied. */
    .addColumn("width", "integer", notNull)
    .addColumn("height", "integer", notNull)
    /** Where the crop centres, 0..1 from the left and from the top. */
    .addColumn("focal_x", "double precision", (c) => c.notNull().defaultTo(0.5))
    .addColumn("focal_y", "double precision", (c) => c.notNull().defaultTo(0.5))
    /** pending (variants being made), ready, failed (for good: `error` says why). */
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
    /** The set of variants shown now (its name in /media/p1/<key>/…), null until the first is ready. */
    .addColumn("variant_key", "varchar(64)")
    /** The widths of that set, comma-separated ("320,480,640"). */
    .addColumn("variant_widths", "varchar(64)")
    .addColumn("error", "varchar(500)")
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("media_assets_sha256").on("media_assets").column("sha256").execute();
  await db.schema.createIndex("media_assets_variant_key").on("media_assets").column("variant_key").execute();

  await withId(db, db.schema.createTable("media_jobs"))
    .addColumn("asset_id", "integer", (c) => c.notNull().references("media_assets.id").onDelete("cascade"))
    /** pending or failed (done jobs are deleted). */
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", ts, notNull)
    .addColumn("claimed_by", "varchar(64)")
    .addColumn("lease_until", ts)
    .addColumn("last_error", "varchar(500)")
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("media_jobs_due").on("media_jobs").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("media_jobs_claim").on("media_jobs").column("claimed_by").execute();
  await db.schema.createIndex("media_jobs_asset").on("media_jobs").column("asset_id").execute();

  await withId(db, db.schema.createTable("product_photos"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("asset_id", "integer", (c) => c.notNull().unique().references("media_assets.id").onDelete("cascade"))
    /** The colour the photograph shows; null: every colour. */
    .addColumn("color_code", "varchar(40)")
    .addColumn("alt_it", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("alt_en", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", notNull)
    .addColumn("is_cover", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("product_photos_product").on("product_photos").columns(["product_id", "position"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("product_photos").execute();
  await db.schema.dropTable("media_jobs").execute();
  await db.schema.dropTable("media_assets").execute();
}
