import type { Kysely } from "kysely";
import enCareer from "../../../locales/en/career.json";
import itCareer from "../../../locales/it/career.json";
import enMail from "../../../locales/en/mail.json";
import itMail from "../../../locales/it/mail.json";
import type { Database, Locale } from "~/db/schema";
import type { MailMessage, Mailer } from "~/modules/mail/mail.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { log } from "~/utils/log.server";
import { enforceRateLimit } from "~/utils/rate-limit.server";
import type { Department } from "./career.fields";
import type { CareerApplicationInput } from "./career.schema";
import { insertApplicationWithFile, type NewApplicationFile } from "./career.repository.server";

/** Applications per client address: one person applies once or twice, a script many times. */
export const CAREER_RATE_LIMIT = { limit: 5, windowMs: 60 * 60_000 };

/** A submitted application (null for a bot caught by the honeypot); a rate limit throws RATE_LIMITED. */
export type CareerOutcome = { status: "submitted"; applicationId: number | null };

export interface CareerSubmission extends CareerApplicationInput {
  /** The CV as checked by career-upload.server.ts: sanitised name, detected type, bytes. */
  cv: NewApplicationFile;
  locale: Locale;
  clientIp: string;
  honeypot?: string | null;
}

/**
 * Stores an application and its CV in one transaction, then sends the applicant an
 * acknowledgement and HR a notice. The application is what matters: a mail that fails is
 * logged and the applicant still hears that it arrived.
 */
export async function submitJobApplication(
  db: Kysely<Database>,
  input: CareerSubmission,
  { mailer }: { mailer: Mailer },
  now = new Date(),
): Promise<CareerOutcome> {
  await enforceRateLimit(db, "career", input.clientIp, CAREER_RATE_LIMIT, now);
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
  const id = await db.transaction().execute((trx) => insertApplicationWithFile(trx, application, input.cv));

  const sendOrLog = async (kind: "acknowledgement" | "hr-notice", message: () => Promise<MailMessage>) => {
    try {
      await mailer.send(await message());
    } catch (error) {
      log.error("career mail failed", { applicationId: id, kind, error: error instanceof Error ? error.message : String(error) });
    }
  };
  await sendOrLog("acknowledgement", async () => acknowledgementMail({ ...application, cv: input.cv }));
  await sendOrLog("hr-notice", async () => hrNoticeMail((await getShopSettings(db)).hrEmail, { ...application, id, cv: input.cv }));
  return { status: "submitted", applicationId: id };
}

type StoredApplication = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  department: Department;
  website: string | null;
  message: string;
  locale: Locale;
  at: string;
  cv: NewApplicationFile;
};

const MAIL_TEXTS: Record<Locale, typeof itMail> = { it: itMail, en: enMail };
const DEPARTMENT_NAMES: Record<Locale, typeof itCareer.departments> = { it: itCareer.departments, en: enCareer.departments };
const CV_TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/msword": "DOC",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
};

/** To the applicant, in the language of the page they applied from. */
function acknowledgementMail(application: StoredApplication): MailMessage {
  const texts = MAIL_TEXTS[application.locale].career;
  const values = {
    firstName: oneLine(application.firstName),
    department: DEPARTMENT_NAMES[application.locale][application.department],
    fileName: application.cv.fileName,
  };
  return {
    to: application.email,
    subject: texts.ackSubject,
    text: [fill(texts.ackGreeting, values), fill(texts.ackBody, values), texts.ackNext, texts.ackSignature].join("\n\n") + "\n",
  };
}

/** To HR, in Italian (the office's language), with everything the applicant typed. */
function hrNoticeMail(to: string, application: StoredApplication & { id: number }): MailMessage {
  const texts = MAIL_TEXTS.it.career;
  const name = oneLine(`${application.firstName} ${application.lastName}`);
  const values = {
    id: String(application.id),
    date: new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(application.at)),
    name,
    email: application.email,
    phone: oneLine(application.phone),
    department: DEPARTMENT_NAMES.it[application.department],
    website: application.website ?? "",
    language: application.locale === "it" ? "italiano" : "inglese",
    fileName: application.cv.fileName,
    type: CV_TYPE_NAMES[application.cv.mimeType] ?? application.cv.mimeType,
    size: formatSize(application.cv.bytes.length),
  };
  const details = [
    texts.hrName,
    texts.hrEmail,
    texts.hrPhone,
    texts.hrDepartment,
    application.website ? texts.hrWebsite : texts.hrNoWebsite,
    texts.hrLanguage,
    texts.hrCv,
  ].map((line) => fill(line, values));
  return {
    to,
    subject: fill(texts.hrSubject, values),
    text: [fill(texts.hrIntro, values), details.join("\n"), `${texts.hrMessage}\n${application.message}`].join("\n\n") + "\n",
  };
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("it-IT", { maximumFractionDigits: 1 })} MB`;
}

/** Names go into subjects and one-line fields: no line breaks. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** Replaces {{name}} placeholders; the result is plain text, so nothing needs escaping. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
