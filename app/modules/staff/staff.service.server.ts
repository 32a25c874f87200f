import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, Locale, StaffRole } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { isCommonPassword } from "~/modules/account/common-passwords.server";
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from "~/modules/account/password.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { type BackoffRule, backoffWait, clearBackoff, clientKey, enforceRateLimit, hitRateLimit, recordBackoffFailure } from "~/modules/rate-limit/rate-limit.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { staffInviteMail, staffWrongCodesMail } from "./staff-mail.server";
import * as repo from "./staff.repository.server";
import { ADJUSTABLE, type Capability, ROLE_PRESETS, capabilitiesOf } from "./capabilities";
import { matchTotp, newTotpSecret, openText, sealText } from "./totp.server";

// Atelier's staff: accounts, sign-in (password, then a TOTP code or a recovery code), sessions
// with short timeouts, invitations and the first owner's set-up link (docs/decisions/021).

/** A signed-in session ends after 30 minutes without a request… */
export const STAFF_IDLE_TTL_MS = 30 * 60_000;
/** …and 12 hours after sign-in, whatever happens. */
export const STAFF_ABSOLUTE_TTL_MS = 12 * 3_600_000;
/** Between the password and the second factor: ten minutes to type the code. */
export const STAFF_PENDING_TTL_MS = 10 * 60_000;
/** last_seen_at is written at most once a minute (the idle timeout is checked against it). */
const TOUCH_INTERVAL_MS = 60_000;
/** The set-up link printed at start. */
export const SETUP_TTL_MS = 30 * 60_000;
/** An invitation's link (by e-mail or from the command line). */
export const INVITE_TTL_MS = 3 * 86_400_000;
export const RECOVERY_CODE_COUNT = 10;

/** Password tries per client address. */
export const STAFF_LOGIN_IP_RATE_LIMIT = { limit: 10, windowMs: 60_000 };
/** Password tries per address, whatever the client. */
export const STAFF_EMAIL_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };
/**
 * Wrong second-factor codes per account (issue 37): right codes do not count, so a busy morning
 * of sign-ins locks nobody out. Three wrong codes are free, then each doubles the wait from one
 * second to at most an hour; they are forgotten after a day without one. With three codes valid
 * at a time, an attacker holding the password gets about 40 guesses a day: about 0.4 % in 30
 * days (the old 5 per 5 minutes allowed 12 %).
 */
export const STAFF_CODE_BACKOFF: BackoffRule = { free: 3, baseMs: 1_000, maxMs: 3_600_000, resetMs: 86_400_000 };
/** The same per client address, looser: a shop's staff sign in from one office address. */
export const STAFF_CODE_IP_BACKOFF: BackoffRule = { free: 10, baseMs: 1_000, maxMs: 3_600_000, resetMs: 86_400_000 };
/** The member is e-mailed at this many wrong codes in a row, and again each time they double. */
export const STAFF_CODE_MAIL_AFTER = 5;
/** Set-up and invitation acceptances per client address. */
export const STAFF_INVITE_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

export { STAFF_ROLES } from "./capabilities";

type Db = Kysely<Database>;

/** Who is signed in to Atelier, as routes see it. */
export interface StaffViewer {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** What the member may do: the role's preset or the owner's choice (an owner: everything). */
  capabilities: Capability[];
  /** The member's own refund cap in cents; null: the shop's staff limit (an owner: none). */
  refundCapCents: number | null;
}

/** A session as loaded for one request. */
export interface StaffSessionView {
  /** The row's key (the token's hash). */
  id: string;
  staff: StaffViewer & { enrolled: boolean };
  /** The second factor was given: the session opens Atelier. */
  signedIn: boolean;
  /** A TOTP secret waits for its first code (enrolment). */
  enrolling: boolean;
  /** Recovery codes wait to be shown once. */
  hasRecoveryCodes: boolean;
  flash: string | null;
  /** When the session ends if no request comes first (idle timeout, or the absolute end if sooner). */
  endsAt: string;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/** The hashed key of a session's token (the cookie holds the token). */
export const sessionIdOf = (token: string) => sha256(token);

/** What a staff member is shown as in the audit log. */
export function staffActorOf(viewer: Pick<StaffViewer, "id" | "email">): AuditActor {
  return { kind: "staff", staffId: viewer.id, email: viewer.email };
}

// Sessions

/**
 * The session a cookie's token names, with its account; null when unknown, idle past 30 minutes,
 * past its absolute end, or its account disabled (the row is deleted then). Touches last_seen_at
 * at most once a minute.
 */
export async function loadStaffSession(db: Db, token: string, now = new Date()): Promise<StaffSessionView | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await repo.findSessionWithStaff(db, sessionIdOf(token));
  if (!row) return null;
  const t = now.getTime();
  const idle = t - Date.parse(row.last_seen_at) > STAFF_IDLE_TTL_MS;
  if (idle || Date.parse(row.expires_at) <= t || row.disabled_at !== null) {
    await repo.deleteStaffSession(db, row.id);
    return null;
  }
  const touched = t - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS;
  if (touched) await repo.updateStaffSession(db, row.id, { last_seen_at: now.toISOString() });
  const endsAt = Math.min((touched ? t : Date.parse(row.last_seen_at)) + STAFF_IDLE_TTL_MS, Date.parse(row.expires_at));
  return {
    id: row.id,
    staff: {
      id: row.staff_id,
      email: row.email,
      name: row.name,
      role: row.role,
      capabilities: capabilitiesOf(row.role, row.capabilities),
      refundCapCents: row.refund_cap_cents,
      enrolled: row.enrolled_at !== null,
    },
    signedIn: row.second_factor === 1,
    enrolling: row.enrol_secret !== null,
    hasRecoveryCodes: row.recovery_codes !== null,
    flash: row.flash,
    endsAt: new Date(endsAt).toISOString(),
  };
}

