import { type MigrationDb, timestampType } from "./helpers";

// Double opt-in (issue 23): a sign-up is stored as pending and counts only once the e-mailed
// link confirms it. The row keeps its state, when it was confirmed or withdrawn, which version of
// the consent text the subscriber accepted, and the hash of its one live confirmation token.
// Rows from before this migration were signed up with the same consent text, without a
// confirmation: they stay subscribed ("confirmed", with no confirmation time).
// The outbox learns extra headers per message: a newsletter mail's List-Unsubscribe (RFC 8058).
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("confirmed"))
    .execute();
  await db.schema.alterTable("newsletter_subscriptions").addColumn("consent_version", "varchar(32)", (c) => c.notNull().defaultTo("2026-11")).execute();
  await db.schema.alterTable("newsletter_subscriptions").addColumn("confirmed_at", ts).execute();
  await db.schema.alterTable("newsletter_subscriptions").addColumn("unsubscribed_at", ts).execute();
  /** SHA-256 of the live confirmation token; null once used, or when none was sent. */
  await db.schema.alterTable("newsletter_subscriptions").addColumn("confirm_token_hash", "varchar(64)").execute();
  await db.schema.alterTable("newsletter_subscriptions").addColumn("confirm_expires_at", ts).execute();
  await db.schema.createIndex("newsletter_subscriptions_token").on("newsletter_subscriptions").column("confirm_token_hash").unique().execute();
  // Atelier's list: by language and state, newest first.
  await db.schema.createIndex("newsletter_subscriptions_list").on("newsletter_subscriptions").columns(["locale", "status", "id"]).execute();
  await db.schema.createIndex("newsletter_subscriptions_status").on("newsletter_subscriptions").columns(["status", "id"]).execute();

  /** JSON object of extra headers (List-Unsubscribe…); null for none. */
  await db.schema.alterTable("mail_outbox").addColumn("headers", "text").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("headers").execute();
  await db.schema.dropIndex("newsletter_subscriptions_status").execute();
  await db.schema.dropIndex("newsletter_subscriptions_list").execute();
  await db.schema.dropIndex("newsletter_subscriptions_token").execute();
  for (const column of ["confirm_expires_at", "confirm_token_hash", "unsubscribed_at", "confirmed_at", "consent_version", "status"]) {
    await db.schema.alterTable("newsletter_subscriptions").dropColumn(column).execute();
  }
}
