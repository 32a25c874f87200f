import { sql } from "kysely";
import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Issue 41, the wishlist ("Preferiti"). Additive only (docs/decisions/031).
//
// One row per saved piece, owned either by an account (`user_id`: it follows the account on every
// device) or by a shopper's session (`session_id`: a guest's, merged into the account at sign-in,
// as the bag is). The session's row keys it by the session's id, which a sign-in renames: the key
// follows it (on update cascade), and an ended session takes its list along (on delete cascade),
// as an erased account takes its own. NULLs are distinct on both dialects, so the two unique
// constraints hold one row per piece per owner.
//
// `saved_price_cents`: the price when the piece was saved (the page says when it dropped since);
// `alerted_price_cents`: the price the last price-drop e-mail announced, so each reduction is
// announced once. `variant_id`: the size the shopper saved, when one was chosen; `saved_sold_out`:
// 1 when that size had none left then (the page says when it is back).
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("wishlist_items"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("session_id", "varchar(64)", (c) => c.references("sessions.id").onDelete("cascade").onUpdate("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.references("variants.id").onDelete("set null"))
    .addColumn("saved_price_cents", "integer", notNull)
    .addColumn("alerted_price_cents", "integer")
    .addColumn("saved_sold_out", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, notNull)
    .addUniqueConstraint("wishlist_items_user_product_unique", ["user_id", "product_id"])
    .addUniqueConstraint("wishlist_items_session_product_unique", ["session_id", "product_id"])
    .addCheckConstraint("wishlist_items_one_owner", sql`(user_id is null) <> (session_id is null)`)
    .execute();
  await db.schema.createIndex("wishlist_items_product_idx").on("wishlist_items").column("product_id").execute();
  // The price-drop alerts of an account: switched on from the wishlist page, off by the e-mail's link.
  await withId(db, db.schema.createTable("wishlist_alerts"))
    .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("created_at", ts, notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("wishlist_alerts").execute();
  await db.schema.dropTable("wishlist_items").execute();
}
