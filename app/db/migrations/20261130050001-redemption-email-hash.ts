import { customerEmailKey } from "~/modules/bag/customer-email-key.server";
import type { MigrationDb } from "./helpers";

// A discount code's use keeps a keyed hash of the customer's address (see
// app/modules/bag/customer-email-key.server.ts): an erasure removes the address, and the code's
// per-customer limit still holds when the same address comes back. Uses already recorded get
// their hash here.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("discount_redemptions").addColumn("email_hash", "varchar(64)").execute();
  await db.schema.createIndex("discount_redemptions_email_hash_idx").on("discount_redemptions").columns(["discount_code_id", "email_hash"]).execute();
  const rows = await db.selectFrom("discount_redemptions").select(["id", "email"]).where("email", "is not", null).execute();
  for (const row of rows) {
    await db.updateTable("discount_redemptions").set({ email_hash: customerEmailKey(row.email) }).where("id", "=", row.id).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("discount_redemptions_email_hash_idx").execute();
  await db.schema.alterTable("discount_redemptions").dropColumn("email_hash").execute();
}
