import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { hashPassword } from "~/modules/account/password.server";
import {
  STAFF_CODE_BACKOFF,
  STAFF_CODE_IP_BACKOFF,
  STAFF_IDLE_TTL_MS,
  acceptInvite,
  changeStaffRole,
  confirmEnrolment,
  createSetupToken,
  createStaffMember,
  disableStaff,
  enrolmentSecret,
  findOpenInvite,
  inviteStaff,
  listOpenInvites,
  loadStaffSession,
  purgeExpiredStaffSessions,
  signInWithPassword,
  verifySecondFactor,
} from "./staff.service.server";
import { matchTotp, newTotpSecret, openText, sealText, staffKey, totpCode, totpStep } from "./totp.server";

const key = staffKey("test-secret");
const PASSWORD = "tre parole lunghe per atelier";
const client = { clientIp: "10.0.0.1", userAgent: "vitest" };

it("matches a TOTP code one step either side, and no further", () => {
  const secret = newTotpSecret();
  const now = new Date("2026-12-01T10:00:15Z");
  const step = totpStep(now);
  expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
  expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
  expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
  expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
  expect(matchTotp(secret, "12345", now)).toBeNull();
});

it("seals a secret so that only the same key opens it, and a tampered text opens to nothing", () => {
  const sealed = sealText("JBSWY3DPEHPK3PXP", key);
  expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
  expect(openText(sealed, key)).toBe("JBSWY3DPEHPK3PXP");
  expect(openText(sealed, staffKey("another secret"))).toBeNull();
  expect(openText(sealed.slice(0, -2) + "AA", key)).toBeNull();
  expect(openText("garbage", key)).toBeNull();
});

