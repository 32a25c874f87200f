import { expect, it } from "vitest";
import { registrationForm } from "../support/forms";
import { type HttpClient, describeEachApp } from "../support/http";
import { paidOrder, variantWithStock } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { saveAddress } from "~/modules/address/address.service.server";
import { AddressSchema } from "~/modules/address/address.schema";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// Atelier's customer desk through the request handler, without JavaScript, on both databases:
// the guards (no cookie, a shopper's cookie, forged ids), the list's search and calm fallbacks,
// a customer's page, the export (the shopper's own file, audited) and the erasure (confirmed by
// a box, audited, orders kept, the shopper signed out everywhere). Cross-site posts: the built
// server's own test (atelier-customers-cross-site.test.ts).
describeEachApp("Atelier customers", (app) => {
  const provider = createSandboxProvider({ secret: "http-atelier-customers", publicUrl: "http://localhost:3000" });
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  let people = 0;

  /** A shopper registered over HTTP (signed in on `client`), with an address and a paid order. */
  async function shopper(tag: string, client: HttpClient = app().client()) {
    const email = `${tag}-${app().kind}-${++people}@esempio.it`;
    expect((await client.postForm("/login/register", registrationForm(email, { firstName: "Ottavia", lastName: `Clientela${tag}` }))).status).toBe(302);
    const user = await app().db.selectFrom("users").select("id").where("email_key", "=", email.toLowerCase()).executeTakeFirstOrThrow();
    await saveAddress(
      app().db,
      user.id,
      AddressSchema.parse({ firstName: "Ottavia", lastName: `Clientela${tag}`, street: `Via dei Clienti ${tag}`, streetNumber: "4", city: "Torino", province: "TO", country: "IT", zip: "10121", phonePrefix: "+39", phone: "3470001112" }),
    );
    const { sku } = await variantWithStock(app().db, 50, 5);
    const order = await paidOrder(app().db, provider, { lines: [{ sku, quantity: 1 }], userId: user.id, email });
    return { client, email, userId: user.id, orderId: order.orderId };
  }

  const auditOf = (userId: number) => app().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "customer").where("entity_id", "=", String(userId)).orderBy("id").execute();

  it("sends no cookie and a shopper's cookie to Atelier's login, on every page and post", async () => {
    const customer = await shopper("guardia");
    const anonymous = app().client();
    for (const client of [anonymous, customer.client]) {
      const list = await client.get("/atelier/customers?q=rossi");
      expect(list.status).toBe(302);
      expect(list.headers.get("Location")).toBe(`/atelier/login?redirectTo=${encodeURIComponent("/atelier/customers?q=rossi")}`);
      expect((await client.get(`/en/atelier/customers/${customer.userId}`)).headers.get("Location")).toMatch(/^\/en\/atelier\/login/);
      expect((await client.postForm(`/atelier/customers/${customer.userId}`, { intent: "erase", confirm: "on" })).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
      expect((await client.postForm(`/atelier/customers/${customer.userId}/export`, {})).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
    }
    // Nothing changed, nothing exported.
    expect(await app().db.selectFrom("users").select("id").where("id", "=", customer.userId).execute()).toHaveLength(1);
    expect(await auditOf(customer.userId)).toEqual([]);
  });

  it("lists and searches accounts by part of a name or address in any case, in both languages, falling back calmly on a bad filter", async () => {
    const customer = await shopper("Ricerca");
    const { client } = await signInStaff(app(), { role: "manager" });
    const page = await client.get(`/atelier/customers?q=${encodeURIComponent(customer.email.slice(0, 12).toUpperCase())}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = decode(await page.text());
    expect(html).toContain(`href="/atelier/customers/${customer.userId}"`);
    expect(html).toContain(customer.email);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const english = decode(await (await client.get("/en/atelier/customers?q=clientelaricerca&sort=name")).text());
    expect(english).toContain(`href="/en/atelier/customers/${customer.userId}"`);
    expect(english).toContain("Customers");
    // Unknown sorts, pages that are no numbers, a page past the end: a page, never an error.
    for (const query of ["sort=drop", "page=-1", "page=abc", "page=99999999999999", "sort[]=x&page[]=2", "q=%25%25%25", `q=${"x".repeat(5000)}`]) {
      expect((await client.get(`/atelier/customers?${query}`)).status, query).toBe(200);
    }
    // A guest is found by their address, a customer of their own (issue 42), with their last order.
    const { sku } = await variantWithStock(app().db, 50, 6);
    const guest = await paidOrder(app().db, provider, { lines: [{ sku, quantity: 1 }], email: `ospite-${app().kind}@esempio.it` });
    const guests = decode(await (await client.get(`/atelier/customers?q=ospite-${app().kind}`)).text());
    expect(guests).toContain("Ordini senza account");
    expect(guests).toContain(`href="/atelier/customers/guest?email=ospite-${app().kind}%40esempio.it"`);
    expect(guests).toContain(`href="/atelier/orders/${guest.orderId}"`);
  });

  it("shows a customer's orders, addresses, newsletter, consent, confirmation and last sign-in; forged ids are 404", async () => {
    const customer = await shopper("Pagina");
    const { client } = await signInStaff(app(), { role: "manager" });
    const page = await client.get(`/atelier/customers/${customer.userId}`);
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain(customer.email);
    expect(html).toContain("Non confermata");
    expect(html).toContain("Via dei Clienti Pagina 4");
    expect(html).toContain(`href="/atelier/orders/${customer.orderId}"`);
    expect(html).toContain("Non iscritto");
    expect(html).toContain("Ultimo accesso");
    expect(html).toContain(`action="/atelier/customers/${customer.userId}/export"`);
    for (const id of ["987654", "0", "abc", "1e3", "-1", "99999999999999999999"]) {
      expect((await client.get(`/atelier/customers/${id}`)).status, id).toBe(404);
      expect((await client.postForm(`/atelier/customers/${id}`, { intent: "erase", confirm: "on" })).status, id).toBe(404);
      expect((await client.postForm(`/atelier/customers/${id}/export`, {})).status, id).toBe(404);
    }
    // An unknown intent is a broken form.
    expect((await client.postForm(`/atelier/customers/${customer.userId}`, { intent: "promote" })).status).toBe(400);
  });

  it("exports the file the shopper downloads, as an attachment, and records the export", async () => {
    const customer = await shopper("Esporta");
    const own = await customer.client.get("/account/export");
    expect(own.status).toBe(200);
    const { client, staffId, email } = await signInStaff(app(), { role: "manager" });
    // A GET only leads to the customer's page: the export is a post (it is recorded).
    expect((await client.get(`/atelier/customers/${customer.userId}/export`)).headers.get("Location")).toBe(`/atelier/customers/${customer.userId}`);
    expect(await auditOf(customer.userId)).toEqual([]);

    const file = await client.postForm(`/atelier/customers/${customer.userId}/export`, {});
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="bottega-cliente-${customer.userId}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const { exportedAt: _staff, ...theirs } = await file.json();
    const { exportedAt: _own, ...mine } = await own.json();
    expect(theirs).toEqual(mine);
    expect(theirs.orders).toHaveLength(1);
    expect(theirs.addresses).toHaveLength(1);

    const audit = await auditOf(customer.userId);
    expect(audit).toEqual([expect.objectContaining({ action: "customer.export", staff_id: staffId, actor: email, before: null, after: null })]);
    expect(JSON.stringify(audit)).not.toContain(customer.email);
    const page = decode(await (await client.get(`/atelier/customers/${customer.userId}`)).text());
    expect(page).toContain("Dati esportati");
  });

  it("erases only with the box ticked: the orders stay, the person goes, signed out everywhere, audited by id", async () => {
    const phone = app().client();
    const customer = await shopper("Cancella", phone);
    const laptop = app().client();
    expect((await laptop.postForm("/login", { email: customer.email, password: registrationForm("x").password })).status).toBe(302);
    expect((await laptop.get("/account")).status).toBe(200);
    const { client } = await signInStaff(app(), { role: "manager" });

    // Without the box: 400, the message at the field, nothing changed.
    const refused = await client.postForm(`/atelier/customers/${customer.userId}`, { intent: "erase" });
    expect(refused.status).toBe(400);
    const refusedHtml = decode(await refused.text());
    expect(refusedHtml).toContain("Spunta la conferma per cancellare l'account.");
    expect(refusedHtml).toMatch(/id="erase-customer-confirm"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="erase-customer-confirm"/);
    expect((await client.postForm(`/atelier/customers/${customer.userId}`, { intent: "erase", confirm: "yes" })).status).toBe(400);
    expect(await app().db.selectFrom("users").select("id").where("id", "=", customer.userId).execute()).toHaveLength(1);
    expect(await app().db.selectFrom("sessions").select("id").where("user_id", "=", customer.userId).execute()).toHaveLength(2);
    expect(await auditOf(customer.userId)).toEqual([]);

    const erased = await client.postForm(`/atelier/customers/${customer.userId}`, { intent: "erase", confirm: "on" });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toBe("/atelier/customers");
    expect(decode(await (await client.get("/atelier/customers")).text())).toContain("Account cancellato.");

    // The person is gone; the order stays, unlinked; both browsers are signed out.
    expect(await app().db.selectFrom("users").select("id").where("id", "=", customer.userId).execute()).toEqual([]);
    expect(await app().db.selectFrom("addresses").select("id").where("user_id", "=", customer.userId).execute()).toEqual([]);
    expect(await app().db.selectFrom("orders").select(["id", "user_id"]).where("id", "=", customer.orderId).execute()).toEqual([{ id: customer.orderId, user_id: null }]);
    for (const browser of [phone, laptop]) expect((await browser.get("/account")).headers.get("Location")).toMatch(/^\/login/);
    // Recorded by the account's id and the orders kept, never its personal data.
    const audit = await auditOf(customer.userId);
    expect(audit).toEqual([expect.objectContaining({ action: "customer.erase", after: null })]);
    expect(JSON.parse(audit[0].before!)).toEqual({ id: customer.userId, ordersKept: 1 });
    expect(JSON.stringify(audit)).not.toMatch(/Cancella|Ottavia|esempio/i);
    // The page is gone; a second post finds nothing.
    expect((await client.get(`/atelier/customers/${customer.userId}`)).status).toBe(404);
    expect((await client.postForm(`/atelier/customers/${customer.userId}`, { intent: "erase", confirm: "on" })).status).toBe(404);
  });

  it("lets owners erase and export too", async () => {
    const customer = await shopper("Titolare");
    const { client } = await signInStaff(app(), { role: "owner" });
    expect((await client.postForm(`/atelier/customers/${customer.userId}/export`, {})).status).toBe(200);
    expect((await client.postForm(`/en/atelier/customers/${customer.userId}`, { intent: "erase", confirm: "on" })).headers.get("Location")).toBe("/en/atelier/customers");
    expect((await auditOf(customer.userId)).map((row) => row.action)).toEqual(["customer.export", "customer.erase"]);
  });
});
