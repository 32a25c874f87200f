import { sql } from "kysely";
import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  await withId(db, db.schema.createTable("categories"))
    .addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("categories_parent_idx").on("categories").columns(["parent_id", "position"]).execute();

  await db.schema
    .createTable("category_translations")
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("path", "text", notNull)
    .addColumn("meta_title", "text", notNull)
    .addColumn("meta_description", "text", notNull)
    .addColumn("keywords", "text", notNull)
    .addColumn("share_image", "text")
    .addPrimaryKeyConstraint("category_translations_pk", ["category_id", "locale"])
    .addUniqueConstraint("category_translations_path_uq", ["locale", "path"])
    .execute();

  await db.schema
    .createTable("colors")
    .addColumn("code", "varchar(40)", (c) => c.primaryKey())
    .addColumn("hex", "varchar(7)", notNull)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("color_translations")
    .addColumn("color_code", "varchar(40)", (c) => c.notNull().references("colors.code").onDelete("cascade"))
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("name", "text", notNull)
    .addPrimaryKeyConstraint("color_translations_pk", ["color_code", "locale"])
    .execute();

  await withId(db, db.schema.createTable("products"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("garment", "varchar(20)", notNull)
    .addColumn("featured_rank", "integer", notNull)
    .addColumn("published_at", ts, notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("products_category_idx").on("products").columns(["category_id", "featured_rank"]).execute();
  await db.schema.createIndex("products_published_idx").on("products").column("published_at").execute();

  await db.schema
    .createTable("product_translations")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("description", "text", notNull)
    .addColumn("composition", "text", notNull)
    .addColumn("care", "text", notNull)
    .addColumn("meta_title", "text", notNull)
    .addColumn("meta_description", "text", notNull)
    .addColumn("keywords", "text", notNull)
    .addColumn("share_image", "text")
    .addPrimaryKeyConstraint("product_translations_pk", ["product_id", "locale"])
    .addUniqueConstraint("product_translations_slug_uq", ["locale", "slug"])
    .execute();

  await withId(db, db.schema.createTable("variants"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("sku", "varchar(80)", (c) => c.notNull().unique())
    .addColumn("color_code", "varchar(40)", (c) => c.notNull().references("colors.code"))
    .addColumn("size", "varchar(10)", notNull)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("price_cents", "integer", notNull)
    .addColumn("compare_at_cents", "integer")
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .addUniqueConstraint("variants_option_uq", ["product_id", "color_code", "size"])
    .addCheckConstraint("variants_stock_ck", sql`stock >= 0`)
    .addCheckConstraint("variants_price_ck", sql`price_cents >= 0`)
    .execute();
  await db.schema.createIndex("variants_product_idx").on("variants").columns(["product_id", "position"]).execute();

  await withId(db, db.schema.createTable("product_images"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("color_code", "varchar(40)", (c) => c.notNull().references("colors.code"))
    .addColumn("view", "varchar(20)", notNull)
    .addColumn("position", "integer", notNull)
    .execute();
  await db.schema.createIndex("product_images_product_idx").on("product_images").columns(["product_id", "position"]).execute();

  await withId(db, db.schema.createTable("price_history"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
    .addColumn("price_cents", "integer", notNull)
    .addColumn("effective_at", ts, notNull)
    .execute();
  await db.schema.createIndex("price_history_variant_idx").on("price_history").columns(["variant_id", "effective_at"]).execute();

  await db.schema
    .createTable("global_settings")
    .addColumn("locale", "varchar(5)", (c) => c.primaryKey())
    .addColumn("messages", "text", notNull)
    .addColumn("message_links", "text", notNull)
    .addColumn("background", "varchar(20)", notNull)
    .addColumn("color", "varchar(20)", notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await withId(db, db.schema.createTable("newsletter_subscriptions"))
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("consent_at", ts, notNull)
    .addColumn("source", "varchar(20)", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "integer")
    .addColumn("cart_id", "integer")
    .addColumn("is_guest", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("flash", "text")
    .addColumn("created_at", ts, notNull)
    .addColumn("last_seen_at", ts, notNull)
    .addColumn("expires_at", ts, notNull)
    .execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(200)", (c) => c.primaryKey())
    .addColumn("window_start", ts, notNull)
    .addColumn("hits", "integer", notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    "rate_limits",
    "sessions",
    "newsletter_subscriptions",
    "global_settings",
    "price_history",
    "product_images",
    "variants",
    "product_translations",
    "products",
    "color_translations",
    "colors",
    "category_translations",
    "categories",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
