import { beforeAll, expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// Issue 42 part 5 over HTTP, as members without JavaScript: saved views on the order and customer
// lists (shared, named once, audited, only for those who may open the list), and the order list's
// selection — shipped in one form with a tracking number per order, its packing slips printed
// together, exported as CSV.

const provider = createSandboxProvider({ secret: "http-atelier-bulk", publicUrl: ORIGIN });
/** The opening tag of the link whose text is `text` (its attributes in any order). */
const linkTo = (html: string, text: string) => new RegExp(`<a [^>]*>${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</a>`).exec(html)?.[0] ?? "";
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describeEachApp("Atelier's saved views and bulk work", (app) => {
  const location = (response: Response) => response.headers.get("Location");
  const orders: { id: number; number: string }[] = [];
  let unpaid: { id: number; number: string };

  beforeAll(async () => {
    const variants = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").offset(31).limit(2).execute();
    for (const [index, variant] of variants.entries()) {
      const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], email: `bulk-${index}-${Date.now()}@example.com` });
      orders.push(await app().db.selectFrom("orders").select(["id", "number"]).where("id", "=", orderId).executeTakeFirstOrThrow());
    }
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: variants[0].sku, quantity: 1 }], method: "bankTransfer", pay: false });
    unpaid = await app().db.selectFrom("orders").select(["id", "number"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  });

  it("saves a list's filters as a view shared by the staff, named once, and deletes it; audited", async () => {
    const { client, staffId } = await signInStaff(app(), { role: "manager" });
    const list = decode(await (await client.get("/atelier/orders")).text());
    // The shop starts with the two every desk asks for.
    expect(linkTo(list, "Da spedire")).toContain('href="/atelier/orders?status=confirmed&sort=date&dir=asc"');
    expect(list).toContain(">Bonifici in attesa</a>");

    const name = `Consegnati ${app().kind} ${Date.now()}`;
    // Only the list's own parameters are kept: never the page, nothing foreign.
    const saved = await client.postForm("/atelier/orders", { intent: "view-save", name, query: "status=delivered&page=3&evil=%3Cscript%3E" });
    expect(saved.status).toBe(303);
    expect(location(saved)).toBe("/atelier/orders?status=delivered");
    const shown = decode(await (await client.get("/atelier/orders?status=delivered")).text());
    expect(linkTo(shown, name)).toContain('href="/atelier/orders?status=delivered"');
    expect(linkTo(shown, name)).toContain('aria-current="page"');
    expect(shown).toContain(`Vista «${name}» salvata.`);

    // Another member sees it; the same name in other capitals is refused at the field, the name kept.
    const other = await signInStaff(app(), { role: "staff" });
    expect(decode(await (await other.client.get("/atelier/orders")).text())).toContain(`>${name}</a>`);
    const taken = await other.client.postForm("/atelier/orders", { intent: "view-save", name: name.toUpperCase(), query: "" });
    expect(taken.status).toBe(409);
    const takenHtml = decode(await taken.text());
    expect(takenHtml).toContain("C'è già una vista con questo nome: scegline un altro.");
    expect(takenHtml).toContain(`value="${name.toUpperCase()}"`);
    expect(takenHtml).toMatch(/<details[^>]*open=""/);
    // Capitals beyond ASCII fold alike on both databases (SQLite's lower() would not).
    const accented = `È urgente ${app().kind} ${Date.now()}`;
    expect((await other.client.postForm("/atelier/orders", { intent: "view-save", name: accented, query: "" })).status).toBe(303);
    expect((await other.client.postForm("/atelier/orders", { intent: "view-save", name: accented.toLowerCase(), query: "" })).status).toBe(409);
    const empty = await other.client.postForm("/atelier/orders", { intent: "view-save", name: "  ", query: "" });
    expect(empty.status).toBe(400);
    expect(decode(await empty.text())).toContain("Scrivi un nome di 60 caratteri al massimo.");
    expect((await other.client.postForm("/atelier/orders", { intent: "nothing" })).status).toBe(400);

    const view = await app().db.selectFrom("saved_views").select(["id", "query", "staff_id"]).where("name", "=", name).executeTakeFirstOrThrow();
    expect(view).toMatchObject({ query: "status=delivered", staff_id: staffId });
    // A view of another list, or none, is the page's 404; the list's own deletes it.
    expect((await client.postForm("/atelier/customers", { intent: "view-delete", viewId: String(view.id) })).status).toBe(404);
    expect((await client.postForm("/atelier/orders", { intent: "view-delete", viewId: "999999999" })).status).toBe(404);
    const deleted = await client.postForm("/atelier/orders", { intent: "view-delete", viewId: String(view.id) });
    expect(deleted.status).toBe(303);
    expect(location(deleted)).toBe("/atelier/orders");
    expect(await app().db.selectFrom("saved_views").select("id").where("id", "=", view.id).executeTakeFirst()).toBeUndefined();
    const audit = await app().db.selectFrom("audit_log").select(["action", "staff_id"]).where("entity_type", "=", "view").where("entity_id", "=", String(view.id)).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "view.save", staff_id: staffId },
      { action: "view.delete", staff_id: staffId },
    ]);

    // The customers' list has its own views, for members who may open it only.
    const customersView = await client.postForm("/atelier/customers", { intent: "view-save", name: `Per nome ${Date.now()}`, query: "sort=name&q=rossi" });
    expect(location(customersView)).toBe("/atelier/customers?q=rossi&sort=name");
    expect((await other.client.postForm("/atelier/customers", { intent: "view-save", name: "Mia", query: "" })).status).toBe(403);
    // And the products' list, beside its own bulk form.
    const productsView = await client.postForm("/atelier/products", { intent: "view-save", name: `Pubblicati ${Date.now()}`, query: "status=published&page=2&sort=price" });
    expect(location(productsView)).toBe("/atelier/products?status=published&sort=price");
    expect(decode(await (await client.get("/atelier/products?status=published&sort=price")).text())).toContain('aria-current="page"');
  });

  it("ships the selected orders in one form, a tracking number each; the unpaid one apart; each audited and mailed", async () => {
    const { client, staffId } = await signInStaff(app(), { role: "staff" });
    const list = await (await client.get("/atelier/orders")).text();
    expect(list).toMatch(new RegExp(`<input type="checkbox" form="orders-bulk"[^>]*name="id" value="${orders[0].id}"`));
    const bulkForm = /<form id="orders-bulk"[^>]*>/.exec(list)?.[0];
    expect(bulkForm).toContain('action="/atelier/orders/ship"');
    expect(bulkForm).toContain('method="get"');

    const query = `id=${orders[0].id}&id=${orders[1].id}&id=${unpaid.id}&id=zzz&id=${orders[0].id}`;
    const page = await client.get(`/atelier/orders/ship?${query}`);
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain('name="shipments[0].orderId"');
    expect(html).toContain('name="shipments[1].orderId"');
    expect(html).not.toContain('name="shipments[2].orderId"');
    expect(html).toContain(">Non da spedire<");
    expect(html).toContain(`>${unpaid.number}</a>`);

    const [first, second] = [...orders].sort((a, b) => b.id - a.id);
    const form = (secondTracking: string): [string, string][] => [
      ["shipments[0].orderId", String(first.id)],
      ["shipments[0].carrier", "brt"],
      ["shipments[0].tracking", "brt 0001 2345"],
      ["shipments[1].orderId", String(second.id)],
      ["shipments[1].carrier", "poste"],
      ["shipments[1].tracking", secondTracking],
    ];
    const bad = await client.postForm(`/atelier/orders/ship?${query}`, form("x!"));
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain("Da 6 a 40 lettere e cifre.");
    expect(badHtml).toContain('value="brt 0001 2345"');
    expect(await app().db.selectFrom("orders").select("status").where("id", "in", [first.id, second.id]).execute()).toEqual([{ status: "confirmed" }, { status: "confirmed" }]);

    const done = await client.postForm(`/atelier/orders/ship?${query}`, form("RR123456789IT"));
    expect(done.status).toBe(303);
    expect(location(done)).toBe("/atelier/orders");
    expect(decode(await (await client.get("/atelier/orders")).text())).toContain("2 ordini spediti: ogni cliente riceve l'e-mail con il tracciamento.");
    const shipped = await app().db.selectFrom("orders").select(["id", "status", "tracking_number", "carrier"]).where("id", "in", [first.id, second.id]).orderBy("id", "desc").execute();
    expect(shipped).toEqual([
      { id: first.id, status: "shipped", tracking_number: "BRT00012345", carrier: "brt" },
      { id: second.id, status: "shipped", tracking_number: "RR123456789IT", carrier: "poste" },
    ]);
    const audit = await app().db.selectFrom("audit_log").select("entity_id").where("action", "=", "order.ship").where("staff_id", "=", staffId).orderBy("id").execute();
    expect(audit.map((row) => Number(row.entity_id)).sort()).toEqual([first.id, second.id].sort());
    const mails = await app().db.selectFrom("mail_outbox").select("subject").where("template", "=", "order-shipped").where("subject", "like", `%${first.number}%`).execute();
    expect(mails).toHaveLength(1);

    // Shipped already (by this hand or another): named in a notice, nothing else stopped.
    const again = await client.postForm(`/atelier/orders/ship?${query}`, form("RR123456789IT"));
    expect(again.status).toBe(303);
    expect(decode(await (await client.get("/atelier/orders")).text())).toContain(`Non spediti: ${first.number} (`);
  });

  it("prints the selection's packing slips together and exports only the selection", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const slips = decode(await (await client.get(`/atelier/orders/packing-slips?id=${orders[0].id}&id=${orders[1].id}&id=0`)).text());
    expect(slips.match(/data-testid="packing-slip"/g)).toHaveLength(2);
    expect(slips.match(/<h1/g)).toHaveLength(1);
    expect(slips).toContain("2 distinte da stampare: una per foglio.");
    expect(slips).toContain(orders[0].number);
    const none = decode(await (await client.get("/atelier/orders/packing-slips")).text());
    expect(none).toContain("Nessun ordine selezionato");

    const csv = await client.get(`/atelier/orders/export?id=${orders[1].id}`);
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(orders[1].number);
    // The selection's export with nothing ticked is an empty file, never every order.
    expect((await (await client.get("/atelier/orders/export?selection=1")).text()).trim().split(/\r?\n/)).toHaveLength(1);
    // A warehouse member ships and prints, but exports nothing.
    const warehouse = await signInStaff(app(), { role: "warehouse" });
    expect((await warehouse.client.get(`/atelier/orders/packing-slips?id=${orders[0].id}`)).status).toBe(200);
    expect((await warehouse.client.get(`/atelier/orders/export?id=${orders[0].id}`)).status).toBe(403);
  });
});
