import { HtmlValidate } from "html-validate";
import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { markupErrors, tags, textOf } from "../support/markup";
import { signInStaff } from "../support/staff";

// The server's HTML where a validator, a screen reader or a text browser found faults: what is
// asserted here is the markup itself (attributes, structure, the text a text browser prints),
// so it belongs at this level, not in a browser.

const PASSWORD = "una frase lunga e sicura";

/** Each <select> with its first option's value. */
function selects(html: string) {
  return [...html.matchAll(/<select\b([^>]*)>\s*<option\b[^>]*?value="([^"]*)"/g)].map(([, attributes, firstValue]) => ({
    name: /name="([^"]+)"/.exec(attributes)?.[1],
    required: /\srequired(?:=""|\s|$)/.test(attributes),
    attributes,
    firstValue,
  }));
}

/** The phone's number field and prefix select as the address forms render them. */
function phoneFields(html: string, prefix = "") {
  const number = tags(html, "input").find((tag) => tag.includes(`name="${prefix}phone"`));
  const select = selects(html).find((s) => s.name === `${prefix}phonePrefix`);
  return { number: number ?? "", select };
}

// The HTML checker proper (html-validate's standard rules: content models, ARIA misuse, attributes
// an element or input type does not take, duplicate ids…) beside the shop's own rules above, which
// catch what it does not (label in name, required next to aria-required, a required select
// whose first choice has a value). Subresource integrity is not asked of the shop's own files.
const htmlChecker = new HtmlValidate({ extends: ["html-validate:standard"], rules: { "require-sri": "off" } });
async function htmlCheckerErrors(html: string): Promise<string[]> {
  const report = await htmlChecker.validateString(html);
  return report.results.flatMap((result) => result.messages).filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? ""})`);
}

describeEachApp("markup", (app) => {
  const sellable = async () =>
    app().db.selectFrom("variants").select(["sku"]).where("stock", ">=", 5).orderBy("id", "desc").limit(3).execute();

  async function accountHolder(): Promise<HttpClient> {
    const shopper = app().client();
    const email = `markup-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const registered = await shopper.fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ firstName: "Giulia", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true }),
    });
    expect(registered.status).toBe(200);
    return shopper;
  }

  it("pagination: the page numbers carry their word as hidden text, no aria-label on the current page's span", async () => {
    const shopper = app().client();
    const html = await (await shopper.get("/categories/donna?page=2")).text();
    const pagination = /<nav aria-label="Pagine dei risultati"[\s\S]*?<\/nav>/.exec(html)![0];
    const current = /<span aria-current="page"[^>]*>([\s\S]*?)<\/span><\/li>/.exec(pagination);
    expect(current?.[0]).not.toContain("aria-label");
    expect(textOf(current![1]).trim()).toBe("Pagina 2");
    expect(textOf(pagination).trim()).toBe("← Precedente Pagina 1 Pagina 2");
    for (const page of [html, await (await shopper.get("/search?q=a")).text()]) {
      expect(tags(page, "span").filter((tag) => tag.includes("aria-label"))).toEqual([]);
    }
  });

  it("prices: label and amount apart, the reduced and the full price apart", async () => {
    const html = await (await app().client().get("/categories/donna")).text();
    const text = textOf(html);
    expect(text).toMatch(/Prezzo scontato: [\d.]+,\d{2} € Prezzo pieno: [\d.]+,\d{2} €/);
    expect(text).not.toMatch(/Prezzo (?:scontato|pieno)?\d/);
    expect(text).not.toMatch(/\d,\d{2} €Prezzo/);
  });

  it("the cookie banner: its X and its two choices apart in a text browser", async () => {
    const text = textOf(await (await app().client().get("/")).text());
    expect(text).toContain("Continua senza accettare ×");
    expect(text).toContain("Accetta tutti Scegli i cookie");
    // The phone's shorter wording and the full one, each a sentence of its own.
    expect(text).toContain("Con la X continui senza accettare. Usiamo cookie tecnici, necessari");
    expect(text).toContain("Cookie policy Leggi la cookie policy");
  });

  it("the guest's shipping step: phone and selects valid, steps numbered once, labels apart from values", async () => {
    const shopper = app().client();
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: "markup-guest@example.com", firstName: "Giulia", lastName: "Rossi" });
    const html = await (await shopper.get("/checkout")).text();

    // tel-national on a text field with the phone keypad; the prefix is the tel-country-code.
    for (const group of ["shipping.", "billing."]) {
      const { number, select } = phoneFields(html, group);
      expect(number).toMatch(/type="text"/);
      expect(number).toMatch(/inputMode="tel"/i);
      expect(number).toMatch(new RegExp(`autoComplete="${group.slice(0, -1)} tel-national"`, "i"));
      expect(select?.attributes).toMatch(new RegExp(`autoComplete="${group.slice(0, -1)} tel-country-code"`, "i"));
    }
    expect(tags(html, "input").filter((tag) => tag.includes('type="tel"'))).toEqual([]);
    // A required select starts on an empty placeholder; country and prefix start on a real choice and are not required.
    const all = selects(html);
    expect(all.filter((s) => s.required).map((s) => s.name)).toEqual(["shipping.province"]);
    for (const s of all.filter((s) => s.required)) expect(s.firstValue).toBe("");

    // The steps: the list numbers them (CSS draws the numbers), no "/" characters between them.
    const steps = /<ol class="checkout-steps[\s\S]*?<\/ol>/.exec(html)![0];
    expect(textOf(steps).trim()).toBe("Carrello (completato) Dati personali (completato) Spedizione Pagamento Riepilogo");
    expect(steps).not.toContain("/</span>");
    // The back link: arrow, the phone's word and the step's label apart.
    expect(textOf(html)).toContain("← Indietro · Torna ai dati personali Bottega");
    expect(textOf(html)).toMatch(/giorni lavorativi [\d.]+,\d{2} €/);

    // The review's total.
    expect((await shopper.postForm("/checkout", { addressChoice: "new", "shipping.firstName": "Giulia", "shipping.lastName": "Rossi", "shipping.street": "Via Roma", "shipping.streetNumber": "1", "shipping.city": "Milano", "shipping.province": "MI", "shipping.zip": "20121", "shipping.country": "IT", "shipping.phonePrefix": "+39", "shipping.phone": "3331234567", billingSame: "on", shippingMethod: "ups_standard", invoiceType: "none" })).status).toBe(303);
    expect((await shopper.postForm("/checkout/payment", { paymentMethod: "card" })).status).toBe(303);
    const review = textOf(await (await shopper.get("/checkout/review")).text());
    expect(review).toMatch(/Totale [\d.]+,\d{2} € Non chiudere/);
  });

  it("the bag with a code: the code's line holds its form outside any paragraph (the parser would cut it out, breaking hydration)", async () => {
    const shopper = app().client();
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "2", redirectTo: "/cart" });
    expect((await shopper.postForm("/cart", { intent: "addDiscount", code: "BENVENUTO10", redirectTo: "/cart" })).status).toBe(303);
    const html = await (await shopper.get("/cart")).text();
    const applied = /<div[^>]*data-testid="coupon-applied"[\s\S]*?<\/form>/.exec(html)![0];
    expect(applied).toContain("Codice BENVENUTO10 applicato");
    expect(applied).toMatch(/<form\b/);
    expect(applied).not.toMatch(/<p\b(?:(?!<\/p>)[\s\S])*<form\b/);
  });

  it("the account: distinct headings, the password forms' username labelled and out of the way", async () => {
    const shopper = await accountHolder();
    for (const [path, profile, data] of [
      ["/account", "Il tuo profilo", "Esporta i tuoi dati"],
      ["/en/account", "Your profile", "Export your data"],
    ]) {
      const html = await (await shopper.get(path)).text();
      const headings = [...html.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(([, , inner]) => textOf(inner).trim());
      expect(headings).toEqual(expect.arrayContaining([profile, data]));
      expect(new Set(headings).size).toBe(headings.length);

      const usernames = tags(html, "input").filter((tag) => tag.includes('name="username"'));
      expect(usernames).toHaveLength(2);
      for (const input of usernames) {
        expect(input).not.toMatch(/\shidden(?:=""|\s|\/|>)/);
        expect(input).toMatch(/autoComplete="username"/i);
        expect(input).toMatch(/readOnly=""/i);
        expect(input).toMatch(/tabindex="-1"/i);
        const id = /id="([^"]+)"/.exec(input)![1];
        expect(html).toMatch(new RegExp(`<label for="${id}">${path === "/account" ? "Email dell&#x27;account" : "Account email"}</label>`));
        expect(html).toMatch(new RegExp(`<div class="sr-only"><label for="${id}">`));
      }
    }
  });

  it("the address book and the saved-address choice at shipping: valid selects, phone and address structure", async () => {
    const shopper = await accountHolder();
    const book = await (await shopper.get("/account/addresses")).text();
    const { number, select } = phoneFields(book);
    expect(number).toMatch(/type="text"/);
    expect(number).toMatch(/autoComplete="tel-national"/i);
    expect(select?.attributes).toMatch(/autoComplete="tel-country-code"/i);
    expect(select?.required).toBe(false);
    expect(selects(book).filter((s) => s.required).map((s) => [s.name, s.firstValue])).toEqual([["province", ""]]);

    const saved = await shopper.postForm("/account/addresses", { intent: "save", firstName: "Giulia", lastName: "Verdi", street: "Via della Spiga", streetNumber: "12", city: "Milano", province: "MI", country: "IT", zip: "20121", phonePrefix: "+39", phone: "333 1234567" });
    expect(saved.status).toBe(302);
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    const shipping = await (await shopper.get("/checkout")).text();
    const choices = [...shipping.matchAll(/<label class="choice-card">([\s\S]*?)<\/label>/g)].map(([, inner]) => inner);
    const savedChoice = choices.find((inner) => textOf(inner).includes("Via della Spiga 12"));
    expect(savedChoice).toBeDefined();
    // A label holds phrasing content only: the address's lines in a span, no <address> or other block.
    expect(savedChoice).not.toMatch(/<(?:address|div|p)\b/);
  });
  it("the main pages, Atelier's included, pass the HTML checker (html-validate) and the shop's own markup rules (tests/support/markup.ts)", async () => {
    const db = app().db;
    const product = await db.selectFrom("products").select(["id"]).orderBy("id").executeTakeFirstOrThrow();
    const post = await db.selectFrom("content").select(["slug"]).where("kind", "=", "blog").where("locale", "=", "it").where("status", "=", "published").orderBy("published_at", "desc").executeTakeFirstOrThrow();
    const { client: owner } = await signInStaff(app(), { role: "owner" });
    // A subscriber, so that the newsletter list has its unsubscribe buttons; an entry in the audit log with a before and after.
    await app().client().postForm("/pages/newsletter", { email: "markup-news@example.com", privacy: "on", source: "footer", language: "it", redirectTo: "/" });
    const shopper = await accountHolder();
    const [variant] = await sellable();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    const productPath = (await (await app().client().get("/categories/donna")).text()).match(/href="(\/products\/[^"?]+)"/)![1]!;
    const guidePath = productPath.replace(/^\/products\//, "/guida-taglie/");
    const pages: Array<[HttpClient, string]> = [
      ...["/", "/en", "/categories/donna", `${productPath}?size=M`, `${productPath}?size=S`, `${guidePath}?height=168&weight=60&system=eu&usual=38`, `${guidePath}?height=abc&weight=`, "/search?q=camicia", "/blog", `/blog/${post.slug}`, "/login", "/login/register?redirectTo=/checkout", "/pages/country?from=%2F", "/pages/newsletter", "/pages/cookies", "/pages/Contact", "/pages/Faq", "/questa-pagina-non-esiste"].map(
        (path) => [app().client(), path] as [HttpClient, string],
      ),
      ...["/cart", "/checkout", "/account", "/account/addresses"].map((path) => [shopper, path] as [HttpClient, string]),
      ...[
        "/atelier",
        "/atelier/banner",
        "/atelier/audit",
        "/atelier/newsletter",
        "/atelier/orders",
        "/atelier/products",
        "/atelier/products/new",
        `/atelier/products/${product.id}`,
        `/atelier/products/${product.id}/variants`,
        `/atelier/products/${product.id}/sizing`,
        `/atelier/products/${product.id}/stores`,
        "/atelier/catalog/store-stock",
        "/atelier/catalog/size-guides",
        "/atelier/catalog/size-guides/1",
        "/atelier/settings",
        "/atelier/promotions",
        "/atelier/discount-codes/new",
        "/atelier/content",
        "/atelier/staff",
      ].map((path) => [owner, path] as [HttpClient, string]),
    ];
    const found: Record<string, string[]> = {};
    const html: Record<string, string> = {};
    for (const [client, path] of pages) {
      const response = await client.get(path);
      expect(response.status, path).toBe(path === "/questa-pagina-non-esiste" ? 404 : 200);
      html[path] = await response.text();
      const errors = [...markupErrors(html[path]), ...(await htmlCheckerErrors(html[path]))];
      if (errors.length) found[path] = errors;
    }
    expect(found).toEqual({});
    // What the rules were checked on: the faults' places are on these pages (issue 37, items 16 and 17).
    const has = (path: string, pattern: RegExp) => expect(pattern.test(html[path]!), `${path} ${pattern}`).toBe(true);
    has("/", /<a [^>]*aria-label="Italia · € — paese di spedizione: Italia\. Cambia paese"[^>]*>Italia · €<\/a>/);
    has("/", /<a [^>]*aria-label="IT · € — paese di spedizione: Italia\. Cambia paese"[^>]*>IT · €<\/a>/);
    has("/atelier/newsletter", /aria-label="Annulla iscrizione di markup-news@example\.com"/);
    has("/atelier/banner", /<form\b[^>]*action="\/atelier\/banner"/);
    has(`/atelier/products/${product.id}/variants`, /type="datetime-local"/);
  });

  it("a journal post carries its BlogPosting: headline, absolute image, dates, author, publisher, main entity", async () => {
    const db = app().db;
    const post = await db.selectFrom("content").selectAll().where("kind", "=", "blog").where("locale", "=", "it").where("status", "=", "published").orderBy("published_at", "desc").executeTakeFirstOrThrow();
    const html = await (await app().client().get(`/blog/${post.slug}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json!) as Record<string, unknown>);
    const posting = blocks.find((block) => block["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      headline: post.title,
      datePublished: new Date(post.published_at).toISOString(),
      dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      author: { "@type": "Organization", name: "Bottega" },
      publisher: { "@type": "Organization", name: "Bottega", logo: { "@type": "ImageObject" } },
      mainEntityOfPage: { "@type": "WebPage", "@id": `${ORIGIN}/blog/${post.slug}` },
      inLanguage: "it-IT",
    });
    expect((posting!.image as string[])[0]).toMatch(/^https?:\/\/[^/]+\//);
    expect(Date.parse(posting!.dateModified as string)).toBeGreaterThanOrEqual(Date.parse(posting!.datePublished as string));
    // The care guide's articles and the static pages are not blog posts.
    const care = await (await app().client().get("/pages/Contact")).text();
    expect(care).not.toContain("BlogPosting");
  });
});