interface ClientInfo {
  clientIp: string;
  userAgent: string;
}

/** A new session waiting for the second factor; an account not yet enrolled gets its TOTP secret here. */
async function startPendingSession(db: Db | Transaction<Database>, staffId: number, enrolled: boolean, client: ClientInfo, key: Buffer, now: Date): Promise<string> {
  const token = newToken();
  const at = now.toISOString();
  await repo.insertStaffSession(db, {
    id: sessionIdOf(token),
    staff_id: staffId,
    second_factor: 0,
    enrol_secret: enrolled ? null : sealText(newTotpSecret(), key),
    user_agent: client.userAgent.slice(0, 300),
    ip: client.clientIp.slice(0, 64),
    created_at: at,
    last_seen_at: at,
    expires_at: new Date(now.getTime() + STAFF_PENDING_TTL_MS).toISOString(),
  });
  return token;
}

/**
 * The password step. Rate limited per client and per address before any hashing; an unknown
 * address costs the same hash time as a wrong password, and a disabled account gives the same
 * answer. Returns a new session's token (the caller ends the one the cookie held: the id
 * changes at sign-in) and what comes next.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string } & ClientInfo,
  key: Buffer,
  now = new Date(),
): Promise<{ token: string; next: "code" | "enrol" }> {
  await enforceRateLimit(db, "staff-login", input.clientIp, STAFF_LOGIN_IP_RATE_LIMIT, now);
  const perEmail = await hitRateLimit(db, `staff-login-email:${sha256(repo.emailKey(input.email))}`, STAFF_EMAIL_RATE_LIMIT, now);
  if (!perEmail.allowed) throw new DomainError("RATE_LIMITED", "staff login rate limit (email)", { retryAfter: perEmail.retryAfter, field: "password" });
  const staff = await repo.findStaffByEmail(db, input.email);
  const valid = staff ? await verifyPassword(input.password, staff.password_hash) : await verifyNothing(input.password);
  if (!staff || !valid || staff.disabled_at !== null) {
    const reason = !staff ? "unknown-address" : !valid ? "wrong-password" : "disabled";
    await recordAudit(db, { actor: { kind: "visitor" }, action: "auth-failed.password", entityType: "staff", entityId: staff?.id ?? "unknown", after: { reason }, summary: input.email.slice(0, 254), ip: input.clientIp, at: now });
    throw new DomainError("STAFF_INVALID_CREDENTIALS", "staff credentials", { field: "password" });
  }
  if (needsRehash(staff.password_hash)) {
    try {
      await repo.updateStaff(db, staff.id, { password_hash: await hashPassword(input.password), updated_at: now.toISOString() });
    } catch (error) {
      if (!(isDomainError(error) && error.code === "BUSY")) throw error;
    }
  }
  const enrolled = staff.enrolled_at !== null && staff.totp_secret !== null;
  const token = await startPendingSession(db, staff.id, enrolled, input, key, now);
  return { token, next: enrolled ? "code" : "enrol" };
}

const codeAccountKey = (staffId: number) => `staff-code:${staffId}`;
const codeClientKey = (clientIp: string) => `staff-code-ip:${clientKey(clientIp)}`;

/** Refuses a code while the account or the client waits out its back-off (RATE_LIMITED at the field). */
async function limitCodeTries(db: Db, staffId: number, clientIp: string, now: Date): Promise<void> {
  const wait = Math.max(await backoffWait(db, codeAccountKey(staffId), now), await backoffWait(db, codeClientKey(clientIp), now));
  if (wait > 0) throw new DomainError("RATE_LIMITED", "staff code back-off", { retryAfter: wait, field: "code" });
}

/**
 * A wrong code: the account's and the client's back-offs grow, the audit log says who, when and
 * from where, and at the fifth wrong code in a row (then the tenth, twentieth…) the member is
 * e-mailed through the outbox: someone may hold their password.
 */
