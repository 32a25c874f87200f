import { beforeAll, expect, it } from "vitest";
import { registrationForm } from "../support/forms";
import { type HttpClient, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";
import { submitJobApplication } from "~/modules/career/career.service.server";
import { sampleDocx, samplePdf } from "~/modules/career/cv-samples.server";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.service.server";

// Atelier's newsletter and applications pages (issue 23) on both databases: the guards (no cookie
// and a shopper's cookie go to Atelier's login, forged ids are 404s, bad filters fall back), the
// lists and their filters, the CSV, the CV's download headers and type from its bytes, and each
// POST redirecting with a notice and leaving an audit entry.
describeEachApp("Atelier: newsletter and applications", (app) => {
  let staff: HttpClient;
  let staffId: number;
  let pdfApplication: number;
  let docxApplication: number;
  const absoluteUrl = (path: string) => `http://localhost:3000${path}`;

  beforeAll(async () => {
    ({ client: staff, staffId } = await signInStaff(app(), { role: "manager" }));
    const { db } = app();
    for (const [email, language] of [
      ["ada@example.it", "it"],
      ["bea@example.com", "en"],
      ["=cmd|calc@example.com", "en"],
    ] as const) {
      await subscribeToNewsletter(db, { email, privacy: true, language, locale: "it", source: "page", clientIp: "10.1.1.1", absoluteUrl });
    }
    const applicant = { firstName: "Giulia", lastName: "Rossi", phone: "+39 333 123 4567", department: "atelier" as const, message: "Sarta da dieci anni.", privacy: true as const, locale: "it" as const };
    pdfApplication = (await submitJobApplication(db, { ...applicant, email: "giulia@example.it", cv: { fileName: "CV Giulia.pdf", mimeType: "application/pdf", bytes: samplePdf() } })).applicationId!;
    // The stored label says PDF; the bytes are a Word document: the download says what the bytes are.
    docxApplication = (await submitJobApplication(db, { ...applicant, email: "marta@example.it", cv: { fileName: 'Curriculum "Marta" è.docx', mimeType: "application/pdf", bytes: sampleDocx() } })).applicationId!;
  });

  const PAGES = ["/atelier/newsletter", "/en/atelier/newsletter", "/atelier/newsletter/export", "/atelier/applications", "/en/atelier/applications"];

  it("sends a visitor without Atelier's cookie, or with a shopper's, to Atelier's login", async () => {
    const shopper = app().client();
    expect((await shopper.postForm("/login/register", registrationForm("cliente-atelier@example.it"))).status).toBe(302);
    for (const client of [app().client(), shopper]) {
      for (const path of [...PAGES, `/atelier/applications/${pdfApplication}`, `/atelier/applications/${pdfApplication}/cv`]) {
        const answer = await client.get(path);
        expect([path, answer.status]).toEqual([path, 302]);
        expect(answer.headers.get("Location")).toMatch(/^\/(en\/)?atelier\/login/);
      }
      const posted = await client.postForm(`/atelier/applications/${pdfApplication}`, { intent: "handled" });
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toMatch(/^\/atelier\/login/);
    }
    const row = await app().db.selectFrom("job_applications").select("handled_at").where("id", "=", pdfApplication).executeTakeFirstOrThrow();
    expect(row.handled_at).toBeNull();
  });

  it("lists subscribers with date, state and consent version, filtered by language and state; bad filters fall back", async () => {
    const all = await staff.get("/atelier/newsletter");
    expect(all.status).toBe(200);
    expect(all.headers.get("Cache-Control")).toContain("no-store");
    const html = await all.text();
    for (const email of ["ada@example.it", "bea@example.com"]) expect(html).toContain(email);
    expect(html).toContain("Da confermare");
    expect(html).toContain("2026-11");
    const english = await (await staff.get("/en/atelier/newsletter?lang=en&status=pending")).text();
    expect(english).toContain("bea@example.com");
    expect(english).not.toContain("ada@example.it");
    expect(english).toContain("To be confirmed");
    const none = await (await staff.get("/atelier/newsletter?status=confirmed&lang=en")).text();
    expect(none).not.toContain("bea@example.com");
    for (const query of ["?lang=fr", "?status=maybe", "?page=-3", "?page=abc", "?page=99999999999", "?lang[]=it&page=2.5"]) {
      expect([query, (await staff.get(`/atelier/newsletter${query}`)).status]).toEqual([query, 200]);
    }
  });

  it("exports the filtered list as a CSV attachment, formulas defused", async () => {
    const answer = await staff.get("/atelier/newsletter/export?lang=en");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="newsletter-en-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const text = await answer.text();
    const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("email,language,status,source,consent_at,consent_version,confirmed_at,unsubscribed_at,created_at");
    expect(lines.some((line) => line.startsWith("bea@example.com,en,pending,page,"))).toBe(true);
    expect(text).not.toContain("ada@example.it");
    expect(text).toContain("'=cmd|calc@example.com");
  });

  it("unsubscribes a subscriber with a POST: a redirect with a notice, the row changed, an audit entry; forged ids are 404", async () => {
    const { db } = app();
    const { id } = await db.selectFrom("newsletter_subscriptions").select("id").where("email", "=", "ada@example.it").executeTakeFirstOrThrow();
    const posted = await staff.postForm("/atelier/newsletter", { intent: "unsubscribe", id: String(id), email: "ada@example.it", redirectTo: "/atelier/newsletter?lang=it" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe("/atelier/newsletter?lang=it");
    const landed = await (await staff.get(posted.headers.get("Location")!)).text();
    expect(landed).toContain("Iscrizione di ada@example.it annullata.");
    expect((await db.selectFrom("newsletter_subscriptions").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("unsubscribed");
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "newsletter.unsubscribe").where("entity_id", "=", String(id)).execute();
    expect(audit).toEqual([expect.objectContaining({ staff_id: staffId, entity_type: "newsletter_subscription" })]);
    // A redirect target outside Atelier is not followed.
    const elsewhere = await staff.postForm("/atelier/newsletter", { intent: "unsubscribe", id: String(id), redirectTo: "https://evil.example/" });
    expect(elsewhere.headers.get("Location")).toBe("/atelier");
    for (const forged of ["999999", "abc", "-1", "", "1e3"]) {
      expect([forged, (await staff.postForm("/atelier/newsletter", { intent: "unsubscribe", id: forged })).status]).toEqual([forged, 404]);
    }
    expect((await staff.postForm("/atelier/newsletter", { intent: "delete", id: String(id) })).status).toBe(400);
  });

  it("lists applications filtered by handled or not, shows one, and marks it handled with an audit entry", async () => {
    const list = await (await staff.get("/atelier/applications")).text();
    expect(list).toContain(`/atelier/applications/${pdfApplication}`);
    expect(list).toContain("Giulia Rossi");
    const posted = await staff.postForm(`/atelier/applications/${pdfApplication}`, { intent: "handled" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`/atelier/applications/${pdfApplication}`);
    const page = await (await staff.get(posted.headers.get("Location")!)).text();
    expect(page).toContain(`Candidatura n. ${pdfApplication} segnata come gestita.`);
    expect(page).toContain("application.handled");
    expect(page).toContain("Sarta da dieci anni.");
    const waiting = await (await staff.get("/atelier/applications?state=waiting")).text();
    expect(waiting).not.toContain(`/atelier/applications/${pdfApplication}"`);
    expect(waiting).toContain(`/atelier/applications/${docxApplication}"`);
    const handled = await (await staff.get("/en/atelier/applications?state=handled")).text();
    expect(handled).toContain(`/en/atelier/applications/${pdfApplication}"`);
    expect(handled).not.toContain(`/en/atelier/applications/${docxApplication}"`);
    const audit = await app().db.selectFrom("audit_log").selectAll().where("action", "=", "application.handled").where("entity_id", "=", String(pdfApplication)).execute();
    expect(audit).toEqual([expect.objectContaining({ staff_id: staffId, entity_type: "application" })]);
    for (const query of ["?state=maybe", "?page=0", "?page=x"]) expect((await staff.get(`/atelier/applications${query}`)).status).toBe(200);
    expect((await staff.postForm(`/atelier/applications/${pdfApplication}`, { intent: "erase" })).status).toBe(400);
  });

  it("answers forged or unknown application ids with 404", async () => {
    for (const path of ["/atelier/applications/999999", "/atelier/applications/abc", "/atelier/applications/0", "/atelier/applications/999999/cv", "/atelier/applications/1x/cv"]) {
      expect([path, (await staff.get(path)).status]).toEqual([path, 404]);
    }
    expect((await staff.postForm("/atelier/applications/999999", { intent: "handled" })).status).toBe(404);
  });

  it("downloads the CV as an attachment, its type from its bytes, a safe name, nosniff, never cached", async () => {
    const pdf = await staff.get(`/atelier/applications/${pdfApplication}/cv`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="CV-Giulia.pdf"; filename*=UTF-8''CV%20Giulia.pdf`);
    expect(pdf.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await pdf.arrayBuffer()).equals(samplePdf())).toBe(true);

    const docx = await staff.get(`/en/atelier/applications/${docxApplication}/cv`);
    expect(docx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const disposition = docx.headers.get("Content-Disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.docx"; filename\*=UTF-8''[A-Za-z0-9%._-]+\.docx$/);
    expect(disposition).not.toContain('"Marta"');
  });
});
