import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { bagForGuest, bagForSignIn } from "~/modules/bag/bag.service.server";
import { mergeWishlistAtSignIn } from "~/modules/wishlist/wishlist.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { requestSubscription } from "~/modules/newsletter/newsletter.service.server";
import { enforceRateLimit, hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { endSessionsOf, type Session } from "~/modules/session/session.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { birthDate, type ProfileInput, type RegisterInput } from "./account.schema";
import { confirmationMail, resetMail, welcomeMail } from "./account-mail.server";
import { isCommonPassword } from "./common-passwords.server";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import * as repo from "./user.repository.server";

/** Login tries per client address (an IPv6 client counts by its /64). */
export const LOGIN_IP_RATE_LIMIT = { limit: 10, windowMs: 60_000 };
/** Login tries per account address, whatever the client: slows a guesser spread over many addresses. */
export const LOGIN_EMAIL_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };
export const REGISTER_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };
export const LOST_PASSWORD_IP_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
/** Reset e-mails per address: nobody's inbox can be flooded through the form. */
export const LOST_PASSWORD_EMAIL_RATE_LIMIT = { limit: 3, windowMs: 60 * 60_000 };
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** An address-confirmation link works for a week (the welcome e-mail may wait in an inbox). */
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Confirmation e-mails asked again per account: the account's inbox is not flooded. */
export const CONFIRMATION_ACCOUNT_RATE_LIMIT = { limit: 3, windowMs: 60 * 60_000 };
/** Confirmation e-mails asked again per client address. */
export const CONFIRMATION_IP_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

/** What the shop shows of an account (header, overview, the JSON API). */
export interface AccountView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
  gender: "male" | "female" | null;
  interests: "man" | "woman" | "both" | null;
  birthDate: string | null;
  hasPassword: boolean;
}

function toView(row: repo.UserRow): AccountView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fiscalCode: row.fiscal_code,
    gender: row.gender,
    interests: row.interests,
    birthDate: row.birth_date,
    hasPassword: row.password_hash !== null,
  };
}

export async function getAccount(db: Kysely<Database>, userId: number): Promise<AccountView | null> {
  const row = await repo.findUserById(db, userId);
  return row ? toView(row) : null;
}

/** The header's avatar needs only this: one indexed read per page of a signed-in shopper. */
export async function getAccountFirstName(db: Kysely<Database>, userId: number): Promise<string | null> {
  return (await repo.findFirstName(db, userId)) ?? null;
}

async function refuseCommonPassword(password: string, field = "password"): Promise<void> {
  if (await isCommonPassword(password)) throw new DomainError("COMMON_PASSWORD", "common password", { field });
}

/**
 * Signs the session in as `userId`: the anonymous bag joins the account's (spec §4), and so do
 * the pieces saved to the wishlist meanwhile; the
 * session id rotates (a fixated id is worthless afterwards), and the account's last sign-in is
 * noted (Atelier's customer page shows it).
 */
export async function signIn(db: Kysely<Database>, session: Session, userId: number, now = new Date()): Promise<void> {
  const cartId = await bagForSignIn(db, { sessionBagId: session.cartId, userId }, now);
  await mergeWishlistAtSignIn(db, { sessionId: session.id, userId });
  await session.signIn({ user_id: userId, cart_id: cartId, is_guest: 0, guest_email: null });
  await repo.recordSignIn(db, userId, now.toISOString());
}

/**
 * A guest identity (spec §6: continue as a guest, at checkout's Personal Info step): the session
 * keeps its bag's lines and remembers the email; `guest` is true in the auth state. A signed-in
 * account holder who asks for it is signed out of the account first (the session id rotates
 * either way), and an account's bag stays the account's: the guest gets a copy of its lines.
 * `bagId`: the bag the session holds (the session's, or the signed-in account's).
 */
export async function continueAsGuest(db: Kysely<Database>, session: Session, input: { email: string; bagId: number | null }, now = new Date()): Promise<void> {
  const cartId = await bagForGuest(db, input.bagId, now);
  await session.signIn({ user_id: null, cart_id: cartId, is_guest: 1, guest_email: input.email.trim() });
}

/** Logout: the session row goes, so a copy of the cookie opens nothing afterwards. */
export function signOut(session: Session): Promise<void> {
  return session.destroy();
}