async function codeFailed(db: Db, staff: Pick<StaffViewer, "id" | "email">, client: ClientInfo, kind: "code" | "enrolment", now: Date): Promise<void> {
  const account = await recordBackoffFailure(db, codeAccountKey(staff.id), STAFF_CODE_BACKOFF, now);
  await recordBackoffFailure(db, codeClientKey(client.clientIp), STAFF_CODE_IP_BACKOFF, now);
  const failures = account.failures;
  const mail = failures >= STAFF_CODE_MAIL_AFTER && Number.isInteger(Math.log2(failures / STAFF_CODE_MAIL_AFTER));
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, { actor: { kind: "visitor" }, action: "auth-failed.code", entityType: "staff", entityId: staff.id, after: { kind, failures }, summary: staff.email, ip: client.clientIp, at: now });
    if (mail) await enqueueMail(trx, staffWrongCodesMail(staff.email, "it", { failures, at: now, ip: client.clientIp }), { now });
  });
  if (mail) wakeMailWorkers();
}

/** A completed sign-in: the account's back-off is forgotten, and the log says who, how and from where. */
async function signedIn(db: Db, staff: Pick<StaffViewer, "id" | "email">, client: ClientInfo, method: "totp" | "recovery-code" | "enrolment", now: Date): Promise<void> {
  await clearBackoff(db, codeAccountKey(staff.id));
  await recordAudit(db, { actor: staffActorOf(staff), action: "auth.sign-in", entityType: "staff", entityId: staff.id, after: { method, userAgent: client.userAgent.slice(0, 200) }, summary: staff.email, ip: client.clientIp, at: now });
}

/** A sign-out from Atelier's button: in the log with where from. */
export async function recordSignOut(db: Db, staff: Pick<StaffViewer, "id" | "email">, clientIp: string, now = new Date()): Promise<void> {
  await recordAudit(db, { actor: staffActorOf(staff), action: "auth.sign-out", entityType: "staff", entityId: staff.id, summary: staff.email, ip: clientIp, at: now });
}

/** Turns a pending session into a signed-in one under a new id; returns the new token. */
async function completeSignIn(db: Db | Transaction<Database>, sessionId: string, staffId: number, now: Date, extra: { recovery_codes?: string | null } = {}): Promise<string> {
  const token = newToken();
  const at = now.toISOString();
  const moved = await repo.renameStaffSession(db, sessionId, {
    id: sessionIdOf(token),
    second_factor: 1,
    enrol_secret: null,
    created_at: at,
    last_seen_at: at,
    expires_at: new Date(now.getTime() + STAFF_ABSOLUTE_TTL_MS).toISOString(),
    ...extra,
  });
  if (!moved) throw new DomainError("STAFF_CODE_INVALID", "session ended meanwhile", { field: "code" });
  await repo.updateStaff(db, staffId, { last_sign_in_at: at });
  return token;
}

/** A recovery code as typed: letters and digits only, lowercased ("ABCDE-12345" = "abcde12345"). */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The second step of a sign-in: a TOTP code of the account's secret (one step either side, never
 * a step already used) or one of its unused recovery codes. Returns the signed-in session's new
 * token. Throws STAFF_CODE_INVALID or RATE_LIMITED (at the field).
 */
export async function verifySecondFactor(db: Db, input: { session: StaffSessionView; code: string } & ClientInfo, key: Buffer, now = new Date()): Promise<{ token: string; recoveryCodeUsed: boolean; recoveryCodesLeft: number }> {
  await limitCodeTries(db, input.session.staff.id, input.clientIp, now);
  try {
    const result = await checkSecondFactor(db, input, key, now);
    await signedIn(db, input.session.staff, input, result.recoveryCodeUsed ? "recovery-code" : "totp", now);
    return result;
  } catch (error) {
    if (isDomainError(error) && error.code === "STAFF_CODE_INVALID") await codeFailed(db, input.session.staff, input, "code", now);
    throw error;
  }
}

