import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { DomainError } from "~/utils/domain-error";
import { detectCvType } from "./career-upload.server";
import type { Department } from "./career.fields";
import * as repo from "./career.repository.server";

// Atelier's side of the job applications (issue 23): the list, an application's page, its CV as
// a download, "handled", and the retention sweep that erases applications and their CVs
// `applicationRetentionMonths` (shop settings, default 12) after they arrive. Each write is in
// the audit log; a purge's entry names the application's number and dates, never the applicant.

export type ApplicationFilter = repo.ApplicationFilter;

export async function listApplications(db: Kysely<Database>, filter: ApplicationFilter, { page, pageSize }: { page: number; pageSize: number }) {
  const [total, rows] = await Promise.all([
    repo.countApplications(db, filter),
    repo.listApplications(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      department: row.department as Department,
      language: row.locale,
      receivedAt: row.created_at,
      handledAt: row.handled_at,
      cv: row.file_name === null ? null : { fileName: row.file_name, sizeBytes: row.size_bytes ?? 0 },
    })),
  };
}

export type ApplicationListRow = Awaited<ReturnType<typeof listApplications>>["rows"][number];

/** An application for its page. Throws APPLICATION_NOT_FOUND. */
export async function getApplication(db: Kysely<Database>, id: number) {
  const row = await repo.findApplicationDetail(db, id);
  if (!row) throw new DomainError("APPLICATION_NOT_FOUND", `no application ${id}`);
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    department: row.department as Department,
    website: row.website,
    message: row.message,
    language: row.locale,
    consentAt: row.consent_at,
    receivedAt: row.created_at,
    handledAt: row.handled_at,
    cv: row.file_name === null ? null : { fileName: row.file_name, sizeBytes: row.size_bytes ?? 0 },
  };
}

export type ApplicationDetail = Awaited<ReturnType<typeof getApplication>>;

/**
 * An application's CV for download: its bytes, the type its bytes show (never the stored label
 * or the name alone), and a file name safe in a Content-Disposition header. Throws APPLICATION_NOT_FOUND.
 */
export async function applicationCv(db: Kysely<Database>, id: number): Promise<{ bytes: Buffer; contentType: string; fileName: string; asciiFileName: string }> {
  const file = await repo.findApplicationFile(db, id);
  if (!file) throw new DomainError("APPLICATION_NOT_FOUND", `no CV for application ${id}`);
  const bytes = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content);
  const type = await detectCvType(bytes);
  const ext = type?.ext ?? "bin";
  const base = file.file_name.replace(/\.[^.]*$/, "") || `cv-${id}`;
  const fileName = `${base.replace(/["\\\p{Cc}]/gu, "")}.${ext}`;
  const asciiBase = base.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "") || `cv-${id}`;
  return { bytes, contentType: type?.mime ?? "application/octet-stream", fileName, asciiFileName: `${asciiBase}.${ext}` };
}

/**
 * Marks an application handled, in the audit log as `application.handled`. Marking it again
 * changes and records nothing. Throws APPLICATION_NOT_FOUND.
 */
export async function markApplicationHandled(db: Kysely<Database>, id: number, actor: AuditActor, now = new Date()): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findApplication(trx, id);
    if (!row) throw new DomainError("APPLICATION_NOT_FOUND", `no application ${id}`);
    const at = now.toISOString();
    if (!(await repo.markApplicationHandled(trx, id, actor.kind === "staff" ? actor.staffId : null, at))) return { changed: false };
    await recordAudit(trx, {
      actor,
      action: "application.handled",
      entityType: "application",
      entityId: id,
      before: { handledAt: null },
      after: { handledAt: at },
      // The log outlives the application (it is purged after the retention period): no name or
      // address in it, only the record's id.
      at: now,
    });
    return { changed: true };
  });
}

/** The moment `months` calendar months before `now` (the 31st of a shorter month is its last day). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/**
 * The retention sweep: erases every application (and its CV) that arrived more than
 * `applicationRetentionMonths` ago, each in its own transaction with an `application.purge`
 * entry by `actor` (the shop's own sweep: `{kind: "system"}`; the CLI: `{kind: "cli"}`). The
 * entry keeps the application's number and dates only. Returns how many went. Processes sweeping
 * at once purge each application once.
 */
export async function purgeExpiredApplications(db: Kysely<Database>, { now = new Date(), actor = { kind: "system" } as AuditActor, batch = 100 } = {}): Promise<number> {
  const { applicationRetentionMonths } = await getShopSettings(db);
  const cutoff = monthsBefore(now, applicationRetentionMonths).toISOString();
  let purged = 0;
  for (;;) {
    const due = await repo.listApplicationsReceivedBefore(db, cutoff, batch);
    for (const application of due) {
      const deleted = await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteApplication(trx, application.id))) return false;
        await recordAudit(trx, {
          actor,
          action: "application.purge",
          entityType: "application",
          entityId: application.id,
          before: { receivedAt: application.created_at },
          after: null,
          summary: `retention ${applicationRetentionMonths} months`,
          at: now,
        });
        return true;
      });
      if (deleted) purged++;
    }
    if (due.length < batch) return purged;
  }
}
