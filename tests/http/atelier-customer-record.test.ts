import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// Customers as people (issue 42 part 4) over HTTP, as staff without JavaScript: someone who
// ordered without an account is a customer (their orders grouped, the figures), tags and notes
// on a customer show on each of their orders, every write is audited, bad input answers at its
// field; a guest merges into the account of the same address only once that account proved it;
// an erasure takes the notes and tags with the account.

const provider = createSandboxProvider({ secret: "http-customer-record", publicUrl: ORIGIN });
const PASSWORD = "una frase lunga e sicura";

describeEachApp("customers as people", (app) => {
  const location = (response: Response) => response.headers.get("Location");
  const guestPage = (email: string) => `/atelier/customers/guest?${new URLSearchParams({ email })}`;
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const text = async (response: Response | Promise<Response>) => decode(await (await response).text());
  const auditOf = (type: string) => app().db.selectFrom("audit_log").select(["action", "entity_id as entityId"]).where("entity_type", "=", type).orderBy("id").execute();

  async function guestOrder(email: string) {
    const variant = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id", "desc").offset(3).limit(1).executeTakeFirstOrThrow();
    return (await paidOrder(app().db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], email })).orderId;
  }

  async function register(email: string): Promise<{ client: HttpClient; userId: number }> {
    const client = app().client();
    const answer = await client.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(answer.status).toBe(200);
    const user = await app().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    return { client, userId: user.id };
  }

  it("shows a guest as a customer with tags and notes on their orders, each write audited, bad input at its field", async () => {
    const email = `Ospite.${Date.now()}@Example.com`;
    const orderId = await guestOrder(email);
    const { client } = await signInStaff(app(), { role: "staff" });
    // The "customers" capability: staff have not got it.
    expect((await client.get(guestPage(email))).status).toBe(403);
    const { client: manager } = await signInStaff(app(), { role: "manager" });

    const page = await text(manager.get(guestPage(email.toLowerCase())));
    expect(page).toContain("(senza account)");
    expect(page).toContain(">Valore nel tempo<");
    const number = (await app().db.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow()).number;
    expect(page).toContain(`>${number}<`);
    for (const bad of ["nobody@example.com", "", "x".repeat(300) + "@example.com", "no-at-sign", "a\u0000@example.com", "a@\u0007b.it"]) {
      expect((await manager.get(guestPage(bad))).status, bad).toBe(404);
    }

    const tooMany = await manager.postForm(guestPage(email), { intent: "tags", tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(", ") });
    expect(tooMany.status).toBe(400);
    expect(await text(tooMany)).toContain("Al massimo 10 etichette");
    expect((await manager.postForm(guestPage(email), { intent: "tags", tags: "<script>" })).status).toBe(400);
    expect((await manager.postForm(guestPage(email), { intent: "note", body: "" })).status).toBe(400);
    expect((await manager.postForm(guestPage(email), { intent: "note", body: "x".repeat(2001) })).status).toBe(400);
    expect((await manager.postForm(guestPage(email), { intent: "delete" })).status).toBe(400);
    expect((await manager.postForm(guestPage("nobody@example.com"), { intent: "note", body: "ciao" })).status).toBe(404);
    expect((await manager.postForm(guestPage("a\u0000@example.com"), { intent: "note", body: "ciao" })).status).toBe(404);

    const tagged = await manager.postForm(guestPage(email), { intent: "tags", tags: "VIP, sarta , vip" });
    expect(tagged.status).toBe(303);
    const noted = await manager.postForm(guestPage(email), { intent: "note", body: "Preferisce il ritiro a Brera." });
    expect(noted.status).toBe(303);
    const after = await text(manager.get(guestPage(email)));
    expect(after).toContain(">sarta<");
    expect(after).toContain(">vip<");
    expect(after).toContain("Preferisce il ritiro a Brera.");
    // On the order's page too, for members who may open customers; not for the others.
    const order = await text(manager.get(`/atelier/orders/${orderId}`));
    expect(order).toContain(">sarta<");
    expect(order).toContain("Preferisce il ritiro a Brera.");
    const staffView = await text(client.get(`/atelier/orders/${orderId}`));
    expect(staffView).not.toContain(">sarta<");
    expect(staffView).not.toContain("Preferisce il ritiro a Brera.");
    const audit = await auditOf("guest-customer");
    expect(audit.slice(-2).map((entry) => entry.action)).toEqual(["customer.tags", "customer.note"]);
    // The log names the guest by a keyed hash, never the address.
    expect(audit.every((entry) => !entry.entityId.includes("@"))).toBe(true);
  });

  it("merges a guest into the account of the same address once it proved it; an erasure takes the notes and tags", async () => {
    const email = `fusione.${Date.now()}@example.com`;
    const orderId = await guestOrder(email);
    const { client: manager } = await signInStaff(app(), { role: "manager" });
    await manager.postForm(guestPage(email), { intent: "note", body: "Cliente storica." });
    await manager.postForm(guestPage(email), { intent: "tags", tags: "fedele" });
    const { userId } = await register(email);

    expect(await text(manager.get(guestPage(email)))).toContain("non l'ha ancora confermato");
    expect((await manager.postForm(guestPage(email), { intent: "merge" })).status).toBe(409);
    expect((await app().db.selectFrom("orders").select("user_id").where("id", "=", orderId).executeTakeFirstOrThrow()).user_id).toBeNull();

    await app().db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", userId).execute();
    expect(await text(manager.get(guestPage(email)))).toContain("Unisci all'account di Chiara Verdi");
    const merged = await manager.postForm(guestPage(email), { intent: "merge" });
    expect(merged.status).toBe(303);
    expect(location(merged)).toBe(`/atelier/customers/${userId}`);
    expect((await app().db.selectFrom("orders").select("user_id").where("id", "=", orderId).executeTakeFirstOrThrow()).user_id).toBe(userId);
    const profile = await text(manager.get(`/atelier/customers/${userId}`));
    expect(profile).toContain("Cliente storica.");
    expect(profile).toContain(">fedele<");
    // Nobody is left ordering without an account under that address.
    expect((await manager.get(guestPage(email))).status).toBe(404);

    // The account's own forms.
    expect((await manager.postForm(`/atelier/customers/${userId}`, { intent: "note", body: "Chiamata per il reso." })).status).toBe(303);
    expect((await manager.postForm(`/atelier/customers/99999999`, { intent: "note", body: "x" })).status).toBe(404);
    expect((await auditOf("customer")).filter((entry) => entry.entityId === String(userId)).map((entry) => entry.action)).toEqual(expect.arrayContaining(["customer.merge", "customer.note"]));

    const erased = await manager.postForm(`/atelier/customers/${userId}`, { intent: "erase", confirm: "on" });
    expect(erased.status).toBe(303);
    expect(await app().db.selectFrom("customer_notes").select("id").where("customer_key", "in", [`user:${userId}`, `email:${email}`]).execute()).toEqual([]);
    expect(await app().db.selectFrom("customer_tags").select("tag").where("customer_key", "in", [`user:${userId}`, `email:${email}`]).execute()).toEqual([]);
  });
});
