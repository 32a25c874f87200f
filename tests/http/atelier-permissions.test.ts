import { expect, it } from "vitest";
import { type HttpClient, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";
import { ATELIER_ROUTE_ACCESS, mayOpen } from "~/modules/staff/atelier-access";
import { ROLE_PRESETS } from "~/modules/staff/capabilities";

// Staff capabilities (issue 37, item 6) through the request handler, on both databases: each
// role's preset at the guard (pages, downloads and posts), the navigation hiding what a member
// cannot use, the discount size cap without "marketing", and the owner adjusting a member's
// capabilities on the staff page (a real form, audit-logged) with effect at the next request.
describeEachApp("Atelier staff permissions", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const navHrefs = async (client: HttpClient) => {
    const html = await (await client.get("/atelier")).text();
    const nav = /<nav aria-label="[^"]*"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  };
  const count = async (table: "users" | "discount_codes" | "audit_log") => Number((await app().db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("refuses a shop assistant the orders, newsletter and invoices CSV, CVs, customers' files and erasure, the import and staff, with Atelier's 403 in its frame", async () => {
    const { client } = await signInStaff(app(), { role: "staff", name: "Sara Commessa" });
    for (const path of ["/atelier/orders/export", "/atelier/newsletter/export", "/atelier/invoices.csv?month=2026-12", "/atelier/applications/1/cv", "/atelier/customers", "/atelier/customers/1", "/atelier/newsletter", "/atelier/catalog/import", "/atelier/staff", "/atelier/audit", "/en/atelier/orders/export"]) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(403);
      const body = decode(await answer.text());
      // A download answers the error table's key; a page Atelier's 403 inside its frame and navigation.
      if (/export|\.csv|\/cv$/.test(path)) expect(body, path).toContain("atelier:errors.forbidden");
      else {
        expect(body, path).toMatch(/non comprende questa sezione|does not include this section/);
        expect(body, `${path}: Atelier's frame`).toContain('href="/atelier/orders"');
      }
    }
    const users = await count("users");
    const audit = await count("audit_log");
    for (const [path, fields] of [
      ["/atelier/customers/1", { intent: "erase", confirm: "on" }],
      ["/atelier/customers/1/export", {}],
      ["/atelier/catalog/import", { intent: "apply", token: "x" }],
      ["/atelier/banner", { intent: "save" }],
    ] as const) {
      expect((await client.postForm(path, fields)).status, path).toBe(403);
    }
    expect(await count("users")).toBe(users);
    expect(await count("audit_log")).toBe(audit);
    // What it may do answers as before.
    for (const path of ["/atelier", "/atelier/orders", "/atelier/products", "/atelier/content", "/atelier/discount-codes/new"]) expect((await client.get(path)).status, path).toBe(200);
    const hrefs = await navHrefs(client);
    expect(hrefs).toEqual(expect.arrayContaining(["/atelier/orders", "/atelier/products", "/atelier/discount-codes"]));
    for (const hidden of ["/atelier/customers", "/atelier/newsletter", "/atelier/applications", "/atelier/catalog/import", "/atelier/banner", "/atelier/promotions", "/atelier/staff", "/atelier/settings", "/atelier/audit"]) expect(hrefs, hidden).not.toContain(hidden);
  });

  it("lets a member without marketing make small discount codes only, the message at the amount", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    const before = await count("discount_codes");
    for (const [kind, amount] of [["percentage", "50"], ["percentage", "11"], ["fixed", "10,01"]] as const) {
      const refused = await client.postForm("/atelier/discount-codes/new", { intent: "save", code: `GRANDE${amount.replace(/\D/g, "")}`, kind, amount });
      expect(refused.status, `${kind} ${amount}`).toBe(403);
      const html = decode(await refused.text());
      expect(html).toContain("Senza il permesso Marketing puoi creare codici sconto fino al 10% o a 10 €.");
      expect(html).toContain(`value="${amount}"`);
    }
    expect(await count("discount_codes")).toBe(before);
    expect((await client.postForm("/atelier/discount-codes/new", { intent: "save", code: "CORTESIA10", kind: "percentage", amount: "10" })).status).toBe(303);
    expect((await client.postForm("/atelier/discount-codes/new", { intent: "save", code: "CORTESIA-EURO", kind: "fixed", amount: "10" })).status).toBe(303);
    // With marketing (a manager), any size.
    const { client: manager } = await signInStaff(app(), { role: "manager" });
    expect((await manager.postForm("/atelier/discount-codes/new", { intent: "save", code: "SALDI50", kind: "percentage", amount: "50" })).status).toBe(303);
  });

  it("gives each preset its own sections: the warehouse orders and catalogue, a manager everything but staff and settings", async () => {
    const { client: warehouse } = await signInStaff(app(), { role: "warehouse" });
    for (const [path, status] of [["/atelier/orders", 200], ["/atelier/products", 200], ["/atelier/backstock", 200], ["/atelier/content", 403], ["/atelier/customers", 403], ["/atelier/orders/export", 403], ["/atelier/promotions", 403]] as const) {
      expect((await warehouse.get(path)).status, `warehouse ${path}`).toBe(status);
    }
    const { client: manager } = await signInStaff(app(), { role: "manager" });
    for (const [path, status] of [["/atelier/customers", 200], ["/atelier/newsletter", 200], ["/atelier/catalog/import", 200], ["/atelier/promotions", 200], ["/atelier/staff", 403], ["/atelier/settings", 403]] as const) {
      expect((await manager.get(path)).status, `manager ${path}`).toBe(status);
    }
    // The navigation follows the same declarations as the guard.
    const hrefs = await navHrefs(manager);
    for (const key of Object.keys(ATELIER_ROUTE_ACCESS).filter((k) => ["customers", "staff", "settings", "promotions"].includes(k))) {
      expect(hrefs.includes(`/atelier/${key}`), key).toBe(mayOpen(ROLE_PRESETS.manager, key));
    }
  });

  it("lets the owner adjust a member's capabilities and refund cap on the staff page: audit-logged, in force at the member's next page", async () => {
    const { client: owner } = await signInStaff(app(), { role: "owner", name: "Olga Titolare" });
    const member = await signInStaff(app(), { role: "staff", name: "Sara Commessa" });
    const page = decode(await (await owner.get("/atelier/staff")).text());
    expect(page).toContain("Permessi");
    expect(page).toMatch(new RegExp(`<input id="permissions-${member.staffId}-caps-customers"[^>]*name="capabilities" value="customers"`));
    expect((await member.client.get("/atelier/customers")).status).toBe(403);

    // A refund cap that is no amount: the message at its field, nothing changed.
    const bad = await owner.postForm("/atelier/staff", [["intent", "permissions"], ["staffId", String(member.staffId)], ["role", "staff"], ["capabilities", "orders"], ["refundCap", "molti"]]);
    expect(bad.status).toBe(400);
    expect(decode(await bad.text())).toContain("Scrivi un importo in euro tra 0 e 1.000.000, oppure lascia vuoto.");

    const saved = await owner.postForm("/atelier/staff", [["intent", "permissions"], ["staffId", String(member.staffId)], ["role", "staff"], ["capabilities", "orders"], ["capabilities", "customers"], ["refundCap", "50"]]);
    expect(saved.status).toBe(302);
    expect((await member.client.get("/atelier/customers")).status).toBe(200);
    expect((await member.client.get("/atelier/products")).status).toBe(403);
    const row = await app().db.selectFrom("staff").select(["capabilities", "refund_cap_cents"]).where("id", "=", member.staffId).executeTakeFirstOrThrow();
    expect(row).toEqual({ capabilities: JSON.stringify(["orders", "customers"]), refund_cap_cents: 5000 });
    const entry = await app().db.selectFrom("audit_log").selectAll().where("action", "=", "staff.permissions").where("entity_id", "=", String(member.staffId)).executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toEqual({ capabilities: ["orders", "refunds", "catalogue", "content"], refundCapCents: null });
    expect(JSON.parse(entry.after!)).toEqual({ capabilities: ["orders", "customers"], refundCapCents: 5000 });
    expect(entry.actor).toMatch(/^owner-/);

    // A new role brings its preset: a manager exports, and the export is in the log with where from.
    expect((await owner.postForm("/atelier/staff", [["intent", "permissions"], ["staffId", String(member.staffId)], ["role", "manager"], ["refundCap", ""]])).status).toBe(302);
    const csv = await member.client.get("/atelier/orders/export?status=paid");
    expect(csv.status).toBe(200);
    await csv.text();
    const exported = await app().db.selectFrom("audit_log").selectAll().where("action", "=", "export.orders-csv").where("staff_id", "=", member.staffId).executeTakeFirstOrThrow();
    expect(exported.ip).toMatch(/^10\./);
    expect(JSON.parse(exported.after!)).toEqual({ filters: "?status=paid" });
    const newsletter = await member.client.get("/atelier/newsletter/export");
    expect(newsletter.status).toBe(200);
    await newsletter.text();
    expect(await app().db.selectFrom("audit_log").select("ip").where("action", "=", "export.newsletter-csv").where("staff_id", "=", member.staffId).execute()).toHaveLength(1);

    // Nobody adjusts their own permissions, and only the owner reaches the form.
    expect((await member.client.postForm("/atelier/staff", [["intent", "permissions"], ["staffId", String(member.staffId)], ["role", "owner"]])).status).toBe(403);
  });
});
