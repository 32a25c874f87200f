// The Shopify CSV import's report (docs/decisions/024): what a run did or would do, the refused
// rows with their lines and reasons, and the notes. Pure: the Atelier page renders it, the job
// keeps it as JSON.

/** Products per batch: one transaction and one catalogueChanged each. */
export const IMPORT_BATCH_PRODUCTS = 50;
/** The report keeps this many issues (and outcomes); more are counted, not listed. */
export const MAX_LISTED = 1000;
/** A record (one row, multi-line cells included) longer than this is refused as malformed. */
export const MAX_RECORD_CHARS = 4_000_000;
/** Image fetches at once during a real run. */
export const FETCH_CONCURRENCY = 4;
/** A batch also closes once it holds this many rows (one product of thousands of sizes is a batch of its own). */
export const IMPORT_BATCH_ROWS = 2_000;

/**
 * What one file may hold (issue 37): its bytes (the upload's own limit too), its data rows, and a
 * product's variants. Past the first two the file is refused whole; past the third, the product.
 */
export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
  maxVariantsPerProduct: number;
}
export const IMPORT_LIMITS: ImportLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 300_000,
  maxVariantsPerProduct: 5_000,
};
/** The colour of a product whose file names no colour option, and the size of one without a size. */
export const SINGLE_COLOUR = {
  hex: "#8C8479",
  nameIt: "Colore unico",
  nameEn: "Single colour",
} as const;
export const ONE_SIZE = "UNI";

export type ImportErrorCode =
  | "tooManyVariants"
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
  | "holdingCategory"
  | "optionAsSize"
  | "optionIgnored"
  | "variantMerged"
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
  | { code: "duplicateColumn"; column: string }
  | { code: "tooBig"; max: string }
  | { code: "tooManyRows"; max: string };

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
  /** Products put (or, in a dry run, to be put) in the holding category "Da rivedere", as drafts: their Type named no category. */
  holding?: number;
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

export function emptyReport(dryRun: boolean): ImportReport {
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
    holding: 0,
    ignoredColumns: [],
    errors: [],
    errorsNotListed: 0,
    notes: [],
    notesNotListed: 0,
    outcomes: [],
    outcomesNotListed: 0,
  };
}