export interface RegisterRequest extends RegisterInput {
  locale: Locale;
  clientIp: string;
  honeypot?: string | null;
  /** The account page's absolute URL, for the welcome e-mail. */
  accountUrl: string;
  /** The absolute address-confirmation URL of a token, for the welcome e-mail. */
  confirmUrl: (token: string) => string;
}

/**
 * Creates an account, queues the welcome e-mail and, when asked, the newsletter sign-up (pending,
 * with its confirmation e-mail), in one transaction. Returns the new user's id, or null for a filled honeypot (a bot: nothing is
 * stored, and the answer looks like any other). Throws EMAIL_TAKEN, COMMON_PASSWORD, RATE_LIMITED.
 */
export async function registerAccount(db: Kysely<Database>, input: RegisterRequest, now = new Date()): Promise<number | null> {
  await enforceRateLimit(db, "register", input.clientIp, REGISTER_RATE_LIMIT, now);
  if (input.honeypot) return null;
  await refuseCommonPassword(input.password);
  if (await repo.findUserByEmail(db, input.email)) throw new DomainError("EMAIL_TAKEN", "email taken", { field: "email" });
  const passwordHash = await hashPassword(input.password);
  const at = now.toISOString();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const id = await repo.insertUser(trx, {
        email: input.email,
        email_key: repo.emailKey(input.email),
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        fiscal_code: input.fiscalCode ?? null,
        birth_date: birthDate(input.birthDay, input.birthMonth, input.birthYear),
        gender: input.gender ?? null,
        interests: input.interests,
        locale: input.locale,
        privacy_consent_at: at,
        created_at: at,
        updated_at: at,
      });
      // The opt-in is a sign-up like any other: pending until its own e-mailed link confirms it.
      if (input.newsletter) {
        const absoluteUrl = (path: string) => new URL(path, input.accountUrl).toString();
        await requestSubscription(trx, { email: repo.emailKey(input.email), locale: input.locale, source: "register", absoluteUrl }, now);
      }
      const token = await newEmailConfirmationToken(trx, { id, email: input.email }, now);
      await enqueueMail(trx, welcomeMail(input.email, input.locale, input.firstName, input.accountUrl, input.confirmUrl(token)), { now });
      return id;
    });
    // Committed: this process's worker sends it now rather than at its next poll.
    wakeMailWorkers();
    return id;
  } catch (error) {
    // Two registrations of one address at the same moment: the second loses on the unique key.
    if (isUniqueViolation(error)) throw new DomainError("EMAIL_TAKEN", "email taken (race)", { field: "email" });
    throw error;
  }
}

/**
 * Checks a login. Rate limited per client address and per account address before anything else;
 * an unknown address costs the same hash time as a wrong password, and both give one answer
 * (INVALID_CREDENTIALS), so the form tells nobody which addresses hold accounts.
 */
export async function authenticate(db: Kysely<Database>, input: { email: string; password: string; clientIp: string }, now = new Date()): Promise<number> {
  await enforceRateLimit(db, "login", input.clientIp, LOGIN_IP_RATE_LIMIT, now);
  const perEmail = await hitRateLimit(db, emailRateLimitKeys(input.email).login, LOGIN_EMAIL_RATE_LIMIT, now);
  if (!perEmail.allowed) throw new DomainError("RATE_LIMITED", "login rate limit (email)", { retryAfter: perEmail.retryAfter });
  const user = await repo.findUserByEmail(db, input.email);
  const valid = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !valid) throw new DomainError("INVALID_CREDENTIALS", "invalid credentials");
  // Parameters raised since this hash was made: store a new one now that the password is known.
  // Best effort: a busy hash queue must not turn a correct password into a refusal; the next
  // login rehashes instead.
  if (user.password_hash && needsRehash(user.password_hash)) {
    try {
      await repo.updateUser(db, user.id, { password_hash: await hashPassword(input.password), updated_at: now.toISOString() });
    } catch (error) {
      if (!(isDomainError(error) && error.code === "BUSY")) throw error;
    }
  }
  return user.id;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Sends a reset link when the address holds an account; does nothing otherwise. The caller
 * answers the same either way. The token is random, stored hashed, valid for an hour, and
 * replaces any earlier one.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  input: { email: string; locale: Locale; clientIp: string; honeypot?: string | null; resetUrl: (token: string) => string },
  now = new Date(),
): Promise<void> {
  await enforceRateLimit(db, "lost-password", input.clientIp, LOST_PASSWORD_IP_RATE_LIMIT, now);
  if (input.honeypot) return;
  const perEmail = await hitRateLimit(db, emailRateLimitKeys(input.email).lostPassword, LOST_PASSWORD_EMAIL_RATE_LIMIT, now);
  // Past the per-address limit the answer stays the same: the inbox just gets no more mail.
  if (!perEmail.allowed) return;
  const user = await repo.findUserByEmail(db, input.email);
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.insertResetToken(trx, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(), at });
    await enqueueMail(trx, resetMail(user.email, input.locale, user.first_name, input.resetUrl(token)), { now });
  });
  wakeMailWorkers();
}

