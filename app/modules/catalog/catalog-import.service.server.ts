import { Transform, type Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import type { Kysely } from "kysely";
import type { Database, ProductStatus } from "~/db/schema";
import {
  type AuditActor,
  recordAudit,
} from "~/modules/audit/audit.service.server";
import { notifyBackInStock } from "~/modules/backstock/backstock.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import {
  type AssetFiles,
  type PreparedImage,
  discardPreparedImage,
  removeAssetFiles,
} from "~/modules/media/media.service.server";
import { photoVariantKeyOfPath } from "~/modules/media/media-urls";
import { wakeMediaWorkers } from "~/modules/media/media-worker.server";
import {
  type PhotoRow,
  listPhotosOfProductsForExchange,
  removePhotosIn,
  updatePhotoIn,
} from "~/modules/media/product-photos.service.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { recordPathChanges } from "~/modules/seo/slug-redirect.service.server";
import type { CsvCell } from "~/utils/csv.server";
import { isValidSku, isValidSlug, normalizeSku } from "./catalog-rules";
import { catalogueChanged, recordPriceChange } from "./catalog-write.server";
import { htmlToMarkdown, markdownToHtml } from "./catalog-import-html";
import {
  createImportedColour,
  ingestImportedImage,
  prepareImportedImage,
} from "./catalog-import-hooks.server";
import {
  type ColourRow,
  type ProductChange,
  type StoredProduct,
  type StoredVariant,
  type TranslationRow,
  type VariantChange,
  insertProduct,
  insertTranslation,
  insertVariant,
  selectCategories,
  selectCategoryGarments,
  selectColours,
  selectExportPage,
  selectManufacturers,
  selectProductsByHandle,
  selectSkuOwners,
  selectSlugOwners,
  selectVariantsOfProducts,
  updateProduct,
  updateTranslation,
  updateVariant,
} from "./catalog-import.repository.server";
import {
  type FetchedImage,
  type ImageFetcher,
  fetchImage,
} from "./image-fetch.server";
import {
  DEFAULT_TITLE_VALUE,
  EXPORT_COLUMNS,
  type HeaderMap,
  type Row,
  SHOPIFY_COLUMNS,
  formatPrice,
  nameKey,
  normalizeTags,
  optionKind,
  parseBoolean,
  parsePrice,
  parseQuantity,
  pathKey,
  readHeader,
  rowOf,
} from "./shopify-csv";
import { DEFAULT_COLOR_HEX, adoptVariantPricesIn } from "./variant-admin.service.server";
import {
  COLOR_NAME_MAX_LENGTH,
  colorCodeFor,
  isCompareAtAbove,
  isValidPrice,
  isValidSize,
  isValidStock,
  normalizeColorName,
  normalizeSize,
  skuPrefixOf,
  suggestSku,
} from "./variant-pricing";

// The catalogue in Shopify's product CSV format (docs/decisions/024-shopify-catalogue-import.md):
// import, dry run first, idempotent by Handle, and export. The file is read as a stream, its rows
// grouped by Handle (a product's rows are consecutive), and handled a batch of products at a
// time: the batch's products, variants, SKUs and slugs are looked up in a few queries, compared
// with the file, and only what differs is written, in one transaction per batch that also keeps
// the storefront current (catalogueChanged) and records an audit entry per product.

/** Products per batch: one transaction and one catalogueChanged each. */
export const IMPORT_BATCH_PRODUCTS = 50;
/** The report keeps this many issues (and outcomes); more are counted, not listed. */
const MAX_LISTED = 1000;
/** A record (one row, multi-line cells included) longer than this is refused as malformed. */
const MAX_RECORD_CHARS = 4_000_000;
/** Image fetches at once during a real run. */
const FETCH_CONCURRENCY = 4;
/** The colour of a product whose file names no colour option, and the size of one without a size. */
export const SINGLE_COLOUR = {
  hex: "#8C8479",
  nameIt: "Colore unico",
  nameEn: "Single colour",
} as const;
export const ONE_SIZE = "UNI";

export type ImportErrorCode =
  | "missingHandle"
  | "invalidHandle"
  | "handleRepeated"
  | "missingTitle"
  | "missingPrice"
  | "badPrice"
  | "badCompareAt"
  | "badQuantity"
  | "invalidSku"
  | "duplicateSkuInFile"
  | "skuTaken"
  | "generatedSkuInvalid"
  | "unknownOption"
  | "tooManyOptions"
  | "duplicateOption"
  | "optionNameChanged"
  | "missingOptionValue"
  | "badSize"
  | "badColour"
  | "duplicateVariant"
  | "badStatus"
  | "badPublished"
  | "badImageUrl"
  | "badImagePosition"
  | "invalidHandleEn"
  | "slugTakenEn"
  | "noVariants"
  | "productRejected";

export type ImportNoteCode =
  | "unknownCategory"
  | "noCategory"
  | "unknownVendor"
  | "newColour"
  | "compareAtIgnored"
  | "imageFailed"
  | "titleOption";

export interface ImportIssue<
  C extends string = ImportErrorCode | ImportNoteCode,
> {
  line: number;
  handle?: string;
  code: C;
  params?: Record<string, string>;
}

export type ImportFatal =
  | { code: "empty" }
  | { code: "noRows" }
  | { code: "notText" }
  | { code: "noCategories" }
  | { code: "malformed"; line: number }
  | { code: "missingColumns"; columns: string[] }
  | { code: "duplicateColumn"; column: string };

export type ProductOutcome = "create" | "update" | "unchanged" | "rejected";

export interface ImportReport {
  dryRun: boolean;
  fatal: ImportFatal | null;
  rows: number;
  rowsAccepted: number;
  rowsRejected: number;
  products: Record<ProductOutcome, number>;
  variants: { create: number; update: number };
  images: {
    fetch: number;
    fetched: number;
    updated: number;
    removed: number;
    failed: number;
  };
  /** Colours the run created (or, in a dry run, would create), by name. */
  newColours: string[];
  ignoredColumns: string[];
  errors: ImportIssue<ImportErrorCode>[];
  errorsNotListed: number;
  notes: ImportIssue<ImportNoteCode>[];
  notesNotListed: number;
  outcomes: {
    handle: string;
    line: number;
    outcome: ProductOutcome;
    productId?: number;
  }[];
  outcomesNotListed: number;
}

export interface ImportOptions {
  dryRun: boolean;
  actor: AuditActor;
  /** The shop's origin, for the back-in-stock e-mails a restock sends. */
  origin: string;
  /** What the summary audit entry names (the file). */
  source?: string;
  fetchImage?: ImageFetcher;
  /** Where the photographs fetched go (the media storage): needed by a real run of a file with images. */
  storage?: MediaStorage;
  batchSize?: number;
  now?: () => Date;
}

