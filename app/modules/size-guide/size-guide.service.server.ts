import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, type AuditRecord, type AuditValues, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { findProductName, findPublishedProduct, findSlugsById, listVariantSummaries } from "~/modules/catalog/product.repository.server";
import { productUrl, sizeGuideUrl } from "~/modules/base/page-urls";
import { DomainError } from "~/utils/domain-error";
import type { ProductSizingInput, SizeGuideInput } from "./size-guide.schema";
import {
  type Fit,
  type FindSizeInput,
  type GuideKind,
  type GuideRow,
  type SizeSuggestion,
  isFit,
  isGuideKind,
  shownColumns,
  suggestSize,
} from "./size-guide-rules";
import {
  type ProductSizingRecord,
  type SizeGuideRowInsert,
  type SizeGuideRowRecord,
  countSizeGuideRows,
  deleteSizeGuideRecord,
  findProductSizing,
  findSizeGuide,
  insertSizeGuide,
  listCategoryGuides,
  listGuideCategoryIds,
  listSizeGuideRows,
  listSizeGuides,
  replaceSizeGuideRows,
  setGuideCategories,
  updateProductSizing,
  updateSizeGuideRow,
} from "./size-guide.repository.server";

// The size guide (issue 41 part 2): per kind of garment a table of sizes and measurements,
// named by categories (their sub-categories inherit it) or by a product itself; per product its
// fit and its model. The product page links it; "Trova la tua taglia" suggests a size from it.
// Atelier edits guides and a product's sizing; every write is audited and refreshes the
// catalogue cache (the product page shows the fit and whether there is a guide).

const rowOf = (record: SizeGuideRowRecord): GuideRow => ({
  size: record.size,
  names: { it: record.size_it, eu: record.size_eu, us: record.size_us, uk: record.size_uk },
  measures: {
    chest: record.chest_mm,
    waist: record.waist_mm,
    hips: record.hips_mm,
    inseam: record.inseam_mm,
    foot: record.foot_mm,
    garmentChest: record.garment_chest_mm,
    garmentLength: record.garment_length_mm,
  },
  heightCm: { from: record.height_from_cm, to: record.height_to_cm },
  weightKg: { from: record.weight_from_kg, to: record.weight_to_kg },
});

export interface ModelMeasurements {
  heightCm: number | null;
  size: string | null;
  chestCm: number | null;
  waistCm: number | null;
  hipsCm: number | null;
}

const modelOf = (record: ProductSizingRecord): ModelMeasurements | null =>
  record.model_height_cm === null && record.model_size === null
    ? null
    : { heightCm: record.model_height_cm, size: record.model_size, chestCm: record.model_chest_cm, waistCm: record.model_waist_cm, hipsCm: record.model_hips_cm };

/** The guide a product uses: its own, else its category's, else the nearest ancestor's. */
async function guideIdOf(db: Kysely<Database>, sizing: ProductSizingRecord): Promise<number | null> {
  if (sizing.size_guide_id !== null) return sizing.size_guide_id;
  const categories = new Map((await listCategoryGuides(db)).map((row) => [row.id, row]));
  const seen = new Set<number>();
  for (let id: number | null = sizing.category_id; id !== null && !seen.has(id); ) {
    seen.add(id);
    const category = categories.get(id);
    if (!category) break;
    if (category.size_guide_id !== null) return category.size_guide_id;
    id = category.parent_id;
  }
  return null;
}

export interface ProductSizing {
  /** Whether a guide with sizes covers the product (the page links it). */
  hasGuide: boolean;
  fit: Fit | null;
  model: ModelMeasurements | null;
}

/** What the product page says about sizes. */
export async function getProductSizing(db: Kysely<Database>, productId: number): Promise<ProductSizing> {
  const sizing = await findProductSizing(db, productId);
  if (!sizing) return { hasGuide: false, fit: null, model: null };
  const guideId = await guideIdOf(db, sizing);
  const rows = guideId === null ? [] : await listSizeGuideRows(db, guideId);
  return { hasGuide: rows.length > 0, fit: isFit(sizing.fit) ? sizing.fit : null, model: modelOf(sizing) };
}

/**
 * The guide page of a product on show: the table, the columns it fills, the fit, the model, the
 * product's sizes (those the suggestion can point to), and the page in the other language. Null
 * when the product is not on show or has no guide.
 */
