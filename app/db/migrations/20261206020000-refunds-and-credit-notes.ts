import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Refunds of any amount with a reason, a bank transfer's refund waiting for the transfer the
// staff record (its date and CRO/TRN), and the credit notes (FatturaPA TD04) that a refund of an
// invoiced order issues, numbered in their own yearly series (issue 37).
export async function up(db: MigrationDb): Promise<void> {
  /** Why the money goes back, as the staff wrote it (null: a return's or an older refund). */
  await db.schema.alterTable("refunds").addColumn("reason", "varchar(500)").execute();
  /** The day the shop's bank sent a bank-transfer refund (YYYY-MM-DD, Italy's calendar). */
  await db.schema.alterTable("refunds").addColumn("transfer_date", "varchar(10)").execute();
  /** The transfer's CRO or TRN, as the bank printed it. */
  await db.schema.alterTable("refunds").addColumn("transfer_reference", "varchar(35)").execute();

  await db.schema
    .createTable("credit_note_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", notNull)
    .execute();
  await withId(db, db.schema.createTable("credit_notes"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    /** The invoice it corrects (DatiFattureCollegate). */
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id"))
    /** The refund it documents: one credit note per refund. */
    .addColumn("refund_id", "integer", (c) => c.notNull().unique().references("refunds.id"))
    .addColumn("year", "integer", notNull)
    .addColumn("number", "integer", notNull)
    .addColumn("issue_date", "varchar(10)", notNull)
    .addColumn("issued_at", timestampType(db), notNull)
    .addColumn("file_name", "varchar(40)", notNull)
    .addColumn("customer_name", "varchar(200)", notNull)
    .addColumn("taxable_cents", "integer", notNull)
    .addColumn("vat_cents", "integer", notNull)
    .addColumn("total_cents", "integer", notNull)
    .addColumn("xml", "text", notNull)
    .addUniqueConstraint("credit_notes_year_number", ["year", "number"])
    .execute();
  await db.schema.createIndex("credit_notes_order_idx").on("credit_notes").column("order_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("credit_notes").execute();
  await db.schema.dropTable("credit_note_counters").execute();
  await db.schema.alterTable("refunds").dropColumn("transfer_reference").execute();
  await db.schema.alterTable("refunds").dropColumn("transfer_date").execute();
  await db.schema.alterTable("refunds").dropColumn("reason").execute();
}