function emptyReport(dryRun: boolean): ImportReport {
  return {
    dryRun,
    fatal: null,
    rows: 0,
    rowsAccepted: 0,
    rowsRejected: 0,
    products: { create: 0, update: 0, unchanged: 0, rejected: 0 },
    variants: { create: 0, update: 0 },
    images: { fetch: 0, fetched: 0, updated: 0, removed: 0, failed: 0 },
    newColours: [],
    ignoredColumns: [],
    errors: [],
    errorsNotListed: 0,
    notes: [],
    notesNotListed: 0,
    outcomes: [],
    outcomesNotListed: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Lookups: the tree, the colours and the makers, read once a run.

interface Lookups {
  categoryByPath: Map<string, number>;
  categoryPath: Map<number, { it: string; en: string }>;
  placeholderCategoryId: number | null;
  garmentOf: (categoryId: number) => string;
  colourByName: Map<string, Colour>;
  colourByCode: Map<string, Colour>;
  manufacturerByName: Map<string, number>;
}

async function loadLookups(db: Kysely<Database>): Promise<Lookups> {
  const [categories, garments, colours, manufacturers] = await Promise.all([
    selectCategories(db),
    selectCategoryGarments(db),
    selectColours(db),
    selectManufacturers(db),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const categoryPath = new Map<number, { it: string; en: string }>();
  const pathOf = (id: number, depth = 0): { it: string; en: string } => {
    const known = categoryPath.get(id);
    if (known) return known;
    const c = byId.get(id)!;
    const parent =
      c.parentId !== null && byId.has(c.parentId) && depth < 20
        ? pathOf(c.parentId, depth + 1)
        : null;
    const path = {
      it: parent ? `${parent.it} > ${c.nameIt}` : c.nameIt,
      en: parent ? `${parent.en} > ${c.nameEn}` : c.nameEn,
    };
    categoryPath.set(id, path);
    return path;
  };
  const categoryByPath = new Map<string, number>();
  for (const c of categories) {
    const path = pathOf(c.id);
    if (!categoryByPath.has(pathKey(path.it)))
      categoryByPath.set(pathKey(path.it), c.id);
    if (!categoryByPath.has(pathKey(path.en)))
      categoryByPath.set(pathKey(path.en), c.id);
  }
  const best = new Map<number, { garment: string; products: number }>();
  for (const g of garments) {
    const current = best.get(g.categoryId);
    if (!current || g.products > current.products)
      best.set(g.categoryId, { garment: g.garment, products: g.products });
  }
  const garmentOf = (categoryId: number): string => {
    for (
      let id: number | null = categoryId, depth = 0;
      id !== null && depth < 20;
      depth++
    ) {
      const found = best.get(id);
      if (found) return found.garment;
      id = byId.get(id)?.parentId ?? null;
    }
    return "dress";
  };
  const colourByName = new Map<string, Colour>();
  const colourByCode = new Map<string, Colour>();
  for (const c of colours) addColour(colourByName, colourByCode, c);
  const manufacturerByName = new Map<string, number>();
  for (const m of manufacturers)
    if (!manufacturerByName.has(nameKey(m.name)))
      manufacturerByName.set(nameKey(m.name), m.id);
  return {
    categoryByPath,
    categoryPath,
    placeholderCategoryId:
      categories.find((c) => c.parentId === null)?.id ??
      categories[0]?.id ??
      null,
    garmentOf,
    colourByName,
    colourByCode,
    manufacturerByName,
  };
}

/** A colour as the import knows it (its swatch is the owner's business in Atelier). */
type Colour = Pick<ColourRow, "code" | "hex" | "nameIt" | "nameEn">;

function addColour(
  byName: Map<string, Colour>,
  byCode: Map<string, Colour>,
  c: Colour,
) {
  byCode.set(c.code, c);
  // A code matches first (it is unique), then the Italian name, then the English one.
  for (const key of [c.code, nameKey(c.nameIt), nameKey(c.nameEn)])
    if (key && !byName.has(key)) byName.set(key, c);
}

// ---------------------------------------------------------------------------------------------
// Reading the file.

interface RowIn {
  line: number;
  row: Row;
}

interface Group {
  handle: string;
  rows: RowIn[];
}

interface RunState {
  db: Kysely<Database>;
  options: ImportOptions;
  now: () => Date;
  header: HeaderMap | null;
  lookups: Lookups;
  report: ImportReport;
  handlesSeen: Set<string>;
  /** SKU → the line that holds it, over the whole file. */
  skusSeen: Map<string, number>;
  /** English slug → the handle that takes it, over the whole file. */
  enSlugsSeen: Map<string, string>;
  /** Colours a dry run would create, so that later products count them as known. */
  plannedColours: Map<string, Colour>;
  reportedColours: Set<string>;
}

/** Line breaks in a record's raw text (CRLF, LF or CR), to number the rows as an editor does. */
function lineBreaks(raw: string): number {
  let count = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 10) count++;
    else if (c === 13 && raw.charCodeAt(i + 1) !== 10) count++;
  }
  return count;
}

class NotText extends Error {}

/** Refuses a binary file from its first bytes (a NUL byte in the first 64 KiB): it is no CSV. */
function textGuard(): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (seen < 65_536 && chunk.subarray(0, 65_536 - seen).includes(0))
        return callback(new NotText());
      seen += chunk.length;
      callback(null, chunk);
    },
  });
}

/**
 * Imports (or, with dryRun, only checks) a Shopify product CSV read from `input`. Never holds the
 * file: rows are grouped by Handle and handled a batch of products at a time. The report lists
 * what was (or would be) created, updated and left unchanged, and each refused row with its line.
 */
