import type { Kysely, Transaction } from "kysely";
import type { Database, Locale, NewsletterStatus } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records a sign-up as pending with a new confirmation token (double opt-in): a new address gets
 * a row, a known one (pending or unsubscribed) is pending again with the new consent, language
 * and token. Returns the row's id.
 */
export async function upsertPendingSubscription(
  db: Db,
  row: { email: string; locale: Locale; source: string; consentVersion: string; tokenHash: string; expiresAt: string; at: string },
): Promise<number> {
  const pending = {
    locale: row.locale,
    source: row.source,
    status: "pending" as const,
    consent_at: row.at,
    consent_version: row.consentVersion,
    confirmed_at: null,
    unsubscribed_at: null,
    confirm_token_hash: row.tokenHash,
    confirm_expires_at: row.expiresAt,
    updated_at: row.at,
  };
  const { id } = await db
    .insertInto("newsletter_subscriptions")
    .values({ email: row.email, created_at: row.at, ...pending })
    .onConflict((oc) => oc.column("email").doUpdateSet(pending))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export function findSubscription(db: Db, email: string) {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export function findSubscriptionById(db: Db, id: number) {
  return db.selectFrom("newsletter_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The pending row a live confirmation token belongs to. */
export function findByConfirmToken(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom("newsletter_subscriptions")
    .selectAll()
    .where("confirm_token_hash", "=", tokenHash)
    .where("status", "=", "pending")
    .where("confirm_expires_at", ">", now)
    .executeTakeFirst();
}

/** Confirms the row if the token is still its live one (compare-and-set: of two racing uses, one wins). */
export async function confirmByToken(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_subscriptions")
    .set({ status: "confirmed", confirmed_at: now, confirm_token_hash: null, confirm_expires_at: null, updated_at: now })
    .where("confirm_token_hash", "=", tokenHash)
    .where("status", "=", "pending")
    .where("confirm_expires_at", ">", now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Withdraws a subscription (pending or confirmed); says whether it changed. */
export async function markUnsubscribed(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_subscriptions")
    .set({ status: "unsubscribed", unsubscribed_at: now, confirm_token_hash: null, confirm_expires_at: null, updated_at: now })
    .where("id", "=", id)
    .where("status", "!=", "unsubscribed")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteSubscription(db: Db, email: string): Promise<void> {
  await db.deleteFrom("newsletter_subscriptions").where("email", "=", email.toLowerCase()).execute();
}

/** Deletes pending sign-ups whose link expired unused: an address nobody confirmed is not kept. */
export async function deleteExpiredPending(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom("newsletter_subscriptions").where("status", "=", "pending").where("confirm_expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface SubscriberFilter {
  locale?: Locale;
  status?: NewsletterStatus;
}

function filtered(db: Db, filter: SubscriberFilter) {
  let query = db.selectFrom("newsletter_subscriptions");
  if (filter.locale) query = query.where("locale", "=", filter.locale);
  if (filter.status) query = query.where("status", "=", filter.status);
  return query;
}

const LIST_COLUMNS = ["id", "email", "locale", "status", "source", "consent_at", "consent_version", "confirmed_at", "unsubscribed_at", "created_at"] as const;

export async function countSubscribers(db: Db, filter: SubscriberFilter): Promise<number> {
  const { n } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One page of the filtered subscribers, newest first. */
export function listSubscribers(db: Db, filter: SubscriberFilter, { limit, offset }: { limit: number; offset: number }) {
  return filtered(db, filter).select(LIST_COLUMNS).orderBy("id", "desc").limit(limit).offset(offset).execute();
}

/** The filtered subscribers after `afterId` (keyset paging for the export), oldest first. */
export function subscribersAfter(db: Db, filter: SubscriberFilter, afterId: number, limit: number) {
  return filtered(db, filter).select(LIST_COLUMNS).where("id", ">", afterId).orderBy("id").limit(limit).execute();
}