async function checkSecondFactor(db: Db, input: { session: StaffSessionView; code: string } & ClientInfo, key: Buffer, now: Date): Promise<{ token: string; recoveryCodeUsed: boolean; recoveryCodesLeft: number }> {
  const staffId = input.session.staff.id;
  const staff = await repo.findStaffById(db, staffId);
  const secret = staff?.totp_secret ? openText(staff.totp_secret, key) : null;
  if (!staff || !secret) throw new DomainError("STAFF_CODE_INVALID", "no second factor", { field: "code" });
  const code = input.code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(secret, code, now);
    if (step === null || !(await repo.advanceTotpStep(db, staffId, step))) throw new DomainError("STAFF_CODE_INVALID", "wrong or replayed code", { field: "code" });
    return { token: await completeSignIn(db, input.session.id, staffId, now), recoveryCodeUsed: false, recoveryCodesLeft: 0 };
  }
  const recovery = normalizeRecoveryCode(code);
  if (recovery.length !== 10) throw new DomainError("STAFF_CODE_INVALID", "not a code", { field: "code" });
  const token = await db.transaction().execute(async (trx) => {
    if (!(await repo.useRecoveryCode(trx, staffId, sha256(recovery), now.toISOString()))) throw new DomainError("STAFF_CODE_INVALID", "wrong or used recovery code", { field: "code" });
    await recordAudit(trx, { actor: staffActorOf(input.session.staff), action: "staff.recovery-code-used", entityType: "staff", entityId: staffId, summary: input.session.staff.email, at: now });
    return completeSignIn(trx, input.session.id, staffId, now);
  });
  return { token, recoveryCodeUsed: true, recoveryCodesLeft: await repo.countUnusedRecoveryCodes(db, staffId) };
}

/** The secret offered at enrolment (to draw as a QR code and text), or null when none waits. */
export async function enrolmentSecret(db: Db, sessionId: string, key: Buffer): Promise<string | null> {
  const row = await repo.findSessionWithStaff(db, sessionId);
  return row?.enrol_secret ? openText(row.enrol_secret, key) : null;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Enrolment: the first code confirms the secret the session offered; the account stores it
 * (encrypted), gets ten recovery codes (kept hashed; the session holds them sealed until the
 * next page has shown them once), and the session is signed in under a new id. An account
 * enrolled meanwhile (by another session) is refused with STAFF_ALREADY_ENROLLED, and this
 * session ends.
 */
export async function confirmEnrolment(db: Db, input: { session: StaffSessionView; code: string } & ClientInfo, key: Buffer, now = new Date()): Promise<{ token: string }> {
  const staffId = input.session.staff.id;
  await limitCodeTries(db, staffId, input.clientIp, now);
  const secret = await enrolmentSecret(db, input.session.id, key);
  const step = secret ? matchTotp(secret, input.code.replace(/\s+/g, ""), now) : null;
  if (step === null || !secret) {
    await codeFailed(db, input.session.staff, input, "enrolment", now);
    throw new DomainError("STAFF_CODE_INVALID", secret ? "wrong enrolment code" : "no enrolment waiting", { field: "code" });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const at = now.toISOString();
  const token = await db
    .transaction()
    .execute(async (trx) => {
      // Only an account without a second factor enrols: a sign-in that began before another
      // session enrolled must not replace the secret and the recovery codes now in use.
      if (!(await repo.enrolStaff(trx, staffId, { totp_secret: sealText(secret, key), totp_last_step: step, enrolled_at: at, updated_at: at }))) {
        throw new DomainError("STAFF_ALREADY_ENROLLED", "account enrolled meanwhile");
      }
      await repo.replaceRecoveryCodes(trx, staffId, codes.map((c) => sha256(normalizeRecoveryCode(c))), at);
      await recordAudit(trx, { actor: staffActorOf(input.session.staff), action: "staff.enrol", entityType: "staff", entityId: staffId, after: { secondFactor: "totp" }, summary: input.session.staff.email, at: now });
      return completeSignIn(trx, input.session.id, staffId, now, { recovery_codes: sealText(JSON.stringify(codes), key) });
    })
    .catch(async (error: unknown) => {
      // The secret this session offered is worthless now: the session ends, and the person signs in again.
      if (isDomainError(error) && error.code === "STAFF_ALREADY_ENROLLED") await repo.deleteStaffSession(db, input.session.id);
      throw error;
    });
  await signedIn(db, input.session.staff, input, "enrolment", now);
  return { token };
}

/** The recovery codes just made, once: they are cleared from the session as they are read. */
export async function takeRecoveryCodes(db: Db, sessionId: string, key: Buffer): Promise<string[] | null> {
  const row = await repo.findSessionWithStaff(db, sessionId);
  if (!row?.recovery_codes) return null;
  await repo.updateStaffSession(db, sessionId, { recovery_codes: null });
  const plain = openText(row.recovery_codes, key);
  return plain ? (JSON.parse(plain) as string[]) : null;
}

export async function endStaffSession(db: Db, sessionId: string): Promise<void> {
  await repo.deleteStaffSession(db, sessionId);
}

export async function setStaffFlash(db: Db, sessionId: string, flash: string | null): Promise<void> {
  await repo.updateStaffSession(db, sessionId, { flash });
}

/**
 * Housekeeping: sessions past their end or idle. Invitations and set-up links stay, expired or
 * used: the audit log's entries point at them, and nothing in Atelier deletes silently (a row is
 * small; the staff page shows only open ones).
 */
export async function purgeExpiredStaffSessions(db: Db, now = new Date()): Promise<number> {
  await repo.deleteExpiredFormDrafts(db, now.toISOString());
  return repo.deleteExpiredStaffSessions(db, now.toISOString(), new Date(now.getTime() - STAFF_IDLE_TTL_MS).toISOString());
}

// Forms posted after the session ended (issue 37, item 5)

/** A kept form lives as long as a sign-in may take (the password, the code, a coffee). */
export const FORM_DRAFT_TTL_MS = 30 * 60_000;
/** What a kept form may hold: text fields only, bounded. */
export const FORM_DRAFT_LIMITS = { fields: 200, valueChars: 100_000, totalChars: 300_000 } as const;
/** Fields never kept: secrets, whatever form they come from. */
const SECRET_FIELD = /pass|secret|token|otp/i;

/**
 * The text fields of a form posted after the staff session ended, as kept: files, secrets and
 * conform's own fields dropped, at most FORM_DRAFT_LIMITS; null when nothing is worth keeping.
 */
export function draftFieldsOf(entries: Iterable<[string, FormDataEntryValue]>): [string, string][] | null {
  const kept: [string, string][] = [];
  let total = 0;
  for (const [name, value] of entries) {
    if (typeof value !== "string" || SECRET_FIELD.test(name) || name.startsWith("__") || name === "redirectTo" || name.length > 100) continue;
    if (kept.length >= FORM_DRAFT_LIMITS.fields || value.length > FORM_DRAFT_LIMITS.valueChars || total + value.length > FORM_DRAFT_LIMITS.totalChars) return null;
    total += value.length + name.length;
    kept.push([name, value]);
  }
  return kept.some(([name, value]) => name !== "intent" && value.trim() !== "") ? kept : null;
}

/** Keeps a form for the page it was posted to; returns the token its cookie carries. */
export async function keepFormDraft(db: Db, input: { path: string; fields: [string, string][] }, now = new Date()): Promise<string> {
  const token = newToken();
  await repo.insertFormDraft(db, {
    id: sha256(token),
    path: input.path.slice(0, 2048),
    fields: JSON.stringify(input.fields),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + FORM_DRAFT_TTL_MS).toISOString(),
  });
  return token;
}

/** The kept form of a cookie's token, once (it is deleted as it is read); null when gone or expired. */
export async function takeFormDraft(db: Db, token: string, now = new Date()): Promise<{ path: string; fields: [string, string][] } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await repo.takeFormDraft(db, sha256(token), now.toISOString());
  if (!row) return null;
  const parsed: unknown = JSON.parse(row.fields);
  const fields = Array.isArray(parsed) ? parsed.filter((f): f is [string, string] => Array.isArray(f) && typeof f[0] === "string" && typeof f[1] === "string") : [];
  return { path: row.path, fields };
}

