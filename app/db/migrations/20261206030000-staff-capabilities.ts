import { type MigrationDb, notNull, timestampType } from "./helpers";

// Issue 37 (items 5, 6, 22, 23): what each staff member may do, where audit entries came from,
// a sliding window for the rate limiter, back-off after wrong codes, and forms kept across a
// session's end. Additive only (docs/decisions/031): a release before this one ignores them.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  // Capabilities (JSON array) chosen by an owner; null: the role's preset. The refund cap in
  // cents; null: the shop's staff limit (settings).
  await db.schema.alterTable("staff").addColumn("capabilities", "varchar(500)").execute();
  await db.schema.alterTable("staff").addColumn("refund_cap_cents", "integer").execute();
  // The client address of sign-ins, failed tries and exports (null for older and CLI entries).
  await db.schema.alterTable("audit_log").addColumn("ip", "varchar(64)").execute();
  // The previous window's count: the limiter weighs it by how much of it still overlaps (sliding window).
  await db.schema.alterTable("rate_limits").addColumn("prev_hits", "integer", (c) => c.notNull().defaultTo(0)).execute();
  // Exponential back-off after failures (wrong second-factor codes), per account and per client.
  await db.schema
    .createTable("rate_backoffs")
    .addColumn("key", "varchar(200)", (c) => c.primaryKey())
    .addColumn("failures", "integer", notNull)
    .addColumn("blocked_until", ts, notNull)
    .addColumn("last_failure_at", ts, notNull)
    .execute();
  // A form posted after the staff session ended: its fields, kept until sign-in brings them back.
  await db.schema
    .createTable("staff_form_drafts")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("path", "varchar(2048)", notNull)
    .addColumn("fields", "text", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("expires_at", ts, notNull)
    .execute();
  await db.schema.createIndex("staff_form_drafts_expires").on("staff_form_drafts").column("expires_at").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("staff_form_drafts").execute();
  await db.schema.dropTable("rate_backoffs").execute();
  await db.schema.alterTable("rate_limits").dropColumn("prev_hits").execute();
  await db.schema.alterTable("audit_log").dropColumn("ip").execute();
  await db.schema.alterTable("staff").dropColumn("refund_cap_cents").execute();
  await db.schema.alterTable("staff").dropColumn("capabilities").execute();
}
