import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Checkout and orders (Checkout issue). A checkout row holds what the shopper chose at each step,
// tied to the bag; placing the order copies everything the order must keep (lines, prices,
// addresses) so later catalogue or account changes never rewrite it. Payments and the provider
// events already handled (webhook replays change nothing) sit beside the order.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  await withId(db, db.schema.createTable("checkouts"))
    .addColumn("bag_id", "integer", (c) => c.notNull().unique().references("bags.id").onDelete("cascade"))
    .addColumn("email", "varchar(254)")
    .addColumn("first_name", "varchar(100)")
    .addColumn("last_name", "varchar(100)")
    /** JSON: the shipping address as the shipping step validated it. */
    .addColumn("shipping_address", "text")
    /** JSON, or null when billing goes to the shipping address. */
    .addColumn("billing_address", "text")
    .addColumn("save_address", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("shipping_method", "varchar(30)")
    /** JSON: the invoice request (person or company), or null. */
    .addColumn("invoice", "text")
    .addColumn("payment_method", "varchar(30)")
    /** The one-time key the review form carries: the next order placed from this checkout. */
    .addColumn("order_key", "varchar(64)", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await withId(db, db.schema.createTable("orders"))
    .addColumn("number", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("idempotency_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    /** The session that placed it (a guest sees the order through it); no key: sessions go. */
    .addColumn("session_id", "varchar(64)")
    .addColumn("email", "varchar(254)", notNull)
    .addColumn("first_name", "varchar(100)", notNull)
    .addColumn("last_name", "varchar(100)", notNull)
    .addColumn("locale", "varchar(2)", notNull)
    .addColumn("status", "varchar(20)", notNull)
    .addColumn("payment_status", "varchar(20)", notNull)
    .addColumn("shipping_status", "varchar(20)", notNull)
    .addColumn("payment_method", "varchar(30)", notNull)
    .addColumn("shipping_method", "varchar(30)", notNull)
    .addColumn("subtotal_cents", "integer", notNull)
    .addColumn("discount_cents", "integer", notNull)
    .addColumn("shipping_cents", "integer", notNull)
    .addColumn("total_cents", "integer", notNull)
    .addColumn("vat_cents", "integer", notNull)
    .addColumn("coupon_code", "varchar(64)")
    .addColumn("shipping_address", "text", notNull)
    .addColumn("billing_address", "text", notNull)
    .addColumn("invoice", "text")
    /** Until when the order holds its stock unpaid; the sweep cancels it afterwards. */
    .addColumn("hold_until", ts, notNull)
    .addColumn("placed_at", ts, notNull)
    .addColumn("paid_at", ts)
    .addColumn("cancelled_at", ts)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "placed_at"]).execute();
  await db.schema.createIndex("orders_session_idx").on("orders").column("session_id").execute();
  await db.schema.createIndex("orders_hold_idx").on("orders").columns(["status", "hold_until"]).execute();

  await withId(db, db.schema.createTable("order_lines"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    /** No key: the order outlives a variant removed from the catalogue. */
    .addColumn("variant_id", "integer", notNull)
    .addColumn("product_id", "integer", notNull)
    .addColumn("sku", "varchar(64)", notNull)
    .addColumn("product_name", "varchar(200)", notNull)
    .addColumn("size", "varchar(20)", notNull)
    .addColumn("color_name", "varchar(100)", notNull)
    .addColumn("unit_cents", "integer", notNull)
    .addColumn("quantity", "integer", notNull)
    .addColumn("total_cents", "integer", notNull)
    .execute();
  await db.schema.createIndex("order_lines_order_idx").on("order_lines").column("order_id").execute();

  await withId(db, db.schema.createTable("payments"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "varchar(20)", notNull)
    .addColumn("method", "varchar(30)", notNull)
    .addColumn("status", "varchar(20)", notNull)
    .addColumn("amount_cents", "integer", notNull)
    /** The provider's id for this payment (a Stripe Checkout Session id, the sandbox's token). */
    .addColumn("provider_ref", "varchar(255)")
    /** The provider's hosted page the shopper is sent to. */
    .addColumn("redirect_url", "varchar(2000)")
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("payments_order_idx").on("payments").column("order_id").execute();
  await db.schema.createIndex("payments_ref_idx").on("payments").columns(["provider", "provider_ref"]).unique().execute();

  // A code's use belongs to its order: an order cancelled unpaid gives the use back.
  await db.schema.alterTable("discount_redemptions").addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null")).execute();

  await withId(db, db.schema.createTable("payment_events"))
    .addColumn("provider", "varchar(20)", notNull)
    .addColumn("event_id", "varchar(255)", notNull)
    .addColumn("payment_id", "integer", (c) => c.references("payments.id").onDelete("cascade"))
    .addColumn("type", "varchar(60)", notNull)
    .addColumn("received_at", ts, notNull)
    .addUniqueConstraint("payment_events_provider_event_unique", ["provider", "event_id"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("discount_redemptions").dropColumn("order_id").execute();
  for (const table of ["payment_events", "payments", "order_lines", "orders", "checkouts"]) await db.schema.dropTable(table).ifExists().execute();
}
