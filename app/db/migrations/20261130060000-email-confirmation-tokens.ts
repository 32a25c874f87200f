import type { MigrationDb } from "./helpers";

// The welcome e-mail's address-confirmation link is a third way to prove an address (decision
// 018). Its tokens live beside the reset links, with the same hashing, expiry and single use:
// `purpose` tells them apart, and a confirmation token keeps the address it was mailed to, so it
// confirms nothing once the account's address has changed.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("password_reset_tokens")
    .addColumn("purpose", "varchar(32)", (c) => c.notNull().defaultTo("password-reset"))
    .execute();
  await db.schema.alterTable("password_reset_tokens").addColumn("email", "varchar(254)").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("password_reset_tokens").dropColumn("email").execute();
  await db.schema.alterTable("password_reset_tokens").dropColumn("purpose").execute();
}