export async function getSizeGuidePage(db: Kysely<Database>, locale: Locale, slug: string, now = new Date()) {
  const product = await findPublishedProduct(db, locale, slug, now.toISOString());
  if (!product) return null;
  const sizing = await findProductSizing(db, product.id);
  if (!sizing) return null;
  const guideId = await guideIdOf(db, sizing);
  const guide = guideId === null ? undefined : await findSizeGuide(db, guideId);
  if (!guide || !isGuideKind(guide.kind)) return null;
  const [records, slugs, variants] = await Promise.all([listSizeGuideRows(db, guide.id), findSlugsById(db, product.id), listVariantSummaries(db, locale, [product.id])]);
  if (!records.length) return null;
  const rows = records.map(rowOf);
  const alternates = Object.fromEntries(Object.entries(slugs).map(([l, s]) => [l, sizeGuideUrl(s as string, l as Locale)])) as Partial<Record<Locale, string>>;
  return {
    product: { id: product.id, name: product.name, url: productUrl(product.slug, locale), guideUrl: sizeGuideUrl(product.slug, locale) },
    guide: { name: locale === "it" ? guide.name_it : guide.name_en, kind: guide.kind as GuideKind },
    rows,
    columns: shownColumns(rows),
    fit: isFit(sizing.fit) ? sizing.fit : null,
    model: modelOf(sizing),
    /** The product's own sizes, in its order: a suggested size it does not come in is said so. */
    sizes: [...new Set(variants.map((variant) => variant.size))],
    alternates,
  };
}

export type SizeGuidePage = NonNullable<Awaited<ReturnType<typeof getSizeGuidePage>>>;

/** "Trova la tua taglia" for a guide page: the rule's answer, and whether the product comes in that size. */
export function suggestSizeOnPage(page: SizeGuidePage, input: FindSizeInput): SizeSuggestion & { offered: boolean } {
  const suggestion = suggestSize(page.rows, page.fit, input);
  return { ...suggestion, offered: suggestion.found && page.sizes.includes(suggestion.size) };
}

/* ------------------------------------------------------------------------------------------ */
/* Atelier                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export interface SizeGuideListItem {
  id: number;
  name: string;
  kind: GuideKind;
  sizes: number;
  categories: number;
}

/** Every guide, with how many sizes and categories it has. */
export async function listSizeGuidesForAtelier(db: Kysely<Database>, locale: Locale): Promise<SizeGuideListItem[]> {
  const [guides, sizes, categories] = await Promise.all([listSizeGuides(db), countSizeGuideRows(db), listCategoryGuides(db)]);
  return guides.map((guide) => ({
    id: guide.id,
    name: locale === "it" ? guide.name_it : guide.name_en,
    kind: isGuideKind(guide.kind) ? guide.kind : "clothing",
    sizes: sizes.get(guide.id) ?? 0,
    categories: categories.filter((category) => category.size_guide_id === guide.id).length,
  }));
}

/** A guide for its editor, with its categories and history; null when there is none. */
export async function getSizeGuideForAtelier(db: Kysely<Database>, id: number): Promise<{ id: number; kind: GuideKind; nameIt: string; nameEn: string; rows: GuideRow[]; categoryIds: number[]; audit: AuditRecord[] } | null> {
  const guide = await findSizeGuide(db, id);
  if (!guide) return null;
  const [rows, categoryIds, audit] = await Promise.all([listSizeGuideRows(db, id), listGuideCategoryIds(db, id), auditOfRecord(db, "size-guide", id)]);
  return { id, kind: isGuideKind(guide.kind) ? guide.kind : "clothing", nameIt: guide.name_it, nameEn: guide.name_en, rows: rows.map(rowOf), categoryIds, audit };
}

const rowInsertOf = (row: GuideRow): SizeGuideRowInsert => ({
  size: row.size,
  size_it: row.names.it,
  size_eu: row.names.eu,
  size_us: row.names.us,
  size_uk: row.names.uk,
  chest_mm: row.measures.chest,
  waist_mm: row.measures.waist,
  hips_mm: row.measures.hips,
  inseam_mm: row.measures.inseam,
  foot_mm: row.measures.foot,
  garment_chest_mm: row.measures.garmentChest,
  garment_length_mm: row.measures.garmentLength,
  height_from_cm: row.heightCm.from,
  height_to_cm: row.heightCm.to,
  weight_from_kg: row.weightKg.from,
  weight_to_kg: row.weightKg.to,
});

const guideAuditValues = (input: SizeGuideInput): AuditValues => ({
  kind: input.kind,
  nameIt: input.nameIt,
  nameEn: input.nameEn,
  // One line per size, as the table reads: what changed in it shows in the history's before and after.
  sizes: input.rows.map((row) => [row.size, ...Object.values(row.names), ...Object.values(row.measures).map((mm) => mm ?? ""), row.heightCm.from ?? "", row.heightCm.to ?? "", row.weightKg.from ?? "", row.weightKg.to ?? ""].join(" ")),
  categories: [...input.categoryIds].sort((a, b) => a - b).join(","),
});

async function currentInput(db: Kysely<Database>, id: number): Promise<SizeGuideInput | null> {
  const guide = await getSizeGuideForAtelier(db, id);
  return guide ? { kind: guide.kind, nameIt: guide.nameIt, nameEn: guide.nameEn, rows: guide.rows, categoryIds: guide.categoryIds } : null;
}

