import { sql } from "kysely";
import { type MigrationDb, isPostgres, notNull, timestampType } from "./helpers";

// Catalogue at scale (issue 12). Listings no longer aggregate every variant of a category on each
// request: each product has one row per category it is listed in (its own and every ancestor),
// holding what the listing filters and sorts by, written in the same transaction as every change
// of stock or price (app/modules/catalog/listing-entries.server.ts). A listing then reads one
// index range of its category, in the order of its sort, and stops at the page.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("listing_entries")
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    /** 0 in the product's own category, 1 in its parent, and so on. */
    .addColumn("depth", "integer", notNull)
    .addColumn("published_at", ts, notNull)
    .addColumn("featured_rank", "integer", notNull)
    /** The lowest and highest price among the product's variants. */
    .addColumn("price_cents", "integer", notNull)
    .addColumn("max_price_cents", "integer", notNull)
    /** 1 when any variant is in stock / reduced. */
    .addColumn("in_stock", "integer", notNull)
    .addColumn("on_sale", "integer", notNull)
    /** The sizes and colour codes of its variants as "|S|M|", and of those in stock. */
    // Text: a product may have any number of variants.
    .addColumn("sizes", "text", notNull)
    .addColumn("colors", "text", notNull)
    .addColumn("stock_sizes", "text", notNull)
    .addColumn("stock_colors", "text", notNull)
    /** Its variants as "|M:nero|L:nero|" (size and colour), and those in stock: "M in black" is one variant. */
    .addColumn("pairs", "text", notNull)
    .addColumn("stock_pairs", "text", notNull)
    /** The newest change of the product or a variant: the sitemap's lastmod. */
    .addColumn("changed_at", ts, notNull)
    .addPrimaryKeyConstraint("listing_entries_pk", ["category_id", "product_id"])
    // On SQLite the rows are stored in key order, so a category's rows are one contiguous range.
    .$call((table) => (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // One index per sort, each a single range per category in the sort's order (scanned backwards
  // for "newest" and "price-desc"), so a page is read in order and the scan stops at its end.
  await db.schema.createIndex("listing_entries_featured_idx").on("listing_entries").columns(["category_id", "featured_rank", "product_id desc"]).execute();
  await db.schema.createIndex("listing_entries_newest_idx").on("listing_entries").columns(["category_id", "published_at", "product_id"]).execute();
  await db.schema.createIndex("listing_entries_price_idx").on("listing_entries").columns(["category_id", "price_cents", "product_id desc"]).execute();
  // A product's rows (its refresh, search hits) and the products sitemaps by id range, covered.
  await db.schema
    .createIndex("listing_entries_product_idx")
    .on("listing_entries")
    .columns(["product_id", "depth", "published_at", "changed_at"])
    .execute();

  // A category's facet profiles: how many of its listed products share each combination of what
  // the facets test (sizes, colours, their pairs, those in stock, in stock at all, on sale). Real catalogues
  // have far fewer profiles than products, so a listing counts every facet, under any filter but
  // the price, from these few rows, kept current with the entries.
  await db.schema
    .createTable("listing_profiles")
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    /** The profile's SHA-1, hex: a key of fixed size however many variants a product has. */
    .addColumn("profile_hash", "varchar(40)", notNull)
    .addColumn("profile", "text", notNull)
    .addColumn("products", "integer", notNull)
    .addPrimaryKeyConstraint("listing_profiles_pk", ["category_id", "profile_hash"])
    .execute();

  // The newest change among the products of each products sitemap file (products 1–10 000 are
  // file 1, and so on), raised with the entries: the sitemap index reads one row per file.
  await db.schema
    .createTable("sitemap_files")
    .addColumn("file", "integer", (c) => c.primaryKey())
    .addColumn("lastmod", ts, notNull)
    .execute();

  // The new arrivals read products newest first with the id as tie-break: with the date alone in
  // the index, PostgreSQL sorted every product of the newest date (a thousand copies of one demo
  // product share it) in parallel workers, 40 ms per home page at 100 000 products.
  await db.schema.dropIndex("products_published_idx").execute();
  await db.schema.createIndex("products_newest_idx").on("products").columns(["published_at", "id"]).execute();

  // The old listing's indexes on variants: nothing reads variants by size, colour or price now,
  // and each cost every stock write and every new variant three more index updates.
  for (const index of ["variants_size_idx", "variants_color_idx", "variants_price_idx"]) await db.schema.dropIndex(index).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("products_newest_idx").execute();
  await db.schema.createIndex("products_published_idx").on("products").column("published_at").execute();
  await db.schema.createIndex("variants_size_idx").on("variants").columns(["size", "product_id"]).execute();
  await db.schema.createIndex("variants_color_idx").on("variants").columns(["color_code", "product_id"]).execute();
  await db.schema.createIndex("variants_price_idx").on("variants").columns(["price_cents", "product_id"]).execute();
  await db.schema.dropTable("sitemap_files").ifExists().execute();
  await db.schema.dropTable("listing_profiles").ifExists().execute();
  await db.schema.dropTable("listing_entries").ifExists().execute();
}