/** Drops reset links that expired (housekeeping; a used or expired link never works anyway). */
export function purgeExpiredResetTokens(db: Kysely<Database>, now = new Date()): Promise<void> {
  return repo.purgeResetTokens(db, now.toISOString());
}

/** Whether a reset link still works (the reset page says so before the shopper types anything). */
export async function isResetTokenLive(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  return Boolean(await repo.findResetToken(db, hashToken(token), now.toISOString()));
}

/**
 * Sets a new password from a reset link: the token dies (single use, even under a race) and
 * every session of the account ends. Throws RESET_TOKEN_INVALID, COMMON_PASSWORD.
 */
export async function resetPassword(db: Kysely<Database>, input: { token: string; password: string }, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const found = await repo.findResetToken(db, hashToken(input.token), at);
  if (!found) throw new DomainError("RESET_TOKEN_INVALID", "unknown, used or expired token");
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (!(await repo.consumeResetToken(trx, found.id, at))) throw new DomainError("RESET_TOKEN_INVALID", "token used meanwhile");
    // The link reached the account's address: the address is proven (decision 018).
    await repo.updateUser(trx, found.userId, { password_hash: passwordHash, email_verified_at: at, updated_at: at });
    await endSessionsOf(trx, found.userId);
    return found.userId;
  });
}

/** A new address-confirmation token for the account's current address (replacing any earlier one). */
async function newEmailConfirmationToken(db: Kysely<Database>, user: { id: number; email: string }, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await repo.insertResetToken(db, {
    userId: user.id,
    purpose: "email-confirmation",
    email: repo.emailKey(user.email),
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS).toISOString(),
    at: now.toISOString(),
  });
  return token;
}

/** Mails a confirmation link to the account's current address, in the transaction of its cause. */
async function queueEmailConfirmation(db: Transaction<Database>, user: repo.UserRow, input: { locale: Locale; confirmUrl: (token: string) => string }, now: Date): Promise<void> {
  const token = await newEmailConfirmationToken(db, user, now);
  await enqueueMail(db, confirmationMail(user.email, input.locale, user.first_name, input.confirmUrl(token)), { now });
}

/**
 * Whether the account has proven it owns its address (decision 018): a completed password reset
 * or address confirmation, or a linked identity with the same address.
 */
export async function isEmailProven(db: Kysely<Database>, user: repo.UserRow): Promise<boolean> {
  if (user.email_verified_at !== null) return true;
  const identities = await repo.listIdentities(db, user.id);
  return identities.some((identity) => repo.emailKey(identity.email) === user.email_key);
}

/** Whether the signed-in account's address is proven (the account page says so). */
export async function isAccountEmailProven(db: Kysely<Database>, userId: number): Promise<boolean> {
  const user = await repo.findUserById(db, userId);
  return user ? isEmailProven(db, user) : false;
}

/**
 * Mails the address-confirmation link again (the account page's button while the address is
 * unproven). Rate limited per client and per account; an address already proven gets nothing.
 * Throws RATE_LIMITED.
 */
export async function resendEmailConfirmation(
  db: Kysely<Database>,
  userId: number,
  input: { locale: Locale; clientIp: string; confirmUrl: (token: string) => string },
  now = new Date(),
): Promise<void> {
  await enforceRateLimit(db, "email-confirmation", input.clientIp, CONFIRMATION_IP_RATE_LIMIT, now);
  const perAccount = await hitRateLimit(db, `email-confirmation-account:${userId}`, CONFIRMATION_ACCOUNT_RATE_LIMIT, now);
  if (!perAccount.allowed) throw new DomainError("RATE_LIMITED", "confirmation rate limit (account)", { retryAfter: perAccount.retryAfter });
  const user = await repo.findUserById(db, userId);
  if (!user || (await isEmailProven(db, user))) return;
  await db.transaction().execute((trx) => queueEmailConfirmation(trx, user, input, now));
  wakeMailWorkers();
}

