import { sql } from "kysely";
import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// The order desk (Atelier): what an order's page shows beyond the order's own row, and the
// indexes its list needs to stay fast with tens of thousands of orders.
// - order_events: every change of an order's statuses, written by the state machine's one writer
//   (order-transition.server.ts), so the page's timeline is the order's real history.
// - order_notes: the staff's internal notes, only ever appended.
// - orders.carrier: which courier took the parcel (the tracking link depends on it).
// - mail_outbox.order_id: the order an e-mail is about, for the timeline.
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable("order_events"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("at", timestampType(db), notNull)
    /** The state machine's event: pay, ship, deliver, cancel, expire, refund… */
    .addColumn("event", "varchar(32)", notNull)
    /** "status/payment/shipping" before and after. */
    .addColumn("from_state", "varchar(80)", notNull)
    .addColumn("to_state", "varchar(80)", notNull)
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").columns(["order_id", "id"]).execute();

  await withId(db, db.schema.createTable("order_notes"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("staff_id", "integer")
    /** The author as shown: the staff member's e-mail at the time (or "cli"). */
    .addColumn("author", "varchar(254)", notNull)
    .addColumn("body", "text", notNull)
    .addColumn("created_at", timestampType(db), notNull)
    .execute();
  await db.schema.createIndex("order_notes_order_idx").on("order_notes").columns(["order_id", "id"]).execute();

  await db.schema.alterTable("orders").addColumn("carrier", "varchar(32)").execute();
  await db.schema.alterTable("mail_outbox").addColumn("order_id", "integer").execute();
  await db.schema.createIndex("mail_outbox_order_idx").on("mail_outbox").column("order_id").execute();

  // The list: newest first (the default), by status, by total, and the free text's prefixes.
  await db.schema.createIndex("orders_placed_idx").on("orders").columns(["placed_at", "id"]).execute();
  await db.schema.createIndex("orders_status_placed_idx").on("orders").columns(["status", "placed_at"]).execute();
  await db.schema.createIndex("orders_payment_placed_idx").on("orders").columns(["payment_status", "placed_at"]).execute();
  await db.schema.createIndex("orders_shipping_placed_idx").on("orders").columns(["shipping_status", "placed_at"]).execute();
  await db.schema.createIndex("orders_total_idx").on("orders").columns(["total_cents", "id"]).execute();
  await db.schema.createIndex("orders_email_lower_idx").on("orders").expression(sql`lower(email)`).execute();
  await db.schema.createIndex("orders_last_name_lower_idx").on("orders").expression(sql`lower(last_name)`).execute();
  await db.schema.createIndex("orders_first_name_lower_idx").on("orders").expression(sql`lower(first_name)`).execute();
  // Open returns (the returns page) by status.
  await db.schema.createIndex("returns_status_idx").on("returns").columns(["status", "created_at"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const name of ["returns_status_idx", "orders_first_name_lower_idx", "orders_last_name_lower_idx", "orders_email_lower_idx", "orders_total_idx", "orders_shipping_placed_idx", "orders_payment_placed_idx", "orders_status_placed_idx", "orders_placed_idx", "mail_outbox_order_idx"]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.alterTable("mail_outbox").dropColumn("order_id").execute();
  await db.schema.alterTable("orders").dropColumn("carrier").execute();
  await db.schema.dropTable("order_notes").execute();
  await db.schema.dropTable("order_events").execute();
}
