import type { MigrationDb } from "./helpers";

// Atelier's dashboard and back-in-stock page (issue 23) read ranges, never whole tables:
// - the sales of the last 30 days: orders placed in a range of dates, with what the sums need in
//   the index itself (paid or not, the total), so the range is read from the index alone;
// - the refunds of the last 30 days: done refunds in a range of dates;
// - the returns still to arrive: returns by status, on returns_status_idx, which the order desk's
//   migration (20261201020000) creates (the returns are few beside the orders until then);
// - low stock: variants by stock (a range below the threshold);
// - back-in-stock demand: the requests still waiting (notified_at null), grouped by variant in
//   index order, with their dates for the oldest request.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex("orders_placed_sales_idx").on("orders").columns(["placed_at", "paid_at", "total_cents"]).execute();
  await db.schema.createIndex("refunds_done_idx").on("refunds").columns(["status", "done_at", "amount_cents"]).execute();
  await db.schema.createIndex("variants_stock_idx").on("variants").columns(["stock", "id"]).execute();
  await db.schema.createIndex("back_in_stock_waiting_idx").on("back_in_stock_requests").columns(["notified_at", "variant_id", "created_at"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const name of ["back_in_stock_waiting_idx", "variants_stock_idx", "refunds_done_idx", "orders_placed_sales_idx"]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
