import type { Kysely, Transaction } from "kysely";
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
