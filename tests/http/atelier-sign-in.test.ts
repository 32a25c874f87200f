import { expect, it } from "vitest";
import { registrationForm } from "../support/forms";
import { type HttpClient, describeEachApp } from "../support/http";
import { STAFF_PASSWORD, createTestStaff, signInStaff, signInStaffClient } from "../support/staff";
import { STAFF_CODE_BACKOFF, createSetupToken, inviteStaff } from "~/modules/staff/staff.service.server";
import { totpCode } from "~/modules/staff/totp.server";

// Atelier's sign-in through the request handler, without JavaScript: its own cookie (a shopper's
// never opens it), the first owner's set-up link, password then TOTP, recovery codes, rate
// limits, idle and absolute timeouts, the session id's rotation and sign-out.
describeEachApp("Atelier sign-in", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const sessionRows = (staffId: number) => app().db.selectFrom("staff_sessions").selectAll().where("staff_id", "=", staffId).execute();
  const atelierCookie = (client: HttpClient) => client.cookies.get("__atelier");

  it("creates the first owner from the set-up link once, within its 30 minutes, then enrols the second factor", async () => {
    // A link from a start 31 minutes ago has expired.
    const stale = await createSetupToken(app().db, new Date(Date.now() - 31 * 60_000));
    expect((await app().client().get(`/atelier/setup?token=${stale}`)).status).toBe(410);
    const token = (await createSetupToken(app().db))!;
    // A second process's link coexists with it until the first owner exists.
    const other = (await createSetupToken(app().db))!;

    const owner = app().client();
    const page = await owner.get(`/atelier/setup?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = decode(await page.text());
    expect(html).toContain("Crea il primo titolare");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');

    // Bad input: 400, messages at the fields, the name kept, the passwords not sent back.
    const bad = await owner.postForm(`/atelier/setup?token=${token}`, { token, email: "not-an-address", name: "Anna Bianchi", password: "short", confirmPassword: "other" });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain('value="Anna Bianchi"');
    expect(badHtml).not.toContain('value="short"');
    expect(await app().db.selectFrom("staff").select("id").execute()).toEqual([]);

    const created = await owner.postForm(`/atelier/setup?token=${token}`, { token, email: "anna@bottega.test", name: "Anna Bianchi", password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/atelier/login/enrol");
    // Not signed in yet: the second factor first.
    expect((await owner.get("/atelier")).headers.get("Location")).toBe("/atelier/login");

    // The link and the other process's link are used up.
    expect((await app().client().get(`/atelier/setup?token=${token}`)).status).toBe(410);
    expect((await app().client().get(`/atelier/setup?token=${other}`)).status).toBe(410);
    const again = await app().client().postForm("/atelier/setup", { token: other, email: "eve@bottega.test", name: "Eve", password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD });
    expect(again.status).toBe(410);
    expect(decode(await again.text())).toContain("Questo link non è valido, è già stato usato o è scaduto.");

    // Enrolment: the secret as a server-drawn QR code (SVG) and as text.
    const enrol = decode(await (await owner.get("/atelier/login/enrol")).text());
    expect(enrol).toMatch(/role="img" aria-label="Codice QR[^"]*"[^>]*><svg/);
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(enrol)![1].replace(/ /g, "");
    const stored = await app().db.selectFrom("staff").select(["id", "totp_secret", "role"]).where("email_key", "=", "anna@bottega.test").executeTakeFirstOrThrow();
    expect(stored.role).toBe("owner");
    expect(stored.totp_secret).toBeNull();

    const wrong = await owner.postForm("/atelier/login/enrol", { code: "000000" === totpCode(secret) ? "111111" : "000000" });
    expect(wrong.status).toBe(401);
    const done = await owner.postForm("/atelier/login/enrol", { code: totpCode(secret) });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/atelier/login/recovery-codes");
    const enrolled = await app().db.selectFrom("staff").select(["totp_secret", "enrolled_at"]).where("id", "=", stored.id).executeTakeFirstOrThrow();
    // Stored sealed, never as the base32 secret itself.
    expect(enrolled.totp_secret).not.toContain(secret);
    expect(enrolled.enrolled_at).not.toBeNull();

    // Ten recovery codes, shown once.
    const codesPage = decode(await (await owner.get("/atelier/login/recovery-codes")).text());
    const codes = [...codesPage.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const reread = decode(await (await owner.get("/atelier/login/recovery-codes")).text());
    expect(reread).not.toContain(codes[0]);
    expect(reread).toContain("mostrati una volta sola");

    // Signed in: the dashboard and the owner's nav.
    const dashboard = decode(await (await owner.get("/atelier")).text());
    expect(dashboard).toContain("Anna Bianchi · Titolare");
    expect(dashboard).toContain('href="/atelier/staff"');
    expect(dashboard).toContain('href="/atelier/settings"');
    expect(dashboard).toContain('action="/atelier/logout"');

    // A recovery code signs in once, instead of the app's code.
    expect((await owner.postForm("/atelier/logout", {})).status).toBe(302);
    const device = app().client();
    expect((await device.postForm("/atelier/login", { email: "ANNA@bottega.test", password: STAFF_PASSWORD })).headers.get("Location")).toBe("/atelier/login/code");
    const recovered = await device.postForm("/atelier/login/code", { code: codes[3].toUpperCase() });
    expect(recovered.status).toBe(302);
    expect(decode(await (await device.get("/atelier")).text())).toContain("Hai usato un codice di recupero: te ne restano 9.");
    const thief = app().client();
    await thief.postForm("/atelier/login", { email: "anna@bottega.test", password: STAFF_PASSWORD });
    const reused = await thief.postForm("/atelier/login/code", { code: codes[3] });
    expect(reused.status).toBe(401);
    expect(decode(await reused.text())).toContain("Codice non valido o già usato.");

    const audit = await app().db.selectFrom("audit_log").select(["action", "actor"]).where("entity_type", "=", "staff").where("entity_id", "=", String(stored.id)).orderBy("id").execute();
    expect(audit.map((a) => a.action).filter((a) => a.startsWith("staff."))).toEqual(["staff.setup", "staff.enrol", "staff.recovery-code-used"]);
    // Sign-ins, the wrong code and the sign-out are there too (issue 37).
    expect(audit.map((a) => a.action).filter((a) => a.startsWith("auth"))).toEqual(["auth-failed.code", "auth.sign-in", "auth.sign-out", "auth.sign-in", "auth-failed.code"]);
    expect(audit[0].actor).toBe("anna@bottega.test");
  });

  it("sends no cookie and a shopper's cookie to Atelier's login; a shopper's token never opens it", async () => {
    const nobody = app().client();
    const root = await nobody.get("/atelier");
    expect(root.status).toBe(302);
    expect(root.headers.get("Location")).toBe("/atelier/login");
    const deep = await nobody.get("/en/atelier/orders?status=paid");
    expect(deep.headers.get("Location")).toBe(`/en/atelier/login?redirectTo=${encodeURIComponent("/en/atelier/orders?status=paid")}`);
    expect((await nobody.postForm("/atelier/logout", {})).headers.get("Location")).toBe("/atelier/login");

    const shopper = app().client();
    expect((await shopper.postForm("/login/register", registrationForm(`cliente-${app().kind}@example.it`))).status).toBe(302);
    expect(shopper.cookies.get("__session")).toBeTruthy();
    expect((await shopper.get("/atelier")).headers.get("Location")).toBe("/atelier/login");
    // The shopper's own token, signed by the same secret, put in Atelier's cookie: still nobody.
    const forged = await shopper.get("/atelier", { headers: { Cookie: `__atelier=${shopper.cookies.get("__session")}` } });
    expect(forged.headers.get("Location")).toBe("/atelier/login");
    // Registering in the shop made nobody staff.
    expect(await app().db.selectFrom("staff").select("id").where("email_key", "=", `cliente-${app().kind}@example.it`).execute()).toEqual([]);
    // Nor does the shopper's password sign in to Atelier.
    const tried = await shopper.postForm("/atelier/login", { email: `cliente-${app().kind}@example.it`, password: registrationForm("x")!.password });
    expect(tried.status).toBe(401);
  });

  it("signs in with the password then a TOTP code, rotating the session id, and refuses a code used in its step", async () => {
    const staff = await createTestStaff(app().db, app().env.SESSION_SECRET, { role: "staff" });
    const client = app().client();
    // An id planted before the sign-in is worthless after it.
    const login = await client.postForm("/atelier/login", { email: staff.email, password: STAFF_PASSWORD, redirectTo: "/atelier/orders" });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe(`/atelier/login/code?redirectTo=${encodeURIComponent("/atelier/orders")}`);
    const pending = atelierCookie(client)!;
    expect(pending).toBeTruthy();
    expect(login.headers.get("Set-Cookie")).toMatch(/__atelier=[^;]+; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax/);
    // Between the password and the code, Atelier stays closed.
    expect((await client.get("/atelier")).headers.get("Location")).toBe("/atelier/login");

    const wrong = await client.postForm("/atelier/login/code", { code: "12345x", redirectTo: "/atelier/orders" });
    expect(wrong.status).toBe(401);
    const wrongHtml = decode(await wrong.text());
    expect(wrongHtml).toContain("Codice non valido o già usato.");
    expect(wrongHtml).toMatch(/aria-invalid="true"[^>]*name="code"|name="code"[^>]*aria-invalid="true"|id="atelier-code-code"[^>]*aria-invalid/);

    const code = totpCode(staff.totpSecret);
    const signed = await client.postForm("/atelier/login/code", { code, redirectTo: "https://evil.example/atelier" });
    expect(signed.status).toBe(302);
    expect(signed.headers.get("Location")).toBe("/atelier");
    const signedIn = atelierCookie(client)!;
    expect(signedIn).not.toBe(pending);
    const stale = app().client();
    expect((await stale.get("/atelier", { headers: { Cookie: `__atelier=${pending}` } })).headers.get("Location")).toBe("/atelier/login");
    const page = await client.get("/atelier");
    expect(page.status).toBe(200);
    expect(decode(await page.text())).toContain("Accesso eseguito.");
    // A staff member sees no owner sections.
    expect(decode(await (await client.get("/atelier")).text())).not.toContain('href="/atelier/staff"');
    const [row] = await sessionRows(staff.staffId);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(12 * 3_600_000);
    expect(row.second_factor).toBe(1);

    // The same code again, in its step, from another device: refused (replay).
    const replay = app().client();
    await replay.postForm("/atelier/login", { email: staff.email, password: STAFF_PASSWORD });
    expect((await replay.postForm("/atelier/login/code", { code })).status).toBe(401);

    // A wrong password: one answer, at the field.
    const guess = await app().client().postForm("/atelier/login", { email: staff.email, password: "not the password" });
    expect(guess.status).toBe(401);
    expect(decode(await guess.text())).toContain("Email o password non corrette.");
  });

  it("answers wrong codes past the free ones with 429, Retry-After and a message at the field", async () => {
    const staff = await createTestStaff(app().db, app().env.SESSION_SECRET);
    const client = app().client();
    await client.postForm("/atelier/login", { email: staff.email, password: STAFF_PASSWORD });
    const other = app().client();
    await other.postForm("/atelier/login", { email: staff.email, password: STAFF_PASSWORD });
    const wrongCode = totpCode(staff.totpSecret) === "000000" ? "111111" : "000000";
    // The free wrong codes, and one more that starts the back-off (a second, doubling each time).
    for (let i = 0; i <= STAFF_CODE_BACKOFF.free; i++) expect((await client.postForm("/atelier/login/code", { code: wrongCode })).status).toBe(401);
    const limited = await client.postForm("/atelier/login/code", { code: totpCode(staff.totpSecret) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = decode(await limited.text());
    expect(html).toMatch(/id="atelier-code-code-error"[^>]*>.*Troppi tentativi/s);
    // Another client is limited too: the back-off is the account's (and the client's).
    expect((await other.postForm("/en/atelier/login/code", { code: totpCode(staff.totpSecret) })).status).toBe(429);
  });

  it("ends a session idle for 30 minutes, and any session 12 hours after sign-in", async () => {
    const { client, staffId } = await signInStaff(app(), { role: "staff" });
    expect((await client.get("/atelier")).status).toBe(200);
    const idle = new Date(Date.now() - 31 * 60_000).toISOString();
    await app().db.updateTable("staff_sessions").set({ last_seen_at: idle }).where("staff_id", "=", staffId).execute();
    const afterIdle = await client.get("/atelier");
    expect(afterIdle.headers.get("Location")).toBe("/atelier/login");
    expect(afterIdle.headers.get("Set-Cookie")).toMatch(/__atelier=; Max-Age=0/);
    expect(await sessionRows(staffId)).toEqual([]);

    const again = await signInStaff(app(), { role: "staff" });
    // Busy all along (seen a minute ago), but signed in 12 hours ago.
    await app()
      .db.updateTable("staff_sessions")
      .set({ created_at: new Date(Date.now() - 12 * 3_600_000).toISOString(), last_seen_at: new Date(Date.now() - 60_000).toISOString(), expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("staff_id", "=", again.staffId)
      .execute();
    expect((await again.client.get("/atelier")).headers.get("Location")).toBe("/atelier/login");
  });

  it("records sign-ins, failed passwords, wrong codes and sign-outs in the audit log with the client's address, and the owner filters the failed ones", async () => {
    const staff = await createTestStaff(app().db, app().env.SESSION_SECRET, { role: "staff" });
    const entries = () => app().db.selectFrom("audit_log").select(["action", "ip", "staff_id", "summary", "entity_id"]).where("summary", "=", staff.email).where("action", "like", "auth%").orderBy("id").execute();
    const intruder = app().client({ clientIp: "192.0.2.66" });
    expect((await intruder.postForm("/atelier/login", { email: staff.email, password: "non è la password" })).status).toBe(401);
    expect((await app().client({ clientIp: "192.0.2.67" }).postForm("/atelier/login", { email: "nessuno@bottega.test", password: "x" })).status).toBe(401);
    await intruder.postForm("/atelier/login", { email: staff.email, password: STAFF_PASSWORD });
    const wrongCode = totpCode(staff.totpSecret) === "000000" ? "111111" : "000000";
    expect((await intruder.postForm("/atelier/login/code", { code: wrongCode })).status).toBe(401);
    const member = app().client({ clientIp: "192.0.2.10" });
    await signInStaffClient(member, staff);
    expect((await member.postForm("/atelier/logout", {})).status).toBe(302);
    expect(await entries()).toEqual([
      { action: "auth-failed.password", ip: "192.0.2.66", staff_id: null, summary: staff.email, entity_id: String(staff.staffId) },
      { action: "auth-failed.code", ip: "192.0.2.66", staff_id: null, summary: staff.email, entity_id: String(staff.staffId) },
      { action: "auth.sign-in", ip: "192.0.2.10", staff_id: staff.staffId, summary: staff.email, entity_id: String(staff.staffId) },
      { action: "auth.sign-out", ip: "192.0.2.10", staff_id: staff.staffId, summary: staff.email, entity_id: String(staff.staffId) },
    ]);
    const unknown = await app().db.selectFrom("audit_log").select(["action", "ip", "entity_id"]).where("summary", "=", "nessuno@bottega.test").executeTakeFirstOrThrow();
    expect(unknown).toEqual({ action: "auth-failed.password", ip: "192.0.2.67", entity_id: "unknown" });
    // The owner sees the failed tries on the log's page, filtered, with where they came from.
    const { client: owner } = await signInStaff(app(), { role: "owner" });
    const page = decode(await (await owner.get("/atelier/audit?action=auth-failed.")).text());
    expect(page).toContain("192.0.2.66");
    expect(page).toContain("192.0.2.67");
    expect(page).not.toContain("auth.sign-out");
    expect(page).toMatch(/<option value="auth-failed\."[^>]*>/);
  });

  it("signs out with a post: the row goes, so a copy of the cookie opens nothing", async () => {
    const { client, staffId } = await signInStaff(app(), { role: "owner" });
    const copy = atelierCookie(client)!;
    expect((await client.get("/atelier/logout")).headers.get("Location")).toBe("/atelier");
    expect(await sessionRows(staffId)).toHaveLength(1);
    const out = await client.postForm("/en/atelier/logout", {});
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/en/atelier/login");
    expect(await sessionRows(staffId)).toEqual([]);
    expect(atelierCookie(client)).toBeUndefined();
    expect(decode(await (await client.get("/en/atelier/login")).text())).toContain("You have signed out of Atelier.");
    expect((await app().client().get("/atelier", { headers: { Cookie: `__atelier=${copy}` } })).headers.get("Location")).toBe("/atelier/login");
  });

  it("accepts an invitation once, with its own address, and refuses an expired one", async () => {
    const { token } = await inviteStaff(app().db, { email: "luca@bottega.test", role: "staff", locale: "en", actor: { kind: "cli" }, inviteUrl: (t) => `http://localhost:3000/en/atelier/invite?token=${t}` });
    const mail = await app().db.selectFrom("mail_outbox").select(["text_body", "subject"]).where("recipient", "=", "luca@bottega.test").executeTakeFirstOrThrow();
    expect(mail.subject).toBe("Your invitation to Atelier, Bottega's back office");
    expect(mail.text_body).toContain(`/en/atelier/invite?token=${token}`);
    const page = decode(await (await app().client().get(`/en/atelier/invite?token=${token}`)).text());
    expect(page).toContain("Join Atelier");
    expect(page).toContain("luca@bottega.test");
    const client = app().client();
    // An address typed into the form is ignored: the invitation's stands.
    const accepted = await client.postForm("/en/atelier/invite", { token, email: "other@bottega.test", name: "Luca Neri", password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/en/atelier/login/enrol");
    const row = await app().db.selectFrom("staff").select(["role", "name"]).where("email_key", "=", "luca@bottega.test").executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "staff", name: "Luca Neri" });
    expect((await app().client().get(`/en/atelier/invite?token=${token}`)).status).toBe(410);

    const old = await inviteStaff(
      app().db,
      { email: "late@bottega.test", role: "staff", locale: "it", actor: { kind: "cli" }, inviteUrl: (t) => t },
      new Date(Date.now() - 4 * 86_400_000),
    );
    expect((await app().client().get(`/atelier/invite?token=${old.token}`)).status).toBe(410);
    expect((await app().client().postForm("/atelier/invite", { token: old.token, name: "Late", password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD })).status).toBe(410);
  });

  it("sends a sign-in begun before the account enrolled elsewhere back to the login, the second factor kept", async () => {
    const staff = await createTestStaff(app().db, app().env.SESSION_SECRET, { role: "staff", enrolled: false });
    const secretOf = async (client: HttpClient) => /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(decode(await (await client.get("/en/atelier/login/enrol")).text()))![1].replace(/ /g, "");
    const [early, late] = [app().client(), app().client()];
    for (const client of [early, late]) expect((await client.postForm("/en/atelier/login", { email: staff.email, password: STAFF_PASSWORD })).headers.get("Location")).toBe("/en/atelier/login/enrol");
    const [earlySecret, lateSecret] = [await secretOf(early), await secretOf(late)];
    expect((await late.postForm("/en/atelier/login/enrol", { code: totpCode(lateSecret) })).headers.get("Location")).toBe("/en/atelier/login/recovery-codes");
    const enrolled = await app().db.selectFrom("staff").select(["totp_secret", "enrolled_at"]).where("id", "=", staff.staffId).executeTakeFirstOrThrow();

    const stale = await early.postForm("/en/atelier/login/enrol", { code: totpCode(earlySecret) });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/en/atelier/login");
    expect(atelierCookie(early)).toBeUndefined();
    expect(decode(await (await early.get("/en/atelier/login")).text())).toContain("This account has already turned on two-step verification");
    expect(await app().db.selectFrom("staff").select(["totp_secret", "enrolled_at"]).where("id", "=", staff.staffId).executeTakeFirstOrThrow()).toEqual(enrolled);
    expect(await sessionRows(staff.staffId)).toHaveLength(1);
    // Signing in again asks for the code of the secret enrolled.
    expect((await early.postForm("/en/atelier/login", { email: staff.email, password: STAFF_PASSWORD })).headers.get("Location")).toBe("/en/atelier/login/code");
  });

  it("lets a signed-in client reach the login page no more, and shows Atelier's own 404 for a section to come", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    expect((await client.get("/atelier/login")).headers.get("Location")).toBe("/atelier");
    const missing = await client.get("/atelier/nothing-here");
    expect(missing.status).toBe(404);
    expect(decode(await missing.text())).toContain("Questa pagina di Atelier non esiste");
    // A second sign-in of the same person elsewhere is a second session.
    const staff = await createTestStaff(app().db, app().env.SESSION_SECRET, { role: "owner" });
    await signInStaffClient(app().client(), staff);
  });
});
