import { type ExpressionBuilder, type Kysely, PostgresAdapter, type Selectable, type Transaction, sql } from "kysely";
import type { Database, Locale, MailOutboxTable } from "~/db/schema";
import type { RenderedMail } from "./mail-template.server";

// The outbox stores the rendered message (recipient, subject, text, HTML), not a template name
// and its parameters: the mail says what was true when the change committed (a product's name, a
// department's label), the worker needs no database look-ups or templates to send it, and a
// deploy that changes a template or its parameters cannot break or alter mail already queued.
// The price is a few kilobytes a row and the recipient's data at rest, which is there either way
// (the parameters would hold it too); sent rows are purged after SENT_MAIL_RETENTION_MS.

export type OutboxRow = Selectable<MailOutboxTable>;

export interface OutgoingMail extends RenderedMail {
  /** Names the kind of message in logs ("back-in-stock"): never personal data. */
  template: string;
  locale: Locale;
  /** The person the message is about when that is not its recipient (HR's notice: the applicant), so their erasure finds it. */
  about?: string;
  /** Extra headers, e.g. a newsletter mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** The order the message is about: its page in Atelier lists the e-mails sent. */
  orderId?: number;
}

/** How long a worker may hold a claimed message before another worker may take it. */
export const MAIL_LEASE_MS = 2 * 60_000;
export const SENT_MAIL_RETENTION_MS = 30 * 86_400_000;

/**
 * Queues a message in the transaction of the change that causes it: if that transaction rolls
 * back, the message never existed; once it commits, a worker will send it. `claimedBy` queues it
 * already claimed by one worker (a one-off process that delivers what it queued itself, see
 * scripts/stock.ts); should that worker die, its lease expires and any other worker sends it.
 */
export async function enqueueMail(
  trx: Transaction<Database>,
  mail: OutgoingMail,
  { now = new Date(), claimedBy }: { now?: Date; claimedBy?: string } = {},
): Promise<number> {
  const at = now.toISOString();
  const { id } = await trx
    .insertInto("mail_outbox")
    .values({
      template: mail.template,
      locale: mail.locale,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      about_email: mail.about?.toLowerCase() ?? null,
      headers: mail.headers && Object.keys(mail.headers).length ? JSON.stringify(mail.headers) : null,
      order_id: mail.orderId ?? null,
      next_attempt_at: at,
      claimed_by: claimedBy ?? null,
      lease_until: claimedBy ? new Date(now.getTime() + MAIL_LEASE_MS).toISOString() : null,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Pending, due, and not under a live lease. */
function dueRows(db: Kysely<Database>, at: string) {
  return db
    .selectFrom("mail_outbox")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]));
}

/**
 * Claims up to `limit` due messages for `owner` until `now + leaseMs`, and says how many. On
 * PostgreSQL the rows are locked with FOR UPDATE SKIP LOCKED inside the claiming transaction, so
 * workers of several processes claiming at once each get different rows and never wait for each
 * other. SQLite has one writer: the claim is one UPDATE, which takes the write lock before it
 * reads (a read-then-write transaction could fail when another process wrote in between).
 */
export async function claimDueMail(db: Kysely<Database>, owner: string, { now, leaseMs = MAIL_LEASE_MS, limit }: { now: Date; leaseMs?: number; limit: number }): Promise<number> {
  const at = now.toISOString();
  const claim = { claimed_by: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString() };
  // Idle polls (the usual case) stay one read, without a write lock or a transaction.
  if (!(await dueRows(db, at).select("id").limit(1).executeTakeFirst())) return 0;
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const rows = await dueRows(trx, at).select("id").orderBy("next_attempt_at").orderBy("id").limit(limit).forUpdate().skipLocked().execute();
      if (rows.length === 0) return 0;
      await trx.updateTable("mail_outbox").set(claim).where("id", "in", rows.map((r) => r.id)).execute();
      return rows.length;
    });
  }
  const result = await db
    .updateTable("mail_outbox")
    .set(claim)
    .where("id", "in", dueRows(db, at).select("id").orderBy("next_attempt_at").orderBy("id").limit(limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The pending messages `owner` holds, oldest first. */
export function listClaimedMail(db: Kysely<Database>, owner: string): Promise<OutboxRow[]> {
  return db.selectFrom("mail_outbox").selectAll().where("claimed_by", "=", owner).where("status", "=", "pending").orderBy("id").execute();
}

/**
 * Extends `owner`'s lease on one message right before sending it, and says whether `owner` still
 * holds it: a message whose lease ran out while earlier ones were being sent may have been taken
 * (and sent) by another worker, and must then be left alone.
 */
export async function renewLease(db: Kysely<Database>, id: number, owner: string, { now, leaseMs = MAIL_LEASE_MS }: { now: Date; leaseMs?: number }): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", id)
    .where("claimed_by", "=", owner)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markSent(db: Kysely<Database>, row: OutboxRow, owner: string, now: Date): Promise<void> {
  // The person was erased while it waited: delivered, it goes.
  await db.deleteFrom("mail_outbox").where("id", "=", row.id).where("claimed_by", "=", owner).where("erase_after_delivery", "=", 1).execute();
  await db
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: now.toISOString(), attempts: row.attempts + 1, claimed_by: null, lease_until: null, last_error: null })
    .where("id", "=", row.id)
    .where("claimed_by", "=", owner)
    .execute();
}

