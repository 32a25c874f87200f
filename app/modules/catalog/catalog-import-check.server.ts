import type { ProductStatus } from "~/db/schema";
import type { PhotoRow } from "~/modules/media/product-photos.service.server";
import { photoVariantKeyOfPath } from "~/modules/media/media-urls";
import { isValidSku, isValidSlug, normalizeSku } from "./catalog-rules";
import { htmlToMarkdown, markdownToHtml } from "./catalog-import-html";
import type { ProductChange, StoredProduct, StoredVariant, TranslationRow, VariantChange } from "./catalog-import.repository.server";
import { IMPORT_LIMITS, ONE_SIZE, SINGLE_COLOUR, type ImportErrorCode, type ImportIssue, type ImportNoteCode, type ProductOutcome } from "./catalog-import-report";
import { type Colour, type Group, type RunState } from "./catalog-import-state.server";
import { DEFAULT_TITLE_VALUE, type Row, nameKey, sizeFromName, normalizeTags, optionKind, parseBoolean, parsePrice, parseQuantity, pathKey } from "./shopify-csv";
import { DEFAULT_COLOR_HEX } from "./variant-admin.service.server";
import { COLOR_NAME_MAX_LENGTH, colorCodeFor, isCompareAtAbove, isValidPrice, isValidSize, isValidStock, normalizeColorName, normalizeSize, skuPrefixOf, suggestSku } from "./variant-pricing";

// The check (docs/decisions/024): one product's rows → what the file says of it, checked on its
// own (planProduct), then compared with what the shop holds (compare). Nothing here writes.

// ---------------------------------------------------------------------------------------------
// One product's rows → what the file says of it (checked on its own, before the database).

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

// ---------------------------------------------------------------------------------------------
// A batch: compare with the database, then (unless a dry run) write what differs.

export interface VariantWork {
  plan: VariantPlan;
  existing?: StoredVariant;
  change?: VariantChange;
  sku: string;
  /** A new variant's place: after the product's existing ones, in the file's order. */
  position: number;
}

export interface ImageWork {
  plan: ImagePlan;
  existing?: PhotoRow;
  altEn: string;
  changed: boolean;
}

export interface ProductWork {
  plan: ProductPlan;
  existing?: StoredProduct;
  product: ProductChange;
  it: Partial<TranslationRow>;
  en: Partial<TranslationRow>;
  /** A new product's rows, complete. */
  create?: {
    it: TranslationRow;
    en: TranslationRow;
    /** null: the holding category (made before the batch's transaction when the shop has none yet). */
    categoryId: number | null;
    status: ProductStatus;
    manufacturerId: number | null;
  };
  variants: VariantWork[];
  images: ImageWork[];
  removeImages: PhotoRow[];
  colours: Colour[];
}

/** A SKU for a variant the file gives none: the variants page's suggestion, PREFIX-COLOUR-SIZE (the product's prefix, else its Handle). */
export function generatedSku(prefix: string, v: VariantPlan): string {
  return suggestSku(prefix, v.colour.code, v.size);
}

/** What a URL of this shop's own photographs (an export's Image Src) names: its variant set and the photograph, or null. */
export function ownPhotoOf(
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
export function descriptionChange(
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
export function excerpt(markdown: string): string {
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

export function compare(
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
  if (plan.category.state === "unknown" && stored)
    plan.notes.push({
      line: plan.line,
      handle,
      code: "unknownCategory",
      params: { value: plan.category.type },
    });
  if (!stored) {
    // A new product whose Type names no category (or none) waits, a draft, in the holding
    // category the owner reviews; the report counts them.
    if (uncategorised) {
      plan.notes.push({ line: plan.line, handle, code: "holdingCategory", params: { value: plan.category.state === "unknown" ? plan.category.type : "" } });
      state.report.holding = (state.report.holding ?? 0) + 1;
    }
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
          categoryId: plan.category.state === "matched" ? plan.category.id : null,
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
export function translationChange(
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

export function outcomeOf(w: ProductWork): ProductOutcome {
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

export function tally(state: RunState, w: ProductWork) {
  state.report.variants.create += w.variants.filter((v) => !v.existing).length;
  state.report.variants.update += w.variants.filter(
    (v) => v.existing && v.change,
  ).length;
}

