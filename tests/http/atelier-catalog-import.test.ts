import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// Atelier's catalogue import and export through the request handler, without JavaScript, on both
// databases: the guards, the upload and its dry run (nothing written), the real run (audited),
// a second click, the export download (audited), and bad files (not a CSV, wrong columns,
// empty, none chosen, too big), none of which writes anything.
describeEachApp("Atelier catalogue import", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  let files = 0;

  const upload = (client: HttpClient, content: string | Uint8Array, name = "prodotti.csv", path = "/atelier/catalog/import") => {
    const form = new FormData();
    form.set("file", new Blob([typeof content === "string" ? content : Buffer.from(content)], { type: "text/csv" }), name);
    return client.fetch(path, { method: "POST", headers: { Origin: ORIGIN }, body: form });
  };
  const count = async (table: "products" | "variants" | "price_history" | "catalog_import_uploads") =>
    Number((await app().db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  const snapshot = async () => ({ products: await count("products"), variants: await count("variants"), prices: await count("price_history") });
  /** The upload's page once its job is over (while it runs, the page refreshes itself with a meta refresh). */
  const settle = async (client: HttpClient, location: string) => {
    for (let i = 0; i < 100; i++) {
      const html = decode(await (await client.get(location)).text());
      if (!html.includes('http-equiv="refresh"')) return html;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the job of ${location} did not end`);
  };
  const importAudit = () => app().db.selectFrom("audit_log").select(["action", "actor", "entity_type", "after"]).where("action", "like", "%import%").orderBy("id").execute();

  function file(handle: string, { price = "99.00", type = "Donna > Abiti" } = {}) {
    return [
      "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Status",
      `${handle},Abito ${handle},<p>Lino <em>lavato</em>.</p>,,${type},"lino, estate",TRUE,Colore,Nero,Taglia,S,${handle}-S,2,${price},,,active`,
      `${handle},,,,,,,,Nero,,M,${handle}-M,0,${price},,,`,
      `${handle},,,,,,,,Nero,,L,${handle}-L,1,"12,5x",,,`,
    ].join("\r\n");
  }

  it("sends anyone but staff to Atelier's login, on the page, the upload, the run and the export", async () => {
    const anonymous = app().client();
    expect((await anonymous.get("/atelier/catalog/import")).headers.get("Location")).toBe(`/atelier/login?redirectTo=${encodeURIComponent("/atelier/catalog/import")}`);
    expect((await upload(anonymous, file("guardia"))).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
    expect((await anonymous.postForm("/atelier/catalog/import", { intent: "run", upload: "0".repeat(32) })).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
    expect((await anonymous.postForm("/atelier/catalog/export", {})).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
    expect((await anonymous.get("/en/atelier/catalog/export")).headers.get("Location")).toMatch(/^\/en\/atelier\/login/);
    expect(await count("catalog_import_uploads")).toBe(0);
    expect(await importAudit()).toEqual([]);
  });

  it("uploads, shows the dry run's report with line numbers (writing nothing), then imports for real, once", async () => {
    const { client, email } = await signInStaff(app(), { role: "manager" });
    const handle = `abito-http-${app().kind}-${++files}`;
    const page = await client.get("/atelier/catalog/import");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const form = await page.text();
    expect(form).toMatch(/enc[tT]ype="multipart\/form-data"/);
    expect(form).toContain('action="/atelier/catalog/export"');

    const before = await snapshot();
    const sent = await upload(client, file(handle), "catalogo shopify.csv");
    expect(sent.status).toBe(302);
    const location = sent.headers.get("Location")!;
    expect(location).toMatch(/^\/atelier\/catalog\/import\?upload=[0-9a-f]{32}$/);
    const uploadId = location.split("=")[1];
    expect(await snapshot()).toEqual(before);

    const report = await settle(client, location);
    expect(report).toContain("Prova: catalogo shopify.csv");
    expect(report).toContain("Prezzo «12,5x» non valido");
    expect(report).toMatch(/<th[^>]*scope="row"[^>]*>4<\/th>/);
    // Its only product is refused: nothing to run.
    expect(report).not.toContain('name="intent" value="run"');
    expect(report).toContain("Nessuna riga da importare");
    // Another staff member cannot see or run it; a forged id is a 404.
    const other = await signInStaff(app(), { role: "manager" });
    expect((await other.client.get(location)).status).toBe(404);
    expect((await other.client.postForm("/atelier/catalog/import", { intent: "run", upload: uploadId })).status).toBe(404);
    expect((await client.get("/atelier/catalog/import?upload=zzz")).status).toBe(404);
    expect((await client.postForm("/atelier/catalog/import", { intent: "drop", upload: uploadId })).status).toBe(400);
    expect(await snapshot()).toEqual(before);

    // The whole product is refused for its bad row: fix the file and try again.
    const fixed = await upload(client, file(handle).replace('"12,5x"', "99.00"));
    const fixedId = fixed.headers.get("Location")!.split("=")[1];
    const checked = await settle(client, fixed.headers.get("Location")!);
    expect(checked).toContain("Nessuna riga scartata.");
    expect(checked).toContain('name="intent" value="run"');
    const run = await client.postForm("/atelier/catalog/import", { intent: "run", upload: fixedId });
    expect(run.status).toBe(302);
    expect(run.headers.get("Location")).toBe(`/atelier/catalog/import?upload=${fixedId}`);
    expect(decode(await (await client.get(run.headers.get("Location")!)).text())).toContain("Importazione avviata: la pagina mostra l'avanzamento.");
    const done = await settle(client, run.headers.get("Location")!);
    expect(done).toContain("Importato: prodotti.csv");
    expect(done).not.toContain('name="intent" value="run"');
    const after = await snapshot();
    expect(after).toEqual({ products: before.products + 1, variants: before.variants + 3, prices: before.prices + 3 });
    const audit = await importAudit();
    expect(audit.map((a) => [a.action, a.actor, a.entity_type])).toEqual([
      ["product.import-create", email, "product"],
      ["catalog.import", email, "catalog"],
    ]);
    expect(JSON.parse(audit[1].after!)).toMatchObject({ source: "prodotti.csv", created: 1, rows: 3 });

    // A second click (or a replay) imports nothing more.
    const again = await client.postForm("/atelier/catalog/import", { intent: "run", upload: fixedId });
    expect(again.status).toBe(302);
    expect(decode(await (await client.get(again.headers.get("Location")!)).text())).toContain("Questo file è già stato importato.");
    expect(await snapshot()).toEqual(after);

    // The same file uploaded again: every product unchanged.
    const repeat = await upload(client, file(handle).replace('"12,5x"', "99.00"));
    const repeatId = repeat.headers.get("Location")!.split("=")[1];
    await settle(client, repeat.headers.get("Location")!);
    await client.postForm("/atelier/catalog/import", { intent: "run", upload: repeatId });
    expect(await settle(client, `/atelier/catalog/import?upload=${repeatId}`)).toContain("Importato: prodotti.csv");
    expect(await snapshot()).toEqual(after);

    // Annulla drops a checked upload.
    const discarded = await upload(client, file(`${handle}-x`));
    await settle(client, discarded.headers.get("Location")!);
    const discardedId = discarded.headers.get("Location")!.split("=")[1];
    expect((await client.postForm("/atelier/catalog/import", { intent: "discard", upload: discardedId })).headers.get("Location")).toBe("/atelier/catalog/import");
    expect((await client.get(`/atelier/catalog/import?upload=${discardedId}`)).status).toBe(404);
  });

  it("downloads the catalogue as a Shopify CSV, audited; a GET only leads to the page", async () => {
    const { client, email } = await signInStaff(app(), { role: "manager" });
    expect((await client.get("/atelier/catalog/export")).headers.get("Location")).toBe("/atelier/catalog/import");
    const response = await client.postForm("/atelier/catalog/export", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bottega-catalogo-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // A byte-order mark first, so spreadsheet programs read the accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith("Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name")).toBe(true);
    expect(text).toContain(",Donna > Abiti,");
    expect(text.split("\r\n").length - 2).toBe(await count("variants"));
    const entry = await app().db.selectFrom("audit_log").select(["actor", "entity_type"]).where("action", "=", "catalog.export").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor: email, entity_type: "catalog" });
  });

  it("refuses bad files with a message at the field, keeping nothing: not a CSV, wrong columns, empty, none, too big", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const before = { ...(await snapshot()), uploads: await count("catalog_import_uploads") };
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const notCsv = await upload(client, png, "foto.png");
    expect(notCsv.status).toBe(400);
    expect(decode(await notCsv.text())).toContain("Il file non è un CSV.");
    const empty = await upload(client, "", "vuoto.csv");
    expect(empty.status).toBe(400);
    expect(decode(await empty.text())).toContain("Il file è vuoto.");
    const none = await upload(client, "", "");
    expect(none.status).toBe(400);
    expect(decode(await none.text())).toContain("Scegli un file CSV.");
    const big = await upload(client, "Handle,Title\n" + "x".repeat(51 * 1024 * 1024), "grande.csv");
    expect(big.status).toBe(413);
    expect(decode(await big.text())).toContain("Il file supera i 50 MB.");
    const notMultipart = await client.fetch("/atelier/catalog/import", { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "text/plain" }, body: "hello" });
    expect(notMultipart.status).toBe(400);
    expect(await count("catalog_import_uploads")).toBe(before.uploads);

    // Wrong columns and a header without rows are read, and the report says why nothing can be imported.
    const wrong = await upload(client, "Name,Price\nAbito,10\n", "altro.csv");
    const wrongPage = await settle(client, wrong.headers.get("Location")!);
    expect(wrongPage).toContain("Mancano le colonne: Handle, Title.");
    expect(wrongPage).not.toContain('name="intent" value="run"');
    const headerOnly = await upload(client, "Handle,Title\r\n", "intestazioni.csv");
    expect(await settle(client, headerOnly.headers.get("Location")!)).toContain("nessuna riga di prodotti");
    const { uploads: _uploads, ...catalogue } = before;
    void _uploads;
    expect(await snapshot()).toEqual(catalogue);
  });

  it("speaks English under /en", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const html = decode(await (await client.get("/en/atelier/catalog/import")).text());
    expect(html).toContain("Import and export the catalogue");
    expect(html).toContain('action="/en/atelier/catalog/export"');
  });
});
