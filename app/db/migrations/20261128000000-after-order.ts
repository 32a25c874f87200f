import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// After the order (issue 11): shipping and delivery dates with the tracking number, what has been
// refunded, returns (per line, with the reason) and their refunds, and the withdrawals received
// through the withdrawal function (Directive (EU) 2023/2673), each with the moment it arrived.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  await db.schema.alterTable("orders").addColumn("shipped_at", ts).execute();
  await db.schema.alterTable("orders").addColumn("delivered_at", ts).execute();
  await db.schema.alterTable("orders").addColumn("tracking_number", "varchar(64)").execute();
  await db.schema.alterTable("orders").addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0)).execute();
  // Each line's share of the order's discount (a code may apply to some products only): what a
  // return of the line pays back.
  await db.schema.alterTable("order_lines").addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0)).execute();

  await withId(db, db.schema.createTable("returns"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    /** "return" (asked from the order page) or "withdrawal" (the withdrawal function). */
    .addColumn("kind", "varchar(20)", notNull)
    /** requested → received → refunded. */
    .addColumn("status", "varchar(20)", notNull)
    /** What the returned goods are worth (their share of the order's discount taken off). */
    .addColumn("goods_cents", "integer", notNull)
    .addColumn("fee_cents", "integer", notNull)
    /** What goes back: the goods (and the shipping, when the whole order comes back) less the fee. */
    .addColumn("refund_cents", "integer", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("received_at", ts)
    .addColumn("refunded_at", ts)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("returns_order_idx").on("returns").column("order_id").execute();

  await withId(db, db.schema.createTable("return_lines"))
    .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id").onDelete("cascade"))
    .addColumn("order_line_id", "integer", (c) => c.notNull().references("order_lines.id").onDelete("cascade"))
    .addColumn("quantity", "integer", notNull)
    .addColumn("reason", "varchar(30)", notNull)
    .execute();
  await db.schema.createIndex("return_lines_return_idx").on("return_lines").column("return_id").execute();
  await db.schema.createIndex("return_lines_order_line_idx").on("return_lines").column("order_line_id").execute();

  // A refund is recorded before the provider is asked (so a crash in between is retried with the
  // same idempotency key, never paid twice) and done when the provider confirms it.
  await withId(db, db.schema.createTable("refunds"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id").onDelete("cascade"))
    /** The return it pays back; null for a cancellation's refund of the whole order. */
    .addColumn("return_id", "integer", (c) => c.unique().references("returns.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", notNull)
    /** pending (the provider not yet confirmed) or done. */
    .addColumn("status", "varchar(20)", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("done_at", ts)
    .execute();
  await db.schema.createIndex("refunds_order_idx").on("refunds").column("order_id").execute();
  await db.schema.createIndex("refunds_status_idx").on("refunds").column("status").execute();

  await withId(db, db.schema.createTable("withdrawals"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("email", "varchar(254)", notNull)
    /** What it did: cancelled the order (not shipped yet) or asked for its goods back. */
    .addColumn("outcome", "varchar(20)", notNull)
    .addColumn("return_id", "integer", (c) => c.references("returns.id").onDelete("set null"))
    /** The moment the withdrawal arrived: the acknowledgement states it. */
    .addColumn("received_at", ts, notNull)
    .execute();
  await db.schema.createIndex("withdrawals_order_idx").on("withdrawals").column("order_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["withdrawals", "refunds", "return_lines", "returns"]) await db.schema.dropTable(table).ifExists().execute();
  for (const column of ["refunded_cents", "tracking_number", "delivered_at", "shipped_at"]) await db.schema.alterTable("orders").dropColumn(column).execute();
  await db.schema.alterTable("order_lines").dropColumn("discount_cents").execute();
}