/**
 * The address a confirmation link would confirm, or null when the link is unknown, used,
 * expired, or was mailed to an address the account no longer has. Reads only (the link's page).
 */
export async function findEmailConfirmation(db: Kysely<Database>, token: string, now = new Date()): Promise<{ email: string } | null> {
  const found = await repo.findResetToken(db, hashToken(token), now.toISOString(), "email-confirmation");
  const user = found && (await repo.findUserById(db, found.userId));
  if (!found || !user || found.email !== user.email_key) return null;
  return { email: user.email };
}

/**
 * Confirms an account's address with a mailed link: the token dies (single use, even under a
 * race), and the address is proven only if it is still the one the link was mailed to. Returns
 * the account's id. Throws EMAIL_CONFIRMATION_INVALID.
 */
export async function confirmEmail(db: Kysely<Database>, token: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const found = await repo.findResetToken(db, hashToken(token), at, "email-confirmation");
  if (!found) throw new DomainError("EMAIL_CONFIRMATION_INVALID", "unknown, used or expired token");
  return db.transaction().execute(async (trx) => {
    const user = await repo.findUserById(trx, found.userId);
    if (!user || found.email !== user.email_key) throw new DomainError("EMAIL_CONFIRMATION_INVALID", "the address changed since the link was mailed");
    if (!(await repo.consumeResetToken(trx, found.id, at))) throw new DomainError("EMAIL_CONFIRMATION_INVALID", "token used meanwhile");
    await repo.updateUser(trx, user.id, { email_verified_at: at, updated_at: at });
    return user.id;
  });
}

/**
 * Changes the password of a signed-in account holder: the current one is required, the session
 * that asked gets a new id, and every other session of the account ends.
 */
export async function changePassword(db: Kysely<Database>, session: Session, input: { currentPassword: string; password: string }, now = new Date()): Promise<void> {
  const userId = session.userId;
  const user = userId === null ? undefined : await repo.findUserById(db, userId);
  if (!user) throw new DomainError("WRONG_PASSWORD", "no account", { field: "currentPassword" });
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) throw new DomainError("WRONG_PASSWORD", "wrong current password", { field: "currentPassword" });
  await refuseCommonPassword(input.password);
  await repo.updateUser(db, user.id, { password_hash: await hashPassword(input.password), updated_at: now.toISOString() });
  await session.rotate();
  await endSessionsOf(db, user.id, session.id);
}

/**
 * Edits the profile; a new email must not belong to another account. A new address is unproven
 * (decision 018): its verification goes, and so do the links mailed to the old one; a
 * confirmation link goes to the new one. Throws EMAIL_TAKEN.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  input: ProfileInput & { locale: Locale; confirmUrl: (token: string) => string },
  now = new Date(),
): Promise<void> {
  const other = await repo.findUserByEmail(db, input.email);
  if (other && other.id !== userId) throw new DomainError("EMAIL_TAKEN", "email taken", { field: "email" });
  const current = await repo.findUserById(db, userId);
  const newAddress = current !== undefined && current.email_key !== repo.emailKey(input.email);
  try {
    await db.transaction().execute(async (trx) => {
      if (newAddress) await repo.deleteResetTokens(trx, userId);
      await repo.updateUser(trx, userId, {
        ...(newAddress ? { email_verified_at: null } : {}),
        email: input.email,
        email_key: repo.emailKey(input.email),
        first_name: input.firstName,
        last_name: input.lastName,
        fiscal_code: input.fiscalCode ?? null,
        gender: input.gender ?? null,
        interests: input.interests,
        updated_at: now.toISOString(),
      });
      const updated = newAddress && (await repo.findUserById(trx, userId));
      if (updated) await queueEmailConfirmation(trx, updated, input, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("EMAIL_TAKEN", "email taken (race)", { field: "email" });
    throw error;
  }
  if (newAddress) wakeMailWorkers();
}

/** The rate-limit counters keyed by an address (login tries, reset e-mails), erased with the account. */
export function emailRateLimitKeys(email: string): { login: string; lostPassword: string } {
  const key = repo.emailKey(email).slice(0, 254);
  return { login: `login-email:${key}`, lostPassword: `lost-password-email:${key}` };
}
