import { type Kysely, type Transaction, sql } from "kysely";
import type { CamelRow, Database, JobApplicationsTable } from "~/db/schema";
import type { Department } from "./career.fields";

/** An application as the form gave it: its row's columns, the department one of DEPARTMENTS, and when. */
export type NewJobApplication = Pick<CamelRow<JobApplicationsTable>, "firstName" | "lastName" | "email" | "phone" | "website" | "message" | "locale"> & {
  department: Department;
  at: string;
};

export interface NewApplicationFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** Stores an application and its CV; call it inside a transaction so that both or neither land. */
export async function insertApplicationWithFile(
  trx: Transaction<Database> | Kysely<Database>,
  application: NewJobApplication,
  file: NewApplicationFile,
): Promise<number> {
  const { id } = await trx
    .insertInto("job_applications")
    .values({
      first_name: application.firstName,
      last_name: application.lastName,
      email: application.email,
      phone: application.phone,
      department: application.department,
      website: application.website,
      message: application.message,
      locale: application.locale,
      consent_at: application.at,
      created_at: application.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("job_application_files")
    .values({
      application_id: id,
      file_name: file.fileName,
      mime_type: file.mimeType,
      size_bytes: file.bytes.length,
      content: file.bytes,
      created_at: application.at,
    })
    .execute();
  return id;
}

export function findApplication(db: Kysely<Database>, id: number) {
  return db.selectFrom("job_applications").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The CV of an application, bytes included (a Buffer on both dialects). */
export function findApplicationFile(db: Kysely<Database>, applicationId: number) {
  return db
    .selectFrom("job_application_files")
    .select(["id", "application_id", "file_name", "mime_type", "size_bytes", "content", "created_at"])
    .where("application_id", "=", applicationId)
    .executeTakeFirst();
}

/** The applications sent with an address, whatever its case, with their CV's name, type and size (not its bytes). */
export function listApplicationsByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("job_applications as a")
    .leftJoin("job_application_files as f", "f.application_id", "a.id")
    .select([
      "a.id",
      "a.first_name",
      "a.last_name",
      "a.email",
      "a.phone",
      "a.department",
      "a.website",
      "a.message",
      "a.locale",
      "a.consent_at",
      "a.created_at",
      "f.file_name",
      "f.mime_type",
      "f.size_bytes",
    ])
    .where(sql<string>`lower(a.email)`, "=", email.toLowerCase())
    .orderBy("a.id")
    .execute();
}

/** Erases the applications sent with an address, and their CVs. */
export async function deleteApplicationsByEmail(db: Kysely<Database>, email: string): Promise<void> {
  const ids = db.selectFrom("job_applications").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase());
  await db.deleteFrom("job_application_files").where("application_id", "in", ids).execute();
  await db.deleteFrom("job_applications").where(sql<string>`lower(email)`, "=", email.toLowerCase()).execute();
}

type Db = Kysely<Database> | Transaction<Database>;

export interface ApplicationFilter {
  /** true: handled only; false: waiting only; undefined: all. */
  handled?: boolean;
}

function filteredApplications(db: Db, filter: ApplicationFilter) {
  let query = db.selectFrom("job_applications as a");
  if (filter.handled === true) query = query.where("a.handled_at", "is not", null);
  if (filter.handled === false) query = query.where("a.handled_at", "is", null);
  return query;
}

export async function countApplications(db: Db, filter: ApplicationFilter): Promise<number> {
  const { n } = await filteredApplications(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One page of applications, newest first, with their CV's name and size (not its bytes). */
export function listApplications(db: Db, filter: ApplicationFilter, { limit, offset }: { limit: number; offset: number }) {
  return filteredApplications(db, filter)
    .leftJoin("job_application_files as f", "f.application_id", "a.id")
    .select(["a.id", "a.first_name", "a.last_name", "a.email", "a.department", "a.locale", "a.created_at", "a.handled_at", "f.file_name", "f.size_bytes"])
    .orderBy("a.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** An application with its CV's name, type and size (not its bytes). */
export function findApplicationDetail(db: Db, id: number) {
  return db
    .selectFrom("job_applications as a")
    .leftJoin("job_application_files as f", "f.application_id", "a.id")
    .selectAll("a")
    .select(["f.file_name", "f.mime_type", "f.size_bytes"])
    .where("a.id", "=", id)
    .executeTakeFirst();
}

/** Marks an application handled unless it already is; says whether it changed. */
export async function markApplicationHandled(db: Db, id: number, staffId: number | null, at: string): Promise<boolean> {
  const result = await db.updateTable("job_applications").set({ handled_at: at, handled_by: staffId }).where("id", "=", id).where("handled_at", "is", null).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Applications that arrived before `before`, oldest first (the retention sweep, a batch at a time). */
export function listApplicationsReceivedBefore(db: Db, before: string, limit: number) {
  return db.selectFrom("job_applications").select(["id", "created_at"]).where("created_at", "<", before).orderBy("id").limit(limit).execute();
}

/** Deletes one application and its CV; says whether it was still there. */
export async function deleteApplication(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom("job_application_files").where("application_id", "=", id).execute();
  const result = await db.deleteFrom("job_applications").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
