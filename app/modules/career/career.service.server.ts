import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { serverT } from "~/i18n/texts.server";
import { renderMail } from "~/modules/mail/mail-template.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail, type OutgoingMail } from "~/modules/mail/outbox.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { CareerApplicationInput } from "./career.schema";
import type { Department } from "./career.fields";
import { deleteApplicationsByEmail, insertApplicationWithFile, listApplicationsByEmail, type NewApplicationFile, type NewJobApplication } from "./career.repository.server";

/** Applications per client address: one person applies once or twice, a script many times. */
export const CAREER_RATE_LIMIT = { limit: 5, windowMs: 60 * 60_000 };

/** A submitted application (null for a bot caught by the honeypot). */
export type CareerOutcome = { status: "submitted"; applicationId: number | null };

export interface CareerSubmission extends CareerApplicationInput {
  /** The CV as checked by career-upload.server.ts: sanitised name, detected type, bytes. */
  cv: NewApplicationFile;
  locale: Locale;
  honeypot?: string | null;
}

/**
 * Counts one attempt to apply from a client address, before its body is read: every attempt
 * counts, refused ones (a wrong file, a missing field) included, so a script cannot probe the
 * upload without limit. Past the limit, throws RATE_LIMITED.
 */
export async function admitCareerAttempt(db: Kysely<Database>, clientIp: string, now = new Date()): Promise<void> {
  await enforceRateLimit(db, "career", clientIp, CAREER_RATE_LIMIT, now);
}

/**
 * Stores an application and its CV (the attempt already admitted by admitCareerAttempt), and queues the applicant's acknowledgement and HR's notice,
 * in one transaction: the mails exist exactly when the application does, and the outbox worker
 * sends (and retries) them, so a mail server that is down costs the applicant nothing.
 */
export async function submitJobApplication(db: Kysely<Database>, input: CareerSubmission, now = new Date()): Promise<CareerOutcome> {
  // A filled honeypot is a bot: answer as if it worked, store and send nothing.
  if (input.honeypot) return { status: "submitted", applicationId: null };

  const at = now.toISOString();
  const application = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    department: input.department,
    website: input.portfolio ?? null,
    message: input.message,
    locale: input.locale,
    at,
  };
  // Read before the transaction, so that on SQLite its first statement is a write.
  const { hrEmail } = await getShopSettings(db);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertApplicationWithFile(trx, application, input.cv);
    await enqueueMail(trx, acknowledgementMail({ ...application, cv: input.cv }), { now });
    await enqueueMail(trx, hrNoticeMail(hrEmail, { ...application, id, cv: input.cv }), { now });
    return id;
  });
  wakeMailWorkers();
  return { status: "submitted", applicationId: id };
}

type StoredApplication = NewJobApplication & { cv: NewApplicationFile };

/** A department as the career page names it, in a language (the one server-side translator). */
const departmentName = (locale: Locale, department: Department): string => serverT(locale, "career")(`departments.${department}`);
const CV_TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/msword": "DOC",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
};

/** To the applicant, in the language of the page they applied from. */
function acknowledgementMail(application: StoredApplication): OutgoingMail {
  const { locale } = application;
  const values = {
    firstName: oneLine(application.firstName),
    department: departmentName(locale, application.department),
    fileName: application.cv.fileName,
  };
  const rendered = renderMail({
    to: application.email,
    locale,
    subject: { key: "career.ackSubject" },
    paragraphs: [[{ key: "career.ackGreeting", values }], [{ key: "career.ackBody", values }], [{ key: "career.ackNext" }], [{ key: "career.ackSignature" }]],
  });
  return { ...rendered, template: "career-acknowledgement", locale };
}

/** To HR, in Italian (the office's language), with everything the applicant typed. */
function hrNoticeMail(to: string, application: StoredApplication & { id: number }): OutgoingMail {
  const values = {
    id: String(application.id),
    date: new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(application.at)),
    name: oneLine(`${application.firstName} ${application.lastName}`),
    email: application.email,
    phone: oneLine(application.phone),
    department: departmentName("it", application.department),
    website: application.website ?? "",
    language: application.locale === "it" ? "italiano" : "inglese",
    fileName: application.cv.fileName,
    type: CV_TYPE_NAMES[application.cv.mimeType] ?? application.cv.mimeType,
    size: formatSize(application.cv.bytes.length),
  };
  const rendered = renderMail({
    to,
    locale: "it",
    subject: { key: "career.hrSubject", values },
    paragraphs: [
      [{ key: "career.hrIntro", values }],
      [
        { key: "career.hrName", values },
        { key: "career.hrEmail", values },
        { key: "career.hrPhone", values },
        { key: "career.hrDepartment", values },
        application.website ? { key: "career.hrWebsite", values, link: application.website } : { key: "career.hrNoWebsite" },
        { key: "career.hrLanguage", values },
        { key: "career.hrCv", values },
      ],
      [{ key: "career.hrMessage" }, { verbatim: application.message }],
    ],
  });
  return { ...rendered, template: "career-hr-notice", locale: "it", about: application.email };
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("it-IT", { maximumFractionDigits: 1 })} MB`;
}

/** Names go into subjects and one-line fields: no line breaks. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/**
 * The applications sent with an address, as a data export shows them: what the applicant wrote
 * and the CV's name, type and size (the file itself stays with HR, who sends it on request).
 */
export async function applicationsOf(db: Kysely<Database>, email: string) {
  return (await listApplicationsByEmail(db, email)).map((a) => ({
    firstName: a.first_name,
    lastName: a.last_name,
    email: a.email,
    phone: a.phone,
    department: a.department,
    website: a.website,
    message: a.message,
    language: a.locale,
    consentAt: a.consent_at,
    sentAt: a.created_at,
    cv: a.file_name === null ? null : { fileName: a.file_name, type: a.mime_type, sizeBytes: a.size_bytes },
  }));
}

/** Erases the applications sent with an address and their CVs (account deletion). */
export function eraseApplications(db: Kysely<Database>, email: string): Promise<void> {
  return deleteApplicationsByEmail(db, email);
}
