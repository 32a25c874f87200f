import type { ProductStatus } from "~/db/schema";
import { isValidSku, isValidSlug, normalizeSku } from "./catalog-rules";
import type { TranslationRow } from "./catalog-import.repository.server";
import { IMPORT_LIMITS, ONE_SIZE, SINGLE_COLOUR, type ImportErrorCode, type ImportIssue, type ImportNoteCode } from "./catalog-import-report";
import type { Group } from "./catalog-import-read.server";
import type { Colour, RunState } from "./catalog-import-state.server";
import { DEFAULT_TITLE_VALUE, type Row, nameKey, sizeFromName, normalizeTags, optionKind, parseBoolean, parsePrice, parseQuantity, pathKey } from "./shopify-csv";
import { DEFAULT_COLOR_HEX } from "./variant-admin.service.server";
import { COLOR_NAME_MAX_LENGTH, colorCodeFor, isCompareAtAbove, isValidPrice, isValidSize, isValidStock, normalizeColorName, normalizeSize } from "./variant-pricing";

// The check's first half (docs/decisions/024, 046): one product's rows → what the file says of it,
// checked on its own, before the database is asked (planProduct). catalog-import-check.server.ts
// then compares the batch's plans with what the shop holds. Nothing here reads or writes.

export interface ColourChoice {
  code: string;
  /** A colour to create first (findOrCreateColor: the code above is its prediction). */
  create?: Colour;
}

export interface VariantPlan {
  line: number;
  colour: ColourChoice;
  size: string;
  sku?: string;
  priceCents: number;
  /** undefined: the column is absent (keep); null: none. */
  compareAtCents?: number | null;
  stock?: number;
}

export interface ImagePlan {
  line: number;
  url: string;
  position: number;
  altIt: string;
  altEn?: string;
  /** The colour the file ties it to (Variant Image): a code, null for several colours, undefined: not said. */
  colour?: string | null;
}

export interface ProductPlan {
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

export const present = (row: Row, key: keyof Row) => row[key] !== undefined;
export const filled = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== "";

export function planProduct(
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

  // A product of more variants than the cap is refused before its rows are looked at.
  const cap = (state.options.limits ?? IMPORT_LIMITS).maxVariantsPerProduct;
  const variantRows = group.rows.reduce((n, r) => n + (isVariantRow(r.row) ? 1 : 0), 0) + (group.overflow ?? 0);
  if (variantRows > cap) {
    err(first.line, "tooManyVariants", { variants: String(variantRows), max: String(cap) });
    return { plan: null, errors };
  }
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
  const others: number[] = [];
  const used = kinds.filter((k) => k && k !== "title").length;
  for (const [i, kind] of kinds.entries()) {
    if (kind === "other") others.push(i);
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
  // An option that is neither colour nor size (Shopify's "Format", "Material"…): the first one
  // is the size when the product has none (its values tell the variants apart), any other is set
  // aside with a note. Variants it alone told apart are then one: the later rows are skipped.
  if (sizeAt < 0 && others.length) {
    sizeAt = others.shift()!;
    note(first.line, "optionAsSize", { name: names[sizeAt].slice(0, 60) });
  }
  for (const i of others) note(first.line, "optionIgnored", { name: names[i].slice(0, 60) });
  const setAside = others.map((i) => names[i].slice(0, 60)).join(", ");

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
    if (isVariantRow(row)) {
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
      const pair = variant ? `${variant.colour.code}|${variant.size.toUpperCase()}` : "";
      const merged = variant && setAside ? seenPairs.get(pair) : undefined;
      if (merged !== undefined) note(line, "variantMerged", { line: String(merged), name: setAside });
      else if (variant) {
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

/** A row that is a variant (an option value, a SKU, a price or a quantity), not only a photograph. */
function isVariantRow(row: Row): boolean {
  return (
    filled(row.option1Value) ||
    filled(row.option2Value) ||
    filled(row.option3Value) ||
    filled(row.sku) ||
    filled(row.price) ||
    filled(row.qty) ||
    filled(row.compareAt)
  );
}

/** An Image Src or Variant Image: an http(s) URL of at most 2000 characters. */
export function isImageUrl(url: string): boolean {
  if (url.length > 2000) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

export function planVariant(
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
    size = sizeFromName(normalizeSize(values[sizeAt]));
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
export function resolveColour(
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

