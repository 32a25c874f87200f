import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import os from "node:os";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { createDiskStorage } from "~/modules/media/storage.server";
import { csvLine } from "~/utils/csv.server";
import { describeEachDatabase } from "../../../tests/support/databases";
import { type ImportOptions, importCatalogue } from "./catalog-import.service.server";
import { getMenu } from "./category.service.server";

// Issue 37, items 9, 19 and 26: Shopify's own files (its product template and its apparel
// sample, tests/fixtures/shopify/), size names, a third option, products without a category,
// the limits (bytes, rows, variants per product) with their messages, a product of thousands of
// sizes written in batches on both databases, and a check that never holds the event loop.

const CLI: AuditActor = { kind: "cli" };
const ORIGIN = "http://localhost:3000";
const FIXTURES = path.join(__dirname, "../../../tests/fixtures/shopify");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const HEADER = ["Handle", "Title", "Type", "Option1 Name", "Option1 Value", "Option2 Name", "Option2 Value", "Option3 Name", "Option3 Value", "Variant SKU", "Variant Price", "Variant Inventory Qty"];
const line = (cells: string[]) => csvLine(cells).replace(/\r\n$/, "\n");
/** A big file made in memory, in chunks of 1 MiB as an upload is read back. */
function chunked(text: string, size = 1024 * 1024): Readable {
  const bytes = Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}
/** One product with `sizes` sizes, in one colour. */
function manySizes(handle: string, sizes: number): string {
  let text = line(HEADER);
  for (let i = 0; i < sizes; i++) text += line([handle, i === 0 ? "Tanti numeri" : "", i === 0 ? "Donna > Abiti" : "", i === 0 ? "Colore" : "", "Nero", i === 0 ? "Taglia" : "", `N${i}`, "", "", `${handle.toUpperCase()}-${i}`, "10.00", "1"]);
  return text;
}

