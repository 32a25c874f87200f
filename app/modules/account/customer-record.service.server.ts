import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { customerEmailKey } from "~/modules/bag/customer-email-key.server";
import { DomainError } from "~/utils/domain-error";
import { isEmailProven } from "./account.service.server";
import { CUSTOMER_TAGS_MAX } from "./customer-desk.schema";
import * as repo from "./customer-record.repository.server";
import { findUserByEmail } from "./user.repository.server";

// Customers as people (issue 42 part 4): an account, or someone who ordered without one (found
// by the address the orders carry). Each has figures (orders, what they brought in, the last
// one), staff's notes and tags — shown on the customer's page and on every one of their orders —
// and a guest can be merged into the account of the same address once that account has proven
// it. Every write is audited; a guest's entries name the address by its keyed hash only, so the
// log keeps no address an erasure could not reach.

/** A customer: an account, or the address orders were placed under without one. */
export type CustomerTarget = { kind: "account"; userId: number } | { kind: "guest"; email: string };

/** The key of a customer's notes and tags. */
export function customerKey(target: CustomerTarget): string {
  return target.kind === "account" ? `user:${target.userId}` : `email:${target.email.trim().toLowerCase()}`;
}

/** The customer an order belongs to: its account, else its address. */
export function customerOfOrder(order: { userId: number | null; email: string }): CustomerTarget {
  return order.userId !== null ? { kind: "account", userId: order.userId } : { kind: "guest", email: order.email };
}

/** Notes a page shows (the newest). */
export const CUSTOMER_NOTES_SHOWN = 50;

export interface CustomerRecord {
  figures: { orders: number; valueCents: number; lastOrderAt: string | null };
  tags: string[];
  notes: { id: number; author: string; body: string; createdAt: string }[];
}

function ordersOf(target: CustomerTarget): repo.OrdersOf {
  return target.kind === "account" ? { userId: target.userId } : { email: target.email };
}

/** A customer's figures, tags and notes (an order's page shows them for its customer). */
export async function getCustomerRecord(db: Kysely<Database>, target: CustomerTarget, notes = CUSTOMER_NOTES_SHOWN): Promise<CustomerRecord> {
  const key = customerKey(target);
  const [figures, tags, rows] = await Promise.all([repo.selectCustomerFigures(db, ordersOf(target)), repo.selectTags(db, key), repo.selectNotes(db, key, notes)]);
  return { figures, tags, notes: rows.map((row) => ({ ...row, createdAt: String(row.createdAt) })) };
}

function auditTarget(target: CustomerTarget) {
  return target.kind === "account" ? { entityType: "customer", entityId: target.userId } : { entityType: "guest-customer", entityId: customerEmailKey(target.email) };
}

function staffOf(actor: AuditActor) {
  return actor.kind === "staff" ? { staffId: actor.staffId, author: actor.email } : { staffId: null, author: actor.kind };
}

/** Appends a note to a customer (a guest must have ordered: NOT_FOUND otherwise). */
export async function addCustomerNote(db: Kysely<Database>, target: CustomerTarget, body: string, actor: AuditActor, now = new Date()): Promise<number> {
  await requireCustomer(db, target);
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertNote(trx, { key: customerKey(target), ...staffOf(actor), body, at: now.toISOString() });
    await recordAudit(trx, { actor, action: "customer.note", ...auditTarget(target), after: { noteId: id }, summary: `note ${id}`, at: now });
    return id;
  });
}

/** Replaces a customer's tags with these (already normalised by the form's schema). */
export async function setCustomerTags(db: Kysely<Database>, target: CustomerTarget, tags: string[], actor: AuditActor, now = new Date()): Promise<void> {
  await requireCustomer(db, target);
  const key = customerKey(target);
  await db.transaction().execute(async (trx) => {
    const before = await repo.selectTags(trx, key);
    await repo.replaceTags(trx, key, tags, now.toISOString());
    await recordAudit(trx, { actor, action: "customer.tags", ...auditTarget(target), before: { tags: before.join(", ") }, after: { tags: tags.join(", ") }, at: now });
  });
}

