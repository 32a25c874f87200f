import { sql } from "kysely";
import { type MigrationDb, notNull, timestampType } from "./helpers";

// Issue 41 part 3: stock per store. Additive only (docs/decisions/031).
//
// What each store holds of each variant, beside the warehouse's (`variants.stock`, what the
// online shop ships). A row exists once a store has held the variant; its quantity is never
// negative (a check, and every decrease is a guarded update). Stores take pick-up orders from
// their own quantity; staff count it and move pieces between stores and the warehouse.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("store_stock")
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", timestampType(db), notNull)
    .addPrimaryKeyConstraint("store_stock_pk", ["store_id", "variant_id"])
    .addCheckConstraint("store_stock_quantity_not_negative", sql`quantity >= 0`)
    .execute();
  await db.schema.createIndex("store_stock_variant_idx").on("store_stock").columns(["variant_id", "store_id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("store_stock").execute();
}
