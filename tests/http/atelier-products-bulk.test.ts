import { HtmlValidate } from "html-validate";
import { beforeAll, expect, it } from "vitest";
import { type HttpClient, describeEachApp } from "../support/http";
import { markupErrors } from "../support/markup";
import { signInStaff } from "../support/staff";
import { formatMoney } from "~/utils/money";

// The products list's bulk form beyond a status (issue 42 part 5) through the request handler,
// without JavaScript, on both databases: the ticked products moved to a category, or their prices
// changed by a percentage (in whole cents, through the price history, on the storefront at once),
// each product in the audit log; 303 back to the list with a counted notice; a bad percentage or
// category answered at its field with the input kept and nothing changed; refused to a member
// without the catalogue.
/** What html-validate's standard rules and the shop's own markup rules find wrong (markup.test.ts's checks). */
const htmlChecker = new HtmlValidate({ extends: ["html-validate:standard"], rules: { "require-sri": "off" } });
async function markupFaults(html: string): Promise<string[]> {
  const report = await htmlChecker.validateString(html);
  const checker = report.results.flatMap((result) => result.messages).filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? ""})`);
  return [...markupErrors(html), ...checker];
}

describeEachApp("Atelier products in bulk: category and price", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&nbsp;|\u00a0/g, " ");
  /** The opening tag of the element with this id ("" when there is none). */
  const tag = (html: string, id: string) => new RegExp(`<[a-z]+ id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
  const euro = (cents: number) => formatMoney(cents, "it").replace(/\u00a0/g, " ");
  let staff: HttpClient;
  let staffEmail: string;
  /** Published products with variants, none priced on its own: each test takes its own. */
  let products: { id: number; slug: string; categoryId: number }[];

  const auditOf = (id: number, action: string) =>
    app().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "product").where("entity_id", "=", String(id)).where("action", "=", action).orderBy("id").execute();
  const variantsOf = (id: number) => app().db.selectFrom("variants").select(["id", "price_cents", "compare_at_cents"]).where("product_id", "=", id).orderBy("id").execute();
  const categoryOf = async (id: number) => (await app().db.selectFrom("products").select("category_id").where("id", "=", id).executeTakeFirstOrThrow()).category_id;
  const historyOf = (variantId: number) => app().db.selectFrom("price_history").select("price_cents").where("variant_id", "=", variantId).orderBy("effective_at").orderBy("id").execute();
  /** Prices a product on its variants page (every variant at `price`, typed in euro). */
  const price = async (id: number, price: string) => expect((await staff.postForm(`/atelier/products/${id}/variants`, { intent: "prices", price })).status).toBe(302);
  const bulk = (fields: [string, string][], client = staff) => client.postForm("/atelier/products", fields);
  const ids = (...list: number[]): [string, string][] => list.map((id) => ["ids", String(id)]);

  beforeAll(async () => {
    ({ client: staff, email: staffEmail } = await signInStaff(app(), { role: "staff", name: "Sara Collaboratrice" }));
    const rows = await app()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["p.id", "t.slug", "p.category_id as categoryId"])
      .where("p.status", "=", "published")
      .where("p.published_at", "<", new Date().toISOString())
      .where("p.sale_price_cents", "is", null)
      .where("p.id", "in", (eb) => eb.selectFrom("variants").select("product_id"))
      .where("p.id", "not in", (eb) => eb.selectFrom("variants").select("product_id").where("own_price_cents", "is not", null))
      .orderBy("p.id")
      .execute();
    products = rows.filter((_, index) => index % 5 === 0);
    expect(products.length).toBeGreaterThanOrEqual(10);
  });

  it("shows the two actions as labelled controls and real buttons of the bulk form, in valid HTML", async () => {
    const raw = await (await staff.get("/atelier/products")).text();
    expect(await markupFaults(raw)).toEqual([]);
    const html = decode(raw);
    expect(html).toMatch(/<label for="bulk-categoryId"[^>]*>Sposta nella categoria<\/label>/);
    expect(tag(html, "bulk-categoryId")).toMatch(/^<select .*name="categoryId"/);
    expect(html).toMatch(/<label for="bulk-percent"[^>]*>Variazione di prezzo \(%\)<\/label>/);
    const percent = tag(html, "bulk-percent");
    for (const attribute of ['name="percent"', 'type="number"', 'min="-90"', 'max="200"', 'step="1"', 'aria-describedby="bulk-percent-hint bulk-percent-error"']) expect(percent).toContain(attribute);
    expect(html).toContain('<p id="bulk-percent-hint"');
    expect(html).toMatch(/<button type="submit" value="category"[^>]*name="intent">Sposta<\/button>/);
    expect(html).toMatch(/<button type="submit" value="price"[^>]*name="intent">Cambia prezzo<\/button>/);
    // The controls belong to the one bulk form the rows' checkboxes name.
    const form = /<form id="products-bulk"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toContain('name="categoryId"');
    expect(form).toContain('name="percent"');
  });

  it("moves the ticked products to a category: 303 back to the list with the count, one audit entry each", async () => {
    const [a, b] = [products[0], products[1]];
    const target = await app().db.selectFrom("categories").select("id").where("id", "not in", [a.categoryId, b.categoryId]).where("holding", "=", 0).orderBy("id", "desc").executeTakeFirstOrThrow();
    const back = "/atelier/products?sort=name&page=1";
    const moved = await bulk([["intent", "category"], ...ids(a.id, b.id), ["categoryId", String(target.id)], ["percent", ""], ["back", back]]);
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe(back);
    expect(decode(await (await staff.get(back)).text())).toContain("2 prodotti spostati nella nuova categoria.");
    for (const product of [a, b]) {
      expect(await categoryOf(product.id)).toBe(target.id);
      const entries = await auditOf(product.id, "product.category");
      expect(entries).toEqual([expect.objectContaining({ actor: staffEmail })]);
      expect(JSON.parse(entries[0].before!)).toEqual({ category: product.categoryId });
      expect(JSON.parse(entries[0].after!)).toEqual({ category: target.id });
    }
    // One product, in English: the notice says it once.
    const c = products[2];
    expect((await bulk([["intent", "category"], ...ids(c.id), ["categoryId", String(target.id)], ["back", "/en/atelier/products"]])).status).toBe(303);
    expect(decode(await (await staff.get("/en/atelier/products")).text())).toContain("1 product moved to the new category.");

    // A category that does not exist, or none: at the field, nothing moved.
    const d = products[3];
    for (const categoryId of ["987654", "", "abc"]) {
      const refused = await bulk([["intent", "category"], ...ids(d.id), ["categoryId", categoryId], ["percent", "-20"]]);
      expect(refused.status, categoryId).toBe(400);
      const html = decode(await refused.text());
      expect(html).toContain("Scegli una categoria");
      expect(tag(html, "bulk-categoryId")).toContain('aria-invalid="true"');
      // The other input is kept.
      expect(tag(html, "bulk-percent")).toContain('value="-20"');
    }
    expect(await categoryOf(d.id)).toBe(d.categoryId);
    expect(await auditOf(d.id, "product.category")).toEqual([]);
    // Nothing ticked: the list's own message.
    const none = await bulk([["intent", "category"], ["categoryId", String(target.id)]]);
    expect(none.status).toBe(400);
    expect(decode(await none.text())).toContain("Seleziona almeno un prodotto.");
  });

  it("marks prices down by 20 %: the storefront's price, the price history, an audit entry per product", async () => {
    const [a, b] = [products[4], products[5]];
    await price(a.id, "100");
    await price(b.id, "50");
    const [first] = await variantsOf(a.id);
    const history = (await historyOf(first.id)).length;
    expect(decode(await (await app().client().get(`/products/${a.slug}`)).text())).toContain(euro(10_000));

    const back = "/atelier/products?status=published";
    const changed = await bulk([["intent", "price"], ...ids(a.id, b.id), ["percent", "-20"], ["categoryId", ""], ["back", back]]);
    expect(changed.status).toBe(303);
    expect(changed.headers.get("Location")).toBe(back);
    expect(decode(await (await staff.get(back)).text())).toContain("Prezzi aggiornati per 2 prodotti.");
    expect((await variantsOf(a.id)).map((v) => v.price_cents)).toEqual((await variantsOf(a.id)).map(() => 8000));
    expect((await variantsOf(b.id)).every((v) => v.price_cents === 4000)).toBe(true);
    // The history has the new price once (the Omnibus line reads it).
    const rows = await historyOf(first.id);
    expect(rows).toHaveLength(history + 1);
    expect(rows.at(-1)).toEqual({ price_cents: 8000 });
    // Shoppers see it at once.
    const shop = decode(await (await app().client().get(`/products/${a.slug}`)).text());
    expect(shop).toContain(euro(8000));
    expect(shop).not.toContain(euro(10_000));
    // One entry per product, as a price edit writes it, with the percentage.
    for (const [product, before, after] of [
      [a, 10_000, 8000],
      [b, 5000, 4000],
    ] as const) {
      const entry = (await auditOf(product.id, "product.prices")).at(-1)!;
      expect(entry.actor).toBe(staffEmail);
      expect(JSON.parse(entry.before!)).toMatchObject({ priceCents: before });
      expect(JSON.parse(entry.after!)).toMatchObject({ priceCents: after, percent: -20 });
    }
  });

  it("rounds each price half up to the cent: 19,99 € − 15 % is 16,99 €", async () => {
    const a = products[6];
    await price(a.id, "19,99");
    const changed = await bulk([["intent", "price"], ...ids(a.id), ["percent", "-15"]]);
    expect(changed.status).toBe(303);
    expect(changed.headers.get("Location")).toBe("/atelier/products");
    expect(decode(await (await staff.get("/atelier/products")).text())).toContain("Prezzo aggiornato per 1 prodotto.");
    expect((await variantsOf(a.id)).every((v) => v.price_cents === 1699)).toBe(true);
    expect(decode(await (await app().client().get(`/products/${a.slug}`)).text())).toContain(euro(1699));
    // + 10 %: 1868,9 → 18,69 €.
    expect((await bulk([["intent", "price"], ...ids(a.id), ["percent", "+10"]])).status).toBe(303);
    expect((await variantsOf(a.id)).every((v) => v.price_cents === 1869)).toBe(true);
  });

  it("refuses a bad percentage, or a price it would take under a cent, at the field with the input kept and nothing changed", async () => {
    const [a, tiny] = [products[7], products[8]];
    await price(a.id, "100");
    await price(tiny.id, "0,04");
    const before = { a: await variantsOf(a.id), tiny: await variantsOf(tiny.id), audit: (await auditOf(a.id, "product.prices")).length };
    for (const percent of ["0", "500", "abc", "-91", "2.5", ""]) {
      const refused = await bulk([["intent", "price"], ...ids(a.id), ["percent", percent], ["categoryId", String(a.categoryId)]]);
      expect(refused.status, percent).toBe(400);
      const raw = await refused.text();
      if (percent === "abc") expect(await markupFaults(raw)).toEqual([]);
      const html = decode(raw);
      expect(html, percent).toContain("Indica un numero intero da −90 a +200, diverso da 0 (per esempio −20).");
      expect(tag(html, "bulk-percent")).toContain('aria-invalid="true"');
      expect(tag(html, "bulk-percent")).toContain(`value="${percent}"`);
      expect(html).toMatch(new RegExp(`<option value="${a.categoryId}" selected="">`));
    }
    // 4 cents − 90 % would be 0: refused for the whole post, the first product left as it was too.
    const under = await bulk([["intent", "price"], ...ids(a.id, tiny.id), ["percent", "-90"]]);
    expect(under.status).toBe(400);
    const underHtml = decode(await under.text());
    expect(tag(underHtml, "bulk-percent")).toContain('aria-invalid="true"');
    // The price rules' own message (a price from 0,01 € up), at the percentage.
    expect(underHtml).toMatch(/<div id="bulk-percent-error"[\s\S]*?Con questa percentuale un prezzo scenderebbe sotto 1 centesimo/);
    expect(await variantsOf(a.id)).toEqual(before.a);
    expect(await variantsOf(tiny.id)).toEqual(before.tiny);
    expect(await auditOf(a.id, "product.prices")).toHaveLength(before.audit);
    // An unknown intent is a broken form.
    expect((await bulk([["intent", "discount"], ...ids(a.id), ["percent", "-20"]])).status).toBe(400);
  });

  it("refuses a member without the catalogue capability (403), changing nothing", async () => {
    const member = await signInStaff(app(), { role: "staff" });
    await app().db.updateTable("staff").set({ capabilities: JSON.stringify(["orders"]) }).where("id", "=", member.staffId).execute();
    const a = products[9];
    const [variant] = await variantsOf(a.id);
    const target = await app().db.selectFrom("categories").select("id").where("id", "!=", a.categoryId).orderBy("id").executeTakeFirstOrThrow();
    expect((await bulk([["intent", "price"], ...ids(a.id), ["percent", "-50"]], member.client)).status).toBe(403);
    expect((await bulk([["intent", "category"], ...ids(a.id), ["categoryId", String(target.id)]], member.client)).status).toBe(403);
    expect((await variantsOf(a.id))[0]).toEqual(variant);
    expect(await categoryOf(a.id)).toBe(a.categoryId);
    expect(await app().db.selectFrom("audit_log").select("id").where("entity_type", "=", "product").where("entity_id", "=", String(a.id)).execute()).toEqual([]);
  });
});
