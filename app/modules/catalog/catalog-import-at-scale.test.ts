import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "~/db/seed/seed.server";
import { csvLine } from "~/utils/csv.server";
import { createTestDatabase } from "../../../tests/support/databases";
import { importCatalogue } from "./catalog-import.service.server";

// Issue 24: "A Shopify-format CSV of 10 000 rows (generated in the test) imports in under a
// minute on SQLite with flat memory; a second run changes nothing." The file is written to disk
// and read back as a stream; each product's description is long (≈ 8 KB), so a file held in
// memory would show in the heap.
const PRODUCTS = 2_000;
const COLOURS = ["Nero", "Avorio", "Sabbia", "Blu notte", "Salvia"];
const SIZES = ["XS", "S", "M", "L", "XL"];
const ROWS = PRODUCTS * 5;

/** A full garbage collection before each measure, so the heap shows what is held, not what waits to be collected. */
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const heapUsed = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

describe("Shopify CSV import at scale [sqlite]", () => {
  let dir: string;
  let file: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await seedDatabase(database.db);
    dir = await mkdtemp(path.join(tmpdir(), "bottega-import-"));
    file = path.join(dir, "products.csv");
    const out = createWriteStream(file);
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, "drain");
    };
    await write(csvLine(["Handle", "Title", "Body (HTML)", "Vendor", "Type", "Tags", "Published", "Option1 Name", "Option1 Value", "Option2 Name", "Option2 Value", "Variant SKU", "Variant Inventory Qty", "Variant Price", "Variant Compare At Price", "Status"]));
    const paragraph = "<p>Un capo cucito in Italia, in tessuto naturale, con rifiniture a mano e una vestibilità morbida che accompagna il movimento.</p>".repeat(64);
    for (let p = 0; p < PRODUCTS; p++) {
      const handle = `capo-prova-${p}`;
      for (let v = 0; v < 5; v++) {
        const first = v === 0;
        await write(
          csvLine([
            handle,
            first ? `Capo di prova ${p}` : "",
            first ? paragraph : "",
            first ? "" : "",
            first ? (p % 2 ? "Donna > Abiti" : "Men > Shirts") : "",
            first ? "prova, scala" : "",
            first ? "TRUE" : "",
            first ? "Colore" : "",
            COLOURS[(p + v) % COLOURS.length],
            first ? "Taglia" : "",
            SIZES[v],
            `CP-${p}-${v}`,
            String((p + v) % 7),
            `${80 + (p % 50)}.00`,
            p % 3 === 0 ? `${150 + (p % 50)}.00` : "",
            first ? "active" : "",
          ]),
        );
      }
    }
    out.end();
    await once(out, "finish");
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    "imports 10 000 rows from a file stream in under a minute with flat memory; a second run changes nothing",
    async () => {
      const { db } = database;
      const size = (await stat(file)).size;
      expect(size).toBeGreaterThan(15 * 1024 * 1024);
      const options = { dryRun: false, actor: { kind: "cli" } as const, origin: "http://localhost:3000", source: "scale.csv" };

      const heapBefore = heapUsed();
      let peak = heapBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 20);
      const started = performance.now();
      const report = await importCatalogue(db, createReadStream(file), options);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const heapAfter = heapUsed();

      expect(report.fatal).toBeNull();
      expect(report.errors).toEqual([]);
      expect(report).toMatchObject({ rows: ROWS, rowsAccepted: ROWS, products: { create: PRODUCTS, update: 0, unchanged: 0, rejected: 0 } });
      expect(seconds).toBeLessThan(60);
      // The file is over 15 MB (over 30 MB as JS strings): a run that kept it would hold that much
      // after it; what a run keeps is the report and the file's SKUs and handles.
      expect(heapAfter - heapBefore).toBeLessThan(12 * 1024 * 1024);
      // Sampled without collections, the peak includes garbage not yet collected: logged, not bound.
      console.log(
        `10 000 rows (${(size / 1048576).toFixed(1)} MB): ${seconds.toFixed(1)} s; heap +${((heapAfter - heapBefore) / 1048576).toFixed(1)} MB after, +${((peak - heapBefore) / 1048576).toFixed(1)} MB at the sampled peak`,
      );

      const count = async (table: "variants" | "price_history" | "products") => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      const revision = async () => String((await db.selectFrom("catalog_revision").select("revision").executeTakeFirstOrThrow()).revision);
      const before = { variants: await count("variants"), prices: await count("price_history"), products: await count("products"), revision: await revision() };
      const again = await importCatalogue(db, createReadStream(file), options);
      expect(again.products).toEqual({ create: 0, update: 0, unchanged: PRODUCTS, rejected: 0 });
      expect({ variants: await count("variants"), prices: await count("price_history"), products: await count("products"), revision: await revision() }).toEqual(before);
    },
    180_000,
  );
});