describeEachDatabase("Shopify CSV import: real files, limits, batches", (ctx) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-import-limits-"));
  const storage = createDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({ dryRun: false, actor: CLI, origin: ORIGIN, source: "test.csv", storage, fetchImage: async () => ({ ok: false, reason: "network" }), ...extra });
  const run = (input: string | Buffer | Readable, extra: Partial<ImportOptions> = {}) =>
    importCatalogue(ctx().db, input instanceof Readable ? input : Readable.from([Buffer.from(input)]), options(extra));
  const variantsOf = async (handle: string) =>
    ctx()
      .db.selectFrom("variants as v")
      .innerJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "v.product_id").on("t.locale", "=", "it"))
      .where("t.slug", "=", handle)
      .select(["v.size", "v.sku", "v.color_code"])
      .orderBy("v.position")
      .execute();
  const productOf = (handle: string) =>
    ctx()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.locale", "=", "it"))
      .innerJoin("categories as c", "c.id", "p.category_id")
      .where("t.slug", "=", handle)
      .select(["p.id", "p.status", "c.holding"])
      .executeTakeFirst();

  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("imports Shopify's own product_template.csv (dry run, then for real): a fourth kind of option is the size, sizes by name, no misleading duplicate", async () => {
    const dry = await run(fixture("product_template.csv"), { dryRun: true });
    expect(dry.fatal).toBeNull();
    expect(dry.errors).toEqual([]);
    expect(dry.products).toMatchObject({ create: 2, rejected: 0 });
    expect(dry.notes).toContainEqual(expect.objectContaining({ handle: "digital-product-the-history-of-rock-music", code: "optionAsSize", params: { name: "Format" } }));
    expect(dry.holding).toBe(2);
    const real = await run(fixture("product_template.csv"));
    expect(real.errors).toEqual([]);
    expect(real.products).toMatchObject({ create: 2, rejected: 0 });
    expect((await variantsOf("physical-product-the-band-t-shirt")).map((v) => v.size)).toEqual(["S", "S", "S", "M", "M", "M", "L", "L", "L", "XL", "XL", "XL"]);
    expect((await variantsOf("digital-product-the-history-of-rock-music")).map((v) => v.size)).toEqual(["PDF", "AUDIO", "KINDLE"]);
    // Types that name no category: drafts in the holding category, which the storefront never lists.
    const shirt = (await productOf("physical-product-the-band-t-shirt"))!;
    expect(shirt.status).toBe("draft");
    expect(Number(shirt.holding)).toBe(1);
    expect((await getMenu(ctx().db, "it")).map((c) => c.name)).not.toContain("Da rivedere");
    // A second run changes nothing.
    expect((await run(fixture("product_template.csv"))).products).toMatchObject({ create: 0, update: 0, unchanged: 2 });
  });

  it("imports the older product_template.csv and the apparel.csv sample: Default Title products, Small/Medium/Large, an empty Type", async () => {
    for (const name of ["product_template-2023.csv", "apparel.csv"]) {
      const dry = await run(fixture(name), { dryRun: true });
      expect(dry.errors, name).toEqual([]);
      const real = await run(fixture(name));
      expect(real.errors, name).toEqual([]);
      expect(real.products.rejected, name).toBe(0);
    }
    expect((await variantsOf("classic-varsity-top")).map((v) => v.size)).toEqual(["S", "M", "L"]);
    expect((await variantsOf("example-hat")).map((v) => v.size)).toEqual(["UNI"]);
    const top = (await productOf("classic-varsity-top"))!;
    expect(top.status).toBe("draft");
    expect(Number(top.holding)).toBe(1);
  });

  it("maps size names (SMALL, X-Large, Extra Large, XX-Small…) and keeps a third option aside with a note, not a rejection", async () => {
    const rows = [
      ["taglie-nomi", "Taglie", "Donna > Abiti", "Colore", "Nero", "Taglia", "SMALL", "Fabric", "Cotton", "TN-1", "10", "1"],
      ["taglie-nomi", "", "", "", "Nero", "", "X-Large", "", "Cotton", "TN-2", "10", "1"],
      ["taglie-nomi", "", "", "", "Nero", "", "Extra Large", "", "Linen", "TN-3", "10", "1"],
      ["taglie-nomi", "", "", "", "Nero", "", "XX-Small", "", "Cotton", "TN-4", "10", "1"],
      ["taglie-nomi", "", "", "", "Nero", "", "medium", "", "Cotton", "TN-5", "10", "1"],
    ];
    const report = await run(line(HEADER) + rows.map(line).join(""));
    expect(report.errors).toEqual([]);
    expect(report.notes).toContainEqual({ line: 2, handle: "taglie-nomi", code: "optionIgnored", params: { name: "Fabric" } });
    // "Extra Large" in Linen is "X-Large" without the fabric: skipped with a note.
    expect(report.notes).toContainEqual({ line: 4, handle: "taglie-nomi", code: "variantMerged", params: { line: "3", name: "Fabric" } });
    expect((await variantsOf("taglie-nomi")).map((v) => v.size)).toEqual(["S", "XL", "XXS", "M"]);
  });

  it("refuses a file past the byte or row limits, with the limit in the message, writing nothing", async () => {
    const text = line(HEADER) + Array.from({ length: 30 }, (_, i) => line([`riga-${i}`, "R", "Donna > Abiti", "", "", "", "", "", "", `RL-${i}`, "10", "1"])).join("");
    const rows = await run(text, { limits: { maxBytes: 1_000_000, maxRows: 20, maxVariantsPerProduct: 100 } });
    expect(rows.fatal).toEqual({ code: "tooManyRows", max: "20" });
    const bytes = await run(text, { limits: { maxBytes: 1024 * 1024, maxRows: 1000, maxVariantsPerProduct: 100 } });
    expect(bytes.fatal).toBeNull();
    const small = await run(text + "x".repeat(2 * 1024 * 1024), { dryRun: true, limits: { maxBytes: 1024 * 1024, maxRows: 1000, maxVariantsPerProduct: 100 } });
    expect(small.fatal).toEqual({ code: "tooBig", max: "1" });
  });

  it("refuses a product of 100 000 sizes by the cap, with a message, without a 500 or too many SQL variables", async () => {
    const report = await run(chunked(manySizes("centomila-taglie", 100_000)));
    expect(report.fatal).toBeNull();
    expect(report.errors).toEqual([{ line: 2, handle: "centomila-taglie", code: "tooManyVariants", params: { variants: "100000", max: "5000" } }]);
    expect(report.rowsRejected).toBe(100_000);
    expect(await productOf("centomila-taglie")).toBeUndefined();
  }, 60_000);

  it("writes a product of 5 000 sizes in batched statements on both databases, each with its first price", async () => {
    const report = await run(chunked(manySizes("cinquemila-taglie", 5_000)));
    expect(report.errors).toEqual([]);
    expect(report.variants.create).toBe(5_000);
    const variants = await variantsOf("cinquemila-taglie");
    expect(variants).toHaveLength(5_000);
    const prices = await ctx()
      .db.selectFrom("price_history")
      .where("variant_id", "in", (eb) => eb.selectFrom("variants").select("id").where("sku", "like", "CINQUEMILA-TAGLIE-%"))
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(prices.n)).toBe(5_000);
    // Again: every variant found, nothing written.
    const again = await run(chunked(manySizes("cinquemila-taglie", 5_000)));
    expect(again.products).toMatchObject({ unchanged: 1, update: 0 });
  }, 120_000);

  it("checks a big file without holding the event loop more than 50 ms at a time", async () => {
    // 20 000 rows: 4 000 products of 5 sizes, as a 1 MiB-chunked upload is read back.
    let text = line(HEADER);
    for (let p = 0; p < 4_000; p++)
      for (let s = 0; s < 5; s++) text += line([`grande-${p}`, s ? "" : `Capo ${p}`, s ? "" : "Donna > Abiti", s ? "" : "Colore", "Nero", s ? "" : "Taglia", ["XS", "S", "M", "L", "XL"][s], "", "", `GR-${p}-${s}`, "49.00", "3"]);
    // The timer's lateness is how long something held the loop. On a machine shared with other
    // work the process may also simply not be scheduled: a gap counts only for the CPU time this
    // process used during it (a preempted process uses none).
    let worst = 0;
    let last = performance.now();
    let lastCpu = process.cpuUsage();
    const started = performance.now();
    const measure = (due: number) => {
      const now = performance.now();
      const cpu = process.cpuUsage(lastCpu);
      worst = Math.max(worst, Math.min(now - last - due, (cpu.user + cpu.system) / 1000));
      last = now;
      lastCpu = process.cpuUsage();
    };
    const timer = setInterval(() => measure(5), 5);
    const report = await run(chunked(text), { dryRun: true });
    // The stretch since the last tick counts too (a run that never lets the timer fire held the loop throughout).
    measure(0);
    clearInterval(timer);
    expect(report.fatal).toBeNull();
    expect(report.products.create).toBe(4_000);
    expect(performance.now() - started).toBeGreaterThan(100);
    expect(worst).toBeLessThan(50);
  }, 120_000);
});
