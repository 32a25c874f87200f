import { expect, it } from "vitest";
import { productEditorForm, registrationForm } from "../support/forms";
import { describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// Atelier's products through the request handler, without JavaScript, on both databases: the
// guards, the list (filters, calm fallbacks, bulk publication), the editor (create, edit in both
// languages, Markdown preview, bad input kept at the field, forged ids, unknown intents), a
// published slug's 301, and a draft invisible to shoppers, search and the sitemap while staff
// preview it. Cross-site posts are refused by server.ts for every path (cross-origin.test.ts).
describeEachApp("Atelier products", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  const auditOf = (id: number) => app().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "product").where("entity_id", "=", String(id)).orderBy("id").execute();
  let made = 0;

  /** The editor's fields for a product named `name` (Italian) in a leaf category. */
  async function productForm(name: string, changes: Record<string, string> = {}) {
    const category = await app().db.selectFrom("products").select("category_id").orderBy("id").executeTakeFirstOrThrow();
    return {
      intent: "save",
      name_it: name,
      slug_it: "",
      description_it: "Un **abito** leggero.",
      composition_it: "100% lino",
      care_it: "Lavare a mano",
      metaTitle_it: "",
      metaDescription_it: "",
      name_en: `${name} EN`,
      slug_en: "",
      description_en: "A *light* dress.",
      composition_en: "100% linen",
      care_en: "Hand wash",
      metaTitle_en: "",
      metaDescription_en: "",
      categoryId: String(category.category_id),
      manufacturerId: "",
      garment: "dress",
      status: "draft",
      publishedAt: "",
      ...changes,
    };
  }

  /** A product on show with variants: id, slugs, name and a SKU in stock. */
  async function seeded(offset: number) {
    const { db } = app();
    const rows = await db
      .selectFrom("products as p")
      .innerJoin("product_translations as t", "t.product_id", "p.id")
      .select(["p.id", "t.locale", "t.slug", "t.name"])
      .where("p.id", "=", (eb) => eb.selectFrom("products").select("id").orderBy("id").offset(offset * 7).limit(1))
      .execute();
    const it = rows.find((r) => r.locale === "it")!;
    const en = rows.find((r) => r.locale === "en")!;
    const variant = await db.selectFrom("variants").select("sku").where("product_id", "=", it.id).where("stock", ">", 0).orderBy("id").limit(1).executeTakeFirstOrThrow();
    return { id: it.id, slug: it.slug, enSlug: en.slug, name: it.name, sku: variant.sku };
  }

  it("sends no cookie and a shopper's cookie to Atelier's login, on every page and post", async () => {
    const shopper = app().client();
    expect((await shopper.postForm("/login/register", registrationForm(`prodotti-${app().kind}@esempio.it`))).status).toBe(302);
    const product = await seeded(0);
    for (const client of [app().client(), shopper]) {
      const list = await client.get("/atelier/products?q=abito");
      expect(list.status).toBe(302);
      expect(list.headers.get("Location")).toBe(`/atelier/login?redirectTo=${encodeURIComponent("/atelier/products?q=abito")}`);
      expect((await client.get("/en/atelier/products/new")).headers.get("Location")).toMatch(/^\/en\/atelier\/login/);
      expect((await client.get(`/atelier/products/${product.id}`)).headers.get("Location")).toMatch(/^\/atelier\/login/);
      expect((await client.postForm("/atelier/products", { intent: "archive", ids: String(product.id) })).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
      expect((await client.postForm(`/atelier/products/${product.id}`, await productForm("Intruso"))).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
      expect((await client.postForm("/atelier/products/new", await productForm("Intruso"))).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
      // Nor does the storefront's preview open for them: a draft is a 404.
    }
    expect(await auditOf(product.id)).toEqual([]);
    expect(await app().db.selectFrom("product_translations").select("product_id").where("name", "=", "Intruso").execute()).toEqual([]);
  });

  it("lists, searches and filters the catalogue in both languages, falling back calmly on a bad filter", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    const product = await seeded(1);
    const page = await client.get(`/atelier/products?q=${encodeURIComponent(product.sku.toLowerCase())}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = decode(await page.text());
    expect(html).toContain(`href="/atelier/products/${product.id}"`);
    expect(html).toContain(product.name);
    expect(html).toContain("Pubblicato");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const english = decode(await (await client.get("/en/atelier/products?status=published&stock=in&sort=price")).text());
    expect(english).toContain("Products");
    expect(english).toContain('href="/en/atelier/products/new"');
    for (const query of ["sort=drop", "page=-1", "page=abc", "page=99999999999999", "status=x&stock[]=y", "category=abc", "category=987654", "q=%25%25%25", `q=${"x".repeat(5000)}`, "q=%F0%9F%91%97"]) {
      expect((await client.get(`/atelier/products?${query}`)).status, query).toBe(200);
    }
  });

  it("creates a draft, edits it in both languages with a Markdown preview, audited; bad input stays at the field", async () => {
    const { client, staffId, email } = await signInStaff(app(), { role: "staff" });
    const name = `Abito Prova ${app().kind} ${++made}`;
    // The preview renders the Markdown and saves nothing.
    const preview = await client.postForm("/atelier/products/new", { ...(await productForm(name)), intent: "preview" });
    expect(preview.status).toBe(200);
    const previewHtml = decode(await preview.text());
    expect(previewHtml).toContain("Un <strong>abito</strong> leggero.");
    expect(previewHtml).toContain(`value="${name}"`);
    expect(await app().db.selectFrom("product_translations").select("product_id").where("name", "=", name).execute()).toEqual([]);

    // Bad input: 400, messages at the fields, what was typed kept, nothing stored.
    const long = "x".repeat(5_000);
    const bad = await client.postForm("/atelier/products/new", await productForm(name, { name_en: "", slug_it: "Non Valido!", metaTitle_it: long, categoryId: "abc", garment: "spaceship", publishedAt: "domani" }));
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain("Il campo è obbligatorio");
    expect(badHtml).toContain("Usa solo lettere minuscole senza accenti, numeri e trattini");
    expect(badHtml).toContain("Il testo inserito è troppo lungo");
    expect(badHtml).toContain("Scegli una categoria");
    expect(badHtml).toContain("Scegli un disegno dell'elenco");
    expect(badHtml).toContain("Inserisci una data e un'ora valide");
    expect(badHtml).toContain(`value="${name}"`);
    expect(badHtml).toContain('value="Non Valido!"');
    expect(badHtml).toMatch(/id="product-name_en"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="product-name_en"/);
    // A category that does not exist, a maker that does not exist: at their fields.
    const forged = await client.postForm("/atelier/products/new", await productForm(name, { categoryId: "987654", manufacturerId: "987654" }));
    expect(forged.status).toBe(400);
    expect(decode(await forged.text())).toContain("Scegli una categoria");
    // Published at once, with no variants: refused at the status.
    const noVariants = await client.postForm("/atelier/products/new", await productForm(name, { status: "published" }));
    expect(noVariants.status).toBe(409);
    expect(decode(await noVariants.text())).toContain("Un prodotto senza varianti non si può pubblicare");
    expect(await app().db.selectFrom("product_translations").select("product_id").where("name", "=", name).execute()).toEqual([]);

    const created = await client.postForm("/atelier/products/new", await productForm(name, { name_it: `  ${name} — àèìòù 👗  ` }));
    expect(created.status).toBe(303);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^\/atelier\/products\/\d+$/);
    const id = Number(location.split("/").pop());
    const editor = decode(await (await client.get(location)).text());
    expect(editor).toContain("Prodotto creato.");
    expect(editor).toContain("Bozza");
    expect(editor).toContain(`href="/atelier/products/${id}/variants"`);
    expect(editor).toContain(`href="/atelier/products/${id}/photos"`);
    const stored = await app().db.selectFrom("product_translations").select(["locale", "name", "slug"]).where("product_id", "=", id).orderBy("locale").execute();
    const slug = `abito-prova-${app().kind}-${made}-aeiou`;
    expect(stored).toEqual([
      { locale: "en", name: `${name} EN`, slug: `abito-prova-${app().kind}-${made}-en` },
      { locale: "it", name: `${name} — àèìòù 👗`, slug },
    ]);
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: "product.create", staff_id: staffId, actor: email })]);

    // Edited from the English editor: both languages.
    const edited = await client.postForm(`/en/atelier/products/${id}`, await productForm(name, { name_it: "Abito Rinominato", name_en: "Renamed Dress", slug_en: `renamed-dress-${app().kind}`, care_en: "Dry clean" }));
    expect(edited.status).toBe(303);
    expect(edited.headers.get("Location")).toBe(`/en/atelier/products/${id}`);
    const after = await app().db.selectFrom("product_translations").select(["locale", "name", "slug", "care"]).where("product_id", "=", id).orderBy("locale").execute();
    expect(after).toEqual([
      { locale: "en", name: "Renamed Dress", slug: `renamed-dress-${app().kind}`, care: "Dry clean" },
      { locale: "it", name: "Abito Rinominato", slug: "abito-rinominato", care: "Lavare a mano" },
    ]);
    const update = (await auditOf(id)).at(-1)!;
    expect(update.action).toBe("product.update");
    expect(JSON.parse(update.before!)).toMatchObject({ "name.en": `${name} EN`, "care.en": "Hand wash" });
    expect(JSON.parse(update.after!)).toMatchObject({ "name.en": "Renamed Dress", "care.en": "Dry clean" });

    // A slug another product holds: at the field, input kept, nothing changed.
    const other = await seeded(2);
    const taken = await client.postForm(`/atelier/products/${id}`, await productForm("Abito Rinominato", { slug_it: other.slug, name_en: "Renamed Dress", slug_en: `renamed-dress-${app().kind}` }));
    expect(taken.status).toBe(409);
    const takenHtml = decode(await taken.text());
    expect(takenHtml).toContain("Questo slug è già di un altro prodotto in questa lingua");
    expect(takenHtml).toContain(`value="${other.slug}"`);
    expect((await app().db.selectFrom("product_translations").select("slug").where("product_id", "=", id).where("locale", "=", "it").executeTakeFirstOrThrow()).slug).toBe("abito-rinominato");
    expect(await auditOf(id)).toHaveLength(2);

    // Unknown intents are broken forms; forged ids are 404.
    expect((await client.postForm(`/atelier/products/${id}`, { ...(await productForm("x")), intent: "delete" })).status).toBe(400);
    expect((await client.postForm("/atelier/products", { intent: "explode", ids: String(id) })).status).toBe(400);
    for (const forgedId of ["987654", "0", "abc", "1e3", "-1", "99999999999999999999"]) {
      expect((await client.get(`/atelier/products/${forgedId}`)).status, forgedId).toBe(404);
      expect((await client.postForm(`/atelier/products/${forgedId}`, await productForm("x"))).status, forgedId).toBe(404);
    }
    expect((await client.postForm("/atelier/products", { intent: "archive", ids: "987654" })).status).toBe(404);
    const none = await client.postForm("/atelier/products", { intent: "archive" });
    expect(none.status).toBe(400);
    expect(decode(await none.text())).toContain("Seleziona almeno un prodotto.");
  });

  it("moves a published product's changed slug with a 301, and the sitemap lists the new address", async () => {
    const { client } = await signInStaff(app(), { role: "owner" });
    const product = await seeded(3);
    const form = await productEditorForm(app().db, product.id);
    const newSlug = `${product.slug}-${app().kind}-nuovo`;
    const saved = await client.postForm(`/atelier/products/${product.id}`, { ...form, slug_it: newSlug });
    expect(saved.status).toBe(303);

    const shopper = app().client();
    const old = await shopper.get(`/products/${product.slug}?color=x`);
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe(`/products/${newSlug}?color=x`);
    expect((await shopper.get(`/products/${newSlug}`)).status).toBe(200);
    // The English address did not change and still answers.
    expect((await shopper.get(`/en/products/${product.enSlug}`)).status).toBe(200);
    const sitemap = await (await shopper.get("/sitemap/products.xml")).text();
    expect(sitemap).toContain(`/products/${newSlug}</loc>`);
    expect(sitemap).not.toContain(`/products/${product.slug}</loc>`);
  });

  it("publishes, unpublishes and archives in bulk: a draft leaves the shop, search and sitemap, and only staff preview it", async () => {
    const { client, email } = await signInStaff(app(), { role: "staff" });
    const [a, b] = [await seeded(4), await seeded(5)];
    const shopper = app().client();
    expect((await shopper.get(`/products/${a.slug}`)).status).toBe(200);
    const found = () => shopper.get(`/search?q=${encodeURIComponent(a.name)}`).then(async (r) => decode(await r.text()).includes(`href="/products/${a.slug}"`));
    expect(await found()).toBe(true);

    const back = "/atelier/products?status=published&sort=name";
    const unpublished = await client.postForm("/atelier/products", [
      ["intent", "unpublish"],
      ["ids", String(a.id)],
      ["ids", String(b.id)],
      ["back", back],
    ]);
    expect(unpublished.status).toBe(303);
    expect(unpublished.headers.get("Location")).toBe(back);
    expect(decode(await (await client.get(back)).text())).toContain("Prodotti riportati in bozza: 2.");
    for (const product of [a, b]) {
      expect(await auditOf(product.id)).toEqual([expect.objectContaining({ action: "product.unpublish", actor: email })]);
    }

    // Shoppers: no page, not found by search, not in the sitemap, not in the bag.
    expect((await shopper.get(`/products/${a.slug}`)).status).toBe(404);
    expect((await shopper.get(`/products/${a.slug}?preview=1`)).status).toBe(404);
    expect((await shopper.get(`/en/products/${a.enSlug}`)).status).toBe(404);
    expect(await found()).toBe(false);
    expect(await (await shopper.get("/sitemap/products.xml")).text()).not.toContain(`/products/${a.slug}</loc>`);
    const add = await shopper.postForm("/cart", { intent: "add", sku: a.sku, quantity: "1" });
    expect(add.status).toBeGreaterThanOrEqual(300);
    expect(await app().db.selectFrom("bag_lines as l").innerJoin("variants as v", "v.id", "l.variant_id").select("l.id").where("v.sku", "=", a.sku).execute()).toEqual([]);

    // Staff: the storefront's own page, marked as a preview, never cached nor indexed.
    const preview = await client.get(`/products/${a.slug}?preview=1`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
    expect(preview.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const previewHtml = decode(await preview.text());
    expect(previewHtml).toContain("Anteprima per lo staff");
    expect(previewHtml).toContain('<meta name="robots" content="noindex"/>');
    expect(previewHtml).toContain(a.name);
    expect((await client.get(`/en/products/${a.enSlug}?preview=1`)).status).toBe(200);
    // Without ?preview staff see what shoppers see.
    expect((await client.get(`/products/${a.slug}`)).status).toBe(404);
    // The editor offers the preview.
    expect(decode(await (await client.get(`/atelier/products/${a.id}`)).text())).toContain(`href="/products/${a.slug}?preview=1"`);

    // Archived, then published again: back in the shop.
    expect((await client.postForm("/atelier/products", { intent: "archive", ids: String(a.id) })).status).toBe(303);
    expect((await shopper.get(`/products/${a.slug}`)).status).toBe(404);
    expect((await client.postForm("/atelier/products", [["intent", "publish"], ["ids", String(a.id)], ["ids", String(b.id)]])).status).toBe(303);
    expect((await shopper.get(`/products/${a.slug}`)).status).toBe(200);
    expect(await found()).toBe(true);
    expect(await (await shopper.get("/sitemap/products.xml")).text()).toContain(`/products/${b.slug}</loc>`);
    expect((await auditOf(a.id)).map((row) => row.action)).toEqual(["product.unpublish", "product.archive", "product.publish"]);
  });
});