// Accounts, invitations and the set-up link

async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new DomainError("COMMON_PASSWORD", "common password", { field: "password" });
}

/**
 * Creates a staff account directly (the test helpers; the command line uses invitations). A TOTP
 * secret given makes it enrolled at once. `passwordHash` spares a hash already made.
 */
export async function createStaffMember(
  db: Db,
  input: { email: string; name: string; role: StaffRole; password?: string; passwordHash?: string; totpSecret?: string; actor: AuditActor },
  key: Buffer,
  now = new Date(),
): Promise<number> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? randomBytes(24).toString("base64url")));
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await repo.insertStaff(trx, {
        email: input.email.trim(),
        email_key: repo.emailKey(input.email),
        name: input.name,
        role: input.role,
        password_hash: passwordHash,
        totp_secret: input.totpSecret ? sealText(input.totpSecret, key) : null,
        totp_last_step: null,
        enrolled_at: input.totpSecret ? at : null,
        disabled_at: null,
        last_sign_in_at: null,
        created_at: at,
        updated_at: at,
      });
      await recordAudit(trx, { actor: input.actor, action: "staff.create", entityType: "staff", entityId: id, after: { email: input.email.trim(), name: input.name, role: input.role }, summary: input.email, at: now });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("STAFF_EMAIL_TAKEN", "staff email taken", { field: "email" });
    throw error;
  }
}

/**
 * The first owner's set-up link, made at start when no staff exists: valid 30 minutes. Each
 * process that starts makes its own; the first one used closes them all (acceptInvite).
 * Returns the token, or null when staff exists.
 */
export async function createSetupToken(db: Db, now = new Date()): Promise<string | null> {
  if (await repo.anyStaff(db)) return null;
  const token = newToken();
  const at = now.toISOString();
  await repo.insertInvite(db, { kind: "setup", token_hash: sha256(token), email: null, role: "owner", invited_by: null, expires_at: new Date(now.getTime() + SETUP_TTL_MS).toISOString(), used_at: null, staff_id: null, created_at: at });
  return token;
}

