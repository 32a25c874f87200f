// Shopify's product CSV, as Shopify documents it (help.shopify.com "Using CSV files to import
// and export products"): one row per variant, the rows of a product consecutive and sharing its
// Handle; the first row of a handle carries the product's fields, the following rows more
// variants and/or images (an image-only row has just the Handle and the Image columns).
// Pure code: the column names, the header's reading, and each cell's parsing.

/** The columns this shop reads and writes, by our key; the header names are Shopify's. */
export const SHOPIFY_COLUMNS = {
  handle: "Handle",
  title: "Title",
  body: "Body (HTML)",
  vendor: "Vendor",
  type: "Type",
  tags: "Tags",
  published: "Published",
  option1Name: "Option1 Name",
  option1Value: "Option1 Value",
  option2Name: "Option2 Name",
  option2Value: "Option2 Value",
  option3Name: "Option3 Name",
  option3Value: "Option3 Value",
  sku: "Variant SKU",
  qty: "Variant Inventory Qty",
  price: "Variant Price",
  compareAt: "Variant Compare At Price",
  imageSrc: "Image Src",
  imagePosition: "Image Position",
  imageAlt: "Image Alt Text",
  /** On a variant's row: the photograph of its colour (one of the product's Image Src, or another). */
  variantImage: "Variant Image",
  seoTitle: "SEO Title",
  seoDescription: "SEO Description",
  status: "Status",
  // English, the shop's second language: extra columns named like Shopify's with " (en)".
  handleEn: "Handle (en)",
  titleEn: "Title (en)",
  bodyEn: "Body (HTML) (en)",
  tagsEn: "Tags (en)",
  seoTitleEn: "SEO Title (en)",
  seoDescriptionEn: "SEO Description (en)",
  imageAltEn: "Image Alt Text (en)",
} as const;

export type ColumnKey = keyof typeof SHOPIFY_COLUMNS;

/** The export's header, in this order (Shopify's own order, then the English columns). */
export const EXPORT_COLUMNS: readonly ColumnKey[] = Object.keys(SHOPIFY_COLUMNS) as ColumnKey[];

/**
 * Other names for the same columns: Shopify's newer exports ("URL handle", "Description",
 * "SKU", "Price"…), and an explicit "(it)" for the primary language. Compared lowercased.
 */
const ALIASES: Record<string, ColumnKey> = {
  "url handle": "handle",
  "handle (it)": "handle",
  "title (it)": "title",
  description: "body",
  "body (html) (it)": "body",
  "product type": "type",
  "tags (it)": "tags",
  "published on online store": "published",
  "option1 name": "option1Name",
  "option1 value": "option1Value",
  "option2 name": "option2Name",
  "option2 value": "option2Value",
  "option3 name": "option3Name",
  "option3 value": "option3Value",
  sku: "sku",
  "inventory quantity": "qty",
  price: "price",
  "compare-at price": "compareAt",
  "product image url": "imageSrc",
  "image position": "imagePosition",
  "image alt text": "imageAlt",
  "image alt text (it)": "imageAlt",
  "variant image url": "variantImage",
  "seo title": "seoTitle",
  "seo title (it)": "seoTitle",
  "seo description": "seoDescription",
  "seo description (it)": "seoDescription",
  "url handle (en)": "handleEn",
  "description (en)": "bodyEn",
};

const BY_NAME = new Map<string, ColumnKey>([
  ...Object.entries(SHOPIFY_COLUMNS).map(([key, name]) => [name.toLowerCase(), key as ColumnKey] as const),
  ...Object.entries(ALIASES),
]);

export interface HeaderMap {
  /** Our key → the cell index. */
  index: Partial<Record<ColumnKey, number>>;
  /** Columns of Shopify's we do not read (Variant Grams, Google Shopping / …): reported, not an error. */
  ignored: string[];
}

export type HeaderProblem = { code: "missingColumns"; columns: string[] } | { code: "duplicateColumn"; column: string };

/** Reads the header row: which cell holds which column. Handle and Title must be there. */
export function readHeader(cells: string[]): { ok: true; header: HeaderMap } | { ok: false; problem: HeaderProblem } {
  const index: HeaderMap["index"] = {};
  const ignored: string[] = [];
  for (const [i, raw] of cells.entries()) {
    const name = raw.trim();
    const key = BY_NAME.get(name.toLowerCase().replace(/\s+/g, " "));
    if (!key) {
      if (name) ignored.push(name.slice(0, 80));
      continue;
    }
    if (index[key] !== undefined) return { ok: false, problem: { code: "duplicateColumn", column: name.slice(0, 80) } };
    index[key] = i;
  }
  const missing = (["handle", "title"] as const).filter((key) => index[key] === undefined).map((key) => SHOPIFY_COLUMNS[key]);
  if (missing.length) return { ok: false, problem: { code: "missingColumns", columns: missing } };
  return { ok: true, header: { index, ignored: ignored.slice(0, 50) } };
}

