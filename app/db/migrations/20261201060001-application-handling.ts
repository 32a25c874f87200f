import { type MigrationDb, timestampType } from "./helpers";

// Atelier's applications list (issue 23): an application is marked handled by a staff member.
// The retention sweep reads applications by age (job_applications_created_idx already serves it).
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("job_applications").addColumn("handled_at", timestampType(db)).execute();
  /** The staff member who marked it handled (no foreign key: staff may be removed, the audit log keeps who). */
  await db.schema.alterTable("job_applications").addColumn("handled_by", "integer").execute();
  await db.schema.createIndex("job_applications_handled").on("job_applications").columns(["handled_at", "id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("job_applications_handled").execute();
  await db.schema.alterTable("job_applications").dropColumn("handled_by").execute();
  await db.schema.alterTable("job_applications").dropColumn("handled_at").execute();
}
