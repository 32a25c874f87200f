import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { catalogueChanged } from "~/modules/catalog/catalog-write.server";
import type { CsvCell } from "~/utils/csv.server";
import { findVariantsBySkus, listStoreStock, listVariantsForStockCsv, upsertStoreQuantity } from "./store-stock.repository.server";
import { listStockingStores } from "./store-stock.service.server";

// The stores' stock as CSV (issue 41 part 3): one line per size and store, as Shopify's
// inventory file has one per item and location ("SKU", "Location", "On hand"), the product,
// colour and size beside it for whoever edits it in a spreadsheet. The same file comes back in:
// every line checked first (a SKU the shop has, a store that holds stock, a whole number); one
// refusal and nothing is written; otherwise each changed quantity is a count, audited.

export const STORE_STOCK_CSV_HEADER = ["SKU", "Product", "Colour", "Size", "Location", "On hand"] as const;
/** At most this many lines per file (a shop of 2 000 sizes in six stores is 12 000). */
export const STORE_STOCK_CSV_MAX_ROWS = 50_000;
export const STORE_STOCK_CSV_MAX_BYTES = 4 * 1024 * 1024;
const PAGE = 500;

/** Every size of every product in every stocking store (zero included), a page of variants at a time. */
export async function* storeStockCsvRows(db: Kysely<Database>, locale: Locale): AsyncIterable<CsvCell[]> {
  const stores = await listStockingStores(db);
  for (let after = 0; ; ) {
    const variants = await listVariantsForStockCsv(db, locale, after, PAGE);
    if (!variants.length) return;
    const held = new Map((await listStoreStock(db, variants.map((v) => v.id))).map((row) => [`${row.variantId}|${row.storeId}`, row.quantity]));
    for (const variant of variants) {
      for (const store of stores) yield [variant.sku, variant.name, variant.colorName, variant.size, store.name, held.get(`${variant.id}|${store.id}`) ?? 0];
    }
    after = variants[variants.length - 1].id;
  }
}

/** The export, in the audit log (who took the stores' stock out of the shop, when). */
export async function recordStoreStockExport(db: Kysely<Database>, actor: AuditActor, fileName: string): Promise<void> {
  await recordAudit(db, { actor, action: "store-stock.export", entityType: "store-stock", entityId: "csv", summary: fileName });
}

export interface StoreStockImportError {
  /** The file's line (the header is line 1). */
  line: number;
  /** A translation key (atelier-variants:csv.errors.*) and its values. */
  key: string;
  values?: Record<string, string>;
}

export type StoreStockImportResult = { status: "applied"; changed: number; unchanged: number } | { status: "refused"; errors: StoreStockImportError[] };

const MAX_ERRORS = 20;

/** Reads a store stock file and, when every line is sound, sets each changed quantity. */
export async function importStoreStockCsv(db: Kysely<Database>, text: string, actor: AuditActor, now = new Date()): Promise<StoreStockImportResult> {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true, to_line: STORE_STOCK_CSV_MAX_ROWS + 2 });
  } catch (error) {
    if (error instanceof CsvError) return { status: "refused", errors: [{ line: Number(error.lines ?? 0) || 1, key: "atelier-variants:csv.errors.unreadable" }] };
    throw error;
  }
  const first = records[0] ?? {};
  const missing = ["SKU", "Location", "On hand"].filter((column) => !(column in first));
  if (!records.length || missing.length) return { status: "refused", errors: [{ line: 1, key: "atelier-variants:csv.errors.header", values: { columns: missing.join(", ") || "SKU, Location, On hand" } }] };
  if (records.length > STORE_STOCK_CSV_MAX_ROWS) return { status: "refused", errors: [{ line: STORE_STOCK_CSV_MAX_ROWS + 2, key: "atelier-variants:csv.errors.tooMany", values: { max: String(STORE_STOCK_CSV_MAX_ROWS) } }] };

  const stores = new Map((await listStockingStores(db)).map((store) => [store.name.toLowerCase(), store]));
  const skus = [...new Set(records.map((record) => record.SKU).filter(Boolean))];
  const variants = new Map<string, { id: number; productId: number }>();
  for (let i = 0; i < skus.length; i += PAGE) for (const v of await findVariantsBySkus(db, skus.slice(i, i + PAGE))) variants.set(v.sku, v);

  const errors: StoreStockImportError[] = [];
  const wanted = new Map<string, { line: number; variantId: number; productId: number; storeId: number; storeName: string; sku: string; quantity: number }>();
  records.forEach((record, index) => {
    const line = index + 2;
    const fail = (key: string, values?: Record<string, string>) => errors.length < MAX_ERRORS && errors.push({ line, key: `atelier-variants:csv.errors.${key}`, values });
    const variant = variants.get(record.SKU);
    const store = stores.get((record.Location ?? "").toLowerCase());
    const onHand = record["On hand"] ?? "";
    if (!variant) return void fail("sku", { sku: (record.SKU ?? "").slice(0, 60) });
    if (!store) return void fail("location", { location: (record.Location ?? "").slice(0, 60) });
    if (!/^\d{1,5}$/.test(onHand)) return void fail("quantity", { value: onHand.slice(0, 20) });
    const key = `${variant.id}|${store.id}`;
    if (wanted.has(key)) return void fail("twice", { sku: record.SKU, location: store.name, first: String(wanted.get(key)!.line) });
    wanted.set(key, { line, variantId: variant.id, productId: variant.productId, storeId: store.id, storeName: store.name, sku: record.SKU, quantity: Number(onHand) });
  });
  if (errors.length) return { status: "refused", errors };

  const lines = [...wanted.values()];
  return db.transaction().execute(async (trx) => {
    const current = new Map<string, number>();
    for (let i = 0; i < lines.length; i += PAGE) {
      for (const row of await listStoreStock(trx, [...new Set(lines.slice(i, i + PAGE).map((l) => l.variantId))])) current.set(`${row.variantId}|${row.storeId}`, row.quantity);
    }
    const changed = lines.filter((l) => (current.get(`${l.variantId}|${l.storeId}`) ?? 0) !== l.quantity);
    const at = now.toISOString();
    for (const l of changed) {
      await upsertStoreQuantity(trx, l.storeId, l.variantId, l.quantity, at);
      await recordAudit(trx, {
        actor,
        action: "store-stock.count",
        entityType: "store-stock",
        entityId: l.productId,
        before: { quantity: current.get(`${l.variantId}|${l.storeId}`) ?? 0 },
        after: { quantity: l.quantity },
        summary: `${l.sku}, ${l.storeName} (CSV)`,
        at: now,
      });
    }
    await catalogueChanged(trx, [...new Set(changed.map((l) => l.productId))], now);
    return { status: "applied" as const, changed: changed.length, unchanged: lines.length - changed.length };
  });
}
