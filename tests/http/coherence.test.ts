// Two app processes on one PostgreSQL database (issue 27, docs/decisions/032): what the owner
// changes in Atelier through one process — a size's stock, a price, the banner, the settings, a
// search synonym, a product's name as the search knows it (issue 39) — is
// on the other process's pages within a second, though that process had the pages in its caches
// (its anonymous page cache answered them, X-Cache: hit, just before). The second process is a
// separate `node build/server.js`: nothing is shared but the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";
import { getEnv } from "~/utils/env.server";
import { formatMoney } from "~/utils/money";
import { type HttpClient, createUrlClient } from "../support/http";
import { productEditorForm, shopSettingsForm } from "../support/forms";
import { createTestStaff, signInStaffClient } from "../support/staff";
import { type BuiltServer, startBuiltServer } from "./built-server";

const decode = (html: string) =>
  html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&nbsp;|\u00a0/g, " ");
const SEEN_WITHIN_MS = 1_000;

describe.skipIf(!process.env.TEST_POSTGRES_URL)("two processes on one PostgreSQL database", () => {
  let first: BuiltServer;
  let second: BuiltServer;
  let database: DatabaseHandle;
  let owner: HttpClient;
  let product: { id: number; slug: string; priceCents: number };

  /** An anonymous page of the second process, fetched until its page cache answers it. */
  async function cachedPageOfSecond(path: string): Promise<string> {
    const visitor = createUrlClient(second.url);
    let response = await visitor.get(path);
    for (let attempt = 0; response.headers.get("X-Cache") !== "hit" && attempt < 5; attempt++) response = await visitor.get(path);
    expect(response.headers.get("X-Cache"), path).toBe("hit");
    return decode(await response.text());
  }

  /** How long after the write the second process's page showed it (fails past a second). */
  async function secondSees(path: string, shows: (html: string) => boolean): Promise<number> {
    const started = Date.now();
    for (;;) {
      const html = decode(await (await createUrlClient(second.url).get(path)).text());
      if (shows(html)) return Date.now() - started;
      if (Date.now() - started > SEEN_WITHIN_MS) throw new Error(`${path} on the second process did not show the change within ${SEEN_WITHIN_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeAll(async () => {
    first = await startBuiltServer("postgres");
    second = await startBuiltServer("postgres", { sharedDatabaseUrl: first.databaseUrl });
    database = openDatabase(first.databaseUrl, { poolSize: 2 });
    const staff = await createTestStaff(database.db, getEnv({ DATABASE_URL: first.databaseUrl }).SESSION_SECRET, { role: "owner" });
    owner = createUrlClient(first.url);
    await signInStaffClient(owner, staff);
    // A published product with several sizes, not on sale.
    const row = await database.db
      .selectFrom("products as p")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .select(["p.id", "t.slug", "p.price_cents"])
      .where("p.compare_at_cents", "is", null)
      .where("p.sale_price_cents", "is", null)
      .where("p.status", "=", "published")
      .where("p.published_at", "<", new Date().toISOString())
      .where("p.price_cents", "is not", null)
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    product = { id: row.id, slug: row.slug, priceCents: row.price_cents! };
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await second?.stop();
    await first?.stop();
  });

  it("shows a size sold out through the first process as sold out on the second", async () => {
    const variants = await database.db.selectFrom("variants").select(["id", "sku", "stock", "color_code", "size"]).where("product_id", "=", product.id).orderBy("position").execute();
    const target = variants.find((v) => v.stock > 0)!;
    const path = `/products/${product.slug}?color=${target.color_code}&size=${encodeURIComponent(target.size)}`;
    // The back-in-stock form's heading, rendered (its text is also in the page's serialized texts).
    const soldOutForm = ">Avvisami quando torna disponibile<";
    expect(await cachedPageOfSecond(path)).not.toContain(soldOutForm);

    const fields: [string, string][] = [["intent", "matrix"]];
    variants.forEach((v, index) => {
      fields.push([`variants[${index}].id`, String(v.id)], [`variants[${index}].sku`, v.sku]);
      fields.push([`variants[${index}].stock`, v.id === target.id ? "0" : String(v.stock)], [`variants[${index}].stockWas`, String(v.stock)]);
    });
    const saved = await owner.postForm(`/atelier/products/${product.id}/variants`, fields);
    expect(saved.status).toBe(302);
    expect(await secondSees(path, (html) => html.includes(soldOutForm))).toBeLessThanOrEqual(SEEN_WITHIN_MS);
  });

  it("shows a price changed through the first process on the second", async () => {
    const path = `/products/${product.slug}`;
    const reduced = product.priceCents - 1_000;
    const reducedText = formatMoney(reduced, "it").replace(/\u00a0/g, " ");
    expect(await cachedPageOfSecond(path)).not.toContain(reducedText);
    const euro = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
    const saved = await owner.postForm(`/atelier/products/${product.id}/variants`, { intent: "prices", price: euro(reduced), compareAt: euro(product.priceCents) });
    expect(saved.status).toBe(302);
    expect(await secondSees(path, (html) => html.includes(reducedText))).toBeLessThanOrEqual(SEEN_WITHIN_MS);
  });

  it("shows a banner message added through the first process on the second", async () => {
    const text = "Saldi d’inverno su due processi";
    expect(await cachedPageOfSecond("/")).not.toContain(text);
    const saved = await owner.postForm("/atelier/banner", {
      intent: "save-message",
      textIt: text,
      textEn: "Winter sale on two processes",
      linkIt: "",
      linkEn: "",
      background: "#a4472f",
      color: "#ffffff",
      startsOn: "",
      endsOn: "",
    });
    expect(saved.status).toBe(303);
    expect(await secondSees("/", (html) => html.includes(text))).toBeLessThanOrEqual(SEEN_WITHIN_MS);
  });

  it("a synonym added through the first process changes the second's next search", async () => {
    const path = "/search?q=zanzara";
    expect(await cachedPageOfSecond(path)).toContain("Nessun risultato per «zanzara»");
    const saved = await owner.postForm("/atelier/catalog/synonyms", { intent: "save", locale: "it", terms: "zanzara, poncho" });
    expect(saved.status).toBe(303);
    expect(await secondSees(path, (html) => html.includes("Poncho in lana e cashmere"))).toBeLessThanOrEqual(SEEN_WITHIN_MS);
  });

  it("a product renamed through the first process is found by its new word on the second's search", async () => {
    const name = (await database.db.selectFrom("product_translations").select("name").where("product_id", "=", product.id).where("locale", "=", "it").executeTakeFirstOrThrow()).name;
    const path = "/search?q=ortensiaprocessi";
    expect(await cachedPageOfSecond(path)).toContain("Nessun risultato per «ortensiaprocessi»");
    const form = { ...(await productEditorForm(database.db, product.id)), name_it: `${name} Ortensiaprocessi` };
    const saved = await owner.postForm(`/atelier/products/${product.id}`, form);
    expect(saved.status).toBe(303);
    const renamed = `${name} Ortensiaprocessi`;
    expect(await secondSees(path, (html) => html.includes(`>${renamed}<`))).toBeLessThanOrEqual(SEEN_WITHIN_MS);
  });

  it("shows settings saved through the first process on the second", async () => {
    const link = "https://www.instagram.com/bottega.due.processi";
    expect(await cachedPageOfSecond("/en")).not.toContain(link);
    const saved = await owner.postForm("/atelier/settings", shopSettingsForm({ instagram: link }));
    expect(saved.status).toBe(302);
    expect(await secondSees("/en", (html) => html.includes(`href="${link}"`))).toBeLessThanOrEqual(SEEN_WITHIN_MS);
  });
});
