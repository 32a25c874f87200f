import { type MigrationDb, timestampType } from "./helpers";

// Atelier's customer desk (issue 23): when each account last signed in (written by the account
// service at every sign-in), and indexes for the customer list's orders of sort. The list's
// search is a substring match on name and address, which no B-tree serves: it walks the users
// in the chosen order and stops at the page's end (app/modules/account/customer-desk.repository.server.ts).
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("last_login_at", timestampType(db)).execute();
  await db.schema.createIndex("users_name_idx").on("users").columns(["last_name", "first_name", "id"]).execute();
  await db.schema.createIndex("users_last_login_idx").on("users").columns(["last_login_at", "id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("users_last_login_idx").ifExists().execute();
  await db.schema.dropIndex("users_name_idx").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("last_login_at").execute();
}
