import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// Issue 37 through the request handler, without JavaScript, on both databases:
// - item 8: an upload's check and real run are background jobs; the page shows the progress and
//   refreshes itself (a meta refresh) while one waits or runs, then the report; one job at a time
//   for the shop; a job a dead process held is taken again after a restart;
// - item 9: Shopify's own product_template.csv and its apparel.csv sample import (dry run and real);
// - item 7: the colour and manufacturer editors create, edit and validate, audited, linked from
//   the navigation and the import's report.
const FIXTURES = path.join(__dirname, "../fixtures/shopify");

describeEachApp("Atelier import jobs, Shopify files and the catalogue's editors", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  const upload = (client: HttpClient, content: string, name: string) => {
    const form = new FormData();
    form.set("file", new Blob([content], { type: "text/csv" }), name);
    return client.fetch("/atelier/catalog/import", { method: "POST", headers: { Origin: ORIGIN }, body: form });
  };
  const settle = async (client: HttpClient, location: string) => {
    for (let i = 0; i < 150; i++) {
      const html = decode(await (await client.get(location)).text());
      if (!html.includes('http-equiv="refresh"')) return html;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the job of ${location} did not end`);
  };
  const lease = (owner: string, until: Date) =>
    app()
      .db.insertInto("scheduled_tasks")
      .values({ name: "catalog-import", next_run_at: until.toISOString(), last_run_at: null, last_run_by: owner })
      .onConflict((c) => c.column("name").doUpdateSet({ next_run_at: until.toISOString(), last_run_by: owner }))
      .execute();
  const productCount = async (handle: string) =>
    Number((await app().db.selectFrom("product_translations").where("locale", "=", "it").where("slug", "=", handle).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  const rows = (handle: string, count: number) =>
    ["Handle,Title,Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price"]
      .concat(Array.from({ length: count }, (_, i) => `${handle},${i ? "" : "Lavoro"},${i ? "" : "Donna > Abiti"},${i ? "" : "Colore"},Nero,${i ? "" : "Taglia"},T${i},${handle.toUpperCase()}-${i},10`))
      .join("\n");

  it("shows a waiting or running job's progress on a page that refreshes itself, then the report; one job at a time", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    // Another process holds the shop's import lease: the new job waits.
    await lease("import-other-process", new Date(Date.now() + 60_000));
    const sent = await upload(client, rows(`attesa-${app().kind}`, 40), "attesa.csv");
    expect(sent.status).toBe(302);
    const location = sent.headers.get("Location")!;
    const waiting = decode(await (await client.get(location)).text());
    expect(waiting).toContain('<meta http-equiv="refresh" content="3"/>');
    expect(waiting).toContain("Controllo in corso: attesa.csv");
    expect(waiting).toMatch(/<progress id="import-progress" max="100" value="0"/);
    expect(waiting).toContain("Aggiorna ora");
    // The other process lets go: this one's worker takes the job and ends it.
    await lease("import-other-process", new Date(Date.now() - 1000));
    const report = await settle(client, location);
    expect(report).toContain("Prova: attesa.csv");
    expect(report).not.toContain('http-equiv="refresh"');
    expect(report).toContain('name="intent" value="run"');
  });

  it("takes a job again after a restart: the process that ran it died, its lease lapses, another finishes it", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const handle = `ripresa-${app().kind}`;
    const sent = await upload(client, rows(handle, 12), "ripresa.csv");
    const location = sent.headers.get("Location")!;
    const id = location.split("=")[1];
    await settle(client, location);
    // The real run was taken by a process that died after a few rows (its leases still live).
    const dead = "import-dead-process";
    const soon = new Date(Date.now() + 1500);
    await lease(dead, soon);
    await app()
      .db.updateTable("catalog_import_uploads")
      .set({ state: "running", queued_at: new Date().toISOString(), lease_owner: dead, lease_until: soon.toISOString(), attempts: 1, progress_rows: 5, progress_bytes: 100 })
      .where("id", "=", id)
      .execute();
    const running = decode(await (await client.get(location)).text());
    expect(running).toContain("Importazione in corso: ripresa.csv");
    expect(running).toContain("5 righe lette");
    const done = await settle(client, location);
    expect(done).toContain("Importato: ripresa.csv");
    const row = await app().db.selectFrom("catalog_import_uploads").select(["state", "attempts", "lease_owner"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "done", lease_owner: null });
    expect(Number(row.attempts)).toBe(2);
    expect(await productCount(handle)).toBe(1);
  });

  it("imports Shopify's product_template.csv and apparel.csv, dry run then for real, with the holding category and the links", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    for (const [name, handle] of [
      ["product_template.csv", "physical-product-the-band-t-shirt"],
      ["apparel.csv", "classic-varsity-top"],
    ] as const) {
      // The photographs' host is made unreachable (.invalid): the test never goes to the network;
      // a photograph that cannot be fetched is a note, and the product is imported anyway.
      const text = fs.readFileSync(path.join(FIXTURES, name), "utf8").replaceAll("https://burst.shopifycdn.com/", "https://burst.shopifycdn.invalid/");
      const sent = await upload(client, text, name);
      const location = sent.headers.get("Location")!;
      const dry = await settle(client, location);
      expect(dry, name).toContain(`Prova: ${name}`);
      expect(dry, name).toContain("Nessuna riga scartata.");
      expect(dry, name).toMatch(/prodott[oi] senza categoria vanno? nella categoria «Da rivedere»/);
      expect(dry, name).toContain('href="/atelier/categories"');
      expect(dry, name).toContain('href="/atelier/catalog/manufacturers"');
      expect(await productCount(handle)).toBe(0);
      await client.postForm("/atelier/catalog/import", { intent: "run", upload: location.split("=")[1] });
      const done = await settle(client, location);
      expect(done, name).toContain(`Importato: ${name}`);
      expect(done, name).toContain("Nessuna riga scartata.");
      expect(await productCount(handle)).toBe(1);
    }
    // The Band T-shirt's colours were new: the report sends the owner to the colours page.
    const again = await upload(client, fs.readFileSync(path.join(FIXTURES, "product_template-2023.csv"), "utf8"), "vecchio.csv");
    const page = await settle(client, again.headers.get("Location")!);
    expect(page).toContain('href="/atelier/catalog/colors"');
  });

  it("creates, edits and validates colours, audited and in the navigation", async () => {
    const { client, email } = await signInStaff(app(), { role: "staff" });
    const list = decode(await (await client.get("/atelier/catalog/colors")).text());
    expect(list).toContain('href="/atelier/catalog/colors"');
    expect(list).toContain('href="/atelier/catalog/manufacturers"');
    expect(list).toContain("Nuovo colore");
    const name = `Ottanio ${app().kind}`;
    const bad = await client.postForm("/atelier/catalog/colors", { nameIt: name, nameEn: "Teal", hex: "#12345" });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain("Scrivi la tinta come #RRGGBB");
    expect(badHtml).toContain(`value="${name}"`);
    const made = await client.postForm("/atelier/catalog/colors", { nameIt: name, nameEn: `Teal ${app().kind}`, hex: "1f6f6a" });
    expect(made.status).toBe(303);
    const location = made.headers.get("Location")!;
    expect(location).toMatch(/^\/atelier\/catalog\/colors\/[a-z0-9-]+$/);
    const code = location.split("/").pop()!;
    expect(await app().db.selectFrom("colors").select("hex").where("code", "=", code).executeTakeFirstOrThrow()).toEqual({ hex: "#1F6F6A" });
    const taken = await client.postForm("/atelier/catalog/colors", { nameIt: "Nero", nameEn: "Something", hex: "#000000" });
    expect(taken.status).toBe(409);
    expect(decode(await taken.text())).toContain("Un altro colore ha già questo nome.");
    const saved = await client.postForm(location, { nameIt: `${name} scuro`, nameEn: `Dark teal ${app().kind}`, hex: "#0B3B39" });
    expect(saved.status).toBe(303);
    const edit = decode(await (await client.get(location)).text());
    expect(edit).toContain("Colore salvato.");
    expect(edit).toContain(`value="${name} scuro"`);
    expect(edit).toContain('value="#0B3B39"');
    const audit = await app().db.selectFrom("audit_log").select(["action", "actor"]).where("entity_type", "=", "color").where("entity_id", "=", code).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "color.create", actor: email },
      { action: "color.update", actor: email },
    ]);
    expect((await client.get("/atelier/catalog/colors/nessuno")).status).toBe(404);
    expect((await app().client().get("/atelier/catalog/colors")).headers.get("Location")).toMatch(/^\/atelier\/login/);
  });

  it("creates, edits and validates manufacturers with their GPSR details, audited", async () => {
    const { client, email } = await signInStaff(app(), { role: "staff" });
    const name = `Lanificio ${app().kind}`;
    const outside = { name, address: "1 Wool Street, Leeds LS1", countryCode: "GB", email: "info@lanificio.example" };
    // A maker outside the EU needs its responsible person in the EU.
    const missing = await client.postForm("/atelier/catalog/manufacturers/new", outside);
    expect(missing.status).toBe(400);
    const missingHtml = decode(await missing.text());
    expect(missingHtml).toContain("Obbligatorio per un produttore fuori dall'UE.");
    expect(missingHtml).toContain(`value="${name}"`);
    const badContact = await client.postForm("/atelier/catalog/manufacturers/new", { ...outside, countryCode: "IT", email: "non un recapito" });
    expect(badContact.status).toBe(400);
    expect(decode(await badContact.text())).toContain("Scrivi un indirizzo e-mail o l'indirizzo di un sito");
    const made = await client.postForm("/atelier/catalog/manufacturers/new", {
      ...outside,
      euResponsibleName: "Rappresentanza Srl",
      euResponsibleAddress: "Via Roma 1, 20121 Milano",
      euResponsibleCountryCode: "it",
      euResponsibleEmail: "https://rappresentanza.example",
    });
    expect(made.status).toBe(303);
    const location = made.headers.get("Location")!;
    const id = Number(location.split("/").pop());
    expect(await app().db.selectFrom("manufacturers").select(["name", "country_code", "eu_responsible_country_code", "eu_responsible_email"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      name,
      country_code: "GB",
      eu_responsible_country_code: "IT",
      eu_responsible_email: "https://rappresentanza.example",
    });
    // Moved into the EU: the responsible person is no longer kept.
    const saved = await client.postForm(location, { ...outside, countryCode: "IT", address: "Via della Lana 3, 13900 Biella", email: "https://lanificio.example" });
    expect(saved.status).toBe(303);
    expect(decode(await (await client.get(location)).text())).toContain("Produttore salvato.");
    expect(await app().db.selectFrom("manufacturers").select(["address", "eu_responsible_name"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ address: "Via della Lana 3, 13900 Biella", eu_responsible_name: null });
    const list = decode(await (await client.get("/atelier/catalog/manufacturers")).text());
    expect(list).toContain(`href="/atelier/catalog/manufacturers/${id}"`);
    const audit = await app().db.selectFrom("audit_log").select(["action", "actor"]).where("entity_type", "=", "manufacturer").where("entity_id", "=", String(id)).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "manufacturer.create", actor: email },
      { action: "manufacturer.update", actor: email },
    ]);
    const dup = await client.postForm("/atelier/catalog/manufacturers/new", { ...outside, countryCode: "IT" });
    expect(dup.status).toBe(409);
    expect(decode(await dup.text())).toContain("Un altro produttore ha già questo nome.");
    expect((await client.get("/atelier/catalog/manufacturers/99999999")).status).toBe(404);
    expect((await client.get("/atelier/catalog/manufacturers/abc")).status).toBe(404);
  });
});
