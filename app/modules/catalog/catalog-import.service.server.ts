import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { applyBatch } from "./catalog-import-apply.server";
import { checkBatch } from "./catalog-import-check.server";
import { type Group, type ReadProgress, ReadFatal, readCatalogueCsv, timeSlicer } from "./catalog-import-read.server";
import { IMPORT_BATCH_PRODUCTS, IMPORT_BATCH_ROWS, IMPORT_LIMITS, type ImportReport, emptyReport } from "./catalog-import-report";
import { type ImportOptions, type RunState, addError, loadLookups, rejectRows } from "./catalog-import-state.server";

export type { ImportErrorCode, ImportFatal, ImportIssue, ImportNoteCode, ImportReport, ProductOutcome } from "./catalog-import-report";
export type { ImportOptions } from "./catalog-import-state.server";
export { IMPORT_BATCH_PRODUCTS, IMPORT_LIMITS, ONE_SIZE, SINGLE_COLOUR } from "./catalog-import-report";

// The catalogue import in Shopify's product CSV format (docs/decisions/024-shopify-catalogue-import.md):
// dry run first, idempotent by Handle. A pipeline of three stages (decision 046), each its own file:
//   reading   catalog-import-read.server.ts   the file, streamed → each product's rows (grouped by Handle)
//   checking  catalog-import-check.server.ts  a batch of products' rows → the work, refusals and notes
//   applying  catalog-import-apply.server.ts  the work → the writes (one transaction a batch, an audit
//             entry per product, the storefront kept current), photographs as media jobs
// This file runs them, a batch of products at a time, and records the run. The export, the same
// format written back, is catalog-export.service.server.ts; every query is in the repository.

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
    if (groups.length) await applyBatch(state, await checkBatch(state, groups));
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
