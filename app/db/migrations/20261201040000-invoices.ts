import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Electronic invoices (FatturaPA, docs/decisions/022): one per order, numbered in a sequence per
// calendar year without gaps. `invoice_counters` holds the last number given in each year; the
// transaction that stores an invoice updates its year's row, so two invoices issued at once wait
// for each other and a rolled-back one gives its number back.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("invoice_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", notNull)
    .execute();
  await withId(db, db.schema.createTable("invoices"))
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id"))
    .addColumn("year", "integer", notNull)
    .addColumn("number", "integer", notNull)
    /** The date on the invoice (Italy's calendar), YYYY-MM-DD. */
    .addColumn("issue_date", "varchar(10)", notNull)
    .addColumn("issued_at", timestampType(db), notNull)
    /** The SDI file name: IT<partita IVA>_<progressive>.xml. */
    .addColumn("file_name", "varchar(40)", notNull)
    /** The customer as named on the invoice (a person's or a company's name), for the month's list. */
    .addColumn("customer_name", "varchar(200)", notNull)
    .addColumn("taxable_cents", "integer", notNull)
    .addColumn("vat_cents", "integer", notNull)
    .addColumn("total_cents", "integer", notNull)
    /** The FatturaPA document exactly as validated and handed out: downloads return these bytes. */
    .addColumn("xml", "text", notNull)
    .addUniqueConstraint("invoices_year_number", ["year", "number"])
    .execute();
  await db.schema.createIndex("invoices_issue_date").on("invoices").columns(["issue_date", "year", "number"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("invoices").execute();
  await db.schema.dropTable("invoice_counters").execute();
}
