import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, Locale, NewsletterStatus } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { enforceRateLimit, hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { localizePath } from "~/utils/locale";
import type { NewsletterInput } from "./newsletter.schema";
import { newsletterConfirmationMail } from "./newsletter-mail.server";
import * as repo from "./newsletter.repository.server";
import { idParam } from "~/utils/id-param";

// Double opt-in (issue 23, as the Garante expects): a sign-up is stored as pending and counts
// only once the link mailed to the address confirms it. The confirmation token is random, kept
// as its SHA-256, a week long and single use; signing up again mails a new one (replacing the
// old), at most NEWSLETTER_CONFIRM_RATE_LIMIT times an hour per address. The unsubscribe token
// of every newsletter mail is an HMAC of the row (no state to keep, valid as long as the row):
// RFC 8058's one-click POST and the unsubscribe page take it.

/** Sign-ups allowed per client address: generous for people, tight for scripts. */
export const NEWSLETTER_RATE_LIMIT = { limit: 8, windowMs: 10 * 60_000 };
/** Confirmation mails per address: a typo'd or hostile sign-up cannot flood someone's inbox. */
export const NEWSLETTER_CONFIRM_RATE_LIMIT = { limit: 3, windowMs: 60 * 60_000 };
/** How long a confirmation link works; a pending row is deleted once it has expired. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 86_400_000;
/**
 * The version of the consent text a sign-up accepts: the newsletter form's privacy sentence
 * (common.json newsletter.privacyBefore/privacyLink/privacyAfter, register.newsletter) and the
 * privacy notice it links. Change it whenever those texts change; rows keep the one they accepted.
 */
export const NEWSLETTER_CONSENT_VERSION = "2026-11";

export type SignupSource = "footer" | "page" | "api" | "register";

/** Confirmation and unsubscribe tokens as they appear in links (checked before any look-up). */
export const CONFIRM_TOKEN = /^[\w-]{43}$/;
export const UNSUBSCRIBE_TOKEN = /^\d{1,12}\.[\w-]{43}$/;

export interface SubscribeRequest extends NewsletterInput {
  locale: Locale;
  source: SignupSource;
  clientIp: string;
  honeypot?: string | null;
  /** The shop's absolute URL of a path (the mail's links). */
  absoluteUrl: (path: string) => string;
}

/**
 * Signs a validated address up: stored as pending and mailed a confirmation link; the answer is
 * the same whatever the address's state (nobody learns who is subscribed). An address already
 * confirmed stays as it is. Throws RATE_LIMITED (per client address).
 */
export async function subscribeToNewsletter(db: Kysely<Database>, input: SubscribeRequest, now = new Date()): Promise<void> {
  await enforceRateLimit(db, "newsletter", input.clientIp, NEWSLETTER_RATE_LIMIT, now);
  // A filled honeypot is a bot: answer as if it worked, store nothing.
  if (input.honeypot) return;
  const mailed = await db.transaction().execute((trx) =>
    requestSubscription(trx, { email: input.email, locale: input.language ?? input.locale, source: input.source, absoluteUrl: input.absoluteUrl }, now),
  );
  if (mailed) wakeMailWorkers();
}

/**
 * The sign-up's part in the caller's transaction (the registration form's opt-in uses it too):
 * a pending row with a new token and its confirmation mail, unless the address is confirmed
 * already or had its confirmation mails for this hour. Says whether a mail was queued.
 */
export async function requestSubscription(
  trx: Transaction<Database>,
  input: { email: string; locale: Locale; source: SignupSource; absoluteUrl: (path: string) => string },
  now = new Date(),
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  // First a write (the per-address counter): on SQLite the transaction takes the write lock at once.
  const perAddress = await hitRateLimit(trx, confirmRateKey(email), NEWSLETTER_CONFIRM_RATE_LIMIT, now);
  const existing = await repo.findSubscription(trx, email);
  if (existing?.status === "confirmed" || !perAddress.allowed) return false;
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  const id = await repo.upsertPendingSubscription(trx, {
    email,
    locale: input.locale,
    source: input.source,
    consentVersion: NEWSLETTER_CONSENT_VERSION,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_MS).toISOString(),
    at,
  });
  const links = newsletterLinks(input.absoluteUrl, input.locale);
  await enqueueMail(
    trx,
    newsletterConfirmationMail({
      to: email,
      locale: input.locale,
      confirmUrl: links.confirm(token),
      unsubscribeUrl: links.unsubscribe(unsubscribeToken(id, email)),
    }),
    { now },
  );
  return true;
}

/** The links of a newsletter mail, in the subscriber's language. */
export function newsletterLinks(absoluteUrl: (path: string) => string, locale: Locale) {
  return {
    confirm: (token: string) => absoluteUrl(`${localizePath("/newsletter/confirm", locale)}?token=${token}`),
    unsubscribe: (token: string) => absoluteUrl(`${localizePath("/newsletter/unsubscribe", locale)}?token=${token}`),
  };
}

/** The address a confirmation link would confirm; null when it is unknown, used or expired. Reads only. */
export async function findPendingConfirmation(db: Kysely<Database>, token: string, now = new Date()): Promise<{ email: string } | null> {
  if (!CONFIRM_TOKEN.test(token)) return null;
  const row = await repo.findByConfirmToken(db, hashToken(token), now.toISOString());
  return row ? { email: row.email } : null;
}

