import type { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Database } from "~/db/schema";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { applicationCv, getApplication, listApplications, markApplicationHandled, monthsBefore, purgeExpiredApplications } from "./applications.service.server";
import { submitJobApplication } from "./career.service.server";
import { sampleDocx, samplePdf } from "./cv-samples.server";

describe("monthsBefore", () => {
  it("goes back calendar months, the 31st of a shorter month being its last day", () => {
    expect(monthsBefore(new Date("2026-12-15T08:00:00Z"), 12).toISOString()).toBe("2025-12-15T08:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-31T08:00:00Z"), 1).toISOString()).toBe("2026-02-28T08:00:00.000Z");
    expect(monthsBefore(new Date("2026-01-10T00:00:00Z"), 13).toISOString()).toBe("2024-12-10T00:00:00.000Z");
  });
});

const STAFF = { kind: "staff" as const, staffId: 3, email: "hr@bottega.example" };

async function apply(db: Kysely<Database>, email: string, at: Date, cv = { fileName: "Curriculum Giulia.pdf", mimeType: "application/pdf", bytes: samplePdf() }) {
  const { applicationId } = await submitJobApplication(
    db,
    { firstName: "Giulia", lastName: "Rossi", email, phone: "+39 333 123 4567", department: "atelier", message: "Sarta da dieci anni.", privacy: true, cv, locale: "it" },
    at,
  );
  return applicationId!;
}

describeEachDatabase("job applications in Atelier", (ctx) => {
  afterAll(async () => {
    await saveShopSettings(ctx().db, { applicationRetentionMonths: DEFAULT_SHOP_SETTINGS.applicationRetentionMonths });
  });

  it("lists applications newest first, filtered by handled or not, and marks one handled once, audited", async () => {
    const { db } = ctx();
    const first = await apply(db, "primo@example.it", new Date());
    const second = await apply(db, "secondo@example.it", new Date());
    const all = await listApplications(db, {}, { page: 1, pageSize: 50 });
    expect(all.rows.map((r) => r.id).slice(0, 2)).toEqual([second, first]);
    expect(all.rows[0]).toMatchObject({ name: "Giulia Rossi", email: "secondo@example.it", department: "atelier", handledAt: null, cv: { fileName: "Curriculum Giulia.pdf" } });

    await expect(markApplicationHandled(db, first, STAFF, new Date("2026-11-10T09:00:00Z"))).resolves.toEqual({ changed: true });
    await expect(markApplicationHandled(db, first, STAFF)).resolves.toEqual({ changed: false });
    await expect(markApplicationHandled(db, 999_999, STAFF)).rejects.toMatchObject({ code: "APPLICATION_NOT_FOUND", status: 404 });
    const handled = await listApplications(db, { handled: true }, { page: 1, pageSize: 50 });
    const waiting = await listApplications(db, { handled: false }, { page: 1, pageSize: 50 });
    expect(handled.rows.map((r) => r.id)).toContain(first);
    expect(waiting.rows.map((r) => r.id)).not.toContain(first);
    expect(waiting.rows.map((r) => r.id)).toContain(second);
    expect(handled.total + waiting.total).toBe(all.total);
    expect(await getApplication(db, first)).toMatchObject({ handledAt: "2026-11-10T09:00:00.000Z", phone: "+39 333 123 4567" });
    const row = await db.selectFrom("job_applications").select(["handled_by"]).where("id", "=", first).executeTakeFirstOrThrow();
    expect(row.handled_by).toBe(3);
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "application.handled").where("entity_id", "=", String(first)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: 3, actor: "hr@bottega.example", entity_type: "application" });
    await expect(getApplication(db, 999_999)).rejects.toMatchObject({ code: "APPLICATION_NOT_FOUND" });
  });

  it("gives the CV with the type its bytes show and a file name safe in a header", async () => {
    const { db } = ctx();
    const id = await apply(db, "cv@example.it", new Date(), { fileName: 'Lettera "bella" è qui.docx', mimeType: "application/pdf", bytes: sampleDocx() });
    const cv = await applicationCv(db, id);
    // The stored label said PDF: the bytes are a Word document, and that is what is served.
    expect(cv.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(cv.fileName).toBe("Lettera bella è qui.docx");
    expect(cv.asciiFileName).toMatch(/^[A-Za-z0-9._-]+\.docx$/);
    expect(cv.bytes.equals(sampleDocx())).toBe(true);
    await expect(applicationCv(db, 999_999)).rejects.toMatchObject({ code: "APPLICATION_NOT_FOUND" });
  });

  it("purges applications and their CVs past the retention months, each in the audit log without the applicant", async () => {
    const { db } = ctx();
    const now = new Date("2027-06-15T12:00:00Z");
    await saveShopSettings(db, { applicationRetentionMonths: 6 });
    const old = await apply(db, "vecchia@example.it", new Date("2026-12-15T11:59:59Z"));
    const edge = await apply(db, "limite@example.it", new Date("2026-12-15T12:00:00Z"));
    const recent = await apply(db, "recente@example.it", new Date("2027-06-01T12:00:00Z"));
    const purged = await purgeExpiredApplications(db, { now });
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = (await db.selectFrom("job_applications").select("id").execute()).map((r) => r.id);
    expect(left).not.toContain(old);
    expect(left).toEqual(expect.arrayContaining([edge, recent]));
    const files = (await db.selectFrom("job_application_files").select("application_id").execute()).map((r) => r.application_id);
    expect(files).not.toContain(old);
    expect(files).toEqual(expect.arrayContaining([edge, recent]));
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "application.purge").where("entity_id", "=", String(old)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "system", staff_id: null, entity_type: "application", after: null });
    const text = JSON.stringify(audit[0]);
    for (const personal of ["vecchia@example.it", "Giulia", "Rossi", "333"]) expect(text).not.toContain(personal);
    // Nothing left to purge: a second sweep does nothing.
    await expect(purgeExpiredApplications(db, { now })).resolves.toBe(0);
    // The CLI's purge is recorded as the CLI's.
    await purgeExpiredApplications(db, { now: new Date("2027-12-16T12:00:00Z"), actor: { kind: "cli" } });
    const cli = await db.selectFrom("audit_log").select("actor").where("action", "=", "application.purge").where("entity_id", "=", String(edge)).executeTakeFirstOrThrow();
    expect(cli.actor).toBe("cli");
  });
});
