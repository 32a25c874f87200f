import { expect, it } from "vitest";
import { type HttpClient, describeEachApp } from "../support/http";
import { shopSettingsForm } from "../support/forms";
import { signInStaff } from "../support/staff";
import { getShopSettings } from "~/modules/settings/shop-settings.server";

// The owner's Staff and Settings pages and the activity log through the request handler, without
// JavaScript: owners only (a staff member gets 403 and changes nothing), forged ids 404, foreign
// posts refused, every change redirected with a notice and written to the audit log.
describeEachApp("Atelier staff, settings and audit log", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">");
  const snapshot = async () => ({
    staff: await app().db.selectFrom("staff").selectAll().orderBy("id").execute(),
    sessions: (await app().db.selectFrom("staff_sessions").select(["id", "staff_id"]).orderBy("id").execute()).length,
    invites: await app().db.selectFrom("staff_invites").selectAll().orderBy("id").execute(),
    settings: await app().db.selectFrom("shop_settings").selectAll().orderBy("key").execute(),
    audit: (await app().db.selectFrom("audit_log").select("id").execute()).length,
  });
  const auditOf = (action: string) => app().db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id", "desc").executeTakeFirst();
  let ownerClient: HttpClient;
  let owner: { staffId: number; email: string };

  it("lets only owners in: no cookie goes to the login, a shop assistant gets 403 on every page and post, nothing changed", async () => {
    const signedIn = await signInStaff(app(), { role: "owner", name: "Olga Titolare" });
    ownerClient = signedIn.client;
    owner = signedIn;
    const { client: staffClient, staffId } = await signInStaff(app(), { role: "staff", name: "Sara Collaboratrice" });

    for (const path of ["/atelier/staff", "/atelier/settings", "/atelier/audit", "/en/atelier/staff"]) {
      expect((await app().client().get(path)).headers.get("Location"), path).toMatch(/^(\/en)?\/atelier\/login\?redirectTo=/);
    }
    // A post without a session goes to the login, coming back to its page (issue 37: a form sent late is kept).
    expect((await app().client().postForm("/atelier/staff", { intent: "disable", staffId: String(owner.staffId) })).headers.get("Location")).toBe("/atelier/login?redirectTo=%2Fatelier%2Fstaff");

    const before = await snapshot();
    for (const path of ["/atelier/staff", "/atelier/settings", "/en/atelier/settings"]) {
      const page = await staffClient.get(path);
      expect(page.status, path).toBe(403);
      expect(decode(await page.text())).toMatch(/non comprende questa sezione|does not include this section/);
    }
    const posts: Array<[string, Record<string, string>]> = [
      ["/atelier/staff", { intent: "invite", email: "mallory@bottega.test", role: "owner", locale: "it" }],
      ["/atelier/staff", { intent: "role", staffId: String(staffId), role: "owner" }],
      ["/atelier/staff", { intent: "disable", staffId: String(owner.staffId) }],
      ["/atelier/staff", { intent: "enable", staffId: String(owner.staffId) }],
      ["/atelier/staff", { intent: "end-session", staffId: String(owner.staffId), session: "0".repeat(64) }],
      ["/atelier/staff", { intent: "revoke-invite", inviteId: "1" }],
      ["/atelier/settings", { staffRefundLimit: "99999", lowStockThreshold: "1", applicationRetentionMonths: "60" }],
    ];
    for (const [path, fields] of posts) expect((await staffClient.postForm(path, fields)).status, `${path} ${fields.intent ?? ""}`).toBe(403);
    expect(await snapshot()).toEqual(before);
    // The log (who signed in, failed tries, exports) is the owner's, with the staff page.
    expect((await staffClient.get("/atelier/audit")).status).toBe(403);
  });

  it("refuses a post from another site, nothing changed", async () => {
    const before = await snapshot();
    const foreign = await ownerClient.postForm("/atelier/staff", { intent: "invite", email: "csrf@bottega.test", role: "owner", locale: "it" }, { headers: { Origin: "https://evil.example" } });
    expect([400, 403]).toContain(foreign.status);
    expect(await snapshot()).toEqual(before);
  });

  it("invites by e-mail through the outbox, with the message at the field for a bad or taken address", async () => {
    const page = decode(await (await ownerClient.get("/atelier/staff")).text());
    expect(page).toContain("Olga Titolare");
    expect(page).toContain("Sara Collaboratrice");
    expect(page).toMatch(/<caption[^>]*>Account del personale<\/caption>/);
    expect(page).toContain('<th scope="col"');

    const bad = await ownerClient.postForm("/atelier/staff", { intent: "invite", email: "not an address", role: "staff", locale: "it" });
    expect(bad.status).toBe(400);
    expect(decode(await bad.text())).toContain('value="not an address"');
    const taken = await ownerClient.postForm("/atelier/staff", { intent: "invite", email: owner.email.toUpperCase(), role: "staff", locale: "it" });
    expect(taken.status).toBe(409);
    expect(decode(await taken.text())).toContain("Questo indirizzo ha già un account di Atelier.");
    const forgedRole = await ownerClient.postForm("/atelier/staff", { intent: "invite", email: "x@bottega.test", role: "admin", locale: "it" });
    expect(forgedRole.status).toBe(400);

    const sent = await ownerClient.postForm("/atelier/staff", { intent: "invite", email: "nuovo@bottega.test", role: "staff", locale: "en" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/atelier/staff");
    const mail = await app().db.selectFrom("mail_outbox").select(["text_body", "template"]).where("recipient", "=", "nuovo@bottega.test").executeTakeFirstOrThrow();
    expect(mail.template).toBe("staff-invite");
    const token = /\/en\/atelier\/invite\?token=([\w-]+)/.exec(mail.text_body)![1];
    expect((await app().client().get(`/en/atelier/invite?token=${token}`)).status).toBe(200);
    const after = decode(await (await ownerClient.get("/atelier/staff")).text());
    expect(after).toContain("Invito inviato a nuovo@bottega.test.");
    expect(after).toContain("nuovo@bottega.test");
    const entry = (await auditOf("staff.invite"))!;
    expect(entry).toMatchObject({ actor: owner.email, staff_id: owner.staffId, entity_type: "invite" });
    expect(JSON.parse(entry.after!)).toEqual({ email: "nuovo@bottega.test", role: "staff" });

    // Withdrawn: the link stops working; a forged invitation id is a 404.
    const invite = await app().db.selectFrom("staff_invites").select("id").where("email", "=", "nuovo@bottega.test").executeTakeFirstOrThrow();
    expect((await ownerClient.postForm("/atelier/staff", { intent: "revoke-invite", inviteId: String(invite.id) })).status).toBe(302);
    expect((await app().client().get(`/en/atelier/invite?token=${token}`)).status).toBe(410);
    expect((await ownerClient.postForm("/atelier/staff", { intent: "revoke-invite", inviteId: String(invite.id) })).status).toBe(404);
    expect((await ownerClient.postForm("/atelier/staff", { intent: "revoke-invite", inviteId: "999999" })).status).toBe(404);
    expect((await auditOf("staff.revoke-invite"))!.entity_id).toBe(String(invite.id));
  });

  it("changes a role with the values before and after in the log, never one's own, and disables an account, ending its sessions at once", async () => {
    const target = await signInStaff(app(), { role: "staff", name: "Piero Prova" });
    expect((await target.client.get("/atelier")).status).toBe(200);

    const promoted = await ownerClient.postForm("/atelier/staff", { intent: "role", staffId: String(target.staffId), role: "owner" });
    expect(promoted.status).toBe(302);
    const roleEntry = (await auditOf("staff.role"))!;
    expect(JSON.parse(roleEntry.before!)).toEqual({ role: "staff" });
    expect(JSON.parse(roleEntry.after!)).toEqual({ role: "owner" });
    // The new role counts at the next request.
    expect((await target.client.get("/atelier/staff")).status).toBe(200);

    // One's own account: neither demoted nor disabled from here.
    const self = await ownerClient.postForm("/atelier/staff", { intent: "disable", staffId: String(owner.staffId) });
    expect(self.status).toBe(409);
    expect(decode(await self.text())).toContain("Non puoi disattivare o cambiare il ruolo del tuo stesso account.");

    // Disable Piero: his session ends at once.
    const disabled = await ownerClient.postForm("/atelier/staff", { intent: "disable", staffId: String(target.staffId) });
    expect(disabled.status).toBe(302);
    expect(decode(await (await ownerClient.get("/atelier/staff")).text())).toContain("Account disattivato: le sue sessioni sono terminate.");
    expect((await target.client.get("/atelier")).headers.get("Location")).toBe("/atelier/login");
    const disableEntry = (await auditOf("staff.disable"))!;
    expect(JSON.parse(disableEntry.after!)).toMatchObject({ sessionsEnded: 1 });
    // …and cannot sign in again until re-enabled.
    const retry = app().client();
    expect((await retry.postForm("/atelier/login", { email: target.email, password: "tre parole lunghe per atelier" })).status).toBe(401);
    expect((await ownerClient.postForm("/atelier/staff", { intent: "enable", staffId: String(target.staffId) })).status).toBe(302);
    expect((await auditOf("staff.enable"))!.entity_id).toBe(String(target.staffId));

    // Forged ids: an unknown account is a 404, a non-number a 400.
    expect((await ownerClient.postForm("/atelier/staff", { intent: "disable", staffId: "987654" })).status).toBe(404);
    expect((await ownerClient.postForm("/atelier/staff", { intent: "disable", staffId: "abc" })).status).toBe(400);
    expect((await ownerClient.postForm("/atelier/staff", { intent: "explode", staffId: "1" })).status).toBe(400);
  });

  it("demotes an owner while another stays; the last active owner can be neither demoted nor disabled", async () => {
    const second = await signInStaff(app(), { role: "owner", name: "Seconda Titolare" });
    await app()
      .db.updateTable("staff")
      .set({ role: "staff" })
      .where("role", "=", "owner")
      .where("id", "not in", [owner.staffId, second.staffId])
      .execute();
    expect((await second.client.postForm("/atelier/staff", { intent: "role", staffId: String(owner.staffId), role: "staff" })).status).toBe(302);
    expect((await ownerClient.get("/atelier/staff")).status).toBe(403);
    // The last active owner: not from Atelier (one's own account), nor from anywhere else.
    const self = await second.client.postForm("/atelier/staff", { intent: "role", staffId: String(second.staffId), role: "staff" });
    expect(self.status).toBe(409);
    const { changeStaffRole, disableStaff } = await import("~/modules/staff/staff.service.server");
    await expect(changeStaffRole(app().db, { staffId: second.staffId, role: "staff", actor: { kind: "cli" } })).rejects.toMatchObject({ code: "LAST_OWNER" });
    await expect(disableStaff(app().db, { staffId: second.staffId, actor: { kind: "cli" } })).rejects.toMatchObject({ code: "LAST_OWNER" });
    expect(await app().db.selectFrom("staff").select(["role", "disabled_at"]).where("id", "=", second.staffId).executeTakeFirstOrThrow()).toEqual({ role: "owner", disabled_at: null });
    expect((await second.client.postForm("/atelier/staff", { intent: "role", staffId: String(owner.staffId), role: "owner" })).status).toBe(302);
    expect((await ownerClient.get("/atelier/staff")).status).toBe(200);
  });

  it("ends another member's session from the list; a forged session is a 404", async () => {
    const member = await signInStaff(app(), { role: "staff", name: "Dario Sessione" });
    const page = decode(await (await ownerClient.get("/atelier/staff")).text());
    const key = await app().db.selectFrom("staff_sessions").select("id").where("staff_id", "=", member.staffId).executeTakeFirstOrThrow();
    expect(page).toContain(`name="session" value="${key.id}"`);
    expect((await ownerClient.postForm("/atelier/staff", { intent: "end-session", staffId: String(member.staffId), session: "f".repeat(64) })).status).toBe(404);
    // Another member's id with this session: not theirs, 404.
    expect((await ownerClient.postForm("/atelier/staff", { intent: "end-session", staffId: String(owner.staffId), session: key.id })).status).toBe(404);
    const ended = await ownerClient.postForm("/atelier/staff", { intent: "end-session", staffId: String(member.staffId), session: key.id });
    expect(ended.status).toBe(302);
    expect((await member.client.get("/atelier")).headers.get("Location")).toBe("/atelier/login");
    expect((await auditOf("staff.end-session"))!.entity_id).toBe(String(member.staffId));
  });

  it("edits the settings in euro with the values before and after in the log; bad input stays at its field", async () => {
    const page = decode(await (await ownerClient.get("/atelier/settings")).text());
    expect(page).toContain('name="staffRefundLimit"');
    expect(page).toContain('value="200"');
    const bad = await ownerClient.postForm("/atelier/settings", shopSettingsForm({ staffRefundLimit: "12,345.678", lowStockThreshold: "-1", applicationRetentionMonths: "99" }));
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain('value="12,345.678"');
    expect(badHtml).toContain("Scrivi un importo in euro");
    expect(badHtml).toContain("Scrivi un numero intero da 0 a 1000.");
    expect(badHtml).toContain("Scrivi un numero intero di mesi, da 1 a 60.");
    const saved = await ownerClient.postForm("/en/atelier/settings", shopSettingsForm({ staffRefundLimit: "150,50", lowStockThreshold: "5", applicationRetentionMonths: "18" }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/en/atelier/settings");
    const settings = await getShopSettings(app().db);
    expect(settings).toMatchObject({ staffRefundLimitCents: 15050, lowStockThreshold: 5, applicationRetentionMonths: 18 });
    const entry = (await auditOf("settings.update"))!;
    expect(JSON.parse(entry.before!)).toEqual({ staffRefundLimitCents: 20000, lowStockThreshold: 3, applicationRetentionMonths: 12 });
    expect(JSON.parse(entry.after!)).toEqual({ staffRefundLimitCents: 15050, lowStockThreshold: 5, applicationRetentionMonths: 18 });
    const again = decode(await (await ownerClient.get("/en/atelier/settings")).text());
    expect(again).toContain("Settings saved.");
    expect(again).toContain('value="150.50"');
  });

  it("searches the log by words, action, person and dates, pages it, and ignores nonsense filters", async () => {
    const all = decode(await (await ownerClient.get("/atelier/audit")).text());
    expect(all).toContain("settings.update");
    expect(all).toContain("staffRefundLimitCents");
    // The value before, with its word as hidden text inside (a del takes no aria-label).
    expect(all).toMatch(/<del[^>]*><span class="sr-only">Prima: <\/span>20000<\/del>/);
    const byWords = decode(await (await ownerClient.get("/atelier/audit?q=nuovo%40bottega")).text());
    expect(byWords).toContain("staff.invite");
    expect(byWords).not.toContain("settings.update");
    const byAction = decode(await (await ownerClient.get("/atelier/audit?action=settings.")).text());
    expect(byAction).toContain("settings.update");
    expect(byAction).not.toContain("staff.invite");
    const byStaff = decode(await (await ownerClient.get(`/atelier/audit?staff=${owner.staffId}&action=staff.role`)).text());
    expect(byStaff).toContain("staff.role");
    const today = new Date().toISOString().slice(0, 10);
    expect(decode(await (await ownerClient.get(`/atelier/audit?from=${today}&to=${today}&action=settings.update`)).text())).toContain("settings.update");
    expect(decode(await (await ownerClient.get("/atelier/audit?from=2001-01-01&to=2001-01-02")).text())).toContain("Nessuna voce.");
    for (const query of ["page=abc", "page=-3", "page=99999999", "staff=x", "from=2026-13-45", "to=yesterday", "action=%27%3B--", "q=" + "x".repeat(500)]) {
      expect((await ownerClient.get(`/atelier/audit?${query}`)).status, query).toBe(200);
    }
    // Paged: 50 a page, a link to the next.
    for (let i = 0; i < 55; i++) {
      await app().db.insertInto("audit_log").values({ at: new Date().toISOString(), staff_id: null, actor: "system", action: "test.fill", entity_type: "test", entity_id: String(i), before: null, after: null, summary: "" }).execute();
    }
    const first = decode(await (await ownerClient.get("/atelier/audit?action=test.fill")).text());
    expect(first).toMatch(/href="[^"]*\?action=test\.fill&page=2"/);
    const second = decode(await (await ownerClient.get("/atelier/audit?action=test.fill&page=2")).text());
    expect(second).toContain("test #4");
    expect(second).not.toContain('rel="next"');
  });

  it("answers forged and malformed posts to every Atelier action below 500, signed in as an owner", async () => {
    const paths = ["/atelier/login", "/atelier/login/code", "/atelier/login/enrol", "/atelier/setup?token=x", "/atelier/invite", "/atelier/staff", "/atelier/settings", "/atelier/audit", "/atelier/nothing", "/atelier/logout"];
    const bodies: Array<Record<string, string>> = [
      {},
      { intent: "invite" },
      { intent: "role", staffId: "1e9", role: "owner" },
      { intent: "end-session", staffId: "1", session: "x".repeat(5000) },
      { intent: "revoke-invite", inviteId: "-1" },
      { intent: "disable", staffId: "9007199254740993" },
      { __intent__: "{bad json", __state__: "[", intent: "enable", staffId: "1" },
      { email: "\u0000@x.it", password: "x".repeat(10_000), code: "\u0000", token: "t".repeat(300), name: "\u0007", confirmPassword: "" },
      { staffRefundLimit: "9".repeat(40), lowStockThreshold: "1e3", applicationRetentionMonths: "0x10" },
    ];
    const { client } = await signInStaff(app(), { role: "owner" });
    for (const path of paths) {
      for (const body of bodies) {
        const answer = await client.postForm(path, body);
        expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
      }
      const json = await client.fetch(path, { method: "POST", headers: { Origin: "http://localhost:3000", "Content-Type": "application/json" }, body: "{}" });
      expect(json.status, `${path} JSON`).toBeLessThan(500);
    }
  });
});
