import { sql } from "kysely";
import { type MigrationDb, isPostgres, notNull, timestampType, withId } from "./helpers";

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // Back-in-stock alerts: one request per email and variant.
  await withId(db, db.schema.createTable("back_in_stock_requests"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
    .addColumn("email", "varchar(254)", notNull)
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("consent_at", ts, notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("notified_at", ts)
    .addUniqueConstraint("back_in_stock_variant_email_uq", ["variant_id", "email"])
    .execute();
  await db.schema.createIndex("back_in_stock_pending_idx").on("back_in_stock_requests").columns(["variant_id", "notified_at"]).execute();

  // Listing filters and sorts.
  await db.schema.createIndex("variants_size_idx").on("variants").columns(["size", "product_id"]).execute();
  await db.schema.createIndex("variants_color_idx").on("variants").columns(["color_code", "product_id"]).execute();
  await db.schema.createIndex("variants_price_idx").on("variants").columns(["price_cents", "product_id"]).execute();
  await db.schema.createIndex("products_featured_idx").on("products").column("featured_rank").execute();

  // Full-text search over a normalised (lower-case, accent-free) document per product and locale.
  if (isPostgres(db)) {
    await sql`
      create table product_search (
        product_id integer not null references products(id) on delete cascade,
        locale varchar(5) not null,
        document text not null,
        tsv tsvector generated always as (to_tsvector('simple', document)) stored,
        primary key (product_id, locale)
      )`.execute(db);
    await sql`create index product_search_tsv_idx on product_search using gin (tsv)`.execute(db);
  } else {
    await sql`
      create virtual table product_search using fts5(
        document,
        product_id unindexed,
        locale unindexed,
        tokenize = 'unicode61 remove_diacritics 2'
      )`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("product_search").ifExists().execute();
  for (const index of ["products_featured_idx", "variants_price_idx", "variants_color_idx", "variants_size_idx"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable("back_in_stock_requests").ifExists().execute();
}