/** One data row: the cells by our key (absent columns are undefined), trimmed of an export's formula guard. */
export type Row = Partial<Record<ColumnKey, string>>;

export function rowOf(header: HeaderMap, cells: string[]): Row {
  const row: Row = {};
  for (const [key, i] of Object.entries(header.index) as [ColumnKey, number][]) row[key] = unguard(cells[i] ?? "");
  return row;
}

/**
 * Spreadsheets run a cell starting with = + - @ as a formula, so exports (ours, app/utils/csv.server.ts)
 * put an apostrophe before it; reading one back takes it off.
 */
export function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** "89", "89.9", "89.90", "1234,50" → cents; anything else (a sign, letters, 3 decimals) null. */
export function parsePrice(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}


/** A whole quantity, 0 or more: "12" → 12; "-1", "1.5", "x" → null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,7}$/.test(t)) return null;
  return Number(t);
}

/** TRUE/FALSE as Shopify writes them (any case; also yes/no, 1/0); null for anything else. */
export function parseBoolean(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (["true", "yes", "1", "vero", "sì", "si"].includes(t)) return true;
  if (["false", "no", "0", "falso"].includes(t)) return false;
  return null;
}

/** Lowercase, accents off, spaces collapsed: how names are compared (colours, makers, category paths). */
export function nameKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A category path as written in Type ("Donna > Abiti", "women>dresses") → "donna > abiti". */
export function pathKey(text: string): string {
  return text
    .split(">")
    .map((part) => nameKey(part))
    .filter(Boolean)
    .join(" > ");
}

/** Tags as a list: "a, b,,c " → "a, b, c" (how keywords are stored). */
export function normalizeTags(text: string): string {
  return text
    .split(",")
    .map((tag) => tag.trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .join(", ");
}

export type OptionKind = "color" | "size";

/** Option names that make the colour × size matrix, in English and Italian. */
const OPTION_KINDS: Record<string, OptionKind> = {
  color: "color",
  colour: "color",
  colore: "color",
  size: "size",
  taglia: "size",
  misura: "size",
};

/** What an option name is: colour, size, Shopify's "Title" of a product without options, or another. */
export function optionKind(name: string): OptionKind | "title" | "other" {
  const key = nameKey(name);
  if (key === "title" || key === "titolo") return "title";
  return OPTION_KINDS[key] ?? "other";
}

/** The value Shopify gives the one variant of a product without options. */
export const DEFAULT_TITLE_VALUE = "Default Title";

/**
 * Size names as shops write them (Shopify's own files say "Small", "MEDIUM", "X-Large", "Extra
 * Large"), read as the shop's sizes (S, M, XL…); anything else is kept as written (uppercased).
 * Takes a size already normalized (trimmed, single spaces, uppercase).
 */
const SIZE_NAMES: Record<string, string> = {
  "XXX-SMALL": "XXXS",
  "XX-SMALL": "XXS",
  "EXTRA EXTRA SMALL": "XXS",
  "X-SMALL": "XS",
  "EXTRA SMALL": "XS",
  SMALL: "S",
  MEDIUM: "M",
  LARGE: "L",
  "X-LARGE": "XL",
  "EXTRA LARGE": "XL",
  "XX-LARGE": "XXL",
  "EXTRA EXTRA LARGE": "XXL",
  "2X-LARGE": "XXL",
  "XXX-LARGE": "3XL",
  "3X-LARGE": "3XL",
  "ONE SIZE": "UNI",
  "TAGLIA UNICA": "UNI",
  UNICA: "UNI",
  PICCOLA: "S",
  MEDIA: "M",
  GRANDE: "L",
};

export function sizeFromName(size: string): string {
  // "X Large", "XLarge", "X-LARGE" and "x–large" are the same name.
  const key = size.replace(/[\s_–—-]+/g, "-").replace(/^(X{1,3}|[23]X)(?=SMALL|LARGE)/, "$1-");
  return SIZE_NAMES[key] ?? SIZE_NAMES[key.replace(/-/g, " ")] ?? size;
}
