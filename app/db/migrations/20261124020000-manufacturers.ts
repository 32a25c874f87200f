import { type MigrationDb, notNull, withId } from "./helpers";

// Who makes each product, for the product page's safety information (General Product Safety
// Regulation (EU) 2023/988, art. 19): the manufacturer's name, postal and electronic address,
// and, for a maker established outside the EU, the responsible person in the EU with theirs.
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable("manufacturers"))
    .addColumn("key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(200)", notNull)
    /** Street, postcode and town as written on a parcel, without the country. */
    .addColumn("address", "varchar(300)", notNull)
    .addColumn("country_code", "char(2)", notNull)
    .addColumn("email", "varchar(254)", notNull)
    // All three or none: only for a maker outside the EU (the catalogue service checks it).
    .addColumn("eu_responsible_name", "varchar(200)")
    .addColumn("eu_responsible_address", "varchar(300)")
    .addColumn("eu_responsible_country_code", "char(2)")
    .addColumn("eu_responsible_email", "varchar(254)")
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("manufacturer_id", "integer", (c) => c.references("manufacturers.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("products_manufacturer_idx").on("products").column("manufacturer_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("products_manufacturer_idx").ifExists().execute();
  await db.schema.alterTable("products").dropColumn("manufacturer_id").execute();
  await db.schema.dropTable("manufacturers").ifExists().execute();
}
