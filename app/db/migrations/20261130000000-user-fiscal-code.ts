import type { MigrationDb } from "./helpers";

// The fiscal code belongs to the person (spec §3 Person): optional at registration and in the
// profile, kept on the account, and offered again when the shopper asks for an invoice.
export async function up(db: MigrationDb): Promise<void> {
  /** A codice fiscale, normalised (16 uppercase characters), or null when none was given. */
  await db.schema.alterTable("users").addColumn("fiscal_code", "varchar(16)").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").dropColumn("fiscal_code").execute();
}