async function assertCategoriesExist(db: Kysely<Database>, categoryIds: number[]) {
  const known = new Set((await listCategoryGuides(db)).map((category) => category.id));
  if (categoryIds.some((id) => !known.has(id))) throw new DomainError("SIZE_GUIDE_CATEGORY_UNKNOWN", "unknown category", { field: "categoryIds" });
}

/** A new guide; its id. */
export async function createSizeGuide(db: Kysely<Database>, input: SizeGuideInput, actor: AuditActor, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await assertCategoriesExist(trx, input.categoryIds);
    const stamp = now.toISOString();
    const id = await insertSizeGuide(trx, { kind: input.kind, name_it: input.nameIt, name_en: input.nameEn, created_at: stamp, updated_at: stamp });
    await replaceSizeGuideRows(trx, id, input.rows.map(rowInsertOf));
    await setGuideCategories(trx, id, input.categoryIds);
    await recordAudit(trx, { actor, action: "size-guide.create", entityType: "size-guide", entityId: id, after: guideAuditValues(input), summary: input.nameIt, at: now });
    await bumpCatalogRevision(trx);
    return id;
  });
}

/** Saves a guide: its names, its sizes (all of them, in order) and its categories. */
export async function updateSizeGuide(db: Kysely<Database>, id: number, input: SizeGuideInput, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await currentInput(trx, id);
    if (!before) throw new DomainError("SIZE_GUIDE_NOT_FOUND", `no size guide ${id}`);
    await assertCategoriesExist(trx, input.categoryIds);
    await updateSizeGuideRow(trx, id, { kind: input.kind, name_it: input.nameIt, name_en: input.nameEn, updated_at: now.toISOString() });
    await replaceSizeGuideRows(trx, id, input.rows.map(rowInsertOf));
    await setGuideCategories(trx, id, input.categoryIds);
    await recordAudit(trx, { actor, action: "size-guide.update", entityType: "size-guide", entityId: id, before: guideAuditValues(before), after: guideAuditValues(input), summary: input.nameIt, at: now });
    await bumpCatalogRevision(trx);
  });
}

/** Deletes a guide; its categories and products then name none (the audit keeps what it was). */
export async function deleteSizeGuide(db: Kysely<Database>, id: number, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await currentInput(trx, id);
    if (!before) throw new DomainError("SIZE_GUIDE_NOT_FOUND", `no size guide ${id}`);
    await deleteSizeGuideRecord(trx, id);
    await recordAudit(trx, { actor, action: "size-guide.delete", entityType: "size-guide", entityId: id, before: guideAuditValues(before), summary: before.nameIt, at: now });
    await bumpCatalogRevision(trx);
  });
}

/** A product's sizing for its Atelier page: its own guide (null: the category's), fit and model, and the guide it inherits. */
export async function getProductSizingForAtelier(db: Kysely<Database>, productId: number, locale: Locale) {
  const sizing = await findProductSizing(db, productId);
  if (!sizing) return null;
  const [inherited, name, guides] = await Promise.all([guideIdOf(db, { ...sizing, size_guide_id: null }), findProductName(db, productId, locale), listSizeGuides(db)]);
  return {
    name: name ?? "",
    /** Every guide the product may name, by name in the viewer's language. */
    guides: guides.map((guide) => ({ id: guide.id, name: locale === "it" ? guide.name_it : guide.name_en })),
    guideId: sizing.size_guide_id,
    inheritedGuideId: inherited,
    fit: isFit(sizing.fit) ? sizing.fit : null,
    model: modelOf(sizing),
    audit: await auditOfRecord(db, "product-sizing", productId),
  };
}

const sizingAuditValues = (values: Omit<ProductSizingRecord, "id" | "category_id">): AuditValues => ({ ...values });

/** Saves a product's guide, fit and model; PRODUCT_NOT_FOUND or SIZE_GUIDE_NOT_FOUND (at the field) when either is missing. */
export async function saveProductSizing(db: Kysely<Database>, productId: number, input: ProductSizingInput, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findProductSizing(trx, productId);
    if (!before) throw new DomainError("PRODUCT_NOT_FOUND", `no product ${productId}`);
    if (input.guideId !== null && !(await findSizeGuide(trx, input.guideId))) throw new DomainError("SIZE_GUIDE_NOT_FOUND", `no size guide ${input.guideId}`, { field: "guideId" });
    const values = {
      size_guide_id: input.guideId,
      fit: input.fit,
      model_height_cm: input.modelHeightCm,
      model_size: input.modelSize,
      model_chest_cm: input.modelChestCm,
      model_waist_cm: input.modelWaistCm,
      model_hips_cm: input.modelHipsCm,
    };
    await updateProductSizing(trx, productId, values, now.toISOString());
    const { id: _id, category_id: _category, ...was } = before;
    await recordAudit(trx, { actor, action: "product.sizing", entityType: "product-sizing", entityId: productId, before: sizingAuditValues(was), after: sizingAuditValues(values), at: now });
    await bumpCatalogRevision(trx);
  });
}
