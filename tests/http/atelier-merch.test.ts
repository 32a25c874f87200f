import { expect, it } from "vitest";
import { type HttpClient, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// Atelier's categories and discount codes through the request handler, without JavaScript, on
// both databases: the guards, bad input (message at the field, input kept, nothing changed),
// forged ids and unknown intents, the audit entries; a category's new slug answering its old
// addresses (and its children's) with 301s in both languages, the menu and the sitemap
// following; a code made in Atelier applied by a shopper's bag. Cross-site posts: the built
// server's own test (atelier-merch-cross-site.test.ts).
describeEachApp("Atelier categories and discount codes", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<");
  const html = async (response: Response | Promise<Response>) => decode(await (await response).text());
  const categoryId = async (path: string) => (await app().db.selectFrom("category_translations").select("category_id").where("locale", "=", "it").where("path", "=", path).executeTakeFirstOrThrow()).category_id;
  const auditOf = (type: string, id: number) => app().db.selectFrom("audit_log").selectAll().where("entity_type", "=", type).where("entity_id", "=", String(id)).orderBy("id").execute();
  const countOf = async (table: "categories" | "discount_codes") => (await app().db.selectFrom(table).select("id").execute()).length;

  /** The editor's form of a stored category, as the page posts it. */
  async function categoryForm(id: number, changes: Record<string, string> = {}): Promise<Record<string, string>> {
    const rows = await app().db.selectFrom("category_translations").selectAll().where("category_id", "=", id).execute();
    const parent = await app().db.selectFrom("categories").select("parent_id").where("id", "=", id).executeTakeFirstOrThrow();
    const form: Record<string, string> = { intent: "save", parentId: parent.parent_id === null ? "" : String(parent.parent_id) };
    for (const row of rows) {
      Object.assign(form, { [`${row.locale}.name`]: row.name, [`${row.locale}.slug`]: row.slug, [`${row.locale}.metaTitle`]: row.meta_title, [`${row.locale}.metaDescription`]: row.meta_description, [`${row.locale}.keywords`]: row.keywords });
    }
    return { ...form, ...changes };
  }
  const newCategory = (it: string, en: string, parentId = "") => ({ intent: "save", parentId, "it.name": it, "en.name": en });

  it("sends no cookie and a shopper's cookie to Atelier's login; any staff member may work here", async () => {
    const donna = await categoryId("donna");
    const anonymous = app().client();
    const shopper = app().client();
    await shopper.postForm("/cart", { intent: "add", sku: "NOPE", quantity: "1", redirectTo: "/cart" });
    for (const client of [anonymous, shopper]) {
      for (const path of ["/atelier/categories", "/atelier/categories/new", `/atelier/categories/${donna}`, "/atelier/discount-codes", "/atelier/discount-codes/new", "/atelier/discount-codes/1"]) {
        const page = await client.get(path);
        expect(page.status, path).toBe(302);
        expect(page.headers.get("Location")).toBe(`/atelier/login?redirectTo=${encodeURIComponent(path)}`);
      }
      expect((await client.postForm("/atelier/categories/new", newCategory("Intrusa", "Intruder"))).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
      expect((await client.postForm("/atelier/categories", { intent: "move-down", categoryId: String(donna) })).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
      expect((await client.postForm("/atelier/discount-codes/new", { intent: "save", code: "INTRUSO", kind: "percentage", amount: "90" })).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
      expect((await client.postForm("/en/atelier/discount-codes/1", { intent: "end" })).headers.get("Location")).toMatch(/^\/en\/atelier\/login(\?|$)/);
    }
    expect(await app().db.selectFrom("discount_codes").select("id").where("code", "=", "INTRUSO").execute()).toEqual([]);
    expect(await app().db.selectFrom("category_translations").select("path").where("name", "=", "Intrusa").execute()).toEqual([]);

    const { client } = await signInStaff(app(), { role: "manager" });
    for (const path of ["/atelier/categories", "/en/atelier/categories", "/atelier/categories/new", `/atelier/categories/${donna}`, "/atelier/discount-codes", "/en/atelier/discount-codes", "/atelier/discount-codes/new", "/atelier/discount-codes/1"]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const nav = await html(client.get("/atelier"));
    expect(nav).toContain('href="/atelier/categories"');
    expect(nav).toContain('href="/atelier/discount-codes"');
  });

  it("creates a category, refusing bad input at its field with the input kept; forged ids are 404 and unknown intents 400", async () => {
    const { client, staffId } = await signInStaff(app(), { role: "manager" });
    const uomo = await categoryId("uomo");
    const before = await countOf("categories");

    const bad = await client.postForm("/atelier/categories/new", { intent: "save", parentId: String(uomo), "it.name": "", "it.slug": "Non Valido!", "en.name": "Knitwear kept" });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain("Scrivi il nome.");
    expect(badHtml).toContain("Solo lettere minuscole senza accenti, cifre e trattini singoli");
    expect(badHtml).toContain('value="Non Valido!"');
    expect(badHtml).toContain('value="Knitwear kept"');
    // A sibling's slug: the message at that language's slug field.
    const siblingSlug = (await app().db.selectFrom("categories as c").innerJoin("category_translations as t", "t.category_id", "c.id").select("t.slug").where("c.parent_id", "=", uomo).where("t.locale", "=", "it").executeTakeFirstOrThrow()).slug;
    const taken = await client.postForm("/atelier/categories/new", { ...newCategory("Doppione", "Duplicate", String(uomo)), "it.slug": siblingSlug });
    expect(taken.status).toBe(409);
    expect(await html(taken)).toMatch(/id="category-it\.slug-error"[^>]*>.*nessuna categoria sorella usa già/s);
    // A parent that does not exist: 404, the message at the field.
    expect((await client.postForm("/atelier/categories/new", newCategory("Orfana", "Orphan", "987654"))).status).toBe(404);
    expect((await client.postForm("/atelier/categories/new", newCategory("Orfana", "Orphan", "abc"))).status).toBe(400);
    expect(await countOf("categories")).toBe(before);

    const created = await client.postForm("/atelier/categories/new", newCategory("Maglieria pesante", "Heavy knitwear", String(uomo)));
    expect(created.status).toBe(303);
    const id = Number(/\/atelier\/categories\/(\d+)$/.exec(created.headers.get("Location") ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    const page = await html(client.get(`/atelier/categories/${id}`));
    expect(page).toContain("Categoria creata.");
    expect(page).toContain("/categories/uomo/maglieria-pesante");
    const [audit] = await auditOf("category", id);
    expect(audit).toMatchObject({ action: "category.create", staff_id: staffId, before: null });
    // The shop has the page, and its menu the link.
    expect((await app().client().get("/categories/uomo/maglieria-pesante")).status).toBe(200);
    expect(await html(app().client().get("/"))).toContain('href="/categories/uomo/maglieria-pesante"');

    for (const forged of ["987654", "0", "abc", "-1", "1e3", "99999999999999999999"]) {
      expect((await client.get(`/atelier/categories/${forged}`)).status, forged).toBe(404);
      expect((await client.postForm(`/atelier/categories/${forged}`, await categoryForm(id))).status, forged).toBe(404);
      expect((await client.postForm(`/atelier/categories/${forged}`, { intent: "delete" })).status, forged).toBe(404);
    }
    expect((await client.postForm(`/atelier/categories/${id}`, { intent: "publish" })).status).toBe(400);
    expect((await client.postForm("/atelier/categories/new", { intent: "delete" })).status).toBe(400);
    expect((await client.postForm("/atelier/categories", { intent: "move-sideways", categoryId: String(id) })).status).toBe(400);
    expect((await client.postForm("/atelier/categories", { intent: "move-up", categoryId: "987654" })).status).toBe(404);
    expect((await client.postForm("/atelier/categories", { intent: "move-up", categoryId: "x" })).status).toBe(404);
    expect(await auditOf("category", id)).toHaveLength(1);

    // Empty: it can go.
    const deleted = await client.postForm(`/atelier/categories/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/atelier/categories");
    expect(await app().db.selectFrom("categories").select("id").where("id", "=", id).execute()).toEqual([]);
    expect((await auditOf("category", id)).map((e) => e.action)).toEqual(["category.create", "category.delete"]);
  });

  it("refuses a move under a descendant and the deletion of a category that is not empty, with the reason; nothing changes", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const donna = await categoryId("donna");
    const child = (await app().db.selectFrom("categories").select("id").where("parent_id", "=", donna).executeTakeFirstOrThrow()).id;
    const loop = await client.postForm(`/atelier/categories/${donna}`, await categoryForm(donna, { parentId: String(child) }));
    expect(loop.status).toBe(422);
    const loopHtml = await html(loop);
    expect(loopHtml).toContain("Una categoria non può stare sotto se stessa o sotto una sua sottocategoria.");
    expect(loopHtml).toMatch(/id="category-parentId" name="parentId" aria-invalid="true"/);
    expect((await app().db.selectFrom("categories").select("parent_id").where("id", "=", donna).executeTakeFirstOrThrow()).parent_id).toBeNull();
    // The editor does not offer it.
    expect(await html(client.get(`/atelier/categories/${donna}`))).not.toContain(`<option value="${child}"`);

    const full = await client.postForm(`/atelier/categories/${child}`, { intent: "delete" });
    expect(full.status).toBe(409);
    expect(await html(full)).toContain("La categoria contiene prodotti o sottocategorie: spostali prima di eliminarla.");
    expect(await app().db.selectFrom("categories").select("id").where("id", "=", child).execute()).toHaveLength(1);
    expect(await auditOf("category", donna)).toEqual([]);
  });

  it("moves categories up and down with plain buttons; the tree and the shop's menu follow", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const top = await app().db.selectFrom("categories").select("id").where("parent_id", "is", null).orderBy("position").execute();
    const [first, second] = [top[0]!.id, top[1]!.id];
    const moved = await client.postForm("/atelier/categories", { intent: "move-up", categoryId: String(second) });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/atelier/categories#category-${second}`);
    const tree = await html(client.get("/atelier/categories"));
    expect(tree).toContain("Ordine aggiornato.");
    expect(tree.indexOf(`id="category-${second}"`)).toBeLessThan(tree.indexOf(`id="category-${first}"`));
    // The header's menu on the shop's pages (every process reads the catalogue's revision).
    const page = await html(app().client().get("/cart"));
    const home = /<nav aria-label="Categorie"[^>]*>.*?<\/nav>/s.exec(page)?.[0] ?? "";
    const names = await app().db.selectFrom("category_translations").select(["category_id", "path"]).where("locale", "=", "it").where("category_id", "in", [first, second]).execute();
    const href = (id: number) => `href="/categories/${names.find((n) => n.category_id === id)!.path}"`;
    expect(home.indexOf(href(second))).toBeLessThan(home.indexOf(href(first)));
    expect((await auditOf("category", second)).map((e) => e.action)).toEqual(["category.reorder"]);
    expect((await client.postForm("/atelier/categories", { intent: "move-down", categoryId: String(second) })).status).toBe(302);
  });

  it("renames a category's slugs: its old addresses and its children's answer 301 in both languages, the sitemap follows", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const donna = await categoryId("donna");
    const rows = await app().db.selectFrom("category_translations").select(["locale", "path"]).where("category_id", "=", donna).execute();
    const enPath = rows.find((r) => r.locale === "en")!.path;
    const child = await app()
      .db.selectFrom("categories as c")
      .innerJoin("category_translations as t", "t.category_id", "c.id")
      .select(["t.locale", "t.path"])
      .where("c.parent_id", "=", donna)
      .where("c.position", "=", 1)
      .execute();
    const childIt = child.find((r) => r.locale === "it")!.path;
    const childEn = child.find((r) => r.locale === "en")!.path;

    const saved = await client.postForm(`/atelier/categories/${donna}`, await categoryForm(donna, { "it.slug": "signora", "en.slug": "ladies" }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/atelier/categories/${donna}`);

    const shopper = app().client();
    const cases: [string, string][] = [
      ["/categories/donna", "/categories/signora"],
      [`/categories/${childIt}?sort=price-asc`, `/categories/${childIt.replace(/^donna/, "signora")}?sort=price-asc`],
      [`/en/categories/${enPath}`, "/en/categories/ladies"],
      [`/en/categories/${childEn}`, `/en/categories/${childEn.replace(enPath, "ladies")}`],
    ];
    for (const [from, to] of cases) {
      const answer = await shopper.get(from);
      expect(answer.status, from).toBe(301);
      expect(answer.headers.get("Location"), from).toBe(to);
      expect((await shopper.get(to)).status, to).toBe(200);
    }
    const home = await html(shopper.get("/en"));
    expect(home).toContain('href="/en/categories/ladies"');
    const sitemap = await (await shopper.get("/sitemap/categories.xml")).text();
    expect(sitemap).toContain("/categories/signora</loc>");
    expect(sitemap).toContain("/en/categories/ladies</loc>");
    expect(sitemap).not.toContain("/categories/donna</loc>");
    expect(sitemap).not.toContain(`/en/categories/${enPath}</loc>`);
    const [audit] = await auditOf("category", donna);
    expect(JSON.parse(audit!.after!)).toMatchObject({ "slug.it": "signora", "slug.en": "ladies", "path.it": "signora", "path.en": "ladies" });

    // Back again: the first addresses are live once more.
    expect((await client.postForm(`/atelier/categories/${donna}`, await categoryForm(donna, { "it.slug": "donna", "en.slug": enPath }))).status).toBe(303);
    expect((await shopper.get("/categories/donna")).status).toBe(200);
    expect((await shopper.get("/categories/signora")).headers.get("Location")).toBe("/categories/donna");
  });

  it("creates a code, refusing bad input at its fields with the input kept, and the shopper's bag applies it", async () => {
    const { client, staffId } = await signInStaff(app(), { role: "manager" });
    const before = await countOf("discount_codes");
    const bad = await client.postForm("/atelier/discount-codes/new", [
      ["intent", "save"],
      ["code", "a b"],
      ["kind", "percentage"],
      ["amount", "150"],
      ["minSubtotal", "dieci euro"],
      ["maxUses", "0"],
    ]);
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain("Da 3 a 32 lettere, cifre, - o _ (senza spazi).");
    expect(badHtml).toContain("Un importo in euro, es. 100 o 99,90.");
    expect(badHtml).toContain('value="dieci euro"');
    const rules = await client.postForm("/atelier/discount-codes/new", [
      ["intent", "save"],
      ["code", "regole"],
      ["kind", "percentage"],
      ["amount", "150"],
      ["startsAt", "2026-12-10T10:00"],
      ["endsAt", "2026-12-01T10:00"],
      ["maxUses", "1"],
      ["maxUsesPerCustomer", "3"],
    ]);
    expect(rules.status).toBe(400);
    const rulesHtml = decode(await rules.text());
    expect(rulesHtml).toContain("Una percentuale intera da 1 a 100.");
    expect(rulesHtml).toContain("La fine deve venire dopo l'inizio.");
    expect(rulesHtml).toContain("Non può superare gli utilizzi in tutto.");
    expect(rulesHtml).toContain('value="2026-12-10T10:00"');
    const taken = await client.postForm("/atelier/discount-codes/new", { intent: "save", code: "benvenuto10", kind: "percentage", amount: "5" });
    expect(taken.status).toBe(409);
    expect(await html(taken)).toContain("Esiste già un codice con questo nome.");
    const unknown = await client.postForm("/atelier/discount-codes/new", { intent: "save", code: "PRODOTTI", kind: "percentage", amount: "5", products: "nessun-prodotto-cosi" });
    expect(unknown.status).toBe(422);
    expect(await html(unknown)).toContain("nessun-prodotto-cosi</textarea>");
    expect((await client.postForm("/atelier/discount-codes/new", [["intent", "save"], ["code", "CATEGORIA"], ["kind", "percentage"], ["amount", "5"], ["categoryIds", "987654"]])).status).toBe(404);
    expect(await countOf("discount_codes")).toBe(before);

    const accessori = await categoryId("accessori");
    const created = await client.postForm("/atelier/discount-codes/new", [
      ["intent", "save"],
      ["code", " inverno-15 "],
      ["kind", "percentage"],
      ["amount", "15"],
      ["minSubtotal", "20"],
      ["maxUsesPerCustomer", "1"],
      ["categoryIds", String(accessori)],
    ]);
    expect(created.status).toBe(303);
    const id = Number(/\/atelier\/discount-codes\/(\d+)$/.exec(created.headers.get("Location") ?? "")?.[1]);
    const page = await html(client.get(`/atelier/discount-codes/${id}`));
    expect(page).toContain("Codice creato.");
    expect(page).toContain('value="INVERNO-15"');
    expect(page.match(/<input type="checkbox"[^>]*>/g)?.filter((input) => input.includes('checked=""'))).toEqual([expect.stringContaining(`value="${accessori}"`)]);
    const [audit] = await auditOf("discount-code", id);
    expect(audit).toMatchObject({ action: "discount-code.create", staff_id: staffId, summary: "INVERNO-15" });
    const list = await html(client.get("/atelier/discount-codes?q=inverno&state=active"));
    expect(list).toContain(`href="/atelier/discount-codes/${id}"`);
    expect(list.replace(/\u00a0/g, " ")).toContain("−15 % · con almeno 20,00 € · Accessori · 1 volta per cliente");
    expect(list).toContain("0 / ∞");
    for (const query of ["state=drop", "page=-1", "page=abc", "q=%25%25", `q=${"x".repeat(500)}`, "state[]=x"]) expect((await client.get(`/atelier/discount-codes?${query}`)).status, query).toBe(200);

    // A shopper's bag: an accessory and the new code, typed in lower case.
    const variant = await app()
      .db.selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .select(["v.sku", "v.price_cents as price"])
      .where("c.parent_id", "=", accessori)
      .where("v.stock", ">=", 2)
      .where("v.price_cents", ">=", 2000)
      .where("p.published_at", "<=", new Date().toISOString())
      .orderBy("v.id")
      .executeTakeFirstOrThrow();
    const shopper: HttpClient = app().client();
    expect((await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" })).status).toBe(303);
    expect((await shopper.postForm("/cart", { intent: "addDiscount", code: "inverno-15", redirectTo: "/cart" })).status).toBe(303);
    const bag = await (await shopper.get("/api/cart")).json();
    expect(bag.cart.discount).toMatchObject({ code: "INVERNO-15", problem: null, cents: Math.round(variant.price * 0.15) });
    expect(bag.cart.totals.discountCents).toBe(Math.round(variant.price * 0.15));
  });

  it("edits and ends a code with audit entries; forged ids 404, unknown intents 400; an ended code stops in the bag", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const created = await client.postForm("/atelier/discount-codes/new", { intent: "save", code: "FISSO10", kind: "fixed", amount: "10" });
    const id = Number(/(\d+)$/.exec(created.headers.get("Location") ?? "")?.[1]);
    const saved = await client.postForm(`/en/atelier/discount-codes/${id}`, { intent: "save", code: "FISSO10", kind: "fixed", amount: "12,50", maxUses: "100" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/en/atelier/discount-codes/${id}`);
    const english = await html(client.get(`/en/atelier/discount-codes/${id}`));
    expect(english).toContain("Code saved.");
    expect(english).toContain('value="12.50"');
    const update = (await auditOf("discount-code", id)).at(-1)!;
    expect(JSON.parse(update.before!)).toEqual({ amount: 1000, maxUses: null });
    expect(JSON.parse(update.after!)).toEqual({ amount: 1250, maxUses: 100 });

    for (const forged of ["987654", "0", "abc", "99999999999999999999"]) {
      expect((await client.get(`/atelier/discount-codes/${forged}`)).status, forged).toBe(404);
      expect((await client.postForm(`/atelier/discount-codes/${forged}`, { intent: "end" })).status, forged).toBe(404);
      expect((await client.postForm(`/atelier/discount-codes/${forged}`, { intent: "save", code: "FORGIATO", kind: "percentage", amount: "5" })).status, forged).toBe(404);
    }
    expect((await client.postForm(`/atelier/discount-codes/${id}`, { intent: "delete" })).status).toBe(400);
    expect((await client.postForm(`/atelier/discount-codes/${id}`, {})).status).toBe(400);
    expect((await client.postForm("/atelier/discount-codes/new", { intent: "end" })).status).toBe(400);
    expect(await app().db.selectFrom("discount_codes").select("id").where("code", "=", "FORGIATO").execute()).toEqual([]);

    const shopper = app().client();
    const variant = await app().db.selectFrom("variants as v").innerJoin("products as p", "p.id", "v.product_id").select("v.sku").where("v.stock", ">=", 2).where("v.price_cents", ">=", 2000).where("p.published_at", "<=", new Date().toISOString()).orderBy("v.id").executeTakeFirstOrThrow();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    await shopper.postForm("/cart", { intent: "addDiscount", code: "fisso10", redirectTo: "/cart" });
    expect((await (await shopper.get("/api/cart")).json()).cart.discount).toMatchObject({ code: "FISSO10", cents: 1250 });

    const ended = await client.postForm(`/atelier/discount-codes/${id}`, { intent: "end" });
    expect(ended.status).toBe(303);
    const page = await html(client.get(`/atelier/discount-codes/${id}`));
    expect(page).toContain("Codice terminato.");
    expect(page).toContain("Terminato");
    expect((await auditOf("discount-code", id)).at(-1)).toMatchObject({ action: "discount-code.end" });
    expect((await (await shopper.get("/api/cart")).json()).cart.discount).toMatchObject({ code: "FISSO10", cents: 0 });
    // Ending twice: the reason, nothing changed.
    const again = await client.postForm(`/atelier/discount-codes/${id}`, { intent: "end" });
    expect(again.status).toBe(409);
    expect(await html(again)).toContain("Il codice è già terminato.");
    expect((await auditOf("discount-code", id)).filter((e) => e.action === "discount-code.end")).toHaveLength(1);
    expect(await html(client.get("/atelier/discount-codes?state=ended"))).toContain(`href="/atelier/discount-codes/${id}"`);
  });
});
