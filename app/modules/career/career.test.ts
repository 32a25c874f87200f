import { afterEach, describe, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { MailMessage, Mailer } from "~/modules/mail/mail.server";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { CareerApplicationSchema, type CareerApplicationInput } from "./career.schema";
import { findApplication, findApplicationFile } from "./career.repository.server";
import { CAREER_RATE_LIMIT, submitJobApplication, type CareerSubmission } from "./career.service.server";
import { CV_TYPES } from "./career-upload.server";
import { sampleDocx, samplePdf } from "./cv-samples.server";

describe("career application schema", () => {
  const valid = {
    firstName: "Giulia",
    lastName: "Rossi",
    email: "giulia@example.it",
    phone: "+39 333 123 4567",
    department: "atelier",
    message: "Sarta da dieci anni, vorrei lavorare nel vostro atelier.",
    privacy: true,
  };
  const messages = (input: unknown) => {
    const r = CareerApplicationSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
  };

  it("accepts a complete application, with or without a website", () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, portfolio: "https://giuliarossi.it/lavori" })).toEqual([]);
  });

  it("asks for every required field with the common message", () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, undefined]));
    expect(messages(empty)).toEqual([
      "firstName:validation.required",
      "lastName:validation.required",
      "email:validation.required",
      "phone:validation.required",
      "department:validation.required",
      "message:validation.required",
      "privacy:validation.privacy",
    ]);
    expect(messages({ ...valid, firstName: "   " })).toEqual(["firstName:validation.required"]);
    expect(messages({ ...valid, privacy: false })).toEqual(["privacy:validation.privacy"]);
  });

  it("checks the email, phone, department, website and lengths with their own messages", () => {
    expect(messages({ ...valid, email: "giulia@" })).toEqual(["email:validation.email"]);
    expect(messages({ ...valid, phone: "chiamami" })).toEqual(["phone:career:validation.phone"]);
    expect(messages({ ...valid, phone: "12345" })).toEqual(["phone:career:validation.phone"]);
    expect(messages({ ...valid, phone: "02 1234 5678" })).toEqual([]);
    expect(messages({ ...valid, department: "marketing" })).toEqual(["department:career:validation.department"]);
    expect(messages({ ...valid, portfolio: "javascript:alert(1)" })).toEqual(["portfolio:career:validation.website"]);
    expect(messages({ ...valid, portfolio: "ftp://giulia.it" })).toEqual(["portfolio:career:validation.website"]);
    expect(messages({ ...valid, portfolio: "non ho un sito" })).toEqual(["portfolio:career:validation.website"]);
    expect(messages({ ...valid, firstName: "G".repeat(101) })).toEqual(["firstName:career:validation.tooLong"]);
    expect(messages({ ...valid, message: "m".repeat(4001) })).toEqual(["message:career:validation.messageTooLong"]);
  });

  it("normalises what people type: spaces, line breaks, a website without https://", () => {
    const parsed = CareerApplicationSchema.parse({ ...valid, firstName: "  Maria\n Luisa ", portfolio: "www.giuliarossi.it" });
    expect(parsed.firstName).toBe("Maria Luisa");
    expect(parsed.portfolio).toBe("https://www.giuliarossi.it/");
  });
});

