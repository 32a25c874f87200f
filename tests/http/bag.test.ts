import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";

// The bag through the request handler: the /cart page's forms without JavaScript (post, redirect,
// notice) and the /api/cart JSON calls, on the same session and services.
describeEachApp("bag", (app) => {
  const sellable = async (minStock = 3) =>
    app()
      .db.selectFrom("variants as v")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "v.product_id").on("t.locale", "=", "it"))
      .select(["v.id", "v.sku", "v.price_cents as price", "t.slug"])
      .where("v.stock", ">=", minStock)
      .orderBy("v.id")
      .execute();
  const json = (client: HttpClient, path: string, method: string, body: unknown) =>
    client.fetch(path, { method, headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify(body) });
  const badge = (html: string) => Number(/data-testid="bag-count"[^>]*>(\d+)</.exec(html)?.[1]);

  it("creates neither session nor bag while browsing; the first add does, and the product page shows the notice and the badge", async () => {
    const shopper = app().client();
    const [variant] = await sellable();
    const bagsBefore = (await app().db.selectFrom("bags").select("id").execute()).length;
    await shopper.get(`/products/${variant.slug}`);
    expect(shopper.cookies.has("__session")).toBe(false);

    const product = `/products/${variant.slug}`;
    const added = await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "2", redirectTo: product, price: "1" });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe(product);
    expect(shopper.cookies.has("__session")).toBe(true);
    expect((await app().db.selectFrom("bags").select("id").execute()).length).toBe(bagsBefore + 1);

    const page = await (await shopper.get(product)).text();
    expect(page).toContain("Prodotto aggiunto al carrello!");
    expect(badge(page)).toBe(2);
    // The price sent along was ignored.
    const bag = await (await shopper.get("/api/cart")).json();
    expect(bag.cart.totals.subtotalCents).toBe(variant.price * 2);
  });

  it("sends a failed add back to the product page with the error as a notice", async () => {
    const shopper = app().client();
    const answer = await shopper.postForm("/en/cart", { intent: "add", sku: "NO-SUCH-SKU", quantity: "1", redirectTo: "/en/products/x" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/en/products/x");
    const page = await (await shopper.get("/en/products/x")).text();
    expect(page).toContain("Product not available");
  });

  it("edits and removes lines on the bag page without JavaScript, with the spec's notices", async () => {
    const shopper = app().client();
    const [, variant] = await sellable(4);
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    const { cart } = await (await shopper.get("/api/cart")).json();
    const lineId = String(cart.lines[0].id);

    const edited = await shopper.postForm("/cart", { intent: "edit", lineId, quantity: "3", redirectTo: "/cart" });
    expect(edited.status).toBe(303);
    const page = await (await shopper.get("/cart")).text();
    expect(page).toContain("Quantità carrello modificata!");
    expect(badge(page)).toBe(3);

    const bad = await shopper.postForm("/cart", { intent: "edit", lineId, quantity: "tre", redirectTo: "/cart" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Indica una quantità valida.");

    const removed = await shopper.postForm("/cart", { intent: "remove", lineId, redirectTo: "/cart" });
    expect(removed.status).toBe(303);
    const empty = await (await shopper.get("/cart")).text();
    expect(empty).toContain("Prodotto rimosso dal carrello!");
    expect(empty).toContain("Il carrello è vuoto");
  });

  it("refuses an unknown intent with 400 and another shopper's line with 404, changing nothing", async () => {
    const owner = app().client();
    const [, , variant] = await sellable();
    await owner.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    const { cart } = await (await owner.get("/api/cart")).json();
    expect((await owner.postForm("/cart", { intent: "steal" })).status).toBe(400);
    const stranger = app().client();
    const answer = await json(stranger, "/api/cart/remove", "POST", { lineId: cart.lines[0].id });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: "Questo prodotto non è più nel carrello." });
    expect((await (await owner.get("/api/cart")).json()).cart.count).toBe(1);
  });

  it("keeps a wrong discount code in the field with 'Coupon sconto non valido'", async () => {
    const shopper = app().client();
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    const answer = await shopper.postForm("/cart", { intent: "addDiscount", code: "NIENTE", redirectTo: "/cart" });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain("Coupon sconto non valido");
    expect(html).toMatch(/value="NIENTE"/);
    const applied = await shopper.postForm("/cart", { intent: "addDiscount", code: "benvenuto10", redirectTo: "/cart" });
    expect(applied.status).toBe(303);
    expect(await (await shopper.get("/cart")).text()).toContain("Codice BENVENUTO10 applicato");
  });

  it("answers every /api/cart call with the bag as JSON, and errors as { message }", async () => {
    const shopper = app().client();
    const [variant] = await sellable();
    expect(await (await shopper.get("/api/cart")).json()).toMatchObject({ cart: { id: null, lines: [], count: 0 } });

    const added = await json(shopper, "/api/cart/add", "POST", { sku: variant.sku, quantity: 1, language: "en" });
    expect(added.status).toBe(200);
    const body = await added.json();
    expect(body.message).toBe("Product added to the bag!");
    expect(body.cart).toMatchObject({ count: 1, lines: [{ sku: variant.sku, quantity: 1 }] });
    const lineId = body.cart.lines[0].id;

    const edited = await json(shopper, "/api/cart/edit", "PATCH", { lineId, quantity: 2 });
    expect((await edited.json()).cart.count).toBe(2);
    expect((await json(shopper, "/api/cart/edit", "POST", { lineId, quantity: 2 })).status).toBe(405);
    const invalid = await json(shopper, "/api/cart/edit", "PATCH", { lineId, quantity: 0.5, language: "en" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe("Enter a valid quantity.");

    const coupon = await json(shopper, "/api/cart/addDiscount", "POST", { code: "BENVENUTO10" });
    expect((await coupon.json()).cart.discount).toMatchObject({ code: "BENVENUTO10" });
    const wrong = await json(shopper, "/api/cart/addDiscount", "POST", { code: "NOPE" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ message: "Coupon sconto non valido" });
    expect((await (await json(shopper, "/api/cart/removeDiscount", "POST", {})).json()).cart.discount).toBeNull();

    const removed = await json(shopper, "/api/cart/remove", "POST", { lineId });
    expect((await removed.json()).cart.count).toBe(0);
    expect((await shopper.get("/api/cart/nothing")).status).toBe(404);
    expect((await json(shopper, "/api/cart/add", "POST", { sku: variant.sku, quantity: 100 })).status).toBe(400);
  });

  it("empties the bag when the shopper changes country, with a notice", async () => {
    const shopper = app().client();
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    expect((await (await shopper.get("/api/cart")).json()).cart.count).toBe(1);
    const chooser = await (await shopper.get("/pages/country")).text();
    expect(chooser).toContain("Cambiando paese, i prodotti già nel carrello verranno rimossi.");
    // Italy again changes nothing.
    await shopper.postForm("/pages/country", { country: "IT", path: "/cart" });
    expect((await (await shopper.get("/api/cart")).json()).cart.count).toBe(1);
    const moved = await shopper.postForm("/pages/country", { country: "FR", path: "/cart" });
    expect(moved.status).toBe(302);
    expect((await (await shopper.get("/api/cart")).json()).cart.count).toBe(0);
  });

  it("answers forged and oversized input with a 4xx and a message, never a 500", async () => {
    const shopper = app().client();
    const [variant] = await sellable();
    await json(shopper, "/api/cart/add", "POST", { sku: variant.sku, quantity: 1 });
    for (const [path, method, body] of [
      ["/api/cart/add", "POST", { sku: "A\u0000B", quantity: 1 }],
      ["/api/cart/add", "POST", { sku: "x".repeat(10_000), quantity: 1 }],
      ["/api/cart/add", "POST", { sku: ["a"], quantity: "1" }],
      ["/api/cart/addDiscount", "POST", { code: "BENVENUTO\u000010" }],
      ["/api/cart/edit", "PATCH", { lineId: 1e20, quantity: 1 }],
      ["/api/cart/remove", "POST", { lineId: -1 }],
    ] as const) {
      const answer = await json(shopper, path, method, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof (await answer.json()).message).toBe("string");
    }
    const wrongType = await shopper.fetch("/api/cart/add", { method: "POST", headers: { "Content-Type": "text/plain", Origin: ORIGIN }, body: "sku=x" });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    const forms: Record<string, string>[] = [
      { intent: "addDiscount", code: "A\u0000B" },
      { intent: "edit", lineId: "99999999999999", quantity: "1" },
      { intent: "add", sku: "A\u0000B", quantity: "1" },
    ];
    for (const fields of forms) {
      const page = await shopper.postForm("/cart", fields);
      expect(page.status, JSON.stringify(fields)).toBe(400);
    }
    expect((await (await shopper.get("/api/cart")).json()).cart.count).toBe(1);
  });

  it("keeps both of two simultaneous adds that each had to start a new bag", async () => {
    const shopper = app().client();
    const [first, second] = await sellable();
    await json(shopper, "/api/cart/add", "POST", { sku: first.sku, quantity: 1 });
    // The session's bag goes away (swept, say): each of the next two adds starts a bag of its own.
    const { cart } = await (await shopper.get("/api/cart")).json();
    await app().db.deleteFrom("bags").where("id", "=", cart.id).execute();
    const answers = await Promise.all([
      json(shopper, "/api/cart/add", "POST", { sku: first.sku, quantity: 1 }),
      json(shopper, "/api/cart/add", "POST", { sku: second.sku, quantity: 2 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const after = (await (await shopper.get("/api/cart")).json()).cart;
    expect(after.count).toBe(3);
    expect(after.lines).toHaveLength(2);
  });
});
