import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // The store locator's middle level: a part of a continent ("southern-europe"), named in both
  // languages. A region may have no store yet; the locator then says so.
  await db.schema
    .createTable("store_regions")
    .addColumn("code", "varchar(40)", (c) => c.primaryKey())
    .addColumn("continent_code", "varchar(20)", notNull)
    .addColumn("name_it", "varchar(100)", notNull)
    .addColumn("name_en", "varchar(100)", notNull)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("store_regions_continent_idx").on("store_regions").columns(["continent_code", "position"]).execute();

  // Boutiques and corners. The continent is the region's; the country is an ISO 3166-1 alpha-2
  // code whose name the page takes from the platform's locale data. Opening hours are JSON:
  // seven days from Monday, each a list of [opens, closes] pairs ("HH:MM"); [] is closed.
  await withId(db, db.schema.createTable("stores"))
    .addColumn("name", "varchar(120)", notNull)
    .addColumn("kind", "varchar(16)", notNull)
    .addColumn("address", "varchar(200)", notNull)
    .addColumn("city", "varchar(100)", notNull)
    .addColumn("province", "varchar(40)")
    .addColumn("postal_code", "varchar(20)")
    .addColumn("country_code", "char(2)", notNull)
    .addColumn("region_code", "varchar(40)", (c) => c.notNull().references("store_regions.code"))
    .addColumn("phone", "varchar(40)", notNull)
    .addColumn("opening_hours", "text", notNull)
    .addColumn("latitude", "double precision", notNull)
    .addColumn("longitude", "double precision", notNull)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("stores_region_idx").on("stores").columns(["region_code", "country_code", "position"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("stores").ifExists().execute();
  await db.schema.dropTable("store_regions").ifExists().execute();
}
