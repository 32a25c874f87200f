import { type MigrationDb, notNull } from "./helpers";

// A product's state in Atelier (issue 24): a draft is seen only by staff, a published product
// is shown from its publication date (a future date: scheduled), an archived one is withdrawn
// from the storefront but kept for its orders. Every product before this was published.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("products").addColumn("status", "varchar(20)", (c) => notNull(c).defaultTo("published")).execute();
  await db.schema.createIndex("products_status_idx").on("products").columns(["status", "published_at"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("products_status_idx").ifExists().execute();
  await db.schema.alterTable("products").dropColumn("status").execute();
}
