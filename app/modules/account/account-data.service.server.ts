import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { eraseCustomerRecords } from "./customer-record.service.server";
import { eraseAddresses, listAddresses } from "~/modules/address/address.service.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { backInStockRequestsOf, eraseBackInStockRequests } from "~/modules/backstock/backstock.service.server";
import { accountBagIds, eraseBags, findAccountBag, getBag } from "~/modules/bag/bag.service.server";
import { applicationsOf, eraseApplications } from "~/modules/career/career.service.server";
import { eraseCheckouts, getCheckout } from "~/modules/checkout/checkout.service.server";
import { eraseMailOf, listMailTo } from "~/modules/mail/outbox.server";
import { eraseSubscription, subscriptionOf } from "~/modules/newsletter/newsletter.service.server";
import { accountOrdersForExport } from "~/modules/order/order-data.service.server";
import { detachOrdersFromAccount, listAccountOrders } from "~/modules/order/order.service.server";
import { eraseWishlist, wishlistForExport } from "~/modules/wishlist/wishlist.service.server";
import { forgetRateLimits } from "~/modules/rate-limit/rate-limit.server";
import { endGuestSessionsOf, endSessionsOf, sessionsOf } from "~/modules/session/session.server";
import { DomainError } from "~/utils/domain-error";
import { emailRateLimitKeys, getAccount } from "./account.service.server";
import { verifyPassword } from "./password.server";
import * as repo from "./user.repository.server";

// What the shop holds of an account holder: exported as one document (GDPR arts. 15 and 20) and
// erased with the account (art. 17). Each domain's service reads or erases its own rows; this
// file only gathers them. What stays after an erasure, and why:
// docs/decisions/018-shoppers-data.md.

/**
 * The addresses the account has shown it owns, under which data filed by address (newsletter,
 * back-in-stock alerts, applications, mail, guest sessions and checkouts) is its own: those of its
 * linked identities (the provider vouches for them), and its own once proven by a completed
 * password reset, the address-confirmation link, or an identity with the same address. Registration and a change of profile
 * prove nothing: anyone can type a stranger's address (decision 018).
 */
async function verifiedEmailsOf(db: Kysely<Database>, user: repo.UserRow): Promise<{ verified: string[]; unverified: string | null }> {
  const identities = (await repo.listIdentities(db, user.id)).map((i) => repo.emailKey(i.email));
  const own = repo.emailKey(user.email);
  const ownProven = user.email_verified_at !== null || identities.includes(own);
  return { verified: [...new Set([...(ownProven ? [own] : []), ...identities])], unverified: ownProven ? null : own };
}

/**
 * Deletes an account (GDPR art. 17), confirmed with its password, or, for an account without one
 * (made through social login), with its email address typed again; then erases it (eraseAccount).
 * Throws WRONG_PASSWORD, WRONG_CONFIRMATION.
 */
export async function deleteAccount(db: Kysely<Database>, userId: number, input: { password: string }): Promise<void> {
  const user = await repo.findUserById(db, userId);
  if (user && user.password_hash === null) {
    if (repo.emailKey(input.password) !== user.email_key) throw new DomainError("WRONG_CONFIRMATION", "wrong email to delete", { field: "password" });
  } else if (!user || !(await verifyPassword(input.password, user.password_hash))) {
    throw new DomainError("WRONG_PASSWORD", "wrong password to delete", { field: "password" });
  }
  await eraseAccount(db, userId);
}

/**
 * Erases an account: the shopper's own deletion once confirmed, and Atelier's erasure on their
 * behalf. In one transaction: the checkouts of its bags, its bags, addresses, sessions (signed out
 * everywhere), reset links and linked identities go; under its proven addresses only
 * (verifiedEmailsOf), guest checkouts and sessions, newsletter subscription, back-in-stock
 * requests, career applications, the outbox's mail to or about them (mail still to be delivered
 * goes once delivered) and the rate-limit counters keyed by them. Its discount-code uses stay
 * counted without naming it. Its orders stay, unlinked from the erased account, for the tax
 * records (decision 018). With an `actor` (Atelier, the CLI), a `customer.erase` audit entry in
 * the same transaction names the account by its id and the orders kept, never its personal data.
 * Returns false when there is no such account.
 */
