import type { MigrationDb } from "./helpers";

// Whom a message is about, when it is about someone other than its recipient (HR's notice of an
// application names the applicant): an erasure deletes by this address, compared whole, instead
// of searching bodies for it (a search for lisa@x.it also found elisa@x.it).
export async function up(db: MigrationDb): Promise<void> {
  /** The person's address, lowercased; null when the message is only about its recipient. */
  await db.schema.alterTable("mail_outbox").addColumn("about_email", "varchar(320)").execute();
  await db.schema.createIndex("mail_outbox_about_email_idx").on("mail_outbox").column("about_email").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("mail_outbox_about_email_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("about_email").execute();
}