export async function importCatalogue(
  db: Kysely<Database>,
  input: Readable,
  options: ImportOptions,
): Promise<ImportReport> {
  const now = options.now ?? (() => new Date());
  const report = emptyReport(options.dryRun);
  const state: RunState = {
    db,
    options,
    now,
    header: null,
    lookups: await loadLookups(db),
    report,
    handlesSeen: new Set(),
    skusSeen: new Map(),
    enSlugsSeen: new Map(),
    plannedColours: new Map(),
    reportedColours: new Set(),
  };
  const guard = textGuard();
  const parser = parse({
    bom: true,
    raw: true,
    info: true,
    relax_column_count: true,
    relax_quotes: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  input.on("error", (error) => guard.destroy(error));
  guard.on("error", (error) => parser.destroy(error));
  input.pipe(guard).pipe(parser);

  let line = 1;
  let group: Group | null = null;
  let batch: Group[] = [];
  const size = options.batchSize ?? IMPORT_BATCH_PRODUCTS;
  try {
    if (state.lookups.placeholderCategoryId === null) {
      report.fatal = { code: "noCategories" };
    } else {
      for await (const { record, raw } of parser as AsyncIterable<{
        record: string[];
        raw: string;
      }>) {
        const start = line;
        line += lineBreaks(raw);
        if (record.every((cell) => cell.trim() === "")) continue;
        if (!state.header) {
          const read = readHeader(record);
          if (!read.ok) {
            report.fatal = read.problem;
            break;
          }
          state.header = read.header;
          report.ignoredColumns = read.header.ignored;
          continue;
        }
        report.rows++;
        const row = rowOf(state.header, record);
        const handle = (row.handle ?? "").trim();
        if (group && handle === group.handle) {
          group.rows.push({ line: start, row });
          continue;
        }
        if (!handle || state.handlesSeen.has(handle)) {
          // A row without a Handle, or of a product whose rows ended earlier in the file.
          rejectRows(state, [start]);
          addError(state, {
            line: start,
            handle: handle || undefined,
            code: handle ? "handleRepeated" : "missingHandle",
          });
          continue;
        }
        if (group) {
          batch.push(group);
          if (batch.length >= size) {
            await handleBatch(state, batch);
            batch = [];
          }
        }
        group = { handle, rows: [{ line: start, row }] };
        state.handlesSeen.add(handle);
      }
    }
  } catch (error) {
    if (error instanceof NotText) report.fatal = { code: "notText" };
    else if (error instanceof CsvError)
      report.fatal = {
        code: "malformed",
        line: (error as CsvError & { lines?: number }).lines ?? line,
      };
    else throw error;
  } finally {
    input.unpipe();
    parser.destroy();
    input.destroy();
  }
  if (!report.fatal) {
    if (group) batch.push(group);
    if (batch.length) await handleBatch(state, batch);
    if (!state.header) report.fatal = { code: "empty" };
    else if (report.rows === 0) report.fatal = { code: "noRows" };
  }
  // Listed in the file's order (a product's refusal is found after its rows).
  report.errors.sort((a, b) => a.line - b.line);
  report.notes.sort((a, b) => a.line - b.line);
  if (!options.dryRun && report.rows > 0) {
    await recordAudit(db, {
      actor: options.actor,
      action: "catalog.import",
      entityType: "catalog",
      entityId: "shopify-csv",
      after: {
        source: options.source ?? null,
        rows: report.rows,
        rowsRejected: report.rowsRejected,
        created: report.products.create,
        updated: report.products.update,
        unchanged: report.products.unchanged,
        rejected: report.products.rejected,
        imagesFetched: report.images.fetched,
        imagesFailed: report.images.failed,
        fatal: report.fatal?.code ?? null,
      },
      summary: `Shopify CSV ${options.source ?? ""}`.trim(),
      at: now(),
    });
  }
  return report;
}

function addError(state: RunState, issue: ImportIssue<ImportErrorCode>) {
  if (state.report.errors.length < MAX_LISTED) state.report.errors.push(issue);
  else state.report.errorsNotListed++;
}

function addNote(state: RunState, issue: ImportIssue<ImportNoteCode>) {
  if (state.report.notes.length < MAX_LISTED) state.report.notes.push(issue);
  else state.report.notesNotListed++;
}

function rejectRows(state: RunState, lines: number[]) {
  state.report.rowsRejected += lines.length;
}

function addOutcome(
  state: RunState,
  outcome: ImportReport["outcomes"][number],
) {
  state.report.products[outcome.outcome]++;
  if (state.report.outcomes.length < MAX_LISTED)
    state.report.outcomes.push(outcome);
  else state.report.outcomesNotListed++;
}

// ---------------------------------------------------------------------------------------------
// One product's rows → what the file says of it (checked on its own, before the database).

interface ColourChoice {
  code: string;
  /** A colour to create first (findOrCreateColor: the code above is its prediction). */
  create?: Colour;
}

interface VariantPlan {
  line: number;
  colour: ColourChoice;
  size: string;
  sku?: string;
  priceCents: number;
  /** undefined: the column is absent (keep); null: none. */
  compareAtCents?: number | null;
  stock?: number;
}

interface ImagePlan {
  line: number;
  url: string;
  position: number;
  altIt: string;
  altEn?: string;
  /** The colour the file ties it to (Variant Image): a code, null for several colours, undefined: not said. */
  colour?: string | null;
}

interface ProductPlan {
  handle: string;
  line: number;
  lines: number[];
  it: Partial<TranslationRow> & { name: string };
  en: Partial<TranslationRow>;
  /** The file's HTML, to compare as the export would write it. */
  bodyHtml: { it?: string; en?: string };
  category:
    | { state: "matched"; id: number }
    | { state: "unknown"; type: string }
    | { state: "empty" }
    | { state: "absent" };
  manufacturerId?: number | null;
  status?: ProductStatus;
  variants: VariantPlan[];
  images?: ImagePlan[];
  notes: ImportIssue<ImportNoteCode>[];
}

const present = (row: Row, key: keyof Row) => row[key] !== undefined;
const filled = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== "";

function planProduct(
  state: RunState,
  group: Group,
): { plan: ProductPlan | null; errors: ImportIssue<ImportErrorCode>[] } {
  const { handle } = group;
  const errors: ImportIssue<ImportErrorCode>[] = [];
  const notes: ImportIssue<ImportNoteCode>[] = [];
  const first = group.rows[0];
  const f = first.row;
  const err = (
    line: number,
    code: ImportErrorCode,
    params?: Record<string, string>,
  ) => errors.push({ line, handle, code, params });
  const note = (
    line: number,
    code: ImportNoteCode,
    params?: Record<string, string>,
  ) => notes.push({ line, handle, code, params });

  if (!isValidSlug(handle))
    err(first.line, "invalidHandle", { value: handle.slice(0, 80) });
  const title = (f.title ?? "").trim();
  if (!title) err(first.line, "missingTitle");

  // Options: named on the first row (later rows may repeat the same names).
  const names = [f.option1Name, f.option2Name, f.option3Name].map((n) =>
    (n ?? "").trim(),
  );
  const kinds = names.map((n) => (n ? optionKind(n) : null));
  let colourAt = -1;
  let sizeAt = -1;
  const used = kinds.filter((k) => k && k !== "title").length;
  if (used > 2)
    err(first.line, "tooManyOptions", {
      names: names.filter(Boolean).join(", "),
    });
  for (const [i, kind] of kinds.entries()) {
    if (kind === "other")
      err(first.line, "unknownOption", { name: names[i].slice(0, 60) });
    if (kind === "title" && (i > 0 || used > 0))
      err(first.line, "unknownOption", { name: names[i].slice(0, 60) });
    if (kind === "color") {
      if (colourAt >= 0)
        err(first.line, "duplicateOption", { name: names[i].slice(0, 60) });
      else colourAt = i;
    }
    if (kind === "size") {
      if (sizeAt >= 0)
        err(first.line, "duplicateOption", { name: names[i].slice(0, 60) });
      else sizeAt = i;
    }
  }

  // Product fields.
  let status: ProductStatus | undefined;
  if (filled(f.status)) {
    const s = f.status.trim().toLowerCase();
    if (s === "draft" || s === "bozza") status = "draft";
    else if (s === "archived" || s === "archiviato") status = "archived";
    else if (s === "active" || s === "attivo" || s === "published")
      status = undefined;
    else err(first.line, "badStatus", { value: f.status.slice(0, 40) });
  }
  if (
    present(f, "published") &&
    status === undefined &&
    !errors.some((e) => e.code === "badStatus")
  ) {
    const published = filled(f.published) ? parseBoolean(f.published) : true;
    if (published === null)
      err(first.line, "badPublished", {
        value: (f.published ?? "").slice(0, 40),
      });
    else status = published ? "published" : "draft";
  } else if (
    filled(f.status) &&
    status === undefined &&
    !errors.some((e) => e.code === "badStatus")
  ) {
    status = "published";
  }

  let category: ProductPlan["category"] = { state: "absent" };
  if (present(f, "type")) {
    const type = (f.type ?? "").trim();
    if (!type) category = { state: "empty" };
    else {
      const id = state.lookups.categoryByPath.get(pathKey(type));
      category =
        id !== undefined
          ? { state: "matched", id }
          : { state: "unknown", type: type.slice(0, 120) };
    }
  }

  let manufacturerId: number | null | undefined;
  if (present(f, "vendor")) {
    const vendor = (f.vendor ?? "").trim();
    if (!vendor) manufacturerId = null;
    else {
      manufacturerId = state.lookups.manufacturerByName.get(nameKey(vendor));
      if (manufacturerId === undefined)
        note(first.line, "unknownVendor", { value: vendor.slice(0, 80) });
    }
  }

  const it: ProductPlan["it"] = { name: title, slug: handle };
  const en: ProductPlan["en"] = {};
  const bodyHtml: ProductPlan["bodyHtml"] = {};
  if (present(f, "body")) bodyHtml.it = f.body ?? "";
  if (present(f, "tags")) it.keywords = normalizeTags(f.tags ?? "");
  if (filled(f.seoTitle)) it.metaTitle = f.seoTitle.trim();
  if (filled(f.seoDescription)) it.metaDescription = f.seoDescription.trim();
  if (filled(f.titleEn)) en.name = f.titleEn.trim();
  if (filled(f.bodyEn)) bodyHtml.en = f.bodyEn;
  if (filled(f.tagsEn)) en.keywords = normalizeTags(f.tagsEn);
  if (filled(f.seoTitleEn)) en.metaTitle = f.seoTitleEn.trim();
  if (filled(f.seoDescriptionEn))
    en.metaDescription = f.seoDescriptionEn.trim();
  if (filled(f.handleEn)) {
    const slug = f.handleEn.trim();
    if (isValidSlug(slug)) en.slug = slug;
    else err(first.line, "invalidHandleEn", { value: slug.slice(0, 80) });
  }

  // Variants and images, row by row.
  const variants: VariantPlan[] = [];
  const seenPairs = new Map<string, number>();
  const images: ImagePlan[] = [];
  const imageUrls = new Set<string>();
  const groupSkus = new Map<string, number>();
  const hasImageColumn =
    state.header?.index.imageSrc !== undefined ||
    state.header?.index.variantImage !== undefined;
  const hasVariantImageColumn = state.header?.index.variantImage !== undefined;
  /** Variant Image URL → the colours of the variants naming it, and the first line naming it. */
  const tied = new Map<string, { colours: Set<string>; line: number }>();
  for (const { line, row } of group.rows) {
    for (const [i, key] of (
      ["option1Name", "option2Name", "option3Name"] as const
    ).entries()) {
      const name = (row[key] ?? "").trim();
      if (name && names[i] && nameKey(name) !== nameKey(names[i]))
        err(line, "optionNameChanged", { name: name.slice(0, 60) });
    }
    const values = [row.option1Value, row.option2Value, row.option3Value].map(
      (v) => (v ?? "").trim(),
    );
    const isVariant =
      values.some(Boolean) ||
      filled(row.sku) ||
      filled(row.price) ||
      filled(row.qty) ||
      filled(row.compareAt);
    if (isVariant) {
      if (filled(row.sku)) {
        const sku = normalizeSku(row.sku);
        const earlier = groupSkus.get(sku) ?? state.skusSeen.get(sku);
        if (earlier !== undefined)
          err(line, "duplicateSkuInFile", {
            sku: sku.slice(0, 90),
            line: String(earlier),
          });
        else groupSkus.set(sku, line);
      }
      const variant = planVariant(state, {
        line,
        row,
        values,
        colourAt,
        sizeAt,
        names,
        err,
        note,
      });
      if (variant) {
        const pair = `${variant.colour.code}|${variant.size.toUpperCase()}`;
        const other = seenPairs.get(pair);
        if (other !== undefined)
          err(line, "duplicateVariant", { line: String(other) });
        else seenPairs.set(pair, line);
        variants.push(variant);
        if (filled(row.variantImage)) {
          const url = row.variantImage.trim();
          if (!isImageUrl(url))
            err(line, "badImageUrl", { value: url.slice(0, 120) });
          else {
            const tie = tied.get(url) ?? { colours: new Set<string>(), line };
            tie.colours.add(variant.colour.code);
            tied.set(url, tie);
          }
        }
      }
    }
    if (filled(row.imageSrc)) {
      const url = row.imageSrc.trim();
      const valid = isImageUrl(url);
      let position = images.length + 1;
      if (filled(row.imagePosition)) {
        const p = parseQuantity(row.imagePosition);
        if (p === null || p < 1 || p > 1000)
          err(line, "badImagePosition", {
            value: row.imagePosition.slice(0, 20),
          });
        else position = p;
      }
      if (!valid) err(line, "badImageUrl", { value: url.slice(0, 120) });
      else if (!imageUrls.has(url)) {
        imageUrls.add(url);
        images.push({
          line,
          url,
          position,
          altIt: (row.imageAlt ?? "").trim(),
          altEn: filled(row.imageAltEn) ? row.imageAltEn.trim() : undefined,
        });
      }
    }
  }
  // A Variant Image not listed as an Image Src is one of the product's photographs too, after the others.
  for (const [url, tie] of tied) {
    if (imageUrls.has(url)) continue;
    imageUrls.add(url);
    images.push({
      line: tie.line,
      url,
      position: Math.max(0, ...images.map((i) => i.position)) + 1,
      altIt: "",
    });
  }
  // The colour a photograph shows: the one colour whose variants name it; several: every colour.
  if (hasVariantImageColumn) {
    for (const image of images) {
      const colours = tied.get(image.url)?.colours;
      if (colours) image.colour = colours.size === 1 ? [...colours][0] : null;
    }
  }
  if (!variants.length && !errors.length) err(first.line, "noVariants");
  // A SKU counts as taken for the rest of the file even when its product is refused: the file
  // holds it twice either way.
  for (const [sku, line] of groupSkus) state.skusSeen.set(sku, line);
  if (errors.length) return { plan: null, errors };
  return {
    plan: {
      handle,
      line: first.line,
      lines: group.rows.map((r) => r.line),
      it,
      en,
      bodyHtml,
      category,
      manufacturerId,
      status,
      variants,
      images: hasImageColumn
        ? images.sort((a, b) => a.position - b.position)
        : undefined,
      notes,
    },
    errors,
  };
}

/** An Image Src or Variant Image: an http(s) URL of at most 2000 characters. */
function isImageUrl(url: string): boolean {
  if (url.length > 2000) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

function planVariant(
  state: RunState,
  input: {
    line: number;
    row: Row;
    values: string[];
    colourAt: number;
    sizeAt: number;
    names: string[];
    err: (
      line: number,
      code: ImportErrorCode,
      params?: Record<string, string>,
    ) => void;
    note: (
      line: number,
      code: ImportNoteCode,
      params?: Record<string, string>,
    ) => void;
  },
): VariantPlan | null {
  const { line, row, values, colourAt, sizeAt, names, err, note } = input;
  let ok = true;
  let colour: ColourChoice | null = null;
  if (colourAt >= 0) {
    const value = values[colourAt];
    if (!value) {
      err(line, "missingOptionValue", { name: names[colourAt].slice(0, 60) });
      ok = false;
    } else if (normalizeColorName(value).length > COLOR_NAME_MAX_LENGTH) {
      err(line, "badColour", { value: value.slice(0, 60) });
      ok = false;
    } else colour = resolveColour(state, normalizeColorName(value), line, note);
  } else {
    colour = resolveColour(
      state,
      SINGLE_COLOUR.nameIt,
      line,
      note,
      SINGLE_COLOUR,
    );
  }
  let size = ONE_SIZE;
  if (sizeAt >= 0) {
    size = normalizeSize(values[sizeAt]);
    if (!size) {
      err(line, "missingOptionValue", { name: names[sizeAt].slice(0, 60) });
      ok = false;
    } else if (!isValidSize(size)) {
      err(line, "badSize", { value: size.slice(0, 40) });
      ok = false;
    }
  }
  if (
    colourAt < 0 &&
    sizeAt < 0 &&
    values[0] &&
    values[0] !== DEFAULT_TITLE_VALUE &&
    names[0]
  )
    note(line, "titleOption", { value: values[0].slice(0, 60) });

  let priceCents = 0;
  if (!filled(row.price)) {
    err(line, "missingPrice");
    ok = false;
  } else {
    const price = parsePrice(row.price);
    if (price === null || !isValidPrice(price)) {
      err(line, "badPrice", { value: row.price.slice(0, 40) });
      ok = false;
    } else priceCents = price;
  }
  let compareAtCents: number | null | undefined;
  if (present(row, "compareAt")) {
    if (!filled(row.compareAt)) compareAtCents = null;
    else {
      const compare = parsePrice(row.compareAt);
      if (compare === null || !isValidPrice(compare)) {
        err(line, "badCompareAt", { value: row.compareAt.slice(0, 40) });
        ok = false;
      } else if (ok && !isCompareAtAbove(priceCents, compare)) {
        // Shopify shows no reduction then; the shop stores none.
        note(line, "compareAtIgnored", { value: row.compareAt.trim() });
        compareAtCents = null;
      } else compareAtCents = compare;
    }
  }
  let stock: number | undefined;
  if (filled(row.qty)) {
    const qty = parseQuantity(row.qty);
    if (qty === null || !isValidStock(qty)) {
      err(line, "badQuantity", { value: row.qty.slice(0, 40) });
      ok = false;
    } else stock = qty;
  }
  let sku: string | undefined;
  if (filled(row.sku)) {
    sku = normalizeSku(row.sku);
    if (!isValidSku(sku)) {
      err(line, "invalidSku", { value: row.sku.slice(0, 90) });
      ok = false;
    }
  }
  if (!ok || !colour) return null;
  return { line, colour, size, sku, priceCents, compareAtCents, stock };
}

/** A colour by its name in either language (or its code); a new one is planned under a code made from the name. */
function resolveColour(
  state: RunState,
  name: string,
  line: number,
  note: (
    line: number,
    code: ImportNoteCode,
    params?: Record<string, string>,
  ) => void,
  names: { hex?: string; nameIt: string; nameEn: string } = {
    nameIt: name,
    nameEn: name,
  },
): ColourChoice {
  const key = nameKey(name);
  const known =
    state.lookups.colourByName.get(key) ??
    state.lookups.colourByName.get(nameKey(names.nameEn));
  if (known) return { code: known.code };
  const planned = state.plannedColours.get(key);
  if (planned) return { code: planned.code, create: planned };
  // The code findOrCreateColor will give it (the variants service's rule), to match and name variants before it exists.
  const code = colorCodeFor(
    names.nameIt,
    (c) =>
      state.lookups.colourByCode.has(c) ||
      [...state.plannedColours.values()].some((p) => p.code === c),
  );
  const colour: Colour = {
    code,
    hex: names.hex ?? DEFAULT_COLOR_HEX,
    nameIt: names.nameIt,
    nameEn: names.nameEn,
  };
  state.plannedColours.set(key, colour);
  note(line, "newColour", { name });
  return { code, create: colour };
}

// ---------------------------------------------------------------------------------------------
// A batch: compare with the database, then (unless a dry run) write what differs.

interface VariantWork {
  plan: VariantPlan;
  existing?: StoredVariant;
  change?: VariantChange;
  sku: string;
  /** A new variant's place: after the product's existing ones, in the file's order. */
  position: number;
}

interface ImageWork {
  plan: ImagePlan;
  existing?: PhotoRow;
  altEn: string;
  changed: boolean;
}

interface ProductWork {
  plan: ProductPlan;
  existing?: StoredProduct;
  product: ProductChange;
  it: Partial<TranslationRow>;
  en: Partial<TranslationRow>;
  /** A new product's rows, complete. */
  create?: {
    it: TranslationRow;
    en: TranslationRow;
    categoryId: number;
    status: ProductStatus;
    manufacturerId: number | null;
  };
  variants: VariantWork[];
  images: ImageWork[];
  removeImages: PhotoRow[];
  colours: Colour[];
}

async function handleBatch(state: RunState, groups: Group[]): Promise<void> {
  const plans: ProductPlan[] = [];
  for (const group of groups) {
    const { plan, errors } = planProduct(state, group);
    if (!plan) {
      reject(
        state,
        group.handle,
        group.rows.map((r) => r.line),
        errors,
      );
      continue;
    }
    plans.push(plan);
  }
  if (!plans.length) return;
  const { db } = state;
  const existing = await selectProductsByHandle(
    db,
    plans.map((p) => p.handle),
  );
  const byHandle = new Map(existing.map((p) => [p.it.slug, p]));
  const ids = existing.map((p) => p.id);
  const [variants, images] = await Promise.all([
    selectVariantsOfProducts(db, ids),
    plans.some((p) => p.images)
      ? listPhotosOfProductsForExchange(db, ids)
      : Promise.resolve([]),
  ]);
  const variantsOf = groupBy(variants, (v) => v.productId);
  const imagesOf = groupBy(images, (i) => i.productId);

  // SKUs given and SKUs a new variant would be given; English slugs wanted.
  const skus = new Set<string>();
  const enSlugs = new Set<string>();
  for (const plan of plans) {
    const stored = byHandle.get(plan.handle);
    const prefix = skuPrefixOf(
      variantsOf.get(stored?.id ?? -1) ?? [],
      plan.handle,
    );
    for (const v of plan.variants) skus.add(v.sku ?? generatedSku(prefix, v));
    const slug = plan.en.slug ?? (stored ? undefined : plan.handle);
    if (slug) enSlugs.add(slug);
  }
  const [skuOwners, slugOwners] = await Promise.all([
    selectSkuOwners(db, [...skus]),
    selectSlugOwners(db, "en", [...enSlugs]),
  ]);
  const skuOwner = new Map(skuOwners.map((o) => [o.sku, o]));
  const slugOwner = new Map(slugOwners.map((o) => [o.slug, o.productId]));

  const work: ProductWork[] = [];
  for (const plan of plans) {
    const stored = byHandle.get(plan.handle);
    const result = compare(
      state,
      plan,
      stored,
      variantsOf.get(stored?.id ?? -1) ?? [],
      imagesOf.get(stored?.id ?? -1) ?? [],
      skuOwner,
      slugOwner,
    );
    if ("errors" in result) {
      reject(state, plan.handle, plan.lines, result.errors);
      continue;
    }
    for (const n of plan.notes) addNote(state, n);
    state.report.rowsAccepted += plan.lines.length;
    work.push(result.work);
  }
  if (state.options.dryRun) {
    for (const w of work) {
      for (const colour of w.colours) reportColour(state, colour);
      const outcome = outcomeOf(w);
      tally(state, w);
      state.report.images.fetch += w.images.filter((i) => !i.existing).length;
      addOutcome(state, {
        handle: w.plan.handle,
        line: w.plan.line,
        outcome,
        productId: w.existing?.id,
      });
    }
    return;
  }
  await writeBatch(state, work);
}

/** A colour created (or, in a dry run, to be created), named once in the report. */
function reportColour(state: RunState, colour: Colour) {
  if (state.reportedColours.has(colour.code)) return;
  state.reportedColours.add(colour.code);
  if (state.report.newColours.length < 200)
    state.report.newColours.push(colour.nameIt);
}

function reject(
  state: RunState,
  handle: string,
  lines: number[],
  errors: ImportIssue<ImportErrorCode>[],
) {
  for (const e of errors) addError(state, e);
  const withError = new Set(errors.map((e) => e.line));
  const others = lines.filter((l) => !withError.has(l));
  if (others.length)
    addError(state, {
      line: others[0],
      handle,
      code: "productRejected",
      params: { lines: others.join(", ").slice(0, 200) },
    });
  rejectRows(state, lines);
  addOutcome(state, { handle, line: lines[0], outcome: "rejected" });
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

/** A SKU for a variant the file gives none: the variants page's suggestion, PREFIX-COLOUR-SIZE (the product's prefix, else its Handle). */
function generatedSku(prefix: string, v: VariantPlan): string {
  return suggestSku(prefix, v.colour.code, v.size);
}

/**
 * A photograph's URL in the export: this shop's public URL of its largest JPEG, naming the
 * photograph (?photo=id: two photographs of the same file have the same variants), or, while its
 * variants are being made, the URL an import fetched it from; null for neither.
 */
function exportedPhotoUrl(
  photo: PhotoRow & { path: string | null },
  publicUrl: string,
): string | null {
  if (!photo.path) return photo.sourceUrl;
  const url = new URL(photo.path, publicUrl);
  url.searchParams.set("photo", String(photo.id));
  return url.href;
}

/** What a URL of this shop's own photographs (an export's Image Src) names: its variant set and the photograph, or null. */
function ownPhotoOf(
  url: string,
  origin: string,
): { key: string; photoId: number | null } | null {
  try {
    const parsed = new URL(url);
    const key =
      parsed.origin === new URL(origin).origin
        ? photoVariantKeyOfPath(parsed.pathname)
        : null;
    if (!key) return null;
    const id = Number(parsed.searchParams.get("photo"));
    return { key, photoId: Number.isSafeInteger(id) && id > 0 ? id : null };
  } catch {
    return null;
  }
}

/** A product's description as Markdown, unless it says the same as the stored one (as the export writes it). */
function descriptionChange(
  html: string | undefined,
  stored: string | undefined,
): string | undefined {
  if (html === undefined) return undefined;
  const markdown = htmlToMarkdown(html);
  if (
    stored !== undefined &&
    (markdown === stored || markdown === htmlToMarkdown(markdownToHtml(stored)))
  )
    return undefined;
  return markdown;
}

/** A plain sentence for a meta description from Markdown: markers off, at most 160 characters. */
function excerpt(markdown: string): string {
  const plain = markdown
    .replace(/\\([\\`*_[\]<>#.!-])/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*`#>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length <= 160
    ? plain
    : `${plain.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

function compare(
  state: RunState,
  plan: ProductPlan,
  stored: StoredProduct | undefined,
  storedVariants: StoredVariant[],
  storedImages: PhotoRow[],
  skuOwner: Map<string, { productId: number; handle: string }>,
  slugOwner: Map<string, number>,
): { work: ProductWork } | { errors: ImportIssue<ImportErrorCode>[] } {
  const errors: ImportIssue<ImportErrorCode>[] = [];
  const handle = plan.handle;

  // The English slug: the file's, else (new product) the Handle; taken by another product → refused.
  const enSlug = plan.en.slug ?? (stored ? undefined : handle);
  if (enSlug) {
    const owner = slugOwner.get(enSlug);
    const claimed = state.enSlugsSeen.get(enSlug);
    if (
      (owner !== undefined && owner !== stored?.id) ||
      (claimed !== undefined && claimed !== handle)
    )
      errors.push({
        line: plan.line,
        handle,
        code: "slugTakenEn",
        params: { slug: enSlug },
      });
  }

  // Variants: matched by colour and size; SKUs must be free.
  const byPair = new Map(
    storedVariants.map((v) => [`${v.colorCode}|${v.size.toUpperCase()}`, v]),
  );
  const bySku = new Map(storedVariants.map((v) => [v.sku, v]));
  let nextPosition = storedVariants.reduce(
    (max, v) => Math.max(max, v.position + 1),
    0,
  );
  const variants: VariantWork[] = [];
  const colours: Colour[] = [];
  const skuPrefix = skuPrefixOf(storedVariants, handle);
  for (const v of plan.variants) {
    if (v.colour.create && !colours.includes(v.colour.create))
      colours.push(v.colour.create);
    const existing = v.colour.create
      ? undefined
      : byPair.get(`${v.colour.code}|${v.size.toUpperCase()}`);
    const sku = v.sku ?? existing?.sku ?? generatedSku(skuPrefix, v);
    if (!v.sku && !existing && !isValidSku(sku)) {
      errors.push({
        line: v.line,
        handle,
        code: "generatedSkuInvalid",
        params: { sku },
      });
      continue;
    }
    const owner = skuOwner.get(sku);
    const sameProductOther = bySku.get(sku);
    if (
      (owner && owner.productId !== stored?.id) ||
      (sameProductOther && sameProductOther !== existing)
    ) {
      errors.push({
        line: v.line,
        handle,
        code: "skuTaken",
        params: { sku, handle: owner?.handle ?? handle },
      });
      continue;
    }
    if (!v.sku && !existing) {
      // A generated SKU must be unique in the file as well.
      const earlier = state.skusSeen.get(sku);
      if (earlier !== undefined && earlier !== v.line) {
        errors.push({
          line: v.line,
          handle,
          code: "duplicateSkuInFile",
          params: { sku, line: String(earlier) },
        });
        continue;
      }
      state.skusSeen.set(sku, v.line);
    }
    if (!existing) {
      variants.push({ plan: v, sku, position: nextPosition++ });
      continue;
    }
    const change: VariantChange = {};
    if (sku !== existing.sku) change.sku = sku;
    if (v.priceCents !== existing.priceCents) change.priceCents = v.priceCents;
    if (
      v.compareAtCents !== undefined &&
      v.compareAtCents !== existing.compareAtCents
    )
      change.compareAtCents = v.compareAtCents;
    if (v.stock !== undefined && v.stock !== existing.stock)
      change.stock = v.stock;
    variants.push({
      plan: v,
      existing,
      sku,
      position: existing.position,
      change: Object.keys(change).length ? change : undefined,
    });
  }
  if (errors.length) return { errors };
  if (enSlug) state.enSlugsSeen.set(enSlug, handle);

  // Photographs: matched by the URL an import fetched them from, or by this shop's own URL of
  // them (an export's Image Src). Image Position 1, 2… is the gallery's place 0, 1… (Atelier's).
  const images: ImageWork[] = [];
  let removeImages: PhotoRow[] = [];
  if (plan.images) {
    const byUrl = new Map<string, PhotoRow>();
    for (const photo of storedImages) {
      if (photo.sourceUrl !== null && !byUrl.has(photo.sourceUrl))
        byUrl.set(photo.sourceUrl, photo);
      byUrl.set(`id:${photo.id}`, photo);
      if (photo.variantKey !== null && !byUrl.has(`key:${photo.variantKey}`))
        byUrl.set(`key:${photo.variantKey}`, photo);
    }
    const matched = new Set<number>();
    for (const image of plan.images) {
      const own = ownPhotoOf(image.url, state.options.origin);
      let existing =
        byUrl.get(image.url) ??
        (own
          ? ((own.photoId !== null
              ? byUrl.get(`id:${own.photoId}`)
              : undefined) ?? byUrl.get(`key:${own.key}`))
          : undefined);
      if (existing && matched.has(existing.id)) existing = undefined;
      if (existing) matched.add(existing.id);
      const altEn = image.altEn ?? existing?.altEn ?? image.altIt;
      const changed =
        !existing ||
        existing.position !== image.position - 1 ||
        existing.altIt !== image.altIt ||
        existing.altEn !== altEn ||
        (image.colour !== undefined && existing.colorCode !== image.colour);
      images.push({ plan: image, existing, altEn, changed });
    }
    // A photograph the import brought that the file no longer lists goes; one uploaded in Atelier stays.
    removeImages = storedImages.filter(
      (photo) => photo.sourceUrl !== null && !matched.has(photo.id),
    );
  }

  const uncategorised = plan.category.state !== "matched";
  if (plan.category.state === "unknown")
    plan.notes.push({
      line: plan.line,
      handle,
      code: "unknownCategory",
      params: { value: plan.category.type },
    });
  if (!stored) {
    if (plan.category.state === "empty" || plan.category.state === "absent")
      plan.notes.push({ line: plan.line, handle, code: "noCategory" });
    const description = htmlToMarkdown(plan.bodyHtml.it ?? "");
    const it: TranslationRow = {
      name: plan.it.name,
      slug: handle,
      description,
      keywords: plan.it.keywords ?? "",
      metaTitle: plan.it.metaTitle ?? `${plan.it.name} | Bottega`,
      metaDescription: plan.it.metaDescription ?? excerpt(description),
    };
    const descriptionEn =
      plan.bodyHtml.en !== undefined
        ? htmlToMarkdown(plan.bodyHtml.en)
        : description;
    const nameEn = plan.en.name ?? it.name;
    const en: TranslationRow = {
      name: nameEn,
      slug: enSlug ?? handle,
      description: descriptionEn,
      keywords: plan.en.keywords ?? it.keywords,
      metaTitle:
        plan.en.metaTitle ??
        (plan.en.name ? `${nameEn} | Bottega` : it.metaTitle),
      metaDescription:
        plan.en.metaDescription ??
        (plan.bodyHtml.en !== undefined
          ? excerpt(descriptionEn)
          : it.metaDescription),
    };
    return {
      work: {
        plan,
        product: {},
        it: {},
        en: {},
        create: {
          it,
          en,
          categoryId:
            plan.category.state === "matched"
              ? plan.category.id
              : state.lookups.placeholderCategoryId!,
          status: uncategorised ? "draft" : (plan.status ?? "published"),
          manufacturerId: plan.manufacturerId ?? null,
        },
        variants,
        images,
        removeImages,
        colours,
      },
    };
  }

  const product: ProductChange = {};
  if (
    plan.category.state === "matched" &&
    plan.category.id !== stored.categoryId
  )
    product.categoryId = plan.category.id;
  if (
    plan.manufacturerId !== undefined &&
    plan.manufacturerId !== stored.manufacturerId
  )
    product.manufacturerId = plan.manufacturerId;
  const status = plan.category.state === "unknown" ? "draft" : plan.status;
  if (status !== undefined && status !== stored.status) product.status = status;
  const it = translationChange(stored.it, {
    ...plan.it,
    slug: undefined,
    description: descriptionChange(plan.bodyHtml.it, stored.it.description),
  });
  const en = translationChange(stored.en, {
    ...plan.en,
    description: descriptionChange(plan.bodyHtml.en, stored.en.description),
  });
  return {
    work: {
      plan,
      existing: stored,
      product,
      it,
      en,
      variants,
      images,
      removeImages,
      colours,
    },
  };
}

/** The fields of a translation that the file changes (undefined: not given, kept). */
function translationChange(
  stored: TranslationRow,
  wanted: Partial<TranslationRow>,
): Partial<TranslationRow> {
  const change: Partial<TranslationRow> = {};
  for (const key of [
    "name",
    "slug",
    "description",
    "keywords",
    "metaTitle",
    "metaDescription",
  ] as const) {
    const value = wanted[key];
    if (value === undefined) continue;
    const same =
      key === "keywords"
        ? normalizeTags(stored.keywords) === value
        : stored[key] === value;
    if (!same) change[key] = value;
  }
  return change;
}

function outcomeOf(w: ProductWork): ProductOutcome {
  if (w.create) return "create";
  const changed =
    Object.keys(w.product).length > 0 ||
    Object.keys(w.it).length > 0 ||
    Object.keys(w.en).length > 0 ||
    w.variants.some((v) => !v.existing || v.change) ||
    w.images.some((i) => i.changed) ||
    w.removeImages.length > 0;
  return changed ? "update" : "unchanged";
}

function tally(state: RunState, w: ProductWork) {
  state.report.variants.create += w.variants.filter((v) => !v.existing).length;
  state.report.variants.update += w.variants.filter(
    (v) => v.existing && v.change,
  ).length;
}

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

async function writeBatch(state: RunState, work: ProductWork[]): Promise<void> {
  const { db, options } = state;
  const at = state.now();
  const stamp = at.toISOString();
  const fetcher = options.fetchImage ?? ((url: string) => fetchImage(url));

  // Photographs are fetched and checked (prepareImage: the pipeline's rule, decoding the whole
  // image, its original stored) before the transaction: never holding the database on the network
  // or on sharp.
  const toFetch = work.flatMap((w) => w.images.filter((i) => !i.existing));
  const storage = options.storage;
  if ((toFetch.length || work.some((w) => w.removeImages.length)) && !storage)
    throw new Error(
      "importCatalogue: a real run with photographs needs options.storage",
    );
  const prepared = new Map<
    ImageWork,
    { ok: true; image: PreparedImage } | { ok: false; reason: string }
  >();
  const answers = await mapLimit(toFetch, FETCH_CONCURRENCY, async (image) => {
    const answer: FetchedImage = await fetcher(image.plan.url);
    return answer.ok
      ? prepareImportedImage(storage!, answer.bytes)
      : { ok: false as const, reason: answer.reason };
  });
  toFetch.forEach((image, i) => prepared.set(image, answers[i]));
  state.report.images.fetch += toFetch.length;

  const outcomes: {
    work: ProductWork;
    outcome: ProductOutcome;
    productId: number;
  }[] = [];
  let notified = 0;
  let ingested = 0;
  const removedFiles: AssetFiles[] = [];
  /** Planned colour code → the code findOrCreateColor gave (the same unless another process made one meanwhile). */
  const colourCodes = new Map<string, string>();
  const createdColours: Colour[] = [];
  const codeOf = (planned: string) => colourCodes.get(planned) ?? planned;
  try {
    await db.transaction().execute(async (trx) => {
      const changedIds: number[] = [];
      for (const w of work) {
        for (const colour of w.colours) {
          if (
            colourCodes.has(colour.code) ||
            state.lookups.colourByCode.has(colour.code)
          )
            continue;
          const made = await createImportedColour(
            trx,
            colour,
            options.actor,
            at,
          );
          colourCodes.set(colour.code, made.code);
          if (made.created) createdColours.push({ ...colour, code: made.code });
        }
        let outcome = outcomeOf(w);
        let productId: number;
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (w.create) {
          productId = await insertProduct(trx, {
            categoryId: w.create.categoryId,
            manufacturerId: w.create.manufacturerId,
            garment: state.lookups.garmentOf(w.create.categoryId),
            status: w.create.status,
            at: stamp,
          });
          await insertTranslation(trx, productId, "it", w.create.it);
          await insertTranslation(trx, productId, "en", w.create.en);
          Object.assign(after, {
            handle: w.plan.handle,
            name: w.create.it.name,
            slugEn: w.create.en.slug,
            status: w.create.status,
            category:
              state.lookups.categoryPath.get(w.create.categoryId)?.it ?? null,
          });
        } else {
          const stored = w.existing!;
          productId = stored.id;
          if (Object.keys(w.product).length) {
            await updateProduct(trx, productId, w.product, stamp);
            if (w.product.status !== undefined) {
              before.status = stored.status;
              after.status = w.product.status;
            }
            if (w.product.categoryId !== undefined) {
              before.category =
                state.lookups.categoryPath.get(stored.categoryId)?.it ??
                stored.categoryId;
              after.category =
                state.lookups.categoryPath.get(w.product.categoryId)?.it ??
                w.product.categoryId;
            }
            if (w.product.manufacturerId !== undefined) {
              before.manufacturerId = stored.manufacturerId;
              after.manufacturerId = w.product.manufacturerId;
            }
          }
          for (const locale of ["it", "en"] as const) {
            const change = w[locale];
            if (!Object.keys(change).length) continue;
            await updateTranslation(trx, productId, locale, change);
            for (const [key, value] of Object.entries(change)) {
              before[`${key}_${locale}`] = clip(
                stored[locale][key as keyof TranslationRow],
              );
              after[`${key}_${locale}`] = clip(value as string);
            }
          }
          if (w.en.slug !== undefined && stored.status === "published") {
            await recordPathChanges(
              trx,
              [
                {
                  kind: "product",
                  locale: "en",
                  entityId: productId,
                  oldPath: stored.en.slug,
                  newPath: w.en.slug,
                },
              ],
              at,
            );
          }
        }
        for (const v of w.variants) {
          if (!v.existing) {
            const variantId = await insertVariant(trx, {
              productId,
              sku: v.sku,
              colorCode: codeOf(v.plan.colour.code),
              size: v.plan.size,
              position: v.position,
              priceCents: v.plan.priceCents,
              compareAtCents: v.plan.compareAtCents ?? null,
              stock: v.plan.stock ?? 0,
              at: stamp,
            });
            await recordPriceChange(trx, variantId, v.plan.priceCents, at);
            after[`variant ${v.sku}`] = variantSummary(
              v.plan.priceCents,
              v.plan.compareAtCents ?? null,
              v.plan.stock ?? 0,
            );
            continue;
          }
          if (!v.change) continue;
          const e = v.existing;
          await updateVariant(trx, e.id, v.change, stamp);
          if (v.change.priceCents !== undefined)
            await recordPriceChange(trx, e.id, v.change.priceCents, at);
          if (
            v.change.stock !== undefined &&
            e.stock <= 0 &&
            v.change.stock > 0
          )
            notified += await notifyBackInStock(
              trx,
              e.id,
              { origin: options.origin },
              at,
            );
          before[`variant ${e.sku}`] = variantSummary(
            e.priceCents,
            e.compareAtCents,
            e.stock,
          );
          after[`variant ${v.sku}`] = variantSummary(
            v.change.priceCents ?? e.priceCents,
            v.change.compareAtCents !== undefined
              ? v.change.compareAtCents
              : e.compareAtCents,
            v.change.stock ?? e.stock,
          );
        }
        // The file's prices are per variant: the product's pricing is read from them again.
        if (w.variants.some((v) => !v.existing || v.change?.priceCents !== undefined || v.change?.compareAtCents !== undefined)) {
          await adoptVariantPricesIn(trx, productId);
        }
        let imagesWritten = 0;
        if (w.removeImages.length) {
          removedFiles.push(
            ...(await removePhotosIn(trx, productId, w.removeImages, at)),
          );
          state.report.images.removed += w.removeImages.length;
          before.imagesRemoved = w.removeImages.map((i) =>
            (i.sourceUrl ?? "").slice(0, 200),
          );
        }
        for (const image of w.images) {
          const colorCode =
            image.plan.colour === undefined
              ? undefined
              : image.plan.colour === null
                ? null
                : codeOf(image.plan.colour);
          if (image.existing) {
            if (!image.changed) continue;
            const photo = image.existing;
            await updatePhotoIn(
              trx,
              photo,
              {
                colorCode:
                  colorCode === undefined ? photo.colorCode : colorCode,
                altIt: image.plan.altIt,
                altEn: image.altEn,
                position: image.plan.position - 1,
              },
              at,
            );
            state.report.images.updated++;
            imagesWritten++;
            continue;
          }
          const answer = prepared.get(image)!;
          if (!answer.ok) {
            state.report.images.failed++;
            addNote(state, {
              line: image.plan.line,
              handle: w.plan.handle,
              code: "imageFailed",
              params: {
                url: image.plan.url.slice(0, 200),
                reason: answer.reason,
              },
            });
            continue;
          }
          // Image Position 1 is the cover (a product's first photograph is, whatever its position).
          await ingestImportedImage(trx, storage!, {
            productId,
            image: answer.image,
            colorCode: colorCode ?? null,
            altIt: image.plan.altIt,
            altEn: image.altEn,
            position: image.plan.position - 1,
            isCover: image.plan.position === 1 ? true : undefined,
            sourceUrl: image.plan.url,
            now: at,
          });
          state.report.images.fetched++;
          imagesWritten++;
          ingested++;
          after[`image ${image.plan.position}`] = image.plan.url.slice(0, 200);
        }
        // An update that came down to images that could not be fetched wrote nothing.
        const wroteSomething =
          !!w.create ||
          Object.keys(w.product).length > 0 ||
          Object.keys(w.it).length > 0 ||
          Object.keys(w.en).length > 0 ||
          w.variants.some((v) => !v.existing || v.change) ||
          imagesWritten > 0 ||
          w.removeImages.length > 0;
        if (outcome === "update" && !wroteSomething) outcome = "unchanged";
        if (outcome !== "unchanged") {
          changedIds.push(productId);
          await recordAudit(trx, {
            actor: options.actor,
            action:
              outcome === "create"
                ? "product.import-create"
                : "product.import-update",
            entityType: "product",
            entityId: productId,
            before: outcome === "create" ? null : before,
            after,
            summary: w.plan.handle,
            at,
          });
        }
        outcomes.push({ work: w, outcome, productId });
      }
      await catalogueChanged(trx, changedIds, at);
    });
  } catch (error) {
    // Nothing of the batch was written: the originals stored for it go unless an asset holds them.
    for (const answer of prepared.values())
      if (answer.ok) await discardPreparedImage(db, storage!, answer.image);
    throw error;
  }
  if (ingested > 0) wakeMediaWorkers();
  for (const files of removedFiles) await removeAssetFiles(db, storage!, files);
  for (const colour of createdColours) {
    addColour(state.lookups.colourByName, state.lookups.colourByCode, colour);
    reportColour(state, colour);
  }
  for (const { work: w, outcome, productId } of outcomes) {
    if (outcome !== "unchanged") tally(state, w);
    addOutcome(state, {
      handle: w.plan.handle,
      line: w.plan.line,
      outcome,
      productId,
    });
  }
  if (notified > 0) wakeMailWorkers();
}

const clip = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}…` : text;
const variantSummary = (
  price: number,
  compareAt: number | null,
  stock: number,
) =>
  `${formatPrice(price)}${compareAt !== null ? ` (${formatPrice(compareAt)})` : ""}, ${stock}`;

// ---------------------------------------------------------------------------------------------
// The export: the same format, one row per variant, the product's fields on its first row, its
// photographs on its rows in order (and on image-only rows when there are more photographs than
// variants). Italian is the primary language; English is in the " (en)" columns.

const EXPORT_PAGE = 100;

/** The header of the export, Shopify's names. */
export const EXPORT_HEADER: readonly string[] = EXPORT_COLUMNS.map(
  (key) => SHOPIFY_COLUMNS[key],
);

/**
 * The catalogue's rows, a page of products at a time. A photograph's Image Src is this shop's
 * public URL of its largest JPEG (absolute, under `publicUrl`: PUBLIC_URL), or, while its variants
 * are being made, the URL the import fetched it from; the import finds it again by either.
 */
export async function* catalogueCsvRows(
  db: Kysely<Database>,
  { publicUrl }: { publicUrl: string },
): AsyncGenerator<CsvCell[]> {
  const lookups = await loadLookups(db);
  const STATUS_OF: Record<ProductStatus, string> = {
    published: "active",
    draft: "draft",
    archived: "archived",
  };
  for (let afterId = 0; ;) {
    const products = await selectExportPage(db, afterId, EXPORT_PAGE);
    if (!products.length) return;
    afterId = products[products.length - 1].id;
    const ids = products.map((p) => p.id);
    const [variants, photos] = await Promise.all([
      selectVariantsOfProducts(db, ids),
      listPhotosOfProductsForExchange(db, ids),
    ]);
    const variantsOf = groupBy(variants, (v) => v.productId);
    const images = photos.flatMap((photo) => {
      const src = exportedPhotoUrl(photo, publicUrl);
      return src ? [{ ...photo, src }] : [];
    });
    const imagesOf = groupBy(images, (i) => i.productId);
    for (const p of products) {
      const vs = variantsOf.get(p.id) ?? [];
      const is = imagesOf.get(p.id) ?? [];
      const rows = Math.max(vs.length, is.length, 1);
      for (let i = 0; i < rows; i++) {
        const cells: Partial<Record<(typeof EXPORT_COLUMNS)[number], CsvCell>> =
          { handle: p.it.slug };
        if (i === 0) {
          Object.assign(cells, {
            title: p.it.name,
            body: markdownToHtml(p.it.description),
            vendor: p.manufacturerName ?? "",
            type: lookups.categoryPath.get(p.categoryId)?.it ?? "",
            tags: p.it.keywords,
            published: p.status === "published" ? "TRUE" : "FALSE",
            option1Name: "Colore",
            option2Name: "Taglia",
            seoTitle: p.it.metaTitle,
            seoDescription: p.it.metaDescription,
            status: STATUS_OF[p.status],
            handleEn: p.en.slug,
            titleEn: p.en.name,
            bodyEn: markdownToHtml(p.en.description),
            tagsEn: p.en.keywords,
            seoTitleEn: p.en.metaTitle,
            seoDescriptionEn: p.en.metaDescription,
          });
        }
        const v = vs[i];
        if (v) {
          Object.assign(cells, {
            option1Value:
              lookups.colourByCode.get(v.colorCode)?.nameIt ?? v.colorCode,
            option2Value: v.size,
            sku: v.sku,
            qty: v.stock,
            price: formatPrice(v.priceCents),
            compareAt:
              v.compareAtCents !== null ? formatPrice(v.compareAtCents) : "",
            // The first photograph of the variant's colour ties the colour to it again on import.
            variantImage:
              is.find((photo) => photo.colorCode === v.colorCode)?.src ?? "",
          });
        }
        const image = is[i];
        if (image)
          Object.assign(cells, {
            imageSrc: image.src,
            imagePosition: image.position + 1,
            imageAlt: image.altIt,
            imageAltEn: image.altEn,
          });
        yield EXPORT_COLUMNS.map((key) => cells[key] ?? "");
      }
    }
  }
}

/** Records an export in the audit log (the file itself is streamed by the caller). */
export async function recordCatalogueExport(
  db: Kysely<Database>,
  actor: AuditActor,
  target: string,
): Promise<void> {
  await recordAudit(db, {
    actor,
    action: "catalog.export",
    entityType: "catalog",
    entityId: "shopify-csv",
    after: { target },
    summary: `Shopify CSV ${target}`,
  });
}