/**
 * Invites a person to Atelier: a link valid three days, e-mailed through the outbox in the same
 * transaction, and the audit entry. Returns the token (the command line prints the link too).
 */
export async function inviteStaff(
  db: Db,
  input: { email: string; role: StaffRole; locale: Locale; actor: AuditActor; inviterName?: string; inviteUrl: (token: string) => string },
  now = new Date(),
): Promise<{ token: string; inviteId: number }> {
  const email = input.email.trim();
  if (await repo.findStaffByEmail(db, email)) throw new DomainError("STAFF_EMAIL_TAKEN", "staff email taken", { field: "email" });
  const token = newToken();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const inviteId = await db.transaction().execute(async (trx) => {
    const id = await repo.insertInvite(trx, {
      kind: "invite",
      token_hash: sha256(token),
      email,
      role: input.role,
      locale: input.locale,
      invited_by: input.actor.kind === "staff" ? input.actor.staffId : null,
      expires_at: expiresAt.toISOString(),
      used_at: null,
      staff_id: null,
      created_at: at,
    });
    await enqueueMail(trx, staffInviteMail(email, input.locale, { url: input.inviteUrl(token), role: input.role, expiresAt }), { now });
    await recordAudit(trx, { actor: input.actor, action: "staff.invite", entityType: "invite", entityId: id, after: { email, role: input.role }, summary: email, at: now });
    return id;
  });
  wakeMailWorkers();
  return { token, inviteId };
}

/** What a set-up or invitation link's page shows; null for a link unknown, used or expired. */
export async function findOpenInvite(db: Db, token: string, now = new Date()): Promise<{ kind: "setup" | "invite"; email: string | null; role: StaffRole } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const invite = await repo.findInviteByHash(db, sha256(token));
  if (!invite || invite.used_at !== null || Date.parse(invite.expires_at) <= now.getTime()) return null;
  if (invite.kind === "setup" && (await repo.anyStaff(db))) return null;
  return { kind: invite.kind, email: invite.email, role: invite.role };
}

/**
 * Accepts a set-up or invitation link: the account is created with the name and password the
 * person chose (an invitation's address, or the one typed for the set-up link), the link is used
 * up, and a session starts that goes on to enrol the second factor. Returns its token.
 */
export async function acceptInvite(
  db: Db,
  input: { token: string; email?: string; name: string; password: string } & ClientInfo,
  key: Buffer,
  now = new Date(),
): Promise<{ token: string; staffId: number }> {
  await enforceRateLimit(db, "staff-invite", input.clientIp, STAFF_INVITE_RATE_LIMIT, now);
  const invite = input.token.length >= 20 && input.token.length <= 100 ? await repo.findInviteByHash(db, sha256(input.token)) : undefined;
  if (!invite || invite.used_at !== null || Date.parse(invite.expires_at) <= now.getTime()) throw new DomainError("STAFF_INVITE_INVALID", "invite unknown, used or expired");
  const email = (invite.email ?? input.email ?? "").trim();
  if (!email) throw new DomainError("STAFF_INVITE_INVALID", "no address");
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      if (invite.kind === "setup") {
        const claimed = await repo.claimSetupInvites(trx, at);
        if (!claimed.includes(invite.id) || (await repo.anyStaff(trx))) throw new DomainError("STAFF_INVITE_INVALID", "set-up done already");
      } else if (!(await repo.claimInvite(trx, invite.id, at))) {
        throw new DomainError("STAFF_INVITE_INVALID", "invite used meanwhile");
      }
      const staffId = await repo.insertStaff(trx, {
        email,
        email_key: repo.emailKey(email),
        name: input.name,
        role: invite.role,
        password_hash: passwordHash,
        totp_secret: null,
        totp_last_step: null,
        enrolled_at: null,
        disabled_at: null,
        last_sign_in_at: null,
        created_at: at,
        updated_at: at,
      });
      await repo.setInviteStaff(trx, invite.id, staffId);
      await recordAudit(trx, {
        actor: { kind: "staff", staffId, email },
        action: invite.kind === "setup" ? "staff.setup" : "staff.accept-invite",
        entityType: "staff",
        entityId: staffId,
        after: { email, name: input.name, role: invite.role },
        summary: email,
        at: now,
      });
      const token = await startPendingSession(trx, staffId, false, input, key, now);
      return { token, staffId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("STAFF_EMAIL_TAKEN", "staff email taken", { field: "email" });
    throw error;
  }
}

// Managing staff (the owner's Staff page, the command line)

export interface StaffListEntry {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  enrolledAt: string | null;
  disabledAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  permissions: StaffPermissions;
}

export async function listStaff(db: Db): Promise<StaffListEntry[]> {
  return (await repo.listStaffRows(db)).map((r) => ({
    permissions: permissionsOf(r),
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    enrolledAt: r.enrolled_at,
    disabledAt: r.disabled_at,
    lastSignInAt: r.last_sign_in_at,
    createdAt: r.created_at,
  }));
}

