import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { createMediaWorker } from "~/modules/media/media-worker.server";
import { createDiskStorage } from "~/modules/media/storage.server";
import { describeEachDatabase } from "../../../tests/support/databases";
import { htmlToMarkdown, markdownToHtml } from "./catalog-import-html";
import { EXPORT_HEADER, catalogueCsvRows } from "./catalog-export.service.server";
import { type ImportOptions, type ImportReport, importCatalogue } from "./catalog-import.service.server";
import { type FetchedImage, IMAGE_FETCH_LIMITS, fetchImage } from "./image-fetch.server";
import { getProductPage } from "./product.service.server";
import { DEFAULT_COLOR_HEX, getVariantEditor, setProductPrices } from "./variant-admin.service.server";
import { csvLine } from "~/utils/csv.server";

const CLI: AuditActor = { kind: "cli" };
const HEADER = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "SEO Title",
  "SEO Description",
  "Status",
];
type Cells = Partial<Record<(typeof HEADER)[number], string>>;
const csv = (rows: Cells[], header = HEADER) => header.join(",") + "\n" + rows.map((r) => csvLine(header.map((h) => r[h] ?? "")).replace(/\r\n$/, "\n")).join("");
const stream = (text: string) => Readable.from([Buffer.from(text, "utf8")]);

const PUBLIC_URL = "http://localhost:3000";
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#c0a080" } }).jpeg().toBuffer();
});
const okImage = async (): Promise<FetchedImage> => ({ ok: true, bytes: jpeg, mimeType: "image/jpeg", width: 400, height: 500 });

/** A dress in two colours and two sizes, with two photographs (the second on an image-only row). */
function dressRows(handle = "abito-import", overrides: Cells = {}): Cells[] {
  return [
    {
      Handle: handle,
      Title: "Abito Import",
      "Body (HTML)": "<p>Abito in <strong>lino</strong>.</p><script>alert(1)</script>",
      Vendor: "",
      Type: "Donna > Abiti",
      Tags: "lino, estate",
      Published: "TRUE",
      "Option1 Name": "Colore",
      "Option1 Value": "Nero",
      "Option2 Name": "Taglia",
      "Option2 Value": "S",
      "Variant SKU": `${handle}-n-s`,
      "Variant Inventory Qty": "3",
      "Variant Price": "120.00",
      "Variant Compare At Price": "",
      "Image Src": "https://images.example.com/a.png",
      "Image Position": "1",
      "Image Alt Text": "Abito nero",
      "SEO Title": "Abito Import | Bottega",
      "SEO Description": "Un abito.",
      Status: "active",
      ...overrides,
    },
    { Handle: handle, "Option1 Value": "Nero", "Option2 Value": "M", "Variant SKU": `${handle}-n-m`, "Variant Inventory Qty": "0", "Variant Price": "120.00" },
    { Handle: handle, "Option1 Value": "Black", "Option2 Value": "L", "Variant SKU": `${handle}-n-l`, "Variant Inventory Qty": "2", "Variant Price": "120" },
    { Handle: handle, "Option1 Value": "Lilla Polvere", "Option2 Value": "S", "Variant SKU": `${handle}-l-s`, "Variant Inventory Qty": "1", "Variant Price": "125,5" },
    { Handle: handle, "Image Src": "https://images.example.com/b.png", "Image Position": "2", "Image Alt Text": "Retro" },
  ];
}

