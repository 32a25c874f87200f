import { beforeAll, expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// Atelier's header search (issue 42 part 7) over HTTP, as a member without JavaScript: a GET
// form; orders by number, e-mail or name, customers, products by name or SKU, each only for a
// member who may open its list; a complete order number opens the order; anything typed is a page.

const provider = createSandboxProvider({ secret: "http-atelier-search", publicUrl: ORIGIN });

describeEachApp("Atelier's search", (app) => {
  let order: { id: number; number: string; email: string };
  let product: { id: number; name: string };
  beforeAll(async () => {
    const variant = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").offset(11).limit(1).executeTakeFirstOrThrow();
    const email = `ricerca.atelier.${Date.now()}@example.com`;
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: variant.sku, quantity: 1 }], email });
    const row = await app().db.selectFrom("orders").select(["id", "number", "email"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    order = row;
    product = await app()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["p.id", "t.name"])
      .orderBy("p.id")
      .limit(1)
      .executeTakeFirstOrThrow();
  });
  const location = (response: Response) => response.headers.get("Location");

  it("asks for a sign-in, then finds orders by number and e-mail, customers and products; a complete number opens the order", async () => {
    expect(location(await app().client().get("/atelier/search?q=x"))).toMatch(/^\/atelier\/login/);
    const { client } = await signInStaff(app(), { role: "owner" });

    const empty = await (await client.get("/atelier/search")).text();
    expect(empty).toContain(">Cerca<");
    expect(empty).toContain(">Scorciatoie da tastiera<");
    // The header carries the form on every page.
    const header = /<form[^>]*action="\/atelier\/search"[^>]*>/.exec(await (await client.get("/atelier/orders")).text())?.[0];
    expect(header).toContain('role="search"');
    expect(header).toContain('method="get"');

    // Its first digits, without "BT", as staff read them out.
    const byDigits = await (await client.get(`/atelier/search?q=${order.number.slice(2, 8)}`)).text();
    expect(byDigits).toContain(`>${order.number}<`);
    const exact = await client.get(`/atelier/search?q=${order.number.toLowerCase()}`);
    expect(exact.status).toBe(302);
    expect(location(exact)).toBe(`/atelier/orders/${order.id}`);

    const byEmail = await (await client.get(`/atelier/search?${new URLSearchParams({ q: order.email })}`)).text();
    expect(byEmail).toContain(`>${order.number}<`);
    // The guest who ordered appears among the customers, linked to their orders.
    expect(byEmail).toContain(">Hanno ordinato senza account<");
    expect(byEmail).toContain(`>${order.email}<`);

    const byName = await (await client.get(`/atelier/search?${new URLSearchParams({ q: product.name })}`)).text();
    expect(byName).toContain(`href="/atelier/products/${product.id}"`);
    expect(byName).toContain(`Tutti i prodotti con «${product.name}»`.replace(/'/g, "&#x27;"));
    const english = await (await client.get(`/en/atelier/search?${new URLSearchParams({ q: "zzzz-nothing" })}`)).text();
    expect(english).toContain(">No results.<");

    for (const q of ["%00", "x".repeat(5000), "'; drop table orders; --", "\u0000\u001f", "%", "_", "BT", "@"]) {
      expect((await client.get(`/atelier/search?${new URLSearchParams({ q })}`)).status, q).toBe(200);
    }
  });

  it("shows each kind only to a member who may open its list", async () => {
    const { client } = await signInStaff(app(), { role: "warehouse" });
    const html = await (await client.get(`/atelier/search?${new URLSearchParams({ q: order.email })}`)).text();
    expect(html).toContain(`>${order.number}<`);
    expect(html).not.toContain(">Clienti<");
    expect(html).not.toContain(">Hanno ordinato senza account<");
    expect(html).toContain(">Prodotti<");
  });
});
