import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database, ProductStatus } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { type PhotoRow, listPhotosOfProductsForExchange } from "~/modules/media/product-photos.service.server";
import type { CsvCell } from "~/utils/csv.server";
import { markdownToHtml } from "./catalog-import-html";
import { selectExportPage, selectProductsByHandle, selectSkuOwners, selectSlugOwners, selectVariantsOfProducts } from "./catalog-import.repository.server";
import { writeBatch } from "./catalog-import-apply.server";
import { type ProductPlan, type ProductWork, compare, generatedSku, outcomeOf, planProduct, tally } from "./catalog-import-check.server";
import { type ReadProgress, ReadFatal, readCatalogueCsv, timeSlicer } from "./catalog-import-read.server";
import { IMPORT_BATCH_PRODUCTS, IMPORT_BATCH_ROWS, IMPORT_LIMITS, type ImportReport, emptyReport } from "./catalog-import-report";
import { type Group, type ImportOptions, type RunState, addError, addNote, addOutcome, groupBy, loadLookups, reject, rejectRows, reportColour } from "./catalog-import-state.server";
import { toDecimal } from "~/utils/money";
import { EXPORT_COLUMNS, SHOPIFY_COLUMNS } from "./shopify-csv";
import { skuPrefixOf } from "./variant-pricing";

export type { ImportErrorCode, ImportFatal, ImportIssue, ImportNoteCode, ImportReport, ProductOutcome } from "./catalog-import-report";
export type { ImportOptions } from "./catalog-import-state.server";
export { IMPORT_BATCH_PRODUCTS, IMPORT_LIMITS, ONE_SIZE, SINGLE_COLOUR } from "./catalog-import-report";

// The catalogue in Shopify's product CSV format (docs/decisions/024-shopify-catalogue-import.md):
// import, dry run first, idempotent by Handle, and export. The file is read as a stream, its rows
// grouped by Handle (a product's rows are consecutive), and handled a batch of products at a
// time: the batch's products, variants, SKUs and slugs are looked up in a few queries, compared
// with the file, and only what differs is written, in one transaction per batch that also keeps
// the storefront current (catalogueChanged) and records an audit entry per product.

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
    slice: timeSlicer(),
  };
  const limits = options.limits ?? IMPORT_LIMITS;
  const progress: ReadProgress = { rows: 0, bytes: 0 };
  const slice = state.slice;
  let batch: Group[] = [];
  let batchRows = 0;
  const size = options.batchSize ?? IMPORT_BATCH_PRODUCTS;
  const flush = async () => {
    const groups = batch;
    batch = [];
    batchRows = 0;
    if (groups.length) await handleBatch(state, groups);
    report.rows = progress.rows;
    await options.onProgress?.({ ...progress });
  };
  try {
    if (state.lookups.placeholderCategoryId === null) {
      report.fatal = { code: "noCategories" };
    } else {
      for await (const event of readCatalogueCsv(input, limits, progress)) {
        if (event.kind === "header") {
          state.header = event.header;
          report.ignoredColumns = event.header.ignored;
        } else if (event.kind === "stray") {
          rejectRows(state, [event.line]);
          addError(state, { line: event.line, handle: event.handle || undefined, code: event.handle ? "handleRepeated" : "missingHandle" });
        } else {
          batch.push(event.group);
          batchRows += event.group.rows.length;
          if (batch.length >= size || batchRows >= IMPORT_BATCH_ROWS) await flush();
        }
        await slice();
      }
    }
  } catch (error) {
    if (!(error instanceof ReadFatal)) throw error;
    report.fatal = error.fatal;
  }
  report.rows = progress.rows;
  if (!report.fatal) {
    await flush();
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


async function handleBatch(state: RunState, groups: Group[]): Promise<void> {
  const plans: ProductPlan[] = [];
  for (const group of groups) {
    await state.slice();
    const { plan, errors } = planProduct(state, group);
    if (!plan) {
      if (errors[0]?.code === "tooManyVariants") {
        // Refused whole for its size: one error, every row counted (the rows past the cap were never kept).
        addError(state, errors[0]);
        rejectRows(state, [], group.rows.length + (group.overflow ?? 0));
        addOutcome(state, { handle: group.handle, line: group.rows[0].line, outcome: "rejected" });
        continue;
      }
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
    await state.slice();
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
            price: toDecimal(v.priceCents),
            compareAt:
              v.compareAtCents !== null ? toDecimal(v.compareAtCents) : "",
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
