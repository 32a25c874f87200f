import { afterEach, describe, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { CareerApplicationSchema, type CareerApplicationInput } from "./career.schema";
import { findApplication, findApplicationFile } from "./career.repository.server";
import { admitCareerAttempt, CAREER_RATE_LIMIT, submitJobApplication, type CareerSubmission } from "./career.service.server";
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
    expect(messages({ ...valid, firstName: "G".repeat(101) })).toEqual(["firstName:validation.tooLong"]);
    expect(messages({ ...valid, message: "m".repeat(4001) })).toEqual(["message:career:validation.messageTooLong"]);
  });

  it("refuses control characters (NUL, which PostgreSQL refuses, among them) (names by the one name rule, the message by the common one)", () => {
    expect(messages({ ...valid, firstName: "Giu\u0000lia" })).toEqual(["firstName:validation.name"]);
    expect(messages({ ...valid, lastName: "Rossi\u0007" })).toEqual(["lastName:validation.name"]);
    expect(messages({ ...valid, message: "Sarta\u0000" })).toEqual(["message:validation.characters"]);
    expect(messages({ ...valid, message: "Sarta da dieci anni,\r\n\tvorrei lavorare con voi." })).toEqual([]);
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
    ...overrides,
  });

  async function count() {
    const apps = await ctx().db.selectFrom("job_applications").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const files = await ctx().db.selectFrom("job_application_files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const mails = await ctx().db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return { applications: Number(apps.n), files: Number(files.n), mails: Number(mails.n) };
  }

  /** The acknowledgement and HR's notice queued for an application (the notice names its number). */
  async function queuedFor(applicationId: number) {
    const application = await findApplication(ctx().db, applicationId);
    const rows = await ctx().db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
    const ack = rows.filter((r) => r.template === "career-acknowledgement" && r.recipient === application!.email).at(-1)!;
    const notice = rows.filter((r) => r.template === "career-hr-notice" && r.text_body.includes(`n. ${applicationId},`)).at(-1)!;
    return [ack, notice] as const;
  }

  it("stores the application and its CV byte for byte, then mails the applicant and HR", async () => {
    const docx = sampleDocx();
    const at = new Date("2026-11-23T10:15:00Z");
    const outcome = await submitJobApplication(ctx().db, input({ email: "giulia.docx@example.it", cv: { fileName: "CV Giulia.docx", mimeType: CV_TYPES.docx.mime, bytes: docx } }), at);
    expect(outcome).toMatchObject({ status: "submitted" });
    const id = outcome.status === "submitted" ? outcome.applicationId! : 0;

    expect(await findApplication(ctx().db, id)).toEqual({
      id,
      first_name: "Giulia",
      last_name: "Rossi",
      email: "giulia.docx@example.it",
      phone: "+39 333 123 4567",
      department: "atelier",
      website: "https://giuliarossi.it/",
      message: "Sarta da dieci anni.\nVorrei lavorare nel vostro atelier.",
      locale: "it",
      consent_at: at.toISOString(),
      created_at: at.toISOString(),
      // Not yet handled in Atelier.
      handled_at: null,
      handled_by: null,
    });
    const stored = await findApplicationFile(ctx().db, id);
    expect(stored).toMatchObject({ application_id: id, file_name: "CV Giulia.docx", mime_type: CV_TYPES.docx.mime, size_bytes: docx.length });
    expect(Buffer.isBuffer(stored!.content)).toBe(true);
    expect(Buffer.compare(stored!.content, docx)).toBe(0);

    // Both mails are queued with the application, for the outbox worker to send.
    const [ack, notice] = await queuedFor(id);
    expect([ack.recipient, ack.template, ack.locale, ack.status]).toEqual(["giulia.docx@example.it", "career-acknowledgement", "it", "pending"]);
    expect([notice.recipient, notice.template, notice.locale]).toEqual([DEFAULT_SHOP_SETTINGS.hrEmail, "career-hr-notice", "it"]);
    expect(ack.subject).toBe("Abbiamo ricevuto la tua candidatura");
    expect(ack.text_body).toContain("Ciao Giulia,");
    expect(ack.text_body).toContain("per l'area Atelier e sartoria e il tuo curriculum (CV Giulia.docx)");
    expect(ack.html_body).toContain("<p>Ciao Giulia,</p>");
    expect(notice.subject).toBe("Nuova candidatura: Giulia Rossi (Atelier e sartoria)");
    expect(notice.text_body).toContain(`n. ${id}`);
    expect(notice.text_body).toContain("Telefono: +39 333 123 4567");
    expect(notice.text_body).toContain("Sito o portfolio: https://giuliarossi.it/");
    expect(notice.text_body).toContain("Lingua del sito: italiano");
    expect(notice.text_body).toContain("Curriculum: CV Giulia.docx (DOCX, ");
    expect(notice.text_body).toContain("Messaggio:\nSarta da dieci anni.\nVorrei lavorare nel vostro atelier.");
    expect(notice.html_body).toContain('Sito o portfolio: <a href="https://giuliarossi.it/">https://giuliarossi.it/</a>');
    expect(notice.html_body).toContain("Messaggio:<br>\nSarta da dieci anni.<br>\nVorrei lavorare nel vostro atelier.");
  });

  it("escapes what the applicant typed in the HTML of HR's notice", async () => {
    const outcome = await submitJobApplication(ctx().db, input({ email: "html@example.it", message: '<script>alert("x")</script> & co.' }));
    const id = outcome.status === "submitted" ? outcome.applicationId! : 0;
    const [, notice] = await queuedFor(id);
    expect(notice.text_body).toContain('<script>alert("x")</script> & co.');
    expect(notice.html_body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co.");
    expect(notice.html_body).not.toContain("<script>");
  });

  it("answers the applicant in English from the English page, and HR still in Italian at the address in the settings", async () => {
    await saveShopSettings(ctx().db, { hrEmail: "selezione@bottega.example" });
    try {
      const outcome = await submitJobApplication(ctx().db, input({ locale: "en", department: "ecommerce", portfolio: undefined }));
      const [ack, notice] = await queuedFor(outcome.status === "submitted" ? outcome.applicationId! : 0);
      expect(ack.locale).toBe("en");
      expect(ack.subject).toBe("We've received your application");
      expect(ack.text_body).toContain("Hello Giulia,");
      expect(ack.text_body).toContain("for E-commerce and digital");
      expect(notice.recipient).toBe("selezione@bottega.example");
      expect(notice.locale).toBe("it");
      expect(notice.text_body).toContain("Area: E-commerce e digitale");
      expect(notice.text_body).toContain("Sito o portfolio: —");
      expect(notice.text_body).toContain("Lingua del sito: inglese");
    } finally {
      await saveShopSettings(ctx().db, { hrEmail: DEFAULT_SHOP_SETTINGS.hrEmail });
    }
  });

  it("stores and queues nothing when the CV cannot be stored: application, file and mails go in together", async () => {
    const before = await count();
    const broken = input({ cv: { fileName: "cv.pdf", mimeType: "application/pdf", bytes: null as unknown as Buffer } });
    await expect(submitJobApplication(ctx().db, broken)).rejects.toThrow();
    expect(await count()).toEqual(before);
  });

  it("answers a filled honeypot as a success, and stores and queues nothing", async () => {
    const before = await count();
    expect(await submitJobApplication(ctx().db, input({ honeypot: "https://spam.example" }))).toEqual({ status: "submitted", applicationId: null });
    expect(await count()).toEqual(before);
  });

  it("limits attempts per client address, and lets them through in the next window", async () => {
    const clientIp = ip();
    const now = new Date("2026-11-23T12:00:00Z");
    for (let i = 0; i < CAREER_RATE_LIMIT.limit; i++) await admitCareerAttempt(ctx().db, clientIp, now);
    const refusal = await admitCareerAttempt(ctx().db, clientIp, now).catch((error: { code: string; retryAfter: number }) => error);
    // The window slides (issue 37): the hits weigh on into the next window, so the wait runs past it.
    expect(refusal).toMatchObject({ code: "RATE_LIMITED" });
    expect(refusal!.retryAfter).toBeGreaterThan(CAREER_RATE_LIMIT.windowMs / 1000);
    await expect(admitCareerAttempt(ctx().db, ip(), now)).resolves.toBeUndefined();
    const later = new Date(now.getTime() + refusal!.retryAfter * 1000);
    await expect(admitCareerAttempt(ctx().db, clientIp, later)).resolves.toBeUndefined();
  });

  it("deletes the CV with its application", async () => {
    const outcome = await submitJobApplication(ctx().db, input());
    const id = outcome.status === "submitted" ? outcome.applicationId! : 0;
    await ctx().db.deleteFrom("job_applications").where("id", "=", id).execute();
    expect(await findApplicationFile(ctx().db, id)).toBeUndefined();
  });
});
