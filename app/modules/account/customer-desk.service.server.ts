import type { Kysely } from "kysely";
import { searchWords } from "~/db/contains-words.server";
import type { Database, Locale } from "~/db/schema";
import { type AddressView, listAddresses } from "~/modules/address/address.service.server";
import { type AuditActor, type AuditRecord, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { subscriptionOf } from "~/modules/newsletter/newsletter.service.server";
import { type OrdererWithoutAccount, orderCountsOf, searchOrderersWithoutAccount } from "~/modules/order/customer-orders.service.server";
import { type OrderSummary, listAccountOrders } from "~/modules/order/order.service.server";
import { sessionsOf } from "~/modules/session/session.server";
import { eraseAccount, exportAccountData } from "./account-data.service.server";
import { isEmailProven } from "./account.service.server";
import { type CustomerListRow, selectCustomers } from "./customer-desk.repository.server";
import type { CustomerFilter } from "./customer-desk.schema";
import * as users from "./user.repository.server";

// Atelier's customer desk (issue 23): find an account, see what the shop holds of it, and do on
// the customer's behalf what they can do themselves: download their data, erase their account.
// The export and the erasure are the shopper's own services (account-data.service.server.ts);
// this file adds the staff's audit entries, which name the account by its id only.

export const CUSTOMERS_PER_PAGE = 25;

export interface CustomerListItem extends CustomerListRow {
  orderCount: number;
}

export interface CustomerSearchResult {
  customers: CustomerListItem[];
  page: number;
  hasNext: boolean;
  /** For a search only: people who ordered without an account (guests, erased accounts) whose orders match. */
  withoutAccount: OrdererWithoutAccount[];
}

/**
 * One page of accounts, searched by every word of `q` (in the first name, last name or address,
 * any case, anywhere), sorted, paged by limit + 1 (no count of all the matches).
 */
export async function searchCustomers(db: Kysely<Database>, filter: CustomerFilter, pageSize = CUSTOMERS_PER_PAGE): Promise<CustomerSearchResult> {
  const words = searchWords(filter.q);
  const [rows, withoutAccount] = await Promise.all([
    selectCustomers(db, { words, sort: filter.sort, limit: pageSize, offset: (filter.page - 1) * pageSize }),
    filter.page === 1 ? searchOrderersWithoutAccount(db, words) : Promise.resolve([]),
  ]);
  const page = rows.slice(0, pageSize);
  const counts = await orderCountsOf(
    db,
    page.map((row) => row.id),
  );
  return {
    customers: page.map((row) => ({ ...row, orderCount: counts.get(row.id) ?? 0 })),
    page: filter.page,
    hasNext: rows.length > pageSize,
    withoutAccount,
  };
}

/** Where the account's address stands with the newsletter. */
export type NewsletterState =
  | { state: "none" }
  /** pending: signed up, the confirmation link not yet opened (double opt-in); it does not count yet. */
  | { state: "pending" | "confirmed" | "unsubscribed"; language: Locale; consentAt: string; source: string; consentVersion: string | null; confirmedAt: string | null };

export interface CustomerProfile {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
  birthDate: string | null;
  language: Locale;
  hasPassword: boolean;
  /** Whether the account proved its address (decision 018): confirmation link, reset, or a social account of it. */
  emailConfirmed: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  /** When the privacy notice was accepted (registration). */
  privacyConsentAt: string;
  /** Browsers signed in now. */
  activeSessions: number;
  linkedProviders: string[];
  newsletter: NewsletterState;
  addresses: AddressView[];
  orders: { items: OrderSummary[]; page: number; pageCount: number; total: number };
  audit: AuditRecord[];
}

/** A customer's page: what the shop holds of the account, or null when there is no such account. */
export async function getCustomerProfile(db: Kysely<Database>, userId: number, options: { ordersPage?: number; now?: Date } = {}): Promise<CustomerProfile | null> {
  const user = await users.findUserById(db, userId);
  if (!user) return null;
  const now = options.now ?? new Date();
  const [emailConfirmed, identities, sessions, subscription, addresses, orders, audit] = await Promise.all([
    isEmailProven(db, user),
    users.listIdentities(db, userId),
    sessionsOf(db, userId),
    subscriptionOf(db, user.email_key),
    listAddresses(db, userId),
    listAccountOrders(db, userId, options.ordersPage ?? 1),
    auditOfRecord(db, "customer", userId),
  ]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    fiscalCode: user.fiscal_code,
    birthDate: user.birth_date,
    language: user.locale,
    hasPassword: user.password_hash !== null,
    emailConfirmed,
    createdAt: user.created_at,
    lastLoginAt: user.last_login_at,
    privacyConsentAt: user.privacy_consent_at,
    activeSessions: sessions.filter((s) => s.expiresAt > now.toISOString()).length,
    linkedProviders: [...new Set(identities.map((i) => i.provider))],
    newsletter: subscription
      ? {
          state: subscription.status,
          language: subscription.language,
          consentAt: subscription.consentAt,
          source: subscription.source,
          consentVersion: subscription.consentVersion,
          confirmedAt: subscription.confirmedAt,
        }
      : { state: "none" },
    addresses,
    orders: { items: orders.orders, page: orders.page, pageCount: orders.pageCount, total: orders.total },
    audit,
  };
}

/**
 * The customer's data as the shopper downloads it from /account/export (the same document, by
 * the same service), recorded in the audit log as `customer.export`. Null: no such account.
 */
export async function exportCustomerData(db: Kysely<Database>, userId: number, actor: AuditActor, now = new Date()) {
  const document = await exportAccountData(db, userId, now);
  if (!document) return null;
  await recordAudit(db, { actor, action: "customer.export", entityType: "customer", entityId: userId, at: now });
  return document;
}

/**
 * Erases a customer's account on their behalf: the shopper's own erasure (orders kept for the
 * tax records, personal data removed, signed out everywhere), audited as `customer.erase`.
 * False: no such account (already erased, or a forged id).
 */
export function eraseCustomer(db: Kysely<Database>, userId: number, actor: AuditActor, now = new Date()): Promise<boolean> {
  return eraseAccount(db, userId, { actor, now });
}
