import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { type ColourRow, selectCategories, selectCategoryGarments, selectColours, selectManufacturers } from "./catalog-import.repository.server";
import type { ImageFetcher } from "./image-fetch.server";
import { MAX_LISTED, type ImportLimits, type ImportErrorCode, type ImportIssue, type ImportNoteCode, type ImportReport } from "./catalog-import-report";
import { type HeaderMap, nameKey, pathKey } from "./shopify-csv";

// What one run of the import knows while it goes (docs/decisions/024): the lookups read once
// (the tree, the colours, the makers), the file's SKUs, handles and slugs seen so far, and the
// report it fills. The check and apply stages take this state.

// ---------------------------------------------------------------------------------------------
// Lookups: the tree, the colours and the makers, read once a run.

export interface Lookups {
  categoryByPath: Map<string, number>;
  categoryPath: Map<number, { it: string; en: string }>;
  placeholderCategoryId: number | null;
  /** The holding category ("Da rivedere") where new products whose Type names no category go; null until made. */
  holdingCategoryId: number | null;
  garmentOf: (categoryId: number) => string;
  colourByName: Map<string, Colour>;
  colourByCode: Map<string, Colour>;
  manufacturerByName: Map<string, number>;
}

export async function loadLookups(db: Kysely<Database>): Promise<Lookups> {
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
    if (c.holding) continue;
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
      categories.find((c) => c.parentId === null && !c.holding)?.id ??
      categories.find((c) => !c.holding)?.id ??
      null,
    holdingCategoryId: categories.find((c) => c.holding)?.id ?? null,
    garmentOf,
    colourByName,
    colourByCode,
    manufacturerByName,
  };
}

/** A colour as the import knows it (its swatch is the owner's business in Atelier). */
export type Colour = Pick<ColourRow, "code" | "hex" | "nameIt" | "nameEn">;

export function addColour(
  byName: Map<string, Colour>,
  byCode: Map<string, Colour>,
  c: Colour,
) {
  byCode.set(c.code, c);
  // A code matches first (it is unique), then the Italian name, then the English one.
  for (const key of [c.code, nameKey(c.nameIt), nameKey(c.nameEn)])
    if (key && !byName.has(key)) byName.set(key, c);
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
  /** The file's limits (IMPORT_LIMITS unless a test says otherwise). */
  limits?: ImportLimits;
  /**
   * Called after each batch with how far the file has been read: a background job records it and
   * renews its lease there (throwing stops the run: the batches done stay done).
   */
  onProgress?: (progress: { rows: number; bytes: number }) => Promise<void>;
}


export interface RunState {
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
  /** Gives the event loop a turn when the run has held it for a few milliseconds (between products). */
  slice: () => Promise<void> | undefined;
}

export function addError(state: RunState, issue: ImportIssue<ImportErrorCode>) {
  if (state.report.errors.length < MAX_LISTED) state.report.errors.push(issue);
  else state.report.errorsNotListed++;
}

export function addNote(state: RunState, issue: ImportIssue<ImportNoteCode>) {
  if (state.report.notes.length < MAX_LISTED) state.report.notes.push(issue);
  else state.report.notesNotListed++;
}

export function rejectRows(state: RunState, lines: number[], count = lines.length) {
  state.report.rowsRejected += count;
}

export function addOutcome(
  state: RunState,
  outcome: ImportReport["outcomes"][number],
) {
  state.report.products[outcome.outcome]++;
  if (state.report.outcomes.length < MAX_LISTED)
    state.report.outcomes.push(outcome);
  else state.report.outcomesNotListed++;
}

/** A colour created (or, in a dry run, to be created), named once in the report. */
export function reportColour(state: RunState, colour: Colour) {
  if (state.reportedColours.has(colour.code)) return;
  state.reportedColours.add(colour.code);
  if (state.report.newColours.length < 200)
    state.report.newColours.push(colour.nameIt);
}

export function reject(
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

export function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