/** Records a failed attempt: the message waits until `retryAt`, or is failed for good without one. */
export async function markAttemptFailed(
  db: Kysely<Database>,
  row: OutboxRow,
  owner: string,
  { error, retryAt }: { error: string; retryAt: Date | null },
): Promise<void> {
  if (!retryAt) await db.deleteFrom("mail_outbox").where("id", "=", row.id).where("claimed_by", "=", owner).where("erase_after_delivery", "=", 1).execute();
  await db
    .updateTable("mail_outbox")
    .set({
      status: retryAt ? "pending" : "failed",
      attempts: row.attempts + 1,
      next_attempt_at: retryAt ? retryAt.toISOString() : row.next_attempt_at,
      claimed_by: null,
      lease_until: null,
      last_error: error.slice(0, 500),
    })
    .where("id", "=", row.id)
    .where("claimed_by", "=", owner)
    .execute();
}

/** Deletes messages sent before `before` (they hold addresses the shop no longer needs). */
export async function purgeSentMail(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom("mail_outbox").where("status", "=", "sent").where("sent_at", "<", before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface OutboxSummary {
  pending: number;
  sent: number;
  failed: number;
  /** The failed messages, without their recipients: what an operator needs to decide on a retry. */
  failures: Array<Pick<OutboxRow, "id" | "template" | "attempts" | "last_error" | "created_at">>;
}

/** How many messages wait, went out and gave up (the queue's depth for /metrics). */
export async function countOutboxByStatus(db: Kysely<Database>): Promise<Record<"pending" | "sent" | "failed", number>> {
  const counts = await db
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return { pending: count("pending"), sent: count("sent"), failed: count("failed") };
}

/** Counts by status and lists the failed messages (for `npm run mail -- status`). */
export async function summarizeOutbox(db: Kysely<Database>): Promise<OutboxSummary> {
  const counts = await countOutboxByStatus(db);
  const failures = await db
    .selectFrom("mail_outbox")
    .select(["id", "template", "attempts", "last_error", "created_at"])
    .where("status", "=", "failed")
    .orderBy("id")
    .execute();
  return { ...counts, failures };
}

/**
 * Gives failed messages (the given ones, or all) a new round of attempts from `now`, once the
 * cause is fixed (a wrong SMTP_URL, a mail server that refused everything). Returns how many.
 */
export async function retryFailedMail(db: Kysely<Database>, { ids, now = new Date() }: { ids?: number[]; now?: Date } = {}): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let query = db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), claimed_by: null, lease_until: null })
    .where("status", "=", "failed");
  if (ids) query = query.where("id", "in", ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The messages the outbox holds for an address (pending, sent or failed), as a data export lists them. */
export async function listMailTo(db: Kysely<Database>, email: string) {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["template", "subject", "status", "created_at", "sent_at"])
    .where(sql<string>`lower(recipient)`, "=", email.toLowerCase())
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ template: row.template, subject: row.subject, status: row.status, queuedAt: row.created_at, sentAt: row.sent_at }));
}

/**
 * Erases every message addressed to an address and every message recorded as about it (HR's
 * notice of an application): account deletion. Whole addresses are compared, so erasing
 * lisa@x.it leaves elisa@x.it's mail. A message still to be delivered (an order confirmation on
 * its way) is not lost: it is marked, and goes once delivered or failed for good.
 */
export async function eraseMailOf(db: Kysely<Database>, email: string): Promise<void> {
  const key = email.toLowerCase();
  const theirs = (eb: ExpressionBuilder<Database, "mail_outbox">) => eb.or([eb(sql<string>`lower(recipient)`, "=", key), eb("about_email", "=", key)]);
  await db.deleteFrom("mail_outbox").where(theirs).where("status", "!=", "pending").execute();
  await db.updateTable("mail_outbox").set({ erase_after_delivery: 1 }).where(theirs).where("status", "=", "pending").execute();
}

/** The messages queued about an order (their subject and state, not their bodies), oldest first: its page's timeline. */
export function listMailOfOrder(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "template", "subject", "status", "created_at as createdAt", "sent_at as sentAt"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .limit(200)
    .execute();
}
