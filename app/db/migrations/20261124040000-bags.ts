import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// The bag (spec: cart) and its lines, and the discount codes a bag may carry. Prices are never
// stored on a line: the bag is priced from the variants at the moment it is shown.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("bags"))
    // The account's bag once Accounts exist; null for an anonymous shopper's.
    .addColumn("user_id", "integer")
    .addColumn("discount_code_id", "integer")
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("bags_user_idx").on("bags").column("user_id").execute();
  // The sweep of abandoned anonymous bags reads by age.
  await db.schema.createIndex("bags_updated_idx").on("bags").column("updated_at").execute();

  await withId(db, db.schema.createTable("bag_lines"))
    .addColumn("bag_id", "integer", (c) => c.notNull().references("bags.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
    .addColumn("quantity", "integer", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .addUniqueConstraint("bag_lines_bag_variant_unique", ["bag_id", "variant_id"])
    .execute();

  await withId(db, db.schema.createTable("discount_codes"))
    /** Upper case; shoppers' input is matched case-insensitively. */
    .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(16)", notNull)
    /** Percent (1–100) for "percentage", cents for "fixed", 0 for "free_shipping". */
    .addColumn("amount", "integer", notNull)
    .addColumn("min_subtotal_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", ts)
    .addColumn("ends_at", ts)
    .addColumn("max_uses", "integer")
    .addColumn("max_uses_per_customer", "integer")
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema
    .createTable("discount_code_categories")
    .addColumn("discount_code_id", "integer", (c) => c.notNull().references("discount_codes.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("discount_code_categories_pk", ["discount_code_id", "category_id"])
    .execute();
  await db.schema
    .createTable("discount_code_products")
    .addColumn("discount_code_id", "integer", (c) => c.notNull().references("discount_codes.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("discount_code_products_pk", ["discount_code_id", "product_id"])
    .execute();
  // One row per order that used a code (the Checkout issue writes them when an order is placed).
  await withId(db, db.schema.createTable("discount_redemptions"))
    .addColumn("discount_code_id", "integer", (c) => c.notNull().references("discount_codes.id").onDelete("cascade"))
    /** Lower case. */
    .addColumn("email", "varchar(254)")
    .addColumn("user_id", "integer")
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("discount_redemptions_code_idx").on("discount_redemptions").columns(["discount_code_id", "email"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["discount_redemptions", "discount_code_products", "discount_code_categories", "discount_codes", "bag_lines", "bags"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
