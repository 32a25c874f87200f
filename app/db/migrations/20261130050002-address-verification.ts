import { type MigrationDb, timestampType } from "./helpers";

// Data filed under an e-mail address rather than an account (newsletter, back-in-stock alerts,
// applications, mail, guest sessions and checkouts) is exported and erased with an account only
// once the account has shown it owns the address (decision 018). And an erasure never deletes
// mail still to be delivered (an order confirmation on its way): it is deleted once sent.
export async function up(db: MigrationDb): Promise<void> {
  /** When the account proved its address (a completed password reset); cleared when the address changes. */
  await db.schema.alterTable("users").addColumn("email_verified_at", timestampType(db)).execute();
  /** 1: the person the message is for or about was erased; the row goes as soon as it is delivered or fails for good. */
  await db.schema.alterTable("mail_outbox").addColumn("erase_after_delivery", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("erase_after_delivery").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
