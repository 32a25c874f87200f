import { sql } from "kysely";
import { type MigrationDb, timestampType } from "./helpers";

// Prices in Atelier (issue 24). The storefront keeps reading each variant's effective price
// (variants.price_cents, compare_at_cents); these columns are what the owner sets, from which
// the variant-admin service writes the effective prices:
// - products.price_cents / compare_at_cents: the product's price (every variant without its own)
//   and its crossed-out price (null: none);
// - variants.own_price_cents: a variant's own price (null: the product's);
// - products.sale_*: a scheduled sale (a price from/to), sale_active telling whether the
//   variants' prices carry it now (the minute sweep flips it when a date comes).
// Existing products take their lowest variant price and their highest crossed-out price; a
// variant priced otherwise keeps its price as its own.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable("products").addColumn("price_cents", "integer").execute();
  await db.schema.alterTable("products").addColumn("compare_at_cents", "integer").execute();
  await db.schema.alterTable("products").addColumn("sale_price_cents", "integer").execute();
  await db.schema.alterTable("products").addColumn("sale_starts_at", ts).execute();
  await db.schema.alterTable("products").addColumn("sale_ends_at", ts).execute();
  await db.schema.alterTable("products").addColumn("sale_active", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("variants").addColumn("own_price_cents", "integer").execute();

  await sql`update products set
      price_cents = (select min(v.price_cents) from variants v where v.product_id = products.id),
      compare_at_cents = (select max(v.compare_at_cents) from variants v where v.product_id = products.id)`.execute(db);
  await sql`update products set compare_at_cents = null where compare_at_cents is not null and compare_at_cents <= price_cents`.execute(db);
  await sql`update variants set own_price_cents = price_cents
      where price_cents <> (select p.price_cents from products p where p.id = variants.product_id)`.execute(db);

  // The minute sweep looks for products with a sale; removing a variant asks whether it was ordered.
  await db.schema.createIndex("products_sale_idx").on("products").column("sale_price_cents").execute();
  await db.schema.createIndex("order_lines_variant_idx").on("order_lines").column("variant_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("order_lines_variant_idx").ifExists().execute();
  await db.schema.dropIndex("products_sale_idx").ifExists().execute();
  await db.schema.alterTable("variants").dropColumn("own_price_cents").execute();
  for (const column of ["sale_active", "sale_ends_at", "sale_starts_at", "sale_price_cents", "compare_at_cents", "price_cents"]) {
    await db.schema.alterTable("products").dropColumn(column).execute();
  }
}
