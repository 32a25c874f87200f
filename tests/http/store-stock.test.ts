import { beforeAll, expect, it } from "vitest";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

// Stock per store through the request handler (issue 41 part 3), without JavaScript, on both
// databases: the product page's "Disponibile in negozio" for the chosen size, and Atelier's page
// of a product's stock with its count and move forms (bad input at its field, forged ids, audit).
describeEachApp("stock per store", (app) => {
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<");
  const html = async (response: Response | Promise<Response>) => decode(await (await response).text());
  let product: { id: number; slug: string; enSlug: string };
  let variant: { id: number; sku: string; size: string; color_code: string };
  let stores: { id: number; name: string; address: string }[];

  beforeAll(async () => {
    const db = app().db;
    product = await db
      .selectFrom("products as p")
      .innerJoin("product_translations as it", (join) => join.onRef("it.product_id", "=", "p.id").on("it.locale", "=", "it"))
      .innerJoin("product_translations as en", (join) => join.onRef("en.product_id", "=", "p.id").on("en.locale", "=", "en"))
      .select(["p.id", "it.slug", "en.slug as enSlug"])
      .where("p.status", "=", "published")
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    variant = await db.selectFrom("variants").select(["id", "sku", "size", "color_code"]).where("product_id", "=", product.id).orderBy("id").executeTakeFirstOrThrow();
    stores = await db.selectFrom("stores").select(["id", "name", "address"]).where("country_code", "=", "IT").orderBy("position").orderBy("id").execute();
  });

  const productPage = async (path: string) => {
    await bumpCatalogRevision(app().db);
    return html(app().client().get(path, { headers: { "Cache-Control": "no-cache" } }));
  };

  it("counts and moves a store's pieces without JavaScript; the product page lists the stores that have the size", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    const page = await html(client.get(`/atelier/products/${product.id}/stores`));
    expect(page).toContain(">Magazzino<");
    expect(page).toContain(`>${stores[0].name}<`);
    expect(page).toContain(`>${variant.sku} (`);
    for (const store of stores) {
      expect((await client.postForm(`/atelier/products/${product.id}/stores`, { intent: "count", variantId: String(variant.id), storeId: String(store.id), quantity: "0" })).status).toBe(303);
    }
    const counted = await client.postForm(`/atelier/products/${product.id}/stores`, { intent: "count", variantId: String(variant.id), storeId: String(stores[1].id), quantity: "1" });
    expect(counted.status).toBe(303);
    expect(counted.headers.get("Location")).toBe(`/atelier/products/${product.id}/stores`);
    const path = `/products/${product.slug}?color=${variant.color_code}&size=${encodeURIComponent(variant.size)}`;
    const shown = await productPage(path);
    expect(shown).toContain(">Disponibile in negozio:<");
    expect(shown).toContain(`>${stores[1].name}, ${stores[1].address}<!-- --> (ultimo pezzo)<`);
    expect(shown).not.toContain(`${stores[0].name}, ${stores[0].address}`);
    // No size chosen: nothing said about the stores.
    expect(await productPage(`/products/${product.slug}`)).not.toContain('data-testid="in-stores"');

    // A move: the warehouse to a store.
    await app().db.updateTable("variants").set({ stock: 5 }).where("id", "=", variant.id).execute();
    const moved = await client.postForm(`/atelier/products/${product.id}/stores`, { intent: "move", variantId: String(variant.id), from: "warehouse", to: String(stores[0].id), quantity: "4" });
    expect(moved.status).toBe(303);
    expect((await app().db.selectFrom("variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow()).stock).toBe(1);
    const english = await productPage(`/en/products/${product.enSlug}?color=${variant.color_code}&size=${encodeURIComponent(variant.size)}`);
    expect(english).toContain(">Available in store:<");
    expect(english).toContain(`>${stores[0].name}, ${stores[0].address}<`);

    // More than there is: the message at the quantity, nothing moved.
    const refused = await client.postForm(`/atelier/products/${product.id}/stores`, { intent: "move", variantId: String(variant.id), from: "warehouse", to: String(stores[2].id), quantity: "2" });
    expect(refused.status).toBe(409);
    const refusedText = await html(refused);
    expect(refusedText).toContain(">Non ci sono abbastanza pezzi disponibili per questa quantità.<");
    expect((await app().db.selectFrom("variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow()).stock).toBe(1);
    const audit = await app().db.selectFrom("audit_log").select(["action", "summary"]).where("entity_type", "=", "store-stock").where("entity_id", "=", String(product.id)).orderBy("id", "desc").execute();
    expect(audit[0]).toEqual({ action: "store-stock.move", summary: `${variant.sku}, warehouse → ${stores[0].name}` });
    expect(audit.filter((entry) => entry.action === "store-stock.count")).toHaveLength(stores.length + 1);
  });

  it("answers bad input at its field and forged ids with 404 or 400, nothing written", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    const post = (fields: Record<string, string>) => client.postForm(`/atelier/products/${product.id}/stores`, fields);
    const countBefore = (await app().db.selectFrom("audit_log").select("id").where("entity_type", "=", "store-stock").execute()).length;
    const badQuantity = await post({ intent: "count", variantId: String(variant.id), storeId: String(stores[0].id), quantity: "-3" });
    expect(badQuantity.status).toBe(400);
    const badText = await html(badQuantity);
    expect(badText).toContain(">Scrivi un numero intero di pezzi (da 1 per uno spostamento).<");
    expect(badText).toContain('value="-3"');
    expect(await html(post({ intent: "move", variantId: String(variant.id), from: "warehouse", to: "warehouse", quantity: "1" }))).toContain(">Scegli un posto diverso da quello di partenza.<");
    expect((await post({ intent: "move", variantId: String(variant.id), from: "warehouse", to: String(stores[0].id), quantity: "0" })).status).toBe(400);
    const other = await app().db.selectFrom("variants").select("id").where("product_id", "<>", product.id).executeTakeFirstOrThrow();
    expect((await post({ intent: "count", variantId: String(other.id), storeId: String(stores[0].id), quantity: "1" })).status).toBe(404);
    const foreign = await app().db.selectFrom("stores").select("id").where("country_code", "<>", "IT").executeTakeFirstOrThrow();
    expect((await post({ intent: "count", variantId: String(variant.id), storeId: String(foreign.id), quantity: "1" })).status).toBe(404);
    expect((await post({ intent: "count", variantId: "abc", storeId: "1e3", quantity: "1" })).status).toBe(400);
    expect((await post({ intent: "explode" })).status).toBe(400);
    expect((await client.get("/atelier/products/999999/stores")).status).toBe(404);
    expect((await client.postForm("/atelier/products/999999/stores", { intent: "count", variantId: String(variant.id), storeId: String(stores[0].id), quantity: "1" })).status).toBe(404);
    expect((await app().db.selectFrom("audit_log").select("id").where("entity_type", "=", "store-stock").execute()).length).toBe(countBefore);
    // Without a staff session: the sign-in.
    expect((await app().client().get(`/atelier/products/${product.id}/stores`)).status).toBe(302);
  });

  it("takes the stores' stock out as CSV and back in: checked whole, applied whole or not at all", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    const upload = (c: HttpClient, content: string | Uint8Array, name = "stock.csv") => {
      const form = new FormData();
      form.set("file", new Blob([typeof content === "string" ? content : Buffer.from(content)], { type: "text/csv" }), name);
      return c.fetch("/atelier/catalog/store-stock", { method: "POST", headers: { Origin: ORIGIN }, body: form });
    };
    expect(await html(client.get("/atelier/catalog/store-stock"))).toMatch(/enc[tT]ype="multipart\/form-data"/);
    const exported = await client.postForm("/atelier/catalog/store-stock.csv", {});
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = (await exported.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("SKU,Product,Colour,Size,Location,On hand");
    const variants = Number((await app().db.selectFrom("variants").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
    expect(lines).toHaveLength(1 + variants * stores.length);
    const line = lines.find((candidate) => candidate.startsWith(`${variant.sku},`) && candidate.includes(`,${stores[3].name},`))!;
    expect(line).toBeDefined();

    // Bad lines: every one said with its line number, nothing written.
    const bad = ["SKU,Location,On hand", `${variant.sku},${stores[3].name},7`, "NESSUNO,Bottega Roma,1", `${variant.sku},Bottega Paris,1`, `${variant.sku},${stores[4].name},tre`, `${variant.sku},${stores[3].name},8`].join("\n");
    const refused = await upload(client, bad);
    expect(refused.status).toBe(422);
    const refusedText = await html(refused);
    expect(refusedText).toContain(">Riga 3: nessuna taglia ha lo SKU «NESSUNO».<");
    expect(refusedText).toContain(">Riga 4: «Bottega Paris» non è un negozio che tiene stock.<");
    expect(refusedText).toContain(">Riga 5: «tre» non è un numero intero di pezzi.<");
    expect(refusedText).toContain(`>Riga 6: ${variant.sku} a ${stores[3].name} è già alla riga 2.<`);
    const quantityAt = async (storeId: number) => (await app().db.selectFrom("store_stock").select("quantity").where("store_id", "=", storeId).where("variant_id", "=", variant.id).executeTakeFirst())?.quantity ?? 0;
    const before = await quantityAt(stores[3].id);
    expect(before).not.toBe(7);

    // The exported file with one quantity changed: that one applied, audited as a count.
    const edited = text.replace(line, line.replace(/,\d+$/, ",7"));
    const applied = await upload(client, edited);
    expect(applied.status).toBe(303);
    expect(await quantityAt(stores[3].id)).toBe(7);
    expect(await html(client.get("/atelier/catalog/store-stock"))).toContain(">Quantità aggiornate: 1 cambiate, " + String(variants * stores.length - 1) + " uguali.<");
    const audit = await app().db.selectFrom("audit_log").select(["action", "summary"]).where("entity_type", "=", "store-stock").orderBy("id", "desc").limit(2).execute();
    expect(audit[0]).toEqual({ action: "store-stock.count", summary: `${variant.sku}, ${stores[3].name} (CSV)` });
    expect(audit[1].action).toBe("store-stock.export");

    // Not a CSV, no file, a header without its columns.
    expect((await upload(client, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), "foto.png")).status).toBe(400);
    expect((await upload(client, "")).status).toBe(400);
    expect(await html(upload(client, "Codice,Negozio\nX,Y"))).toContain(">Riga 1: mancano le colonne SKU, Location, On hand.<");
    expect((await client.postForm("/atelier/catalog/store-stock", { intent: "explode" })).status).toBe(400);
    expect((await client.get("/atelier/catalog/store-stock.csv")).headers.get("Location")).toBe("/atelier/catalog/store-stock");
    expect((await upload(app().client(), edited)).headers.get("Location")).toMatch(/^\/atelier\/login(\?|$)/);
  });
});