describeEachDatabase("career applications", (ctx) => {
  let nextIp = 0;
  const ip = () => `10.3.0.${++nextIp}`;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const input = (overrides: Partial<CareerSubmission> = {}): CareerSubmission => ({
    firstName: "Giulia",
    lastName: "Rossi",
    email: "Giulia.Rossi@example.it",
    phone: "+39 333 123 4567",
    department: "atelier" satisfies CareerApplicationInput["department"],
    portfolio: "https://giuliarossi.it/",
    message: "Sarta da dieci anni.\nVorrei lavorare nel vostro atelier.",
    privacy: true,
    cv: { fileName: "CV Giulia.pdf", mimeType: CV_TYPES.pdf.mime, bytes: samplePdf() },
    locale: "it",
    clientIp: ip(),
    ...overrides,
  });

  async function count() {
    const apps = await ctx().db.selectFrom("job_applications").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const files = await ctx().db.selectFrom("job_application_files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return { applications: Number(apps.n), files: Number(files.n) };
  }

  it("stores the application and its CV byte for byte, then mails the applicant and HR", async () => {
    const mailer = collectingMailer();
    const docx = sampleDocx();
    const at = new Date("2026-11-23T10:15:00Z");
    const outcome = await submitJobApplication(
      ctx().db,
      input({ cv: { fileName: "CV Giulia.docx", mimeType: CV_TYPES.docx.mime, bytes: docx } }),
      { mailer },
      at,
    );
    expect(outcome).toMatchObject({ status: "submitted" });
    const id = outcome.status === "submitted" ? outcome.applicationId! : 0;

    expect(await findApplication(ctx().db, id)).toEqual({
      id,
      first_name: "Giulia",
      last_name: "Rossi",
      email: "Giulia.Rossi@example.it",
      phone: "+39 333 123 4567",
      department: "atelier",
      website: "https://giuliarossi.it/",
      message: "Sarta da dieci anni.\nVorrei lavorare nel vostro atelier.",
      locale: "it",
      consent_at: at.toISOString(),
      created_at: at.toISOString(),
    });
    const stored = await findApplicationFile(ctx().db, id);
    expect(stored).toMatchObject({ application_id: id, file_name: "CV Giulia.docx", mime_type: CV_TYPES.docx.mime, size_bytes: docx.length });
    expect(Buffer.isBuffer(stored!.content)).toBe(true);
    expect(Buffer.compare(stored!.content, docx)).toBe(0);

    expect(mailer.sent.map((m) => m.to)).toEqual(["Giulia.Rossi@example.it", DEFAULT_SHOP_SETTINGS.hrEmail]);
    const [ack, notice] = mailer.sent;
    expect(ack.subject).toBe("Abbiamo ricevuto la tua candidatura");
    expect(ack.text).toContain("Ciao Giulia,");
    expect(ack.text).toContain("per l'area Atelier e sartoria e il tuo curriculum (CV Giulia.docx)");
    expect(notice.subject).toBe("Nuova candidatura: Giulia Rossi (Atelier e sartoria)");
    expect(notice.text).toContain(`n. ${id}`);
    expect(notice.text).toContain("Telefono: +39 333 123 4567");
    expect(notice.text).toContain("Sito o portfolio: https://giuliarossi.it/");
    expect(notice.text).toContain("Lingua del sito: italiano");
    expect(notice.text).toContain("Curriculum: CV Giulia.docx (DOCX, ");
    expect(notice.text).toContain("Messaggio:\nSarta da dieci anni.\nVorrei lavorare nel vostro atelier.");
  });

  it("answers the applicant in English from the English page, and HR still in Italian at the address in the settings", async () => {
    await saveShopSettings(ctx().db, { hrEmail: "selezione@bottega.example" });
    try {
      const mailer = collectingMailer();
      await submitJobApplication(ctx().db, input({ locale: "en", department: "ecommerce", portfolio: undefined }), { mailer });
      const [ack, notice] = mailer.sent;
      expect(ack.subject).toBe("We've received your application");
      expect(ack.text).toContain("Hello Giulia,");
      expect(ack.text).toContain("for E-commerce and digital");
      expect(notice.to).toBe("selezione@bottega.example");
      expect(notice.text).toContain("Area: E-commerce e digitale");
      expect(notice.text).toContain("Sito o portfolio: —");
      expect(notice.text).toContain("Lingua del sito: inglese");
    } finally {
      await saveShopSettings(ctx().db, { hrEmail: DEFAULT_SHOP_SETTINGS.hrEmail });
    }
  });

  it("keeps the application when a mail fails, and logs the failure", async () => {
    const before = await count();
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const failing: Mailer = { send: () => Promise.reject(new Error("SMTP is down")) };
    const outcome = await submitJobApplication(ctx().db, input(), { mailer: failing });
    expect(outcome).toMatchObject({ status: "submitted" });
    expect(await count()).toEqual({ applications: before.applications + 1, files: before.files + 1 });
    const logged = errors.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("career mail failed"));
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain("SMTP is down");
  });

  it("stores nothing when the CV cannot be stored: application and file go in together", async () => {
    const before = await count();
    const mailer = collectingMailer();
    const broken = input({ cv: { fileName: "cv.pdf", mimeType: "application/pdf", bytes: null as unknown as Buffer } });
    await expect(submitJobApplication(ctx().db, broken, { mailer })).rejects.toThrow();
    expect(await count()).toEqual(before);
    expect(mailer.sent).toEqual([]);
  });

  it("answers a filled honeypot as a success, and stores and sends nothing", async () => {
    const before = await count();
    const mailer = collectingMailer();
    expect(await submitJobApplication(ctx().db, input({ honeypot: "https://spam.example" }), { mailer })).toEqual({ status: "submitted", applicationId: null });
    expect(await count()).toEqual(before);
    expect(mailer.sent).toEqual([]);
  });

  it("limits applications per client address, and lets them through in the next window", async () => {
    const clientIp = ip();
    const now = new Date("2026-11-23T12:00:00Z");
    const mailer = collectingMailer();
    for (let i = 0; i < CAREER_RATE_LIMIT.limit; i++) {
      expect(await submitJobApplication(ctx().db, input({ clientIp }), { mailer }, now)).toMatchObject({ status: "submitted" });
    }
    const before = await count();
    await expect(submitJobApplication(ctx().db, input({ clientIp }), { mailer }, now)).rejects.toMatchObject({ code: "RATE_LIMITED", retryAfter: CAREER_RATE_LIMIT.windowMs / 1000 });
    expect(await count()).toEqual(before);
    const later = new Date(now.getTime() + CAREER_RATE_LIMIT.windowMs);
    expect(await submitJobApplication(ctx().db, input({ clientIp }), { mailer }, later)).toMatchObject({ status: "submitted" });
  });

  it("deletes the CV with its application", async () => {
    const outcome = await submitJobApplication(ctx().db, input(), { mailer: collectingMailer() });
    const id = outcome.status === "submitted" ? outcome.applicationId! : 0;
    await ctx().db.deleteFrom("job_applications").where("id", "=", id).execute();
    expect(await findApplicationFile(ctx().db, id)).toBeUndefined();
  });
});

function collectingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