export async function eraseAccount(db: Kysely<Database>, userId: number, options: { actor?: AuditActor; now?: Date } = {}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await repo.findUserById(trx, userId);
    if (!user) return false;
    const { verified: emails } = await verifiedEmailsOf(trx, user);
    const sessions = await sessionsOf(trx, userId);
    const bagIds = await accountBagIds(trx, { userId, sessionBagIds: sessions.map((s) => s.bagId) });
    const ordersKept = options.actor ? (await listAccountOrders(trx, userId, 1)).total : 0;
    await eraseCheckouts(trx, { bagIds, emails });
    await eraseBags(trx, { userId, bagIds, emails });
    await endSessionsOf(trx, userId);
    await eraseAddresses(trx, userId);
    await eraseWishlist(trx, userId);
    // Only under the proven addresses: notes on a stranger's guest orders are not this account's (decision 018).
    await eraseCustomerRecords(trx, userId, emails);
    await detachOrdersFromAccount(trx, userId);
    for (const email of emails) {
      await endGuestSessionsOf(trx, email);
      await eraseSubscription(trx, email);
      await eraseBackInStockRequests(trx, email);
      await eraseApplications(trx, email);
      await eraseMailOf(trx, email);
      await forgetRateLimits(trx, Object.values(emailRateLimitKeys(email)));
    }
    await repo.deleteUser(trx, userId);
    if (options.actor) {
      await recordAudit(trx, { actor: options.actor, action: "customer.erase", entityType: "customer", entityId: userId, before: { id: userId, ordersKept }, after: null, at: options.now });
    }
    return true;
  });
}

/**
 * Everything the shop keeps about an account holder, as one JSON document (GDPR arts. 15 and
 * 20): profile, address book, bag and the checkout under way, orders with their lines,
 * addresses, payments, returns, refunds and withdrawals, the wishlist, newsletter subscription, back-in-stock
 * requests, career applications and the mail sent to the account's addresses, sessions and
 * linked identities. What is filed by address comes only for the addresses the account has
 * proven; an unproven one is named in `notIncluded`. Never a password hash, a token or a
 * provider's reference.
 */
export async function exportAccountData(db: Kysely<Database>, userId: number, now = new Date()) {
  const [user, account] = await Promise.all([repo.findUserById(db, userId), getAccount(db, userId)]);
  if (!user || !account) return null;
  const { verified: emails, unverified } = await verifiedEmailsOf(db, user);
  const bagId = await findAccountBag(db, userId);
  const [addresses, bag, checkout, orders, sessions, identities, wishlist, perEmail] = await Promise.all([
    listAddresses(db, userId),
    bagId === null ? null : getBag(db, user.locale, bagId, now),
    getCheckout(db, bagId),
    accountOrdersForExport(db, userId),
    sessionsOf(db, userId),
    repo.listIdentities(db, userId),
    wishlistForExport(db, userId, user.locale),
    Promise.all(
      emails.map(async (email) => ({
        newsletter: await subscriptionOf(db, email),
        backInStock: await backInStockRequestsOf(db, email),
        applications: await applicationsOf(db, email),
        mail: await listMailTo(db, email),
      })),
    ),
  ]);
  const { id: _id, hasPassword, ...profile } = account;
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...profile,
      language: user.locale,
      hasPassword,
      privacyConsentAt: user.privacy_consent_at,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    addresses: addresses.map(({ id: _address, phonePrefix, phone, ...address }) => ({ ...address, phone: `${phonePrefix} ${phone}` })),
    bag: bag && {
      lines: bag.lines.map((l) => ({ sku: l.sku, name: l.name, size: l.size, color: l.color.name, quantity: l.quantity })),
      discountCode: bag.discount?.code ?? null,
    },
    checkout: checkout && {
      contact: checkout.contact,
      shippingAddress: checkout.shipping,
      billingAddress: checkout.billing,
      shippingMethod: checkout.shippingMethod,
      invoice: checkout.invoice,
      paymentMethod: checkout.paymentMethod,
    },
    orders,
    wishlist,
    newsletter: perEmail.flatMap((e) => (e.newsletter ? [e.newsletter] : [])),
    backInStockAlerts: perEmail.flatMap((e) => e.backInStock),
    careerApplications: perEmail.flatMap((e) => e.applications),
    mail: perEmail.flatMap((e) => e.mail),
    sessions: sessions.map(({ bagId: _bag, ...s }) => s),
    linkedAccounts: identities.map((i) => ({ provider: i.provider, email: i.email, linkedAt: i.created_at })),
    notIncluded: unverified && {
      email: unverified,
      data: ["newsletter", "backInStockAlerts", "careerApplications", "mail"],
      reason: "The address is not confirmed: what the shop files under an address is included once the account proves it owns it. To confirm it, open the link of the welcome e-mail (or ask the account page to send it again) and press \"Confirm the address\"; resetting the password through the e-mailed link, or signing in with a social account of the same address, confirms it too.",
    },
  };
}