describeEachDatabase("staff service", (ctx) => {
  let hash: string;
  const ensureHash = async () => (hash ??= await hashPassword(PASSWORD, { ln: 10, r: 8, p: 1 }));

  it("lets one of two set-up links racing make the first owner, and makes no more links afterwards", async () => {
    const { db } = ctx();
    const [a, b] = [(await createSetupToken(db))!, (await createSetupToken(db))!];
    const results = await Promise.allSettled([
      acceptInvite(db, { token: a, email: "a@bottega.test", name: "Anna", password: PASSWORD, ...client }, key),
      acceptInvite(db, { token: b, email: "b@bottega.test", name: "Bruno", password: PASSWORD, ...client }, key),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "STAFF_INVITE_INVALID" });
    expect(await db.selectFrom("staff").select("role").execute()).toEqual([{ role: "owner" }]);
    expect(await createSetupToken(db)).toBeNull();
  });

  it("ends sessions idle past 30 minutes or past their end, and a disabled account's at once", async () => {
    const { db } = ctx();
    const secret = newTotpSecret();
    const staffId = await createStaffMember(db, { email: "idle@bottega.test", name: "Idle", role: "staff", passwordHash: await ensureHash(), totpSecret: secret, actor: { kind: "cli" } }, key);
    const t0 = new Date("2026-12-01T09:00:00Z");
    const { token: pending } = await signInWithPassword(db, { email: "idle@bottega.test", password: PASSWORD, ...client }, key, t0);
    const session = (await loadStaffSession(db, pending, t0))!;
    expect(session.signedIn).toBe(false);
    const { token } = await verifySecondFactor(db, { session, code: totpCode(secret, t0), ...client }, key, t0);
    expect(await loadStaffSession(db, pending, t0)).toBeNull();
    // Active every 20 minutes: alive for 12 hours, not a minute more.
    let at = t0;
    for (let i = 0; i < 35; i++) {
      at = new Date(at.getTime() + 20 * 60_000);
      expect(await loadStaffSession(db, token, at), at.toISOString()).not.toBeNull();
    }
    expect(await loadStaffSession(db, token, new Date(t0.getTime() + 12 * 3_600_000))).toBeNull();

    const { token: pending2 } = await signInWithPassword(db, { email: "idle@bottega.test", password: PASSWORD, ...client }, key, at);
    const later = new Date(at.getTime() + 60_000);
    const { token: second } = await verifySecondFactor(db, { session: (await loadStaffSession(db, pending2, later))!, code: totpCode(secret, later), ...client }, key, later);
    expect(await loadStaffSession(db, second, new Date(later.getTime() + STAFF_IDLE_TTL_MS - 1000))).not.toBeNull();
    expect(await loadStaffSession(db, second, new Date(later.getTime() + 2 * STAFF_IDLE_TTL_MS))).toBeNull();

    const { token: pending3 } = await signInWithPassword(db, { email: "idle@bottega.test", password: PASSWORD, ...client }, key, later);
    await db.updateTable("staff").set({ disabled_at: later.toISOString() }).where("id", "=", staffId).execute();
    expect(await loadStaffSession(db, pending3, later)).toBeNull();
    await expect(signInWithPassword(db, { email: "idle@bottega.test", password: PASSWORD, ...client }, key, later)).rejects.toMatchObject({ code: "STAFF_INVALID_CREDENTIALS" });
    // Housekeeping removes the rows of sessions past their end.
    expect(await purgeExpiredStaffSessions(db, new Date(later.getTime() + 13 * 3_600_000))).toBeGreaterThanOrEqual(0);
    expect(await db.selectFrom("staff_sessions").select("id").where("staff_id", "=", staffId).execute()).toEqual([]);
  });

  it("refuses an enrolment begun before the account enrolled from another sign-in, keeping its secret and recovery codes", async () => {
    const { db } = ctx();
    const staffId = await createStaffMember(db, { email: "nuova@bottega.test", name: "Nuova", role: "staff", passwordHash: await ensureHash(), actor: { kind: "cli" } }, key);
    const t0 = new Date("2026-12-01T09:00:00Z");
    // Two sign-ins before any enrolment: each session offers its own secret.
    const { token: early, next } = await signInWithPassword(db, { email: "nuova@bottega.test", password: PASSWORD, ...client }, key, t0);
    expect(next).toBe("enrol");
    const earlySession = (await loadStaffSession(db, early, t0))!;
    const earlySecret = (await enrolmentSecret(db, earlySession.id, key))!;
    const { token: late } = await signInWithPassword(db, { email: "nuova@bottega.test", password: PASSWORD, ...client }, key, t0);
    const lateSession = (await loadStaffSession(db, late, t0))!;
    const lateSecret = (await enrolmentSecret(db, lateSession.id, key))!;
    await confirmEnrolment(db, { session: lateSession, code: totpCode(lateSecret, t0), ...client }, key, t0);
    const enrolled = await db.selectFrom("staff").select(["totp_secret", "enrolled_at"]).where("id", "=", staffId).executeTakeFirstOrThrow();
    const codes = await db.selectFrom("staff_recovery_codes").select("code_hash").where("staff_id", "=", staffId).orderBy("code_hash").execute();
    expect(codes).toHaveLength(10);

    // The earlier session, still within its ten minutes, confirms its own (stale) secret.
    const later = new Date(t0.getTime() + 2 * 60_000);
    await expect(confirmEnrolment(db, { session: earlySession, code: totpCode(earlySecret, later), ...client }, key, later)).rejects.toMatchObject({ code: "STAFF_ALREADY_ENROLLED" });
    expect(await db.selectFrom("staff").select(["totp_secret", "enrolled_at"]).where("id", "=", staffId).executeTakeFirstOrThrow()).toEqual(enrolled);
    expect(openText(enrolled.totp_secret!, key)).toBe(lateSecret);
    expect(await db.selectFrom("staff_recovery_codes").select("code_hash").where("staff_id", "=", staffId).orderBy("code_hash").execute()).toEqual(codes);
    expect(await db.selectFrom("audit_log").select("action").where("action", "=", "staff.enrol").where("entity_id", "=", String(staffId)).execute()).toHaveLength(1);
    // The stale session is over: its cookie opens nothing.
    expect(await loadStaffSession(db, early, later)).toBeNull();
  });

  it("keeps expired and used invitations through housekeeping: the audit log's entries point at them", async () => {
    const { db } = ctx();
    const long = new Date("2026-01-05T09:00:00Z");
    const invite = (email: string) => inviteStaff(db, { email, role: "owner", locale: "it", actor: { kind: "cli" }, inviteUrl: (t) => t }, long);
    const [expired, used] = [await invite("vecchio@bottega.test"), await invite("usato@bottega.test")];
    await acceptInvite(db, { token: used.token, name: "Usato", password: PASSWORD, ...client }, key, long);
    const ids = [expired.inviteId, used.inviteId];
    const now = new Date("2026-12-01T09:00:00Z");
    await purgeExpiredStaffSessions(db, now);
    expect((await db.selectFrom("staff_invites").select("id").where("id", "in", ids).orderBy("id").execute()).map((r) => r.id)).toEqual(ids);
    const entries = await db.selectFrom("audit_log").select("entity_id").where("action", "=", "staff.invite").where("entity_id", "in", ids.map(String)).execute();
    expect(entries).toHaveLength(2);
    // Expired, it opens nothing and the staff page does not list it.
    expect((await listOpenInvites(db, now)).map((i) => i.id)).not.toContain(expired.inviteId);
    await expect(acceptInvite(db, { token: expired.token, name: "Vecchio", password: PASSWORD, ...client }, key, now)).rejects.toMatchObject({ code: "STAFF_INVITE_INVALID" });
  });

  it("withdraws the open invitations of an owner disabled or demoted, each in the log, and no one else's", async () => {
    const { db } = ctx();
    const now = new Date("2026-12-01T09:00:00Z");
    const owner = async (email: string) => ({ kind: "staff" as const, staffId: await createStaffMember(db, { email, name: email, role: "owner", passwordHash: await ensureHash(), actor: { kind: "cli" } }, key, now), email });
    const [anna, bruno, carla] = [await owner("anna@bottega.test"), await owner("bruno@bottega.test"), await owner("carla@bottega.test")];
    const invite = (email: string, role: "owner" | "staff", actor: typeof anna | { kind: "cli" }, at = now) => inviteStaff(db, { email, role, locale: "it", actor, inviteUrl: (t) => t }, at);
    const fromBruno = [await invite("socio@bottega.test", "owner", bruno), await invite("commessa@bottega.test", "staff", bruno)];
    const oldFromBruno = await invite("scaduto@bottega.test", "staff", bruno, new Date(now.getTime() - 4 * 86_400_000));
    const fromCarla = await invite("magazzino@bottega.test", "staff", carla);
    const fromCli = await invite("cli@bottega.test", "staff", { kind: "cli" });
    const later = new Date(now.getTime() + 60_000);
    const revocations = () => db.selectFrom("audit_log").select(["entity_id", "actor", "after"]).where("action", "=", "staff.revoke-invite").where("actor", "=", "anna@bottega.test").orderBy("id").execute();

    // Bruno demoted by Anna: his two open invitations stop working, the owner one among them.
    await changeStaffRole(db, { staffId: bruno.staffId, role: "staff", actor: anna }, later);
    for (const { token } of fromBruno) expect(await findOpenInvite(db, token, later)).toBeNull();
    await expect(acceptInvite(db, { token: fromBruno[0].token, name: "Socio", password: PASSWORD, ...client }, key, later)).rejects.toMatchObject({ code: "STAFF_INVITE_INVALID" });
    expect(await revocations()).toEqual(
      fromBruno.map(({ inviteId }) => ({ entity_id: String(inviteId), actor: "anna@bottega.test", after: JSON.stringify({ because: "staff.role", inviter: "bruno@bottega.test" }) })),
    );
    // The expired one stays as it was; Carla's and the command line's stay open.
    expect((await db.selectFrom("staff_invites").select("used_at").where("id", "=", oldFromBruno.inviteId).executeTakeFirstOrThrow()).used_at).toBeNull();
    expect(await findOpenInvite(db, fromCarla.token, later)).not.toBeNull();
    expect(await findOpenInvite(db, fromCli.token, later)).not.toBeNull();

    // Carla disabled by Anna: her invitation goes too, counted on the disable's entry.
    await disableStaff(db, { staffId: carla.staffId, actor: anna }, later);
    expect(await findOpenInvite(db, fromCarla.token, later)).toBeNull();
    expect((await revocations()).map((r) => r.entity_id)).toEqual([...fromBruno.map((i) => String(i.inviteId)), String(fromCarla.inviteId)]);
    const disabled = await db.selectFrom("audit_log").select("after").where("action", "=", "staff.disable").executeTakeFirstOrThrow();
    expect(JSON.parse(disabled.after!)).toMatchObject({ invitesWithdrawn: 1 });
    expect(await findOpenInvite(db, fromCli.token, later)).not.toBeNull();
  });

  it("counts only wrong codes: six sign-ins of one account in five minutes all work, each in the log with its address", async () => {
    const { db } = ctx();
    const secret = newTotpSecret();
    const email = "mattina@bottega.test";
    const staffId = await createStaffMember(db, { email, name: email, role: "owner", passwordHash: await ensureHash(), totpSecret: secret, actor: { kind: "cli" } }, key);
    const t0 = new Date("2026-12-01T09:00:01Z");
    for (let i = 0; i < 6; i++) {
      // A new 30-second step each time (a code is accepted once per step).
      const at = new Date(t0.getTime() + i * 31_000);
      const { token } = await signInWithPassword(db, { email, password: PASSWORD, ...client }, key, at);
      const session = (await loadStaffSession(db, token, at))!;
      await expect(verifySecondFactor(db, { session, code: totpCode(secret, at), ...client }, key, at)).resolves.toMatchObject({ recoveryCodeUsed: false });
    }
    const entries = await db.selectFrom("audit_log").select(["action", "ip", "staff_id"]).where("action", "=", "auth.sign-in").where("entity_id", "=", String(staffId)).execute();
    expect(entries).toHaveLength(6);
    expect(entries.every((e) => e.ip === client.clientIp && e.staff_id === staffId)).toBe(true);
  });

  it("backs off exponentially after wrong codes per account, logs each with its address, and mails the member after five", async () => {
    const { db } = ctx();
    expect(STAFF_CODE_BACKOFF).toMatchObject({ free: 3, baseMs: 1_000, maxMs: 3_600_000 });
    const secret = newTotpSecret();
    const email = "bersaglio@bottega.test";
    const staffId = await createStaffMember(db, { email, name: email, role: "staff", passwordHash: await ensureHash(), totpSecret: secret, actor: { kind: "cli" } }, key);
    const attacker = { clientIp: "198.51.100.7", userAgent: "curl" };
    let at = new Date("2026-12-02T09:00:00Z");
    const { token } = await signInWithPassword(db, { email, password: PASSWORD, ...attacker }, key, at);
    const session = (await loadStaffSession(db, token, at))!;
    const wrong = () => (totpCode(secret, at) === "000000" ? "111111" : "000000");
    const tryCode = (code: string) => verifySecondFactor(db, { session, code, ...attacker }, key, at);
    // Three wrong codes cost nothing…
    for (let i = 0; i < 3; i++) await expect(tryCode(wrong())).rejects.toMatchObject({ code: "STAFF_CODE_INVALID" });
    // …then each one doubles the wait: 1 s, 2 s, 4 s, 8 s. A try in the wait is refused unchecked, even the right code.
    for (const wait of [1, 2, 4, 8]) {
      await expect(tryCode(wrong())).rejects.toMatchObject({ code: "STAFF_CODE_INVALID" });
      await expect(tryCode(totpCode(secret, at))).rejects.toMatchObject({ code: "RATE_LIMITED", field: "code", retryAfter: wait });
      at = new Date(at.getTime() + wait * 1_000);
    }
    const failed = await db.selectFrom("audit_log").select(["action", "ip", "summary", "after"]).where("action", "=", "auth-failed.code").execute();
    expect(failed).toHaveLength(7);
    expect(failed.every((e) => e.ip === attacker.clientIp && e.summary === email)).toBe(true);
    // The fifth wrong code in a row mailed the member, once so far (through the outbox).
    const mails = await db.selectFrom("mail_outbox").select(["recipient", "subject"]).where("template", "=", "staff-wrong-codes").execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: email });
    // After the wait, the right code signs in and the account's failures are forgotten.
    await expect(tryCode(totpCode(secret, at))).resolves.toMatchObject({ recoveryCodeUsed: false });
    expect(await db.selectFrom("rate_backoffs").select("key").where("key", "=", `staff-code:${staffId}`).executeTakeFirst()).toBeUndefined();
  });

  it("backs off per client too, across accounts: a client holding several passwords gets no more than its free tries", async () => {
    const { db } = ctx();
    expect(STAFF_CODE_IP_BACKOFF.free).toBe(10);
    const at = new Date("2026-12-03T09:00:00Z");
    const attacker = { clientIp: "203.0.113.50", userAgent: "curl" };
    const sessions = [];
    for (let i = 0; i < 4; i++) {
      const secret = newTotpSecret();
      const email = `conto${i}@bottega.test`;
      await createStaffMember(db, { email, name: email, role: "staff", passwordHash: await ensureHash(), totpSecret: secret, actor: { kind: "cli" } }, key);
      const { token } = await signInWithPassword(db, { email, password: PASSWORD, ...attacker }, key, at);
      sessions.push({ secret, session: (await loadStaffSession(db, token, at))! });
    }
    const wrong = (secret: string) => (totpCode(secret, at) === "000000" ? "111111" : "000000");
    // Three free wrong codes on each of the first three accounts, a fourth on the fourth: 10, then the 11th.
    let tries = 0;
    for (const { secret, session } of sessions) {
      for (let i = 0; i < 3 && tries < 11; i++, tries++) await expect(verifySecondFactor(db, { session, code: wrong(secret), ...attacker }, key, at)).rejects.toMatchObject({ code: "STAFF_CODE_INVALID" });
    }
    const last = sessions[3];
    await expect(verifySecondFactor(db, { session: last.session, code: totpCode(last.secret, at), ...attacker }, key, at)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // From another address the same account still signs in (its own failures are below its free three).
    await expect(verifySecondFactor(db, { session: last.session, code: totpCode(last.secret, at), clientIp: "203.0.113.51", userAgent: "x" }, key, at)).resolves.toBeTruthy();
  });
});