/** Confirms the sign-up of a link, once. Throws NEWSLETTER_LINK_INVALID (unknown, used, expired). */
export async function confirmSubscription(db: Kysely<Database>, token: string, now = new Date()): Promise<void> {
  if (!CONFIRM_TOKEN.test(token) || !(await repo.confirmByToken(db, hashToken(token), now.toISOString()))) {
    throw new DomainError("NEWSLETTER_LINK_INVALID", "newsletter confirmation link unknown, used or expired");
  }
}

/** The subscription an unsubscribe link names (any state), or null for a forged or stale link. */
export async function findByUnsubscribeToken(db: Kysely<Database>, token: string): Promise<{ id: number; email: string; status: NewsletterStatus } | null> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return null;
  // The id is digits but may be beyond the ids the database holds (a forged link): no subscription.
  const id = idParam(token.slice(0, token.indexOf(".")));
  if (id === null) return null;
  const row = await repo.findSubscriptionById(db, id);
  if (!row || !sameToken(token, unsubscribeToken(row.id, row.email))) return null;
  return { id: row.id, email: row.email, status: row.status };
}

/**
 * Unsubscribes the address of an unsubscribe link (the page's button, or a mail client's
 * RFC 8058 one-click POST). Unsubscribing twice is not an error. Throws NEWSLETTER_LINK_INVALID.
 */
export async function unsubscribeWithToken(db: Kysely<Database>, token: string, now = new Date()): Promise<void> {
  const found = await findByUnsubscribeToken(db, token);
  if (!found) throw new DomainError("NEWSLETTER_LINK_INVALID", "newsletter unsubscribe link unknown");
  await repo.markUnsubscribed(db, found.id, now.toISOString());
}

/**
 * Atelier: unsubscribes a subscriber, recorded in the audit log as `newsletter.unsubscribe`.
 * An address already unsubscribed changes nothing (and records nothing). Throws SUBSCRIBER_NOT_FOUND.
 */
export async function unsubscribeSubscriber(db: Kysely<Database>, id: number, actor: AuditActor, now = new Date()): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findSubscriptionById(trx, id);
    if (!row) throw new DomainError("SUBSCRIBER_NOT_FOUND", `no newsletter subscription ${id}`);
    if (!(await repo.markUnsubscribed(trx, id, now.toISOString()))) return { changed: false };
    await recordAudit(trx, {
      actor,
      action: "newsletter.unsubscribe",
      entityType: "newsletter_subscription",
      entityId: id,
      before: { status: row.status },
      after: { status: "unsubscribed" },
      // No address: the log outlives the subscription (an erased account takes its row with it).
      at: now,
    });
    return { changed: true };
  });
}

export type { SubscriberFilter } from "./newsletter.repository.server";

/** Atelier's list: one page of the filtered subscribers, newest first, and how many there are. */
export async function listSubscribers(db: Kysely<Database>, filter: repo.SubscriberFilter, { page, pageSize }: { page: number; pageSize: number }) {
  const [total, rows] = await Promise.all([
    repo.countSubscribers(db, filter),
    repo.listSubscribers(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return { total, rows: rows.map(subscriberView) };
}

/** The filtered subscribers for the CSV export, fetched a page at a time (never all in memory). */
export async function* subscribersForExport(db: Kysely<Database>, filter: repo.SubscriberFilter, pageSize = 500) {
  let afterId = 0;
  for (;;) {
    const rows = await repo.subscribersAfter(db, filter, afterId, pageSize);
    for (const row of rows) yield subscriberView(row);
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

function subscriberView(row: Awaited<ReturnType<typeof repo.listSubscribers>>[number]) {
  return {
    id: row.id,
    email: row.email,
    language: row.locale,
    status: row.status,
    source: row.source,
    consentAt: row.consent_at,
    consentVersion: row.consent_version,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    createdAt: row.created_at,
  };
}

export type SubscriberView = ReturnType<typeof subscriberView>;

/** Deletes pending sign-ups whose link expired unconfirmed (the hourly housekeeping). */
export function purgeUnconfirmedSubscriptions(db: Kysely<Database>, now = new Date()): Promise<number> {
  return repo.deleteExpiredPending(db, now.toISOString());
}

/** The subscription of an address, as a data export shows it (null: none). Never a token. */
export async function subscriptionOf(db: Kysely<Database>, email: string) {
  const row = await repo.findSubscription(db, email);
  return row
    ? {
        email: row.email,
        language: row.locale,
        source: row.source,
        status: row.status,
        consentAt: row.consent_at,
        consentVersion: row.consent_version,
        confirmedAt: row.confirmed_at,
        unsubscribedAt: row.unsubscribed_at,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    : null;
}

/** Erases the subscription of an address (account deletion). */
export function eraseSubscription(db: Kysely<Database>, email: string): Promise<void> {
  return repo.deleteSubscription(db, email);
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The per-address counter's key: a hash, so the rate-limit table holds no address. */
function confirmRateKey(email: string): string {
  return `newsletter-confirm:${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;
}

let unsubscribeKey: Buffer | undefined;

/**
 * The unsubscribe token of a row: its id and an HMAC of id and address under a key derived from
 * SESSION_SECRET for this one purpose. Changing SESSION_SECRET retires the links of mail already sent.
 */
export function unsubscribeToken(id: number, email: string): string {
  unsubscribeKey ??= createHmac("sha256", getEnv().SESSION_SECRET).update("bottega:newsletter-unsubscribe").digest();
  return `${id}.${createHmac("sha256", unsubscribeKey).update(`${id}:${email.toLowerCase()}`).digest("base64url")}`;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
