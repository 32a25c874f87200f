import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { paidOrder, variantWithStock } from "../../../tests/support/order-fixtures";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { saveAddress } from "~/modules/address/address.service.server";
import { AddressSchema } from "~/modules/address/address.schema";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { searchAudit } from "~/modules/audit/audit.service.server";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { Session } from "~/modules/session/session.server";
import { signIn } from "./account.service.server";
import { exportAccountData } from "./account-data.service.server";
import { parseCustomerFilter } from "./customer-desk.schema";
import { eraseCustomer, exportCustomerData, getCustomerProfile, searchCustomers } from "./customer-desk.service.server";
import { emailKey, insertUser } from "./user.repository.server";

// Atelier's customer desk (issue 23): the list searched by name or address in any case, paged by
// limit + 1; a customer's page with what the shop holds; the export and the erasure through the
// shopper's own services, each with its audit entry.

const provider = createSandboxProvider({ secret: "customer-desk-secret", publicUrl: "http://shop.test" });
const staff: AuditActor = { kind: "staff", staffId: 7, email: "banco@bottega.test" };
const filter = (q: string, more: Partial<ReturnType<typeof parseCustomerFilter>> = {}) => ({ ...parseCustomerFilter(new URLSearchParams({ q })), ...more });

/** An account straight in the table (no password hashing: the desk never reads it). */
async function account(db: Kysely<Database>, who: { email: string; firstName: string; lastName: string; at?: string }): Promise<number> {
  const at = who.at ?? new Date().toISOString();
  return insertUser(db, {
    email: who.email,
    email_key: emailKey(who.email),
    password_hash: null,
    first_name: who.firstName,
    last_name: who.lastName,
    birth_date: null,
    gender: null,
    interests: "both",
    locale: "it",
    privacy_consent_at: at,
    created_at: at,
    updated_at: at,
  });
}

