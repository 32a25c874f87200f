import { type MigrationDb, timestampType } from "./helpers";

// Periodic work (the order sweep, hourly housekeeping) runs once per period however many app
// processes share the database (issue 27, docs/decisions/032): a row per task holds when it is
// next due, and a process runs the task only if its compare-and-set on that row wins.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("scheduled_tasks")
    .addColumn("name", "varchar(64)", (c) => c.primaryKey())
    .addColumn("next_run_at", ts, (c) => c.notNull())
    .addColumn("last_run_at", ts)
    /** Which process ran it last (host:pid), for an operator reading the table. */
    .addColumn("last_run_by", "varchar(200)")
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("scheduled_tasks").execute();
}