describe("HTML descriptions", () => {
  it("keeps paragraphs, emphasis, lists and links, drops scripts, and comes back from its own export unchanged", () => {
    const markdown = htmlToMarkdown('<p>Abito in <strong>lino</strong> &amp; seta.</p><ul><li>Uno</li><li>Due</li></ul><p><a href="https://x.it">qui</a><br>riga</p><script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(markdown).toBe("Abito in **lino** & seta.\n\n- Uno\n- Due\n\n[qui](https://x.it)\\\nriga");
    expect(htmlToMarkdown(markdownToHtml(markdown))).toBe(markdown);
    expect(htmlToMarkdown('<a href="javascript:alert(1)">x</a>')).toBe("x");
    expect(htmlToMarkdown("Plain text\n\n# not a heading")).toBe("Plain text\n\n\\# not a heading");
  });
});

describeEachDatabase("Shopify CSV import", (ctx) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-import-"));
  const storage = createDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({ dryRun: false, actor: CLI, origin: PUBLIC_URL, fetchImage: okImage, storage, source: "test.csv", ...extra });
  const run = (text: string, extra: Partial<ImportOptions> = {}) => importCatalogue(ctx().db, stream(text), options(extra));
  const count = async (table: "products" | "variants" | "price_history" | "audit_log" | "colors" | "product_photos" | "media_assets" | "media_jobs") =>
    Number((await ctx().db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  const revision = async () => String((await ctx().db.selectFrom("catalog_revision").select("revision").executeTakeFirstOrThrow()).revision);
  const snapshot = async () => ({
    products: await count("products"),
    variants: await count("variants"),
    prices: await count("price_history"),
    audit: await count("audit_log"),
    colours: await count("colors"),
    images: await count("product_photos"),
    assets: await count("media_assets"),
    revision: await revision(),
  });
  const productOf = (handle: string) =>
    ctx()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as it", (j) => j.onRef("it.product_id", "=", "p.id").on("it.locale", "=", "it"))
      .innerJoin("product_translations as en", (j) => j.onRef("en.product_id", "=", "p.id").on("en.locale", "=", "en"))
      .where("it.slug", "=", handle)
      .select(["p.id", "p.status", "p.category_id", "p.manufacturer_id", "it.name", "it.description", "it.keywords", "it.meta_title", "en.slug as slugEn", "en.name as nameEn"])
      .executeTakeFirst();
  const categoryId = async (name: string) =>
    (await ctx().db.selectFrom("category_translations").where("locale", "=", "it").where("path", "=", name).select("category_id").executeTakeFirstOrThrow()).category_id;

  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("a dry run reports what it would do and writes nothing", async () => {
    const before = await snapshot();
    const report = await run(csv(dressRows()), { dryRun: true });
    expect(report.fatal).toBeNull();
    expect(report).toMatchObject({ rows: 5, rowsAccepted: 5, rowsRejected: 0, products: { create: 1, update: 0, unchanged: 0, rejected: 0 }, variants: { create: 4 } });
    expect(report.images.fetch).toBe(2);
    expect(report.newColours).toEqual(["Lilla Polvere"]);
    expect(report.ignoredColumns).toContain("Variant Grams");
    expect(await snapshot()).toEqual(before);
  });

  it("creates the product: Handle as slug in both languages, category by path, Markdown body, variants, prices, photographs, a new colour", async () => {
    const before = await snapshot();
    const report = await run(csv(dressRows()));
    expect(report.errors).toEqual([]);
    expect(report.products).toMatchObject({ create: 1, rejected: 0 });
    const product = await productOf("abito-import");
    expect(product).toMatchObject({ status: "published", name: "Abito Import", slugEn: "abito-import", nameEn: "Abito Import", description: "Abito in **lino**.", keywords: "lino, estate", meta_title: "Abito Import | Bottega" });
    expect(product!.category_id).toBe(await categoryId("donna/abiti"));
    const variants = await ctx().db.selectFrom("variants").where("product_id", "=", product!.id).select(["sku", "color_code", "size", "price_cents", "stock"]).orderBy("position").execute();
    expect(variants).toEqual([
      { sku: "ABITO-IMPORT-N-S", color_code: "nero", size: "S", price_cents: 12000, stock: 3 },
      { sku: "ABITO-IMPORT-N-M", color_code: "nero", size: "M", price_cents: 12000, stock: 0 },
      { sku: "ABITO-IMPORT-N-L", color_code: "nero", size: "L", price_cents: 12000, stock: 2 },
      { sku: "ABITO-IMPORT-L-S", color_code: "lilla-polvere", size: "S", price_cents: 12550, stock: 1 },
    ]);
    const colour = await ctx().db.selectFrom("color_translations").where("color_code", "=", "lilla-polvere").select(["locale", "name"]).orderBy("locale").execute();
    expect(colour).toEqual([
      { locale: "en", name: "Lilla Polvere" },
      { locale: "it", name: "Lilla Polvere" },
    ]);
    const after = await snapshot();
    expect(after.products).toBe(before.products + 1);
    expect(after.prices).toBe(before.prices + 4);
    expect(after.images).toBe(before.images + 2);
    expect(after.assets).toBe(before.assets + 2);
    expect(after.colours).toBe(before.colours + 1);
    // The colour was made by the variants service's findOrCreateColor, audited as Atelier's "new colour" is.
    const colourRow = await ctx().db.selectFrom("colors").where("code", "=", "lilla-polvere").select("hex").executeTakeFirstOrThrow();
    expect(colourRow.hex).toBe(DEFAULT_COLOR_HEX);
    const colourAudit = await ctx().db.selectFrom("audit_log").where("action", "=", "color.create").where("entity_id", "=", "lilla-polvere").select(["entity_type", "actor"]).execute();
    expect(colourAudit).toEqual([{ entity_type: "color", actor: "cli" }]);
    expect(after.revision).not.toBe(before.revision);
    const audit = await ctx().db.selectFrom("audit_log").where("action", "like", "%import%").select(["action", "entity_type", "entity_id", "actor"]).orderBy("id", "desc").limit(2).execute();
    expect(audit).toEqual([
      { action: "catalog.import", entity_type: "catalog", entity_id: "shopify-csv", actor: "cli" },
      { action: "product.import-create", entity_type: "product", entity_id: String(product!.id), actor: "cli" },
    ]);
    // The photographs went through the pipeline: an asset each (pending, with its job), the source URL kept.
    const images = await ctx()
      .db.selectFrom("product_photos as p")
      .innerJoin("media_assets as a", "a.id", "p.asset_id")
      .where("p.product_id", "=", product!.id)
      .select(["p.source_url", "p.position", "p.alt_it", "p.alt_en", "p.is_cover", "p.color_code", "a.width", "a.status"])
      .orderBy("p.position")
      .execute();
    expect(images).toEqual([
      { source_url: "https://images.example.com/a.png", position: 0, alt_it: "Abito nero", alt_en: "Abito nero", is_cover: 1, color_code: null, width: 400, status: "pending" },
      { source_url: "https://images.example.com/b.png", position: 1, alt_it: "Retro", alt_en: "Retro", is_cover: 0, color_code: null, width: 400, status: "pending" },
    ]);
  });

  it("running the same file again changes nothing: no rows, no price history, no revision, no product audit entry", async () => {
    const before = await snapshot();
    let fetched = 0;
    const report = await run(csv(dressRows()), {
      fetchImage: async () => {
        fetched++;
        return okImage();
      },
    });
    expect(report.products).toMatchObject({ create: 0, update: 0, unchanged: 1 });
    expect(fetched).toBe(0);
    const after = await snapshot();
    // Only the run's own summary entry is new.
    expect(after).toEqual({ ...before, audit: before.audit + 1 });
  });

  it("updates what changed: a price (with its history), the compare-at price, a restock, the text", async () => {
    const rows = dressRows();
    rows[0]["Variant Price"] = "99.00";
    rows[0]["Variant Compare At Price"] = "120.00";
    rows[0].Title = "Abito Import Nuovo";
    rows[1]["Variant Inventory Qty"] = "4";
    const before = await snapshot();
    const report = await run(csv(rows));
    expect(report.products).toMatchObject({ update: 1 });
    expect(report.variants).toEqual({ create: 0, update: 2 });
    const product = await productOf("abito-import");
    expect(product!.name).toBe("Abito Import Nuovo");
    const variant = await ctx().db.selectFrom("variants").where("sku", "=", "ABITO-IMPORT-N-S").select(["id", "price_cents", "compare_at_cents"]).executeTakeFirstOrThrow();
    expect(variant).toMatchObject({ price_cents: 9900, compare_at_cents: 12000 });
    const after = await snapshot();
    expect(after.prices).toBe(before.prices + 1);
    expect(after.revision).not.toBe(before.revision);
    const entry = await ctx().db.selectFrom("audit_log").where("action", "=", "product.import-update").select(["before", "after"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({ name_it: "Abito Import Nuovo", "variant ABITO-IMPORT-N-S": "99.00 (120.00), 3" });
  });

  it("hands its prices to Atelier's pricing: the variants page starts from the file's prices, and saving them there changes none", async () => {
    const productId = (await productOf("abito-import"))!.id;
    // The owner had set a product price in Atelier; the file's prices then replace it.
    await setProductPrices(ctx().db, productId, { priceCents: 15000, compareAtCents: null, sale: null }, CLI);
    const rows = dressRows();
    rows[0]["Variant Price"] = "98.00";
    rows[1]["Variant Price"] = "98.00";
    await run(csv(rows));
    const editor = (await getVariantEditor(ctx().db, productId, "it"))!;
    expect(editor.pricing.priceCents).toBe(9800);
    const prices = async () => (await ctx().db.selectFrom("variants").select("price_cents").where("product_id", "=", productId).orderBy("id").execute()).map((r) => r.price_cents);
    const shown = await prices();
    const history = (await snapshot()).prices;
    await setProductPrices(ctx().db, productId, { priceCents: editor.pricing.priceCents!, compareAtCents: editor.pricing.compareAtCents, sale: null }, CLI);
    expect(await prices()).toEqual(shown);
    expect((await snapshot()).prices).toBe(history);
  });

  it("refuses bad rows with their line numbers and reasons, and writes nothing of those products", async () => {
    const before = await snapshot();
    const otherSku = (await ctx().db.selectFrom("variants").where("sku", "not like", "ABITO-IMPORT%").select("sku").limit(1).executeTakeFirstOrThrow()).sku;
    const rows: Cells[] = [
      ...dressRows("prezzo-sbagliato").slice(0, 2), // lines 2-3
      { Handle: "prezzo-sbagliato", "Option1 Value": "Nero", "Option2 Value": "XL", "Variant SKU": "PS-XL", "Variant Price": "12,5x" }, // line 4
      { Handle: "qty-negativa", Title: "Q", "Option1 Name": "Colore", "Option1 Value": "Nero", "Variant SKU": "QN-1", "Variant Price": "10", "Variant Inventory Qty": "-1" }, // line 5
      { Handle: "sku-non-valido", Title: "S", "Option1 Name": "Colore", "Option1 Value": "Nero", "Variant SKU": "ab cd!", "Variant Price": "10" }, // line 6
      { Handle: "sku-doppio", Title: "D", "Option1 Name": "Taglia", "Option1 Value": "S", "Variant SKU": "QN-1", "Variant Price": "10" }, // line 7
      { Handle: "sku-altrui", Title: "A", "Option1 Name": "Taglia", "Option1 Value": "S", "Variant SKU": otherSku, "Variant Price": "10" }, // line 8
      { Handle: "opzione-ignota", Title: "O", "Option1 Name": "Colore", "Option1 Value": "Nero", "Option2 Name": "Title", "Option2 Value": "Default Title", "Variant SKU": "OI-1", "Variant Price": "10" }, // line 9
      { Handle: "", Title: "Senza handle", "Variant Price": "10" }, // line 10
      { Handle: "prezzo-sbagliato", Title: "Di nuovo", "Variant SKU": "PS-AGAIN", "Variant Price": "10" }, // line 11
      { Handle: "troppe-opzioni", Title: "T", "Option1 Name": "Colore", "Option1 Value": "Nero", "Option2 Name": "Taglia", "Option2 Value": "S", "Option3 Name": "Size", "Option3 Value": "M", "Variant Price": "10" }, // line 12
      { Handle: "Handle Non Valido", Title: "H", "Variant Price": "10" }, // line 13
    ];
    const report = await run(csv(rows));
    const errors = report.errors.map((e) => `${e.line} ${e.code}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        "4 badPrice",
        "2 productRejected",
        "5 badQuantity",
        "6 invalidSku",
        "7 duplicateSkuInFile",
        "8 skuTaken",
        "9 unknownOption",
        "10 missingHandle",
        "11 handleRepeated",
        "12 duplicateOption",
        "13 invalidHandle",
      ]),
    );
    expect(report.errors.find((e) => e.code === "badPrice")?.params).toEqual({ value: "12,5x" });
    expect(report.errors.find((e) => e.code === "duplicateSkuInFile")?.params).toEqual({ sku: "QN-1", line: "5" });
    // Every product of the file has an error: nothing is written.
    expect(report.rowsAccepted).toBe(0);
    expect(report.rowsRejected).toBe(12);
    expect(await snapshot()).toEqual({ ...before, audit: before.audit + 1 });
  });

  it("finds a category by its English path; an unknown one makes a draft in the holding category, reported", async () => {
    const rows = dressRows("abito-inglese", { Type: "Women > Dresses" });
    const unknown = dressRows("abito-senza-casa", { Type: "Donna > Pellicce" });
    const report = await run(csv([...rows, ...unknown]));
    expect(report.errors).toEqual([]);
    expect(report.products.create).toBe(2);
    expect((await productOf("abito-inglese"))!.category_id).toBe(await categoryId("donna/abiti"));
    expect((await productOf("abito-inglese"))!.status).toBe("published");
    expect((await productOf("abito-senza-casa"))!.status).toBe("draft");
    expect(report.notes).toContainEqual({ line: 7, handle: "abito-senza-casa", code: "holdingCategory", params: { value: "Donna > Pellicce" } });
    expect(report.holding).toBe(1);
    expect((await productOf("abito-senza-casa"))!.category_id).toBe(await categoryId("da-rivedere"));
  });

  it("says what happened to each photograph: one that cannot be fetched is reported, the product still imported, and tried again next run", async () => {
    const rows = dressRows("abito-foto");
    const failing = async (url: string): Promise<FetchedImage> => (url.endsWith("b.png") ? { ok: false, reason: "notImage" } : okImage());
    const report = await run(csv(rows), { fetchImage: failing });
    expect(report.products.create).toBe(1);
    expect(report.images).toMatchObject({ fetch: 2, fetched: 1, failed: 1 });
    expect(report.notes).toContainEqual({ line: 6, handle: "abito-foto", code: "imageFailed", params: { url: "https://images.example.com/b.png", reason: "notImage" } });
    // The pipeline's own check refuses what the fetch let through (too small for the shop), stored nowhere.
    const tiny = await sharp({ create: { width: 40, height: 50, channels: 3, background: "#000" } }).jpeg().toBuffer();
    const small = await run(csv(dressRows("abito-piccolo").slice(0, 1)), { fetchImage: async () => ({ ok: true, bytes: tiny, mimeType: "image/jpeg", width: 40, height: 50 }) });
    expect(small.products.create).toBe(1);
    expect(small.notes).toContainEqual(expect.objectContaining({ handle: "abito-piccolo", code: "imageFailed", params: { url: "https://images.example.com/a.png", reason: "IMAGE_DIMENSIONS" } }));
    const again = await run(csv(rows));
    expect(again.products).toMatchObject({ update: 1 });
    expect(again.images).toMatchObject({ fetch: 1, fetched: 1, failed: 0 });
  });

  it("refuses a file that is not a product CSV: empty, wrong columns, binary, broken quoting", async () => {
    const before = await snapshot();
    const fatal = async (text: string | Buffer) => (await importCatalogue(ctx().db, Readable.from([typeof text === "string" ? Buffer.from(text) : text]), options())).fatal;
    expect(await fatal("")).toEqual({ code: "empty" });
    expect(await fatal("Handle,Title\n")).toEqual({ code: "noRows" });
    expect(await fatal("Name,Price\nx,1\n")).toEqual({ code: "missingColumns", columns: ["Handle", "Title"] });
    expect(await fatal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toEqual({ code: "notText" });
    expect(await fatal('Handle,Title\nx,"unclosed\n')).toMatchObject({ code: "malformed" });
    expect(await snapshot()).toEqual(before);
  });

  it("fetches photographs from their URLs into the pipeline: processed by the media worker, shown on the product page, not fetched again", async () => {
    const { db } = ctx();
    const files: Record<string, Buffer> = {
      "/front.jpg": await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#d0c0b0" } }).jpeg().toBuffer(),
      "/black.jpg": await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#111111" } }).jpeg().toBuffer(),
    };
    const hits: string[] = [];
    const server = http.createServer((request, response) => {
      hits.push(request.url ?? "");
      const body = files[request.url ?? ""];
      if (!body) return response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const realFetch = (url: string) => fetchImage(url, { ...IMAGE_FETCH_LIMITS, allowPrivateHosts: true });
    const header = [...HEADER, "Variant Image", "Image Alt Text (en)"];
    const rows: Cells[] = [
      {
        Handle: "abito-server",
        Title: "Abito Server",
        Type: "Donna > Abiti",
        Published: "TRUE",
        "Option1 Name": "Colore",
        "Option1 Value": "Nero",
        "Option2 Name": "Taglia",
        "Option2 Value": "s",
        "Variant SKU": "AS-N-S",
        "Variant Price": "150",
        "Variant Inventory Qty": "2",
        "Variant Image": `${base}/black.jpg`,
        "Image Src": `${base}/front.jpg`,
        "Image Position": "1",
        "Image Alt Text": "Davanti",
        "Image Alt Text (en)": "Front",
        Status: "active",
      },
      { Handle: "abito-server", "Option1 Value": "Verde Bosco Import", "Option2 Value": "S", "Variant SKU": "AS-V-S", "Variant Price": "150", "Image Src": `${base}/black.jpg`, "Image Position": "2", "Image Alt Text": "Nero, di lato" },
    ];
    try {
      const before = await snapshot();
      const report = await run(csv(rows, header), { fetchImage: realFetch });
      expect(report.errors).toEqual([]);
      expect(report.images).toMatchObject({ fetch: 2, fetched: 2, failed: 0 });
      expect(report.newColours).toEqual(["Verde Bosco Import"]);
      expect(hits.sort()).toEqual(["/black.jpg", "/front.jpg"]);
      const product = (await productOf("abito-server"))!;
      const variants = await db.selectFrom("variants").where("product_id", "=", product.id).select(["color_code", "size"]).orderBy("position").execute();
      expect(variants).toEqual([
        { color_code: "nero", size: "S" },
        { color_code: "verde-bosco-import", size: "S" },
      ]);
      const photos = await db.selectFrom("product_photos").where("product_id", "=", product.id).select(["source_url", "position", "is_cover", "color_code", "alt_it", "alt_en"]).orderBy("position").execute();
      expect(photos).toEqual([
        { source_url: `${base}/front.jpg`, position: 0, is_cover: 1, color_code: null, alt_it: "Davanti", alt_en: "Front" },
        { source_url: `${base}/black.jpg`, position: 1, is_cover: 0, color_code: "nero", alt_it: "Nero, di lato", alt_en: "Nero, di lato" },
      ]);
      expect((await snapshot()).assets).toBe(before.assets + 2);

      // Nothing shows until the media worker made the variants; then the product page shows them.
      expect((await getProductPage(db, "en", "abito-server", { color: "nero" }))!.gallery.every((image) => image.src.endsWith(".svg"))).toBe(true);
      const worker = createMediaWorker(db, storage);
      let done = 0;
      for (let report = await worker.runOnce(); report.done > 0; report = await worker.runOnce()) done += report.done;
      expect(done).toBeGreaterThanOrEqual(2);
      expect(await count("media_jobs")).toBe(0);
      const black = (await getProductPage(db, "en", "abito-server", { color: "nero" }))!;
      expect(black.gallery).toHaveLength(2);
      expect(black.gallery[0]).toMatchObject({ view: "photo", alt: "Front" });
      expect(black.gallery[0]!.src).toMatch(/^\/media\/p\/[0-9a-f]{40}\/\d+\.jpg$/);
      expect(black.gallery[1]).toMatchObject({ view: "photo", alt: "Nero, di lato" });
      const green = (await getProductPage(db, "it", "abito-server", { color: "verde-bosco-import" }))!;
      expect(green.gallery.map((image) => image.alt)).toEqual(["Davanti"]);

      // The same file again: nothing fetched, nothing added.
      const again = await snapshot();
      const second = await run(csv(rows, header), { fetchImage: realFetch });
      expect(second.products).toMatchObject({ unchanged: 1, create: 0, update: 0 });
      expect(second.images).toMatchObject({ fetch: 0, fetched: 0 });
      expect(hits).toHaveLength(2);
      expect(await snapshot()).toEqual({ ...again, audit: again.audit + 1 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("round trip: the exported catalogue imports with no change at all", async () => {
    const chunks: string[] = [EXPORT_HEADER.join(",") + "\r\n"];
    let rows = 0;
    for await (const row of catalogueCsvRows(ctx().db, { publicUrl: PUBLIC_URL })) {
      chunks.push(csvLine(row));
      rows++;
    }
    expect(rows).toBeGreaterThan(await count("products"));
    // Photographs leave as this shop's absolute URLs of their largest JPEG (naming the photograph), colours tied by Variant Image.
    const text = chunks.join("");
    expect(text).toMatch(new RegExp(`${PUBLIC_URL}/media/p/[0-9a-f]{40}/\\d+\\.jpg\\?photo=\\d+`));
    expect(text).not.toContain("front.jpg");
    const before = await snapshot();
    const report: ImportReport = await run(chunks.join(""));
    expect(report.errors).toEqual([]);
    expect(report.products).toEqual({ create: 0, update: 0, unchanged: await count("products"), rejected: 0 });
    expect(await snapshot()).toEqual({ ...before, audit: before.audit + 1 });
  });
});
