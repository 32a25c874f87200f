import { type MigrationDb, timestampType } from "./helpers";

// Issue 41 part 3: pick-up in a store. Additive only (docs/decisions/031).
//
// A checkout may name the store its order is collected from, and whether the store has every
// piece now or gets them from the warehouse (a transfer of 2–3 working days) — what the shopper
// was promised at the shipping step. The order keeps the store (and a copy of its name and
// address, as it keeps its addresses), when its pieces were ready on the shelf, and each line
// the store whose stock it took (null: the warehouse's), so whatever gives a line back puts it
// where it was taken from.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("checkouts")
    .addColumn("pickup_store_id", "integer", (c) => c.references("stores.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("checkouts").addColumn("pickup_by_transfer", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable("orders")
    .addColumn("pickup_store_id", "integer", (c) => c.references("stores.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("orders").addColumn("pickup_store", "text").execute();
  await db.schema.alterTable("orders").addColumn("ready_at", timestampType(db)).execute();
  await db.schema
    .alterTable("order_lines")
    .addColumn("store_id", "integer", (c) => c.references("stores.id").onDelete("set null"))
    .execute();
  // The sweep of uncollected orders reads the ready ones by when they became ready.
  await db.schema.createIndex("orders_ready_idx").on("orders").columns(["shipping_status", "ready_at"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("orders_ready_idx").execute();
  await db.schema.alterTable("order_lines").dropColumn("store_id").execute();
  for (const column of ["ready_at", "pickup_store", "pickup_store_id"]) await db.schema.alterTable("orders").dropColumn(column).execute();
  for (const column of ["pickup_by_transfer", "pickup_store_id"]) await db.schema.alterTable("checkouts").dropColumn(column).execute();
}
