import { expect, it } from "vitest";
import { type HttpClient, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// Atelier's content editor and store editor through the request handler, without JavaScript, on
// both databases: the guards, a draft journal post that shoppers and the sitemap never see, then
// published and read on /blog and /en/blog; the preview (the storefront's renderer, raw HTML
// escaped); slug rules and the 301 of a published slug; a static page's fixed address and kept
// values; a store created and edited into the store locator; opening hours and other bad input
// answered at the field with the input kept; forged ids 404, unknown intents 400; every write in
// the audit log. Cross-site posts are refused by server.ts for every Atelier page
// (atelier-customers-cross-site.test.ts proves it on the built server).
describeEachApp("Atelier content and stores", (app) => {
  /** The page as rendered, without its scripts (they carry the namespace's texts for hydration, every message among them). */
  const decode = (html: string) =>
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
  /** The messages under a field. */
  const fieldError = (html: string, id: string) =>
    [...html.matchAll(/<div id="([^"]+)-error"[^>]*>((?:(?!<div)[\s\S])*?)<\/ul><\/div>/g)]
      .find((m) => m[1] === id)?.[2]
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  let staffClient: HttpClient | undefined;
  const staff = async () => (staffClient ??= (await signInStaff(app(), { role: "staff" })).client);
  const auditOf = (type: string, id: string) =>
    app().db.selectFrom("audit_log").select(["action", "actor", "before", "after"]).where("entity_type", "=", type).where("entity_id", "=", id).orderBy("id").execute();

  /** The editor's fields for a journal post, both languages. */
  const post = (slugIt: string, slugEn: string, extra: Record<string, string> = {}) => ({
    intent: "save",
    status: "draft",
    publishedAt: "",
    cover: "knit",
    "it.title": `Diario ${slugIt}`,
    "it.slug": slugIt,
    "it.excerpt": "Un estratto.",
    "it.body": "## Il filo\n\nSpedizione gratuita da {{freeShippingFrom}}.",
    "en.title": `Journal ${slugEn}`,
    "en.slug": slugEn,
    "en.excerpt": "An excerpt.",
    "en.body": "## The thread\n\nFree shipping from {{freeShippingFrom}}.",
    ...extra,
  });

  const STORE = {
    intent: "save",
    name: "Bottega Bologna Farini",
    kind: "boutique",
    address: "Via Farini 14",
    city: "Bologna",
    province: "BO",
    postalCode: "40124",
    country: "IT",
    region: "southern-europe",
    phone: "+39 051 234 5678",
    "hours.mon": "chiuso",
    "hours.tue": "10:00-13:00, 15:30-19:30",
    "hours.wed": "10:00-19:30",
    "hours.thu": "10:00-19:30",
    "hours.fri": "10:00-19:30",
    "hours.sat": "10:00-20:00",
    "hours.sun": "chiuso",
    latitude: "44.4928",
    longitude: "11.3447",
    position: "5",
  };

  it("sends no cookie to Atelier's login, on every page and post; nothing written", async () => {
    const anonymous = app().client();
    for (const path of ["/atelier/content", "/atelier/content/new?kind=blog", "/atelier/content/page/Faq", "/en/atelier/stores", "/atelier/stores/new", "/atelier/stores/1"]) {
      const answer = await anonymous.get(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location"), path).toMatch(/^(\/en)?\/atelier\/login\?redirectTo=/);
    }
    expect((await anonymous.postForm("/atelier/content/new?kind=blog", post("intruso", "intruder"))).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
    expect((await anonymous.postForm("/atelier/stores/new", STORE)).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
    expect(await app().db.selectFrom("content").select("id").where("slug", "=", "intruso").execute()).toEqual([]);
    expect(await app().db.selectFrom("stores").select("id").where("name", "=", STORE.name).execute()).toEqual([]);
  });

  it("lists content by kind, state and words; forged kinds and keys are 404, unknown intents 400", async () => {
    const client = await staff();
    const list = await client.get("/atelier/content?kind=page");
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("private, no-store");
    const html = decode(await list.text());
    expect(html).toContain('href="/atelier/content/page/Faq"');
    expect(html).not.toContain('href="/atelier/content/blog/');
    const english = decode(await (await client.get("/en/atelier/content?kind=care&q=cashmere")).text());
    expect(english).toContain('href="/en/atelier/content/care/wool-cashmere"');
    for (const query of ["kind=drop", "state=x", "page=-1", "page=abc", "q=%25%25", `q=${"x".repeat(3000)}`, "kind[]=blog"]) {
      expect((await client.get(`/atelier/content?${query}`)).status, query).toBe(200);
    }
    for (const path of ["/atelier/content/blog/non-esiste", "/atelier/content/recipe/Faq", "/atelier/content/page/..%2F..", "/atelier/content/new?kind=page", "/atelier/content/new?kind=x", "/atelier/content/new"]) {
      expect((await client.get(path)).status, path).toBe(404);
      expect((await client.postForm(path, post("forgiato", "forged"))).status, path).toBe(404);
    }
    expect((await client.postForm("/atelier/content/page/Faq", { intent: "publish" })).status).toBe(400);
    expect((await client.postForm("/atelier/content/new?kind=blog", { ...post("x", "y"), intent: "delete" })).status).toBe(400);
  });

  it("creates a draft post that shoppers and the sitemap never see, then publishes it on /blog and /en/blog", async () => {
    const client = await staff();
    const created = await client.postForm("/atelier/content/new?kind=blog", post("filo-di-lana", "wool-thread"));
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/atelier/content/blog/filo-di-lana");
    const editor = decode(await (await client.get("/atelier/content/blog/filo-di-lana")).text());
    expect(editor).toContain("Contenuto creato.");
    expect(editor).toMatch(/>Bozza<\/span>/);
    expect(editor).toContain('value="wool-thread"');
    expect(editor).toContain("content.create");

    const shopper = app().client();
    expect((await shopper.get("/blog/filo-di-lana")).status).toBe(404);
    expect((await shopper.get("/en/blog/wool-thread")).status).toBe(404);
    expect(await (await shopper.get("/blog")).text()).not.toContain("filo-di-lana");
    expect(await (await shopper.get("/sitemap/pages.xml", { headers: { "Accept-Encoding": "identity" } })).text()).not.toContain("filo-di-lana");

    const published = await client.postForm("/atelier/content/blog/filo-di-lana", post("filo-di-lana", "wool-thread", { status: "published" }));
    expect(published.status).toBe(303);
    const it = await shopper.get("/blog/filo-di-lana");
    expect(it.status).toBe(200);
    const itHtml = decode(await it.text());
    expect(itHtml).toContain("Diario filo-di-lana");
    expect(itHtml).toMatch(/<h2[^>]*>Il filo<\/h2>/);
    expect(itHtml).toMatch(/250,00/);
    expect(decode(await (await shopper.get("/en/blog")).text())).toContain('href="/en/blog/wool-thread"');
    expect((await shopper.get("/en/blog/wool-thread")).status).toBe(200);
    expect(await (await shopper.get("/sitemap/pages.xml", { headers: { "Accept-Encoding": "identity" } })).text()).toContain("/blog/filo-di-lana");

    const entries = await auditOf("content", "blog:filo-di-lana");
    expect(entries.map((e) => e.action)).toEqual(["content.create", "content.update"]);
    expect(entries[1].actor).toMatch(/@bottega\.test$/);
    expect(JSON.parse(entries[1].before!)).toMatchObject({ status: "draft" });
    expect(JSON.parse(entries[1].after!)).toMatchObject({ status: "published" });
  });

  it("previews the body with the storefront's renderer, a <script> escaped, saving nothing and keeping the input", async () => {
    const client = await staff();
    const fields = post("anteprima", "preview-only", { intent: "preview", "it.body": "**Lana** <script>alert('x')</script> [link](javascript:alert(1))", "en.title": "" });
    const answer = await client.postForm("/atelier/content/new?kind=blog", fields);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(decode(html)).toContain("<strong>Lana</strong> &lt;script&gt;alert(");
    expect(html).not.toContain("<script>alert(");
    expect(html).not.toContain('href="javascript:');
    expect(decode(html)).toContain('value="anteprima"');
    expect(await app().db.selectFrom("content").select("id").where("slug", "=", "anteprima").execute()).toEqual([]);
  });

  it("answers bad slugs, a taken slug, an unknown placeholder and a bad date at their fields, input kept, nothing saved", async () => {
    const client = await staff();
    const bad = await client.postForm("/atelier/content/new?kind=care", post("Slug Sbagliato", "ok-slug", { "en.body": "{{nonEsiste}}", publishedAt: "2026-13-40T99:00", "it.excerpt": "" }));
    expect(bad.status).toBe(400);
    const html = decode(await bad.text());
    expect(fieldError(html, "content-it.slug")).toBe("Usa solo lettere minuscole, numeri e trattini singoli.");
    expect(fieldError(html, "content-en.body")).toMatch(/^C'è un segnaposto che il negozio non conosce/);
    expect(fieldError(html, "content-publishedAt")).toBe("Scrivi una data e un'ora valide.");
    expect(fieldError(html, "content-it.excerpt")).toBe("Il campo è obbligatorio");
    expect(fieldError(html, "content-en.slug")).toBeUndefined();
    expect(html).toContain('value="Slug Sbagliato"');
    expect(html).toMatch(/aria-invalid="true"[^>]*name="it\.slug"|name="it\.slug"[^>]*aria-invalid="true"/);

    // The English slug of a seeded care-guide entry.
    const taken = await client.postForm("/atelier/content/new?kind=care", post("nuova-guida", "wool-and-cashmere"));
    expect(taken.status).toBe(409);
    expect(fieldError(decode(await taken.text()), "content-en.slug")).toBe("Un altro contenuto dello stesso tipo usa già questo slug in questa lingua.");
    expect(await app().db.selectFrom("content").select("id").where("slug", "in", ["nuova-guida", "ok-slug"]).execute()).toEqual([]);
    expect(await auditOf("content", "care:nuova-guida")).toEqual([]);
  });

  it("keeps a published post's old address answering with a 301 after its slug changes", async () => {
    const client = await staff();
    expect((await client.postForm("/atelier/content/new?kind=blog", post("nome-primo", "first-name", { status: "published" }))).status).toBe(303);
    expect((await client.postForm("/atelier/content/blog/nome-primo", post("nome-secondo", "second-name", { status: "published" }))).status).toBe(303);
    const shopper = app().client();
    const moved = await shopper.get("/blog/nome-primo?utm=x");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/blog/nome-secondo?utm=x");
    expect((await shopper.get("/en/blog/first-name")).headers.get("Location")).toBe("/en/blog/second-name");
    expect((await shopper.get("/blog/nome-secondo")).status).toBe(200);
    expect((await shopper.get("/blog/mai-esistito")).status).toBe(404);
  });

  it("edits a static page's text at its fixed address, refusing an edit that drops the values it must show", async () => {
    const client = await staff();
    const page = decode(await (await client.get("/atelier/content/page/Returns")).text());
    expect(page).toContain("{{returnDays}} {{returnFee}}");
    expect(page).not.toContain('name="it.slug"');
    expect(page).not.toContain('name="status"');
    const fields = {
      intent: "save",
      "it.title": "Resi e rimborsi",
      "it.excerpt": "Come restituire.",
      "it.body": "Hai 30 giorni.",
      "en.title": "Returns",
      "en.excerpt": "How to return.",
      "en.body": "You have {{returnDays}} working days; the return costs {{returnFee}}.",
    };
    const refused = await client.postForm("/atelier/content/page/Returns", fields);
    expect(refused.status).toBe(400);
    expect(fieldError(decode(await refused.text()), "content-it.body")).toMatch(/^Mancano dei valori che questa pagina deve mostrare/);
    expect(decode(await (await app().client().get("/pages/Returns")).text())).not.toContain("Hai 30 giorni.");

    const saved = await client.postForm("/atelier/content/page/Returns", { ...fields, "it.body": "Hai {{returnDays}} giorni lavorativi; il reso costa {{returnFee}}.", status: "draft" });
    expect(saved.status).toBe(303);
    const shown = decode(await (await app().client().get("/pages/Returns")).text());
    expect(shown).toContain("Resi e rimborsi");
    expect(shown).toContain("Hai 14 giorni lavorativi");
    // Whistleblowing stays Italian only.
    expect(decode(await (await client.get("/atelier/content/page/Whistleblowing")).text())).not.toContain('name="en.title"');
    expect((await auditOf("content", "page:Returns")).map((e) => e.action)).toEqual(["content.update"]);
  });

  it("creates and edits a store that the store locator shows at once, every write audited", async () => {
    const client = await staff();
    const created = await client.postForm("/atelier/stores/new", STORE);
    expect(created.status).toBe(303);
    const id = Number(/\/atelier\/stores\/(\d+)$/.exec(created.headers.get("Location") ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    const locator = decode(await (await app().client().get("/pages/storelocator?country=IT")).text());
    expect(locator).toContain("Bottega Bologna Farini");
    expect(locator).toContain("Via Farini 14");
    expect(locator).toContain("tel:+390512345678");

    const editor = decode(await (await client.get(`/atelier/stores/${id}`)).text());
    expect(editor).toContain('value="10:00–13:00, 15:30–19:30"');
    expect(editor).toContain('value="chiuso"');
    expect((await client.postForm(`/atelier/stores/${id}`, { ...STORE, name: "Bottega Bologna Rizzoli", address: "Via Rizzoli 3" })).status).toBe(303);
    const after = decode(await (await app().client().get("/en/pages/storelocator?country=IT")).text());
    expect(after).toContain("Bottega Bologna Rizzoli");
    expect(after).not.toContain("Bottega Bologna Farini");

    const entries = await auditOf("store", String(id));
    expect(entries.map((e) => e.action)).toEqual(["store.create", "store.update"]);
    expect(JSON.parse(entries[1].before!)).toEqual({ name: "Bottega Bologna Farini", address: "Via Farini 14" });
    expect((await client.get("/atelier/stores")).status).toBe(200);
    expect(decode(await (await client.get("/en/atelier/stores")).text())).toContain(`href="/en/atelier/stores/${id}"`);
  });

  it("answers bad opening hours, phone and coordinates at their fields with the input kept; forged ids 404; deletes with a confirmation", async () => {
    const client = await staff();
    const created = await client.postForm("/atelier/stores/new", { ...STORE, name: "Bottega Parma" });
    const id = Number(/(\d+)$/.exec(created.headers.get("Location") ?? "")?.[1]);
    const bad = await client.postForm(`/atelier/stores/${id}`, {
      ...STORE,
      name: "Bottega Parma cambiata",
      "hours.tue": "19:00-10:00",
      "hours.wed": "10:00-13:00, 12:00-15:00",
      "hours.sun": "",
      phone: "051 234 5678",
      latitude: "123",
      longitude: "11,34",
      region: "atlantide",
    });
    expect(bad.status).toBe(400);
    const html = decode(await bad.text());
    expect(html.match(/Scrivi fino a tre fasce come/g)).toHaveLength(2);
    expect(fieldError(html, "store-hours.tue")).toMatch(/^Scrivi fino a tre fasce come/);
    expect(fieldError(html, "store-hours.wed")).toMatch(/^Scrivi fino a tre fasce come/);
    expect(fieldError(html, "store-hours.sun")).toBe("Scrivi gli orari, oppure «chiuso».");
    expect(fieldError(html, "store-phone")).toMatch(/^Scrivi il numero in formato internazionale/);
    expect(fieldError(html, "store-latitude")).toMatch(/^La latitudine è un numero tra -90 e 90/);
    expect(fieldError(html, "store-longitude")).toBeUndefined();
    expect(fieldError(html, "store-name")).toBeUndefined();
    expect(html).toContain('value="19:00-10:00"');
    expect(html).toContain('value="Bottega Parma cambiata"');
    // A region the data does not have: the service's answer, at the field.
    const region = await client.postForm(`/atelier/stores/${id}`, { ...STORE, name: "Bottega Parma cambiata", region: "atlantide" });
    expect(region.status).toBe(422);
    expect(fieldError(decode(await region.text()), "store-region")).toBe("Scegli una regione tra quelle del negozio.");
    expect((await app().db.selectFrom("stores").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe("Bottega Parma");

    for (const path of ["/atelier/stores/987654", "/atelier/stores/0", "/atelier/stores/abc", "/atelier/stores/1e3", "/atelier/stores/99999999999999999999"]) {
      expect((await client.get(path)).status, path).toBe(404);
      expect((await client.postForm(path, STORE)).status, path).toBe(404);
    }
    expect((await client.postForm(`/atelier/stores/${id}`, { intent: "move" })).status).toBe(400);
    expect((await client.postForm("/atelier/stores/new", { intent: "delete", confirm: "on" })).status).toBe(400);

    const unconfirmed = await client.postForm(`/atelier/stores/${id}`, { intent: "delete" });
    expect(unconfirmed.status).toBe(400);
    expect(fieldError(decode(await unconfirmed.text()), "store-delete-confirm")).toBe("Spunta la casella per confermare.");
    const deleted = await client.postForm(`/atelier/stores/${id}`, { intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/atelier/stores");
    expect(await (await app().client().get("/pages/storelocator")).text()).not.toContain("Bottega Parma");
    expect((await auditOf("store", String(id))).map((e) => e.action)).toEqual(["store.create", "store.delete"]);
    expect((await client.get(`/atelier/stores/${id}`)).status).toBe(404);
  });
});
