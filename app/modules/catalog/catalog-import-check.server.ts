import type { ProductStatus } from "~/db/schema";
import { type PhotoRow, listPhotosOfProductsForExchange } from "~/modules/media/product-photos.service.server";
import { photoVariantKeyOfPath } from "~/modules/media/media-urls";
import { isValidSku } from "./catalog-rules";
import { htmlToMarkdown, markdownToHtml } from "./catalog-import-html";
import { type ProductChange, type StoredProduct, type StoredVariant, type TranslationRow, type VariantChange, selectProductsByHandle, selectSkuOwners, selectSlugOwners, selectVariantsOfProducts } from "./catalog-import.repository.server";
import { type ImagePlan, type ProductPlan, type VariantPlan, planProduct } from "./catalog-import-check-rows.server";
import type { ImportErrorCode, ImportIssue, ProductOutcome } from "./catalog-import-report";
import type { Group } from "./catalog-import-read.server";
import { type Colour, type RunState, addError, addNote, addOutcome, groupBy, reject, rejectRows } from "./catalog-import-state.server";
import { normalizeTags } from "./shopify-csv";
import { skuPrefixOf, suggestSku } from "./variant-pricing";

// The check stage (docs/decisions/024, 046): a batch of products' rows → the work to do, each
// refusal and note in the report. Each product is first checked on its own
// (catalog-import-check-rows.server.ts), then the batch's products, variants, photographs, SKUs and
// slugs are looked up in a few queries and compared with the file: only what differs becomes work.
// Nothing here writes; catalog-import-apply.server.ts does, or reports what it would do.

/**
 * Checks a batch: the products refused are in the report (their rows counted), the others come
 * back as the work that makes the shop say what the file says.
 */
export async function checkBatch(state: RunState, groups: Group[]): Promise<ProductWork[]> {
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
  if (!plans.length) return [];
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
  return work;
}

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