describeEachDatabase("Atelier's customer desk", (ctx) => {
  let sku: string;
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    sku = (await variantWithStock(ctx().db, 100, 3)).sku;
  });

  describe("the list", () => {
    it("finds accounts by part of a name or an address, in any case, every word counting", async () => {
      const { db } = ctx();
      const ada = await account(db, { email: "Ada.Brambilla@Esempio.it", firstName: "Ada", lastName: "Brambilla" });
      const bice = await account(db, { email: "bice.ferretti@esempio.it", firstName: "Bice", lastName: "Brambillone" });
      await account(db, { email: "carla@altrove.it", firstName: "Carla", lastName: "Ferretti" });
      const ids = async (q: string) => (await searchCustomers(db, filter(q, { sort: "oldest" }))).customers.map((c) => c.id);

      expect(await ids("brambil")).toEqual([ada, bice]);
      expect(await ids("BRAMBIL")).toEqual([ada, bice]);
      expect(await ids("ada.bram")).toEqual([ada]);
      expect(await ids("  ESEMPIO.IT  bice ")).toEqual([bice]);
      expect(await ids("ferretti esempio")).toEqual([bice]);
      expect(await ids("brambilla ada")).toEqual([ada]);
      expect(await ids("nessuno-così")).toEqual([]);
      // LIKE's wildcards are letters like any other.
      expect(await ids("%")).toEqual([]);
      expect(await ids("_")).toEqual([]);
      const under = await account(db, { email: "dora_neri@esempio.it", firstName: "Dora", lastName: "Neri" });
      expect(await ids("dora_")).toEqual([under]);
    });

    it("pages by limit + 1 in the order asked, and falls back calmly on a bad filter", async () => {
      const { db } = ctx();
      const made: number[] = [];
      for (let i = 0; i < 7; i++) {
        made.push(await account(db, { email: `pagina${i}@paging.test`, firstName: `Paola${i}`, lastName: `Zeta${String.fromCharCode(71 - i)}`, at: `2026-0${i + 1}-01T10:00:00.000Z` }));
      }
      const first = await searchCustomers(db, filter("paging.test"), 3);
      expect(first.customers.map((c) => c.id)).toEqual(made.slice(-3).reverse());
      expect(first.hasNext).toBe(true);
      const last = await searchCustomers(db, filter("paging.test", { page: 3 }), 3);
      expect(last.customers.map((c) => c.id)).toEqual([made[0]]);
      expect(last.hasNext).toBe(false);
      const byName = await searchCustomers(db, filter("paging.test", { sort: "name" }), 10);
      expect(byName.customers.map((c) => c.lastName)).toEqual(["ZetaA", "ZetaB", "ZetaC", "ZetaD", "ZetaE", "ZetaF", "ZetaG"]);
      const byEmail = await searchCustomers(db, filter("paging.test", { sort: "email" }), 10);
      expect(byEmail.customers.map((c) => c.id)).toEqual(made);

      expect(parseCustomerFilter(new URLSearchParams("sort=drop+table&page=-4&q="))).toEqual({ q: "", sort: "newest", page: 1 });
      expect(parseCustomerFilter(new URLSearchParams("page=99999999999&sort=name"))).toEqual({ q: "", sort: "name", page: 1 });
      expect(parseCustomerFilter(new URLSearchParams("page=999999"))).toMatchObject({ page: 400 });
      expect(parseCustomerFilter(new URLSearchParams({ q: "x".repeat(1000) })).q).toHaveLength(200);
      // A page past the end is empty, not an error.
      expect(await searchCustomers(db, filter("paging.test", { page: 400 }), 3)).toMatchObject({ customers: [], hasNext: false });
    });

    it("sorts by last sign-in, never-signed-in last, and counts each account's orders", async () => {
      const { db } = ctx();
      const never = await account(db, { email: "mai@login.test", firstName: "Mai", lastName: "Entrata" });
      const early = await account(db, { email: "presto@login.test", firstName: "Presto", lastName: "Entrata" });
      const late = await account(db, { email: "tardi@login.test", firstName: "Tardi", lastName: "Entrata" });
      await signIn(db, new Session(db, null, null), early, new Date("2026-11-01T08:00:00.000Z"));
      await signIn(db, new Session(db, null, null), late, new Date("2026-11-20T08:00:00.000Z"));
      await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], userId: late, email: "tardi@login.test" });
      await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], userId: late, email: "tardi@login.test" });
      const result = await searchCustomers(db, filter("login.test", { sort: "last-login" }));
      expect(result.customers.map((c) => [c.id, c.lastLoginAt, c.orderCount])).toEqual([
        [late, "2026-11-20T08:00:00.000Z", 2],
        [early, "2026-11-01T08:00:00.000Z", 0],
        [never, null, 0],
      ]);
    });

    it("finds people who ordered without an account by their orders' address or name, one row per address", async () => {
      const { db } = ctx();
      await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], email: "Ospite.Unico@Guest.test" });
      const latest = await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], email: "ospite.unico@guest.test" });
      const withAccount = await account(db, { email: "cliente@guest.test", firstName: "Con", lastName: "Account" });
      await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], userId: withAccount, email: "cliente@guest.test" });

      const result = await searchCustomers(db, filter("OSPITE.unico"));
      expect(result.customers).toEqual([]);
      expect(result.withoutAccount).toEqual([expect.objectContaining({ email: "ospite.unico@guest.test", orders: 2, lastOrderId: latest.orderId, firstName: "Giulia" })]);
      // Only accounts' orders: not listed among those without one.
      expect((await searchCustomers(db, filter("cliente@guest"))).withoutAccount).toEqual([]);
      // Without a search, or past the first page, the list is of accounts only.
      expect((await searchCustomers(db, filter(""))).withoutAccount).toEqual([]);
      expect((await searchCustomers(db, filter("ospite", { page: 2 }))).withoutAccount).toEqual([]);
    });
  });

  describe("a customer's page", () => {
    it("holds the orders, addresses, newsletter, consent, confirmation, last sign-in and the record's audit trail", async () => {
      const { db } = ctx();
      const userId = await account(db, { email: "Profilo@Esempio.it", firstName: "Pia", lastName: "Profilo", at: "2026-10-01T09:00:00.000Z" });
      await saveAddress(
        db,
        userId,
        AddressSchema.parse({ firstName: "Pia", lastName: "Profilo", street: "Via Zamboni", streetNumber: "3", city: "Bologna", province: "BO", country: "IT", zip: "40126", phonePrefix: "+39", phone: "3471112223" }),
      );
      const orders = [];
      for (let i = 0; i < 12; i++) orders.push((await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], userId, email: "profilo@esempio.it" })).orderId);
      await signIn(db, new Session(db, null, null), userId, new Date("2026-11-25T18:30:00.000Z"));

      const profile = (await getCustomerProfile(db, userId))!;
      expect(profile).toMatchObject({
        id: userId,
        email: "Profilo@Esempio.it",
        firstName: "Pia",
        lastName: "Profilo",
        emailConfirmed: false,
        lastLoginAt: "2026-11-25T18:30:00.000Z",
        privacyConsentAt: "2026-10-01T09:00:00.000Z",
        activeSessions: 1,
        newsletter: { state: "none" },
        linkedProviders: [],
      });
      expect(profile.addresses).toEqual([expect.objectContaining({ street: "Via Zamboni", city: "Bologna", isDefault: true })]);
      expect(profile.orders).toMatchObject({ total: 12, page: 1, pageCount: 2 });
      expect(profile.orders.items[0].id).toBe(orders[11]);
      expect((await getCustomerProfile(db, userId, { ordersPage: 2 }))!.orders.items.map((o) => o.id)).toEqual([orders[1], orders[0]]);
      expect(profile.audit).toEqual([]);

      await subscribeToNewsletter(db, { email: "PROFILO@esempio.it", privacy: true, locale: "en", source: "footer", clientIp: "10.9.0.1", absoluteUrl: (path) => `http://localhost:3000${path}` });
      await db.updateTable("users").set({ email_verified_at: "2026-11-02T10:00:00.000Z" }).where("id", "=", userId).execute();
      await exportCustomerData(db, userId, staff);
      const again = (await getCustomerProfile(db, userId))!;
      expect(again.newsletter).toMatchObject({ state: "pending", language: "en", source: "footer", confirmedAt: null });
      expect(again.emailConfirmed).toBe(true);
      expect(again.audit).toEqual([expect.objectContaining({ action: "customer.export", actor: "banco@bottega.test", staffId: 7, entityType: "customer", entityId: String(userId) })]);
    });

    it("is null for an unknown account", async () => {
      expect(await getCustomerProfile(ctx().db, 987_654)).toBeNull();
    });
  });

  describe("export and erasure", () => {
    it("exports the shopper's own document and audits it without personal data", async () => {
      const { db } = ctx();
      const userId = await account(db, { email: "esporta@esempio.it", firstName: "Elsa", lastName: "Esporta" });
      await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], userId, email: "esporta@esempio.it" });
      const at = new Date("2026-11-30T12:00:00.000Z");
      const document = await exportCustomerData(db, userId, staff, at);
      expect(document).toEqual(await exportAccountData(db, userId, at));
      expect(document!.orders).toHaveLength(1);
      const { entries } = await searchAudit(db, { entityType: "customer", entityId: userId, page: 1, pageSize: 10 });
      expect(entries).toEqual([expect.objectContaining({ action: "customer.export", before: null, after: null })]);
      expect(JSON.stringify(entries)).not.toMatch(/esporta|Elsa/i);
      expect(await exportCustomerData(db, 987_654, staff)).toBeNull();
    });

    it("erases through the shopper's own service: orders kept unlinked, the person gone, signed out everywhere, audited by id only", async () => {
      const { db } = ctx();
      const userId = await account(db, { email: "cancella@esempio.it", firstName: "Cesira", lastName: "Cancellanda" });
      const order = await paidOrder(db, provider, { lines: [{ sku, quantity: 1 }], userId, email: "cancella@esempio.it" });
      const phone = new Session(db, null, null);
      await signIn(db, phone, userId);
      await signIn(db, new Session(db, null, null), userId);
      expect(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toHaveLength(2);

      expect(await eraseCustomer(db, userId, staff, new Date("2026-12-01T09:00:00.000Z"))).toBe(true);
      expect(await getCustomerProfile(db, userId)).toBeNull();
      expect(await db.selectFrom("users").select("id").where("email_key", "=", "cancella@esempio.it").execute()).toEqual([]);
      expect(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toEqual([]);
      expect(await db.selectFrom("orders").select(["id", "user_id"]).where("id", "=", order.orderId).execute()).toEqual([{ id: order.orderId, user_id: null }]);

      const { entries } = await searchAudit(db, { entityType: "customer", entityId: userId, page: 1, pageSize: 10 });
      expect(entries).toEqual([
        expect.objectContaining({ action: "customer.erase", at: "2026-12-01T09:00:00.000Z", actor: "banco@bottega.test", before: { id: userId, ordersKept: 1 }, after: null }),
      ]);
      const log = JSON.stringify(await db.selectFrom("audit_log").selectAll().execute());
      expect(log).not.toMatch(/cancella|Cesira/i);
      // The orders are still found by the address they carry, now without an account.
      expect((await searchCustomers(db, filter("cancella@esempio"))).withoutAccount).toEqual([expect.objectContaining({ orders: 1, lastOrderId: order.orderId })]);
      // A second erasure (a double post) finds nothing to do.
      expect(await eraseCustomer(db, userId, staff)).toBe(false);
      expect((await searchAudit(db, { entityType: "customer", entityId: userId, page: 1, pageSize: 10 })).entries).toHaveLength(1);
    });
  });
});
