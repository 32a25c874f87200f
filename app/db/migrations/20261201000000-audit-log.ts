import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Every write made in Atelier (and by the back office's CLI and sweeps) leaves one row here: who,
// when, what, on which record, and the values before and after (docs/decisions/021). Rows are
// only ever inserted: nothing updates or deletes them.
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable("audit_log"))
    .addColumn("at", timestampType(db), notNull)
    /** The staff member who acted; null for the CLI and the shop's own sweeps. */
    .addColumn("staff_id", "integer")
    /** Who acted, as shown: the staff member's e-mail at the time, "cli" or "system". */
    .addColumn("actor", "varchar(254)", notNull)
    /** What was done, a dotted verb: "order.ship", "staff.disable", "career.purge". */
    .addColumn("action", "varchar(64)", notNull)
    /** On which record: its kind ("order", "staff", "customer", …) and its id as text. */
    .addColumn("entity_type", "varchar(32)", notNull)
    .addColumn("entity_id", "varchar(64)", notNull)
    /** JSON objects of the fields that changed, before and after; null where there is no side. */
    .addColumn("before", "text")
    .addColumn("after", "text")
    /** Free words kept for the search: the order number, the customer's e-mail… */
    .addColumn("summary", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity_type", "entity_id", "id"]).execute();
  await db.schema.createIndex("audit_log_staff").on("audit_log").columns(["staff_id", "id"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