async function requireCustomer(db: Kysely<Database>, target: CustomerTarget): Promise<void> {
  if (target.kind === "guest" && (await repo.selectCustomerFigures(db, { email: target.email })).orders === 0) {
    throw new DomainError("CUSTOMER_NOT_FOUND", "Nobody ordered under this address without an account.");
  }
}

/** The orders a guest's page lists (the newest; the order desk searched by the address has them all). */
export const GUEST_ORDERS_SHOWN = 50;

export interface GuestCustomer {
  email: string;
  firstName: string;
  lastName: string;
  orders: Awaited<ReturnType<typeof repo.selectGuestOrders>>;
  record: CustomerRecord;
  /** The account of the same address, when one exists: `mergeable` once it has proven the address. */
  account: { id: number; firstName: string; lastName: string; mergeable: boolean } | null;
}

/** Someone who ordered without an account, by the address (any case); null when nobody did. */
export async function getGuestCustomer(db: Kysely<Database>, email: string): Promise<GuestCustomer | null> {
  const orders = await repo.selectGuestOrders(db, email, GUEST_ORDERS_SHOWN);
  if (!orders.length) return null;
  const target: CustomerTarget = { kind: "guest", email };
  const [record, user] = await Promise.all([getCustomerRecord(db, target), findUserByEmail(db, email)]);
  return {
    email: orders[0].email,
    firstName: orders[0].firstName,
    lastName: orders[0].lastName,
    orders,
    record,
    account: user ? { id: user.id, firstName: user.first_name, lastName: user.last_name, mergeable: await isEmailProven(db, user) } : null,
  };
}

/**
 * Merges a guest into the account of the same address: the orders placed without an account
 * become the account's (its history shows them), the notes and tags move. Only into an account
 * that proved the address (an unconfirmed one could be anybody's). Throws CUSTOMER_NOT_FOUND (no
 * such guest), MERGE_NOT_POSSIBLE (no account, or unproven). Returns the account and the orders moved.
 */
export async function mergeGuestIntoAccount(db: Kysely<Database>, email: string, actor: AuditActor, now = new Date()): Promise<{ userId: number; orders: number }> {
  const guest = await getGuestCustomer(db, email);
  if (!guest) throw new DomainError("CUSTOMER_NOT_FOUND", "Nobody ordered under this address without an account.");
  if (!guest.account?.mergeable) throw new DomainError("MERGE_NOT_POSSIBLE", "No account has proven this address.");
  const userId = guest.account.id;
  const at = now.toISOString();
  const orders = await db.transaction().execute(async (trx) => {
    // Again inside the transaction: the account may have changed its address or gone meanwhile.
    const account = await findUserByEmail(trx, email);
    if (!account || account.id !== userId || !(await isEmailProven(trx, account))) throw new DomainError("MERGE_NOT_POSSIBLE", "The account no longer proves this address.");
    const moved = await repo.adoptGuestOrders(trx, email, userId, at);
    await repo.moveRecord(trx, customerKey({ kind: "guest", email }), customerKey({ kind: "account", userId }), at, CUSTOMER_TAGS_MAX);
    await recordAudit(trx, { actor, action: "customer.merge", entityType: "customer", entityId: userId, after: { ordersMerged: moved }, summary: `guest ${customerEmailKey(email).slice(0, 12)} merged`, at: now });
    return moved;
  });
  return { userId, orders };
}

/** Erasure of an account: its notes and tags, and those under each of its addresses. */
export function eraseCustomerRecords(db: Kysely<Database> | Transaction<Database>, userId: number, emails: string[]): Promise<void> {
  return repo.deleteRecords(db, [customerKey({ kind: "account", userId }), ...emails.map((email) => customerKey({ kind: "guest", email }))]);
}
