import { type MigrationDb } from "./helpers";

// Atelier's product list (issue 24) stays an index walk with tens of thousands of products:
// newest first reads products by creation, by name reads a language's names in order, and each
// row's price range and stock (and the stock filters) come from its variants' index alone.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex("products_created_idx").on("products").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("product_translations_name_idx").on("product_translations").columns(["locale", "name", "product_id"]).execute();
  await db.schema.createIndex("variants_product_stock_idx").on("variants").columns(["product_id", "stock", "price_cents"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const name of ["variants_product_stock_idx", "product_translations_name_idx", "products_created_idx"]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
