import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // Mail the shop owes someone, written in the transaction of the change that causes it and
  // sent by the worker in app/modules/mail/mail-worker.server.ts. The rendered message is kept
  // (see outbox.server.ts for why), so the row holds the recipient's address: sent rows are
  // purged after a retention period.
  await withId(db, db.schema.createTable("mail_outbox"))
    .addColumn("template", "varchar(64)", notNull)
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("recipient", "varchar(254)", notNull)
    .addColumn("subject", "varchar(998)", notNull)
    .addColumn("text_body", "text", notNull)
    .addColumn("html_body", "text", notNull)
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", ts, notNull)
    // A worker's claim: who holds the row and until when; an expired lease is free to take.
    .addColumn("claimed_by", "varchar(64)")
    .addColumn("lease_until", ts)
    .addColumn("last_error", "varchar(500)")
    .addColumn("created_at", ts, notNull)
    .addColumn("sent_at", ts)
    .execute();
  await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("mail_outbox_claim_idx").on("mail_outbox").column("claimed_by").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("mail_outbox_claim_idx").ifExists().execute();
  await db.schema.dropIndex("mail_outbox_due_idx").ifExists().execute();
  await db.schema.dropTable("mail_outbox").ifExists().execute();
}