/** A signed-in session as the owner's list shows it (the key is the token's hash: it opens nothing). */
export interface LiveSession {
  key: string;
  staffId: number;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
}

export async function listLiveSessions(db: Db, now = new Date()): Promise<LiveSession[]> {
  const rows = await repo.listLiveSessions(db, new Date(now.getTime() - STAFF_IDLE_TTL_MS).toISOString(), now.toISOString());
  return rows.map((r) => ({ key: r.id, staffId: r.staff_id, userAgent: r.user_agent, ip: r.ip, createdAt: r.created_at, lastSeenAt: r.last_seen_at }));
}

export async function listOpenInvites(db: Db, now = new Date()) {
  return (await repo.listOpenInvites(db, now.toISOString())).map((r) => ({ id: r.id, email: r.email ?? "", role: r.role, expiresAt: r.expires_at, createdAt: r.created_at }));
}

/** The account an owner acts on, or STAFF_NOT_FOUND (a forged id). */
async function targetOf(db: Db | Transaction<Database>, staffId: number): Promise<repo.StaffRow> {
  const row = Number.isSafeInteger(staffId) && staffId > 0 ? await repo.findStaffById(db, staffId) : undefined;
  if (!row) throw new DomainError("STAFF_NOT_FOUND", `no staff ${staffId}`);
  return row;
}

/** Refuses a change that would leave no active owner (checked inside the writing transaction). */
async function keepAnOwner(trx: Transaction<Database>, target: repo.StaffRow): Promise<void> {
  if (target.role !== "owner" || target.disabled_at !== null) return;
  // The owners' rows are locked first: two owners disabling each other at once cannot both pass.
  await repo.lockActiveOwners(trx);
  if ((await repo.countActiveOwners(trx)) <= 1) throw new DomainError("LAST_OWNER", "last active owner");
}

function refuseSelf(actor: AuditActor, staffId: number): void {
  if (actor.kind === "staff" && actor.staffId === staffId) throw new DomainError("STAFF_SELF", "own account");
}

/**
 * Withdraws the open invitations a staff member sent, each with its audit entry (in the caller's
 * transaction): a disabled or demoted owner's links, owner invitations among them, stop working
 * with their right to invite. Returns how many.
 */
async function withdrawInvitesSentBy(trx: Transaction<Database>, inviter: repo.StaffRow, actor: AuditActor, because: "staff.disable" | "staff.role", now: Date): Promise<number> {
  const at = now.toISOString();
  let withdrawn = 0;
  for (const invite of await repo.listOpenInvitesSentBy(trx, inviter.id, at)) {
    if (!(await repo.revokeInvite(trx, invite.id, at))) continue;
    await recordAudit(trx, { actor, action: "staff.revoke-invite", entityType: "invite", entityId: invite.id, before: { email: invite.email, role: invite.role }, after: { because, inviter: inviter.email }, summary: invite.email ?? "", at: now });
    withdrawn++;
  }
  return withdrawn;
}

/**
 * Changes a staff member's role (owner ↔ staff); never the last active owner's, never one's own.
 * A demoted owner's open invitations are withdrawn.
 */
export async function changeStaffRole(db: Db, input: { staffId: number; role: StaffRole } & { actor: AuditActor }, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, input.staffId);
    if (target.role === input.role) return;
    refuseSelf(input.actor, target.id);
    if (input.role !== "owner") await keepAnOwner(trx, target);
    // A new role is a new preset: capabilities chosen for the old one do not carry over.
    await repo.updateStaff(trx, target.id, { role: input.role, capabilities: null, updated_at: now.toISOString() });
    if (target.role === "owner") await withdrawInvitesSentBy(trx, target, input.actor, "staff.role", now);
    await recordAudit(trx, { actor: input.actor, action: "staff.role", entityType: "staff", entityId: target.id, before: { role: target.role }, after: { role: input.role }, summary: target.email, at: now });
  });
}

/** A member's permissions as the owner's form shows them. */
export interface StaffPermissions {
  role: StaffRole;
  capabilities: Capability[];
  /** null: the shop's staff limit. */
  refundCapCents: number | null;
  /** The capabilities differ from the role's preset. */
  adjusted: boolean;
}

export function permissionsOf(row: Pick<repo.StaffRow, "role" | "capabilities" | "refund_cap_cents">): StaffPermissions {
  const capabilities = capabilitiesOf(row.role, row.capabilities);
  return { role: row.role, capabilities, refundCapCents: row.refund_cap_cents, adjusted: row.role !== "owner" && row.capabilities !== null };
}

