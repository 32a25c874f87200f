import { type Kysely, type Transaction, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";
import type { Department } from "./career.fields";

export interface NewJobApplication {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  department: Department;
  website: string | null;
  message: string;
  locale: Locale;
  at: string;
}

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
