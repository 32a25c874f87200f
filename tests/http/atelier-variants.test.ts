import { beforeAll, expect, it } from "vitest";
import { insertOrder } from "../support/invoice-fixtures";
import { type HttpClient, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";
import { lowestPriceBeforeReduction } from "~/modules/catalog/price-history";
import { formatMoney } from "~/utils/money";

// Atelier's variants and prices page through the request handler, without JavaScript: staff
// only, forged ids 404, unknown intents 400, foreign posts refused, bad input answered at its
// field with the input kept and nothing written, and every save in the audit log and on the
// storefront at once (the product page's price and Omnibus line, the listing's price filter and sort).
describeEachApp("Atelier variants and prices", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&nbsp;|\u00a0/g, " ");
  let staff: HttpClient;
  let staffEmail: string;
  let product: { id: number; slug: string; categoryPath: string; priceCents: number };
  let page: string;

  const variantsOf = (productId = product.id) =>
    app().db.selectFrom("variants").select(["id", "sku", "stock", "price_cents", "compare_at_cents", "own_price_cents"]).where("product_id", "=", productId).orderBy("position").execute();
  const snapshot = async () => ({
    variants: await variantsOf(),
    history: (await app().db.selectFrom("price_history").select("id").execute()).length,
    audit: (await app().db.selectFrom("audit_log").select("id").execute()).length,
    product: await app().db.selectFrom("products").select(["price_cents", "compare_at_cents", "sale_price_cents"]).where("id", "=", product.id).executeTakeFirst(),
  });
  const auditOf = (action: string) => app().db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id", "desc").executeTakeFirstOrThrow();
  const matrixFields = async (change: (cell: { index: number; id: number; sku: string; stock: number }) => Record<string, string> | null = () => null) => {
    const fields: [string, string][] = [["intent", "matrix"]];
    (await variantsOf()).forEach((v, index) => {
      const own = change({ index, id: v.id, sku: v.sku, stock: v.stock }) ?? {};
      fields.push([`variants[${index}].id`, own.id ?? String(v.id)]);
      fields.push([`variants[${index}].sku`, own.sku ?? v.sku]);
      fields.push([`variants[${index}].stock`, own.stock ?? String(v.stock)]);
      fields.push([`variants[${index}].stockWas`, String(v.stock)]);
      if (own.price !== undefined) fields.push([`variants[${index}].price`, own.price]);
    });
    return fields;
  };

  beforeAll(async () => {
    const signedIn = await signInStaff(app(), { role: "staff", name: "Sara Collaboratrice" });
    staff = signedIn.client;
    staffEmail = signedIn.email;
    // A published product not on sale whose price has not moved: the Omnibus value is then its price.
    const candidates = await app()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .innerJoin("category_translations as c", (join) => join.onRef("c.category_id", "=", "p.category_id").on("c.locale", "=", "it"))
      .select(["p.id", "t.slug", "c.path", "p.price_cents"])
      .where("p.compare_at_cents", "is", null)
      .where("p.published_at", "<", new Date().toISOString())
      .orderBy("p.id")
      .execute();
    for (const c of candidates) {
      const prices = await app().db.selectFrom("price_history as h").innerJoin("variants as v", "v.id", "h.variant_id").select("h.price_cents").distinct().where("v.product_id", "=", c.id).execute();
      if (prices.length === 1 && c.price_cents !== null) {
        product = { id: c.id, slug: c.slug, categoryPath: c.path, priceCents: c.price_cents };
        break;
      }
    }
    expect(product).toBeDefined();
    page = `/atelier/products/${product.id}/variants`;
  });

  it("is for signed-in staff: others go to the login; unknown products are 404; foreign posts and unknown intents are refused", async () => {
    expect((await app().client().get(page)).headers.get("Location")).toMatch(/^\/atelier\/login\?redirectTo=/);
    const before = await snapshot();
    expect((await app().client().postForm(page, { intent: "prices", price: "1" })).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);

    for (const path of ["/atelier/products/99999999/variants", "/atelier/products/abc/variants", "/atelier/products/0/variants", "/en/atelier/products/1e3/variants"]) {
      expect((await staff.get(path)).status, path).toBe(404);
    }
    expect((await staff.postForm("/atelier/products/99999999/variants", { intent: "prices", price: "10" })).status).toBe(404);
    expect((await staff.postForm(page, { intent: "explode" })).status).toBe(400);
    expect((await staff.postForm(page, { price: "10" })).status).toBe(400);
    const foreign = await staff.postForm(page, { intent: "prices", price: "1" }, { headers: { Origin: "https://evil.example" } });
    expect([400, 403]).toContain(foreign.status);
    expect(await snapshot()).toEqual(before);

    const html = decode(await (await staff.get(page)).text());
    expect(html).toContain("<h1");
    expect(html).toContain("Varianti e prezzi");
    expect(html).toMatch(/<caption[^>]*>Varianti per colore e taglia/);
    expect(html).toContain(`value="${before.variants[0].sku}"`);
    expect(decode(await (await staff.get(`/en${page}`)).text())).toContain("Colours and sizes");
  });

  it("answers bad prices at their field with the input kept, never a 500, nothing changed", async () => {
    const before = await snapshot();
    const cases: Array<[Record<string, string>, number, string, string]> = [
      [{ price: "12,5x" }, 400, 'value="12,5x"', "Indica un prezzo in euro, per esempio 129 o 129,50."],
      [{ price: "1e9" }, 400, 'value="1e9"', "Indica un prezzo in euro"],
      [{ price: "-5" }, 400, 'value="-5"', "Indica un prezzo in euro"],
      [{ price: "100", compareAt: "90,00" }, 400, 'value="90,00"', "Il prezzo barrato deve essere più alto del prezzo."],
      [{ price: "100", salePrice: "120", saleStartsAt: "2030-01-01T09:00", saleEndsAt: "2030-01-10T09:00" }, 400, 'value="120"', "Il prezzo in saldo deve essere più basso del prezzo."],
      [{ price: "100", salePrice: "50", saleStartsAt: "2030-01-10T09:00", saleEndsAt: "2030-01-01T09:00" }, 400, 'value="2030-01-01T09:00"', "Indica l'inizio e una fine successiva"],
      [{ price: "100", salePrice: "50", saleStartsAt: "domani", saleEndsAt: "2030-01-01T09:00" }, 400, 'value="domani"', "Indica data e ora"],
      [{ price: "100", salePrice: "50", saleStartsAt: "2020-01-01T09:00", saleEndsAt: "2020-01-02T09:00" }, 400, 'value="2020-01-02T09:00"', "Indica l'inizio e una fine successiva"],
    ];
    for (const [fields, status, kept, message] of cases) {
      const response = await staff.postForm(page, { intent: "prices", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(status);
      const html = decode(await response.text());
      expect(html, JSON.stringify(fields)).toContain(kept);
      expect(html, JSON.stringify(fields)).toContain(message);
      expect(html).toContain('aria-invalid="true"');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers bad cells at the cell, refuses a variant of another product, nothing changed", async () => {
    const before = await snapshot();
    const other = await app().db.selectFrom("variants").select(["id", "sku"]).where("product_id", "<>", product.id).orderBy("id").executeTakeFirstOrThrow();
    const negative = await staff.postForm(page, await matrixFields((c) => (c.index === 1 ? { stock: "-1" } : null)));
    expect(negative.status).toBe(400);
    const negativeHtml = decode(await negative.text());
    expect(negativeHtml).toContain('value="-1"');
    expect(negativeHtml).toContain("Indica un numero intero da 0 a 1.000.000.");
    const huge = await staff.postForm(page, await matrixFields((c) => (c.index === 0 ? { stock: "1e9", price: "12,50" } : null)));
    expect(huge.status).toBe(400);
    expect(decode(await huge.text())).toContain('value="1e9"');
    const badPrice = await staff.postForm(page, await matrixFields((c) => (c.index === 0 ? { price: "dodici" } : null)));
    expect(badPrice.status).toBe(400);
    expect(decode(await badPrice.text())).toContain('value="dodici"');

    const taken = await staff.postForm(page, await matrixFields((c) => (c.index === 2 ? { sku: other.sku.toLowerCase() } : null)));
    expect(taken.status).toBe(409);
    const takenHtml = decode(await taken.text());
    expect(takenHtml).toContain("Questo SKU è già di un'altra variante.");
    expect(takenHtml).toContain(`value="${other.sku.toLowerCase()}"`);
    const badSku = await staff.postForm(page, await matrixFields((c) => (c.index === 0 ? { sku: "con spazi" } : null)));
    expect(badSku.status).toBe(400);
    expect(decode(await badSku.text())).toContain("Lo SKU può avere lettere, cifre e . _ - (al massimo 80).");

    expect((await staff.postForm(page, await matrixFields((c) => (c.index === 0 ? { id: String(other.id) } : null)))).status).toBe(404);
    expect((await staff.postForm(page, { intent: "remove", variantId: String(other.id) })).status).toBe(404);
    expect((await staff.postForm(page, { intent: "remove", variantId: "abc" })).status).toBe(400);
    expect((await staff.postForm(page, { intent: "add-variant", cell: `${"x".repeat(10)}|M` })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("reduces the price: the product page shows it with the Omnibus line, the listing filters and sorts by it, the log keeps before and after", async () => {
    const now = new Date();
    const reduced = product.priceCents - 1000;
    const euro = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
    const saved = await staff.postForm(page, { intent: "prices", price: euro(reduced), compareAt: euro(product.priceCents) });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(page);
    expect(decode(await (await staff.get(page)).text())).toContain("Prezzi salvati: il negozio li mostra già.");

    const [variant] = await variantsOf();
    expect(variant).toMatchObject({ price_cents: reduced, compare_at_cents: product.priceCents });
    const history = await app().db.selectFrom("price_history").select(["price_cents as priceCents", "effective_at as effectiveAt"]).where("variant_id", "=", variant.id).execute();
    expect(lowestPriceBeforeReduction(history, new Date())).toBe(product.priceCents);
    const shop = decode(await (await app().client().get(`/products/${product.slug}`)).text());
    expect(shop).toContain(formatMoney(reduced, "it").replace(/\u00a0/g, " "));
    expect(shop).toContain(`Prezzo più basso degli ultimi 30 giorni: ${formatMoney(product.priceCents, "it").replace(/\u00a0/g, " ")}`);

    const entry = await auditOf("product.prices");
    expect(entry).toMatchObject({ actor: staffEmail, entity_type: "product", entity_id: String(product.id) });
    expect(JSON.parse(entry.before!)).toMatchObject({ priceCents: product.priceCents, compareAtCents: null });
    expect(JSON.parse(entry.after!)).toMatchObject({ priceCents: reduced, compareAtCents: product.priceCents });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(now.getTime() - 1000);

    // Raised, then reduced again: the lowest price of the 30 days before stays the first one.
    expect((await staff.postForm(page, { intent: "prices", price: euro(product.priceCents + 5000) })).status).toBe(302);
    expect((await staff.postForm(page, { intent: "prices", price: euro(product.priceCents + 2000), compareAt: euro(product.priceCents + 5000) })).status).toBe(302);
    const again = decode(await (await app().client().get(`/products/${product.slug}`)).text());
    expect(again).toContain(formatMoney(product.priceCents + 2000, "it").replace(/\u00a0/g, " "));
    expect(again).toContain(`Prezzo più basso degli ultimi 30 giorni: ${formatMoney(reduced, "it").replace(/\u00a0/g, " ")}`);

    // The listing's price filter and sort follow at once: at 1,00 € it is the cheapest of its category.
    const listing = `/categories/${product.categoryPath}?max=2&sort=price-asc`;
    expect(decode(await (await app().client().get(listing)).text())).not.toContain(`/products/${product.slug}"`);
    expect((await staff.postForm(page, { intent: "prices", price: "1,00" })).status).toBe(302);
    const cheap = decode(await (await app().client().get(listing)).text());
    expect(cheap).toContain(`/products/${product.slug}"`);
    const sorted = decode(await (await app().client().get(`/categories/${product.categoryPath}?sort=price-asc`)).text());
    expect(sorted.match(/href="\/products\/([^"?]+)/)?.[1]).toBe(product.slug);
    expect((await staff.postForm(page, { intent: "prices", price: euro(product.priceCents) })).status).toBe(302);
  });

  it("saves the matrix: SKU, stock and own price in one post, in the log; back-in-stock mails queued", async () => {
    const [first, second] = await variantsOf();
    await app().db.updateTable("variants").set({ stock: 0 }).where("id", "=", second.id).execute();
    await app()
      .db.insertInto("back_in_stock_requests")
      .values({ variant_id: second.id, email: "attesa@example.it", locale: "it", consent_at: new Date().toISOString(), created_at: new Date().toISOString(), notified_at: null })
      .execute();
    const saved = await staff.postForm(
      page,
      await matrixFields((c): Record<string, string> | null => (c.index === 0 ? { sku: `${first.sku}-bis`.toLowerCase(), stock: "7", price: "250,50" } : c.index === 1 ? { stock: "3" } : null)),
    );
    expect(saved.status).toBe(302);
    const [a, b] = await variantsOf();
    expect(a).toMatchObject({ sku: `${first.sku}-BIS`, stock: 7, own_price_cents: 25050, price_cents: 25050 });
    expect(b.stock).toBe(3);
    expect(await app().db.selectFrom("mail_outbox").select("template").where("recipient", "=", "attesa@example.it").executeTakeFirst()).toBeDefined();
    expect(decode(await (await staff.get(page)).text())).toContain("Varianti salvate: un avviso di disponibilità in partenza.");
    const entry = await auditOf("product.variants");
    expect(entry.actor).toBe(staffEmail);
    expect(Object.values(JSON.parse(entry.after!))).toContainEqual({ sku: `${first.sku}-BIS`, stock: 7, ownPriceCents: 25050 });
    // The storefront shows the own price for that colour and size.
    const cell = await app().db.selectFrom("variants").select(["color_code", "size"]).where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(decode(await (await app().client().get(`/products/${product.slug}?color=${cell.color_code}&size=${cell.size}`)).text())).toContain("250,50 €");
  });

  it("adds a size and a colour, fills a gap, removes a variant never ordered and refuses one that was", async () => {
    const sizes = await app().db.selectFrom("variants").select("size").distinct().where("product_id", "=", product.id).execute();
    const colors = await app().db.selectFrom("variants").select("color_code").distinct().where("product_id", "=", product.id).execute();
    expect((await staff.postForm(page, { intent: "add-size", size: "xxl" })).status).toBe(302);
    expect((await variantsOf()).length).toBe((sizes.length + 1) * colors.length);
    const again = await staff.postForm(page, { intent: "add-size", size: "XXL" });
    expect(again.status).toBe(409);
    expect(decode(await again.text())).toContain("Ogni colore ha già questa taglia.");

    const missing = await staff.postForm(page, { intent: "add-color" });
    expect(missing.status).toBe(400);
    expect(decode(await missing.text())).toContain("Scegli un colore o indica il nome di uno nuovo.");
    const badHex = await staff.postForm(page, { intent: "add-color", newColorName: "Ocra", newColorHex: "giallo" });
    expect(badHex.status).toBe(400);
    expect(decode(await badHex.text())).toContain('value="Ocra"');
    expect((await staff.postForm(page, { intent: "add-color", newColorName: "Ocra", newColorNameEn: "Ochre", newColorHex: "#c8932b" })).status).toBe(302);
    expect(await app().db.selectFrom("colors").select("hex").where("code", "=", "ocra").executeTakeFirst()).toEqual({ hex: "#C8932B" });
    const rows = await app().db.selectFrom("variants").select(["id", "sku", "size", "color_code"]).where("product_id", "=", product.id).where("color_code", "=", "ocra").execute();
    expect(rows.length).toBe(sizes.length + 1);

    // Remove one, then fill the gap with its cell's button.
    const gone = rows.find((r) => r.size === "XXL")!;
    expect((await staff.postForm(page, { intent: "remove", variantId: String(gone.id) })).status).toBe(302);
    expect(await app().db.selectFrom("variants").select("id").where("id", "=", gone.id).executeTakeFirst()).toBeUndefined();
    expect(decode(await (await staff.get(page)).text())).toContain(`value="ocra|XXL"`);
    expect((await staff.postForm(page, { intent: "add-variant", cell: "ocra|XXL" })).status).toBe(302);
    const refilled = await app().db.selectFrom("variants").select(["id", "sku"]).where("product_id", "=", product.id).where("color_code", "=", "ocra").where("size", "=", "XXL").executeTakeFirstOrThrow();
    expect(refilled.sku).toBe(gone.sku);

    const { orderId } = await insertOrder(app().db);
    await app().db.updateTable("order_lines").set({ variant_id: refilled.id }).where("order_id", "=", orderId).execute();
    const refused = await staff.postForm(page, { intent: "remove", variantId: String(refilled.id) });
    expect(refused.status).toBe(409);
    expect(decode(await refused.text())).toContain("Questa variante è in un ordine e non si può rimuovere: metti 0 disponibili.");
    expect(await app().db.selectFrom("variants").select("id").where("id", "=", refilled.id).executeTakeFirst()).toBeDefined();
    expect((await auditOf("product.remove-variant")).entity_id).toBe(String(product.id));
  });
});