/**
 * The owner's permission form for one member: a role (its preset) adjusted capability by
 * capability, and a refund cap. A new role brings its preset (the ticked boxes adjust a role
 * that stays). Capabilities equal to the role's preset are stored as the preset
 * (null), so a later change of the preset reaches them; an owner has every capability. Never
 * one's own account; never the last active owner demoted (as changeStaffRole). Audit-logged
 * with the permissions before and after.
 */
export async function setStaffPermissions(
  db: Db,
  input: { staffId: number; role: StaffRole; capabilities: readonly Capability[]; refundCapCents: number | null; actor: AuditActor },
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, input.staffId);
    refuseSelf(input.actor, target.id);
    const chosen = ADJUSTABLE.filter((c) => input.capabilities.includes(c));
    const preset = ROLE_PRESETS[input.role].filter((c) => ADJUSTABLE.includes(c));
    // A change of role applies the new role's preset; the boxes adjust a role that stays.
    const isPreset = target.role !== input.role || input.role === "owner" || (chosen.length === preset.length && chosen.every((c) => preset.includes(c)));
    const stored = isPreset ? null : JSON.stringify(chosen);
    const refundCap = input.role === "owner" ? null : input.refundCapCents;
    const before = permissionsOf(target);
    if (target.role === input.role && target.capabilities === stored && target.refund_cap_cents === refundCap) return;
    if (target.role !== input.role && input.role !== "owner") await keepAnOwner(trx, target);
    await repo.updateStaff(trx, target.id, { role: input.role, capabilities: stored, refund_cap_cents: refundCap, updated_at: now.toISOString() });
    if (target.role === "owner" && input.role !== "owner") await withdrawInvitesSentBy(trx, target, input.actor, "staff.role", now);
    const after = permissionsOf({ role: input.role, capabilities: stored, refund_cap_cents: refundCap });
    await recordAudit(trx, {
      actor: input.actor,
      action: "staff.permissions",
      entityType: "staff",
      entityId: target.id,
      before: { role: before.role, capabilities: before.capabilities, refundCapCents: before.refundCapCents },
      after: { role: after.role, capabilities: after.capabilities, refundCapCents: after.refundCapCents },
      summary: target.email,
      at: now,
    });
  });
}

/** Disables an account: its sessions end at once, its open invitations are withdrawn, and it cannot sign in until re-enabled. */
export async function disableStaff(db: Db, input: { staffId: number } & { actor: AuditActor }, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, input.staffId);
    if (target.disabled_at !== null) return;
    refuseSelf(input.actor, target.id);
    await keepAnOwner(trx, target);
    const at = now.toISOString();
    await repo.updateStaff(trx, target.id, { disabled_at: at, updated_at: at });
    const ended = await repo.deleteSessionsOfStaff(trx, target.id);
    const withdrawn = await withdrawInvitesSentBy(trx, target, input.actor, "staff.disable", now);
    await recordAudit(trx, { actor: input.actor, action: "staff.disable", entityType: "staff", entityId: target.id, before: { disabledAt: null }, after: { disabledAt: at, sessionsEnded: ended, invitesWithdrawn: withdrawn }, summary: target.email, at: now });
  });
}

export async function enableStaff(db: Db, input: { staffId: number } & { actor: AuditActor }, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, input.staffId);
    if (target.disabled_at === null) return;
    const at = now.toISOString();
    await repo.updateStaff(trx, target.id, { disabled_at: null, updated_at: at });
    await recordAudit(trx, { actor: input.actor, action: "staff.enable", entityType: "staff", entityId: target.id, before: { disabledAt: target.disabled_at }, after: { disabledAt: null }, summary: target.email, at: now });
  });
}

/** Ends one session of a staff member (the owner's list); STAFF_NOT_FOUND for an unknown one. */
export async function endSessionOf(db: Db, input: { staffId: number; sessionKey: string } & { actor: AuditActor }, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, input.staffId);
    if (!/^[0-9a-f]{64}$/.test(input.sessionKey) || !(await repo.deleteStaffSessionOf(trx, target.id, input.sessionKey))) throw new DomainError("STAFF_NOT_FOUND", "no such session");
    await recordAudit(trx, { actor: input.actor, action: "staff.end-session", entityType: "staff", entityId: target.id, summary: target.email, at: now });
  });
}

/** Withdraws an open invitation: its link stops working. */
export async function revokeInvite(db: Db, input: { inviteId: number } & { actor: AuditActor }, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invite = Number.isSafeInteger(input.inviteId) && input.inviteId > 0 ? await repo.findInviteById(trx, input.inviteId) : undefined;
    if (!invite || invite.kind !== "invite" || !(await repo.revokeInvite(trx, invite.id, now.toISOString()))) throw new DomainError("STAFF_NOT_FOUND", "no open invitation");
    await recordAudit(trx, { actor: input.actor, action: "staff.revoke-invite", entityType: "invite", entityId: invite.id, before: { email: invite.email, role: invite.role }, summary: invite.email ?? "", at: now });
  });
}
