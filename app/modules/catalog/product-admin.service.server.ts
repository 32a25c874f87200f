import type { Kysely } from "kysely";
import type { Database, Locale, ProductStatus } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { type AuditActor, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { recordPathChanges } from "~/modules/seo/slug-redirect.service.server";
import { DomainError } from "~/utils/domain-error";
import { percentOf } from "~/utils/money";
import { normalizeSku, slugify } from "./catalog-rules";
import { catalogueChanged } from "./catalog-write.server";
import { listCategories } from "./category.repository.server";
import * as repo from "./product-admin.repository.server";
import { PRODUCT_LOCALES, PRODUCT_PAGE_SIZE, type ProductListQuery, isPricePercent } from "./product-admin.schema";
import { isShownToShoppers, productState } from "./product-status";
import { type CurrentPrices, type PriceWrite, repriceProductIn } from "./variant-admin.service.server";
import { isCompareAtAbove, isValidPrice } from "./variant-pricing";

// Atelier's products (issue 24): the list, and every write to a product's own row and texts, each
// with its audit entry and what the storefront owes (catalogueChanged: listing entries, facets,
// sitemaps, search documents and every process's cache) in the same transaction. The Shopify
// import and the command line write through the same functions, so their rules hold there too:
// unique slugs per language, no publication without variants, 301s for a published slug changed.

// ---- The list ----

export interface AdminCategoryOption {
  id: number;
  /** "Donna › Abiti": the category's trail, for a select. */
  label: string;
  depth: number;
}

/** Every category as a select shows it: in tree order, each named by its trail. One query. */
export async function categoryOptions(db: Kysely<Database>, locale: Locale): Promise<AdminCategoryOption[]> {
  const rows = await listCategories(db, locale);
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const out: AdminCategoryOption[] = [];
  const walk = (parent: number | null, trail: string[], depth: number) => {
    for (const row of (children.get(parent) ?? []).sort((a, b) => a.position - b.position || a.id - b.id)) {
      if (depth > 10) return;
      const label = [...trail, row.name];
      out.push({ id: row.id, label: label.join(" › "), depth });
      walk(row.id, label, depth + 1);
    }
  };
  walk(null, [], 0);
  return out;
}

/** A category and every category below it. */
async function categoryAndDescendants(db: Kysely<Database>, categoryId: number): Promise<number[]> {
  const rows = await db.selectFrom("categories").select(["id", "parent_id as parentId"]).execute();
  const ids = new Set([categoryId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && ids.has(row.parentId) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return [...ids];
}

export interface AdminProductRow {
  id: number;
  name: string;
  categoryId: number;
  state: ReturnType<typeof productState>;
  publishedAt: string;
  minCents: number | null;
  maxCents: number | null;
  stock: number;
  variants: number;
}

/** One page of the products list: filtered, sorted, paged; `hasNext` without counting them all. */
export async function searchAdminProducts(
  db: Kysely<Database>,
  locale: Locale,
  query: ProductListQuery,
  now = new Date(),
): Promise<{ products: AdminProductRow[]; page: number; hasNext: boolean; lowStockThreshold: number }> {
  const { lowStockThreshold } = await getShopSettings(db);
  const q = query.q.trim();
  const sku = normalizeSku(q);
  const filter: repo.AdminProductFilter = {
    text: q ? { name: q.toLowerCase(), sku: /^[A-Z0-9._-]+$/.test(sku) ? sku : "" } : null,
    categoryIds: query.categoryId ? await categoryAndDescendants(db, query.categoryId) : null,
    state: query.state,
    stock: query.stock,
    lowBelow: Math.max(1, lowStockThreshold),
    now: now.toISOString(),
  };
  const rows = await repo.listAdminProducts(db, locale, filter, query.sort, { limit: PRODUCT_PAGE_SIZE + 1, offset: (query.page - 1) * PRODUCT_PAGE_SIZE });
  const page = rows.slice(0, PRODUCT_PAGE_SIZE);
  const figures = new Map((await repo.listProductFigures(db, page.map((row) => row.id))).map((f) => [f.productId, f]));
  return {
    page: query.page,
    lowStockThreshold,
    hasNext: rows.length > PRODUCT_PAGE_SIZE,
    products: page.map((row) => {
      const f = figures.get(row.id);
      return {
        id: row.id,
        name: row.name,
        categoryId: row.categoryId,
        state: productState(row.status, row.publishedAt, now),
        publishedAt: String(row.publishedAt),
        minCents: f ? Number(f.minCents) : null,
        maxCents: f ? Number(f.maxCents) : null,
        stock: f ? Number(f.stock ?? 0) : 0,
        variants: f ? Number(f.variants) : 0,
      };
    }),
  };
}

// ---- One product ----

/** A product's texts in one language; an empty slug is made from the name (slugify). */
export type ProductTexts = repo.TranslationValues;

/** What the editor (or the import) sets on a product. */
export interface ProductInput {
  categoryId: number;
  manufacturerId: number | null;
  /** The drawing kind for a product without photographs (app/modules/media/garment-art.ts). */
  garment: string;
  status: ProductStatus;
  /** When it shows (a later date: scheduled); null keeps the stored date, or now for a new publication. */
  publishedAt: string | null;
  texts: Record<Locale, ProductTexts>;
}

/** A product as the editor shows it, with its audit trail; null when there is none. */
export async function getProductForEdit(db: Kysely<Database>, productId: number) {
  const row = await repo.findProductRow(db, productId);
  if (!row) return null;
  const [translations, variants, audit] = await Promise.all([
    repo.listProductTranslations(db, productId),
    repo.countVariants(db, [productId]),
    auditOfRecord(db, "product", productId),
  ]);
  const texts = Object.fromEntries(translations.map((t) => [t.locale, t])) as Partial<Record<Locale, (typeof translations)[number]>>;
  return { ...row, publishedAt: String(row.publishedAt), texts, variantCount: variants.get(productId) ?? 0, audit };
}

/** The editor's choices: categories in tree order and the manufacturers. */
export async function productEditorChoices(db: Kysely<Database>, locale: Locale) {
  const [categories, manufacturers] = await Promise.all([categoryOptions(db, locale), repo.listManufacturers(db)]);
  return { categories, manufacturers };
}

/** The values an audit entry keeps of a product (flat, so the trail shows each field). */
function auditValues(row: repo.ProductRowValues, texts: Partial<Record<Locale, repo.TranslationValues>>) {
  const values: Record<string, unknown> = {
    category: row.categoryId,
    manufacturer: row.manufacturerId,
    garment: row.garment,
    status: row.status,
    publishedAt: row.publishedAt,
  };
  for (const locale of PRODUCT_LOCALES) {
    const t = texts[locale];
    if (!t) continue;
    for (const [key, value] of Object.entries(t)) values[`${key}.${locale}`] = value;
  }
  return values;
}

function resolvedTexts(input: ProductInput): Record<Locale, repo.TranslationValues> {
  return Object.fromEntries(
    PRODUCT_LOCALES.map((locale) => {
      const t = input.texts[locale];
      const values: repo.TranslationValues = {
        name: t.name,
        slug: t.slug || slugify(t.name),
        description: t.description,
        composition: t.composition,
        care: t.care,
        metaTitle: t.metaTitle,
        metaDescription: t.metaDescription,
      };
      return [locale, values];
    }),
  ) as Record<Locale, repo.TranslationValues>;
}

/** The rules every save checks before writing: the category, the maker, free slugs. */
async function checkInput(trx: Kysely<Database>, productId: number | null, input: ProductInput, texts: Record<Locale, repo.TranslationValues>) {
  if (!(await repo.categoryExists(trx, input.categoryId))) throw new DomainError("PRODUCT_CATEGORY_UNKNOWN", `No category ${input.categoryId}.`, { field: "categoryId" });
  if (input.manufacturerId !== null && !(await repo.manufacturerExists(trx, input.manufacturerId))) {
    throw new DomainError("MANUFACTURER_NOT_FOUND", `No manufacturer ${input.manufacturerId}.`, { field: "manufacturerId" });
  }
  for (const locale of PRODUCT_LOCALES) {
    const slug = texts[locale].slug;
    // A name of symbols only ("★★★") makes no slug: the owner types one.
    if (!slug) throw new DomainError("PRODUCT_SLUG_INVALID", "No slug can be made from the name.", { field: `slug_${locale}` });
    const owner = await repo.findSlugOwner(trx, locale, slug);
    if (owner !== undefined && owner !== productId) throw new DomainError("PRODUCT_SLUG_TAKEN", `${locale} slug ${slug} is product ${owner}'s.`, { field: `slug_${locale}` });
  }
}

async function refusePublishingWithoutVariants(trx: Kysely<Database>, productIds: number[]) {
  const counts = await repo.countVariants(trx, productIds);
  const without = productIds.filter((id) => !counts.get(id));
  if (without.length) throw new DomainError("PRODUCT_WITHOUT_VARIANTS", `Products ${without.join(", ")} have no variants.`, { field: "status" });
}

/** Runs a write; a slug taken meanwhile by another transaction (the unique index) is the same message at the field. */
async function writing<T>(db: Kysely<Database>, run: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(run);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("PRODUCT_SLUG_TAKEN", "A slug was taken meanwhile.", { field: "slug_it" });
    throw error;
  }
}

/**
 * Creates a product (its row and its texts in both languages) with an audit entry
 * `product.create`. A product is created as a draft or archived, or published with variants only:
 * a new product has none, so "published" is refused (PRODUCT_WITHOUT_VARIANTS) — the owner adds
 * variants, then publishes. Returns the new id.
 */
export async function createProduct(db: Kysely<Database>, input: ProductInput, actor: AuditActor, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const texts = resolvedTexts(input);
  return writing(db, async (trx) => {
    await checkInput(trx, null, input, texts);
    if (input.status === "published") throw new DomainError("PRODUCT_WITHOUT_VARIANTS", "A new product has no variants.", { field: "status" });
    const row: repo.ProductRowValues = {
      categoryId: input.categoryId,
      manufacturerId: input.manufacturerId,
      garment: input.garment,
      status: input.status,
      publishedAt: input.publishedAt ?? at,
    };
    const id = await repo.insertProduct(trx, { ...row, featuredRank: (await repo.lastFeaturedRank(trx)) + 1, at });
    for (const locale of PRODUCT_LOCALES) await repo.saveTranslation(trx, id, locale, texts[locale]);
    await recordAudit(trx, { actor, action: "product.create", entityType: "product", entityId: id, after: auditValues(row, texts), summary: texts.it.name, at: now });
    await catalogueChanged(trx, [id], now);
    return id;
  });
}

/**
 * Saves a product's row and texts with an audit entry `product.update` (the fields that changed,
 * before and after). Publishing needs variants (PRODUCT_WITHOUT_VARIANTS); a slug changed while the
 * product is on show keeps its old address answering with a 301. Throws PRODUCT_NOT_FOUND.
 */
export async function updateProduct(db: Kysely<Database>, productId: number, input: ProductInput, actor: AuditActor, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const texts = resolvedTexts(input);
  await writing(db, async (trx) => {
    const current = await repo.findProductRow(trx, productId, { lock: true });
    if (!current) throw new DomainError("PRODUCT_NOT_FOUND", `No product ${productId}.`);
    await checkInput(trx, productId, input, texts);
    if (input.status === "published") await refusePublishingWithoutVariants(trx, [productId]);
    const stored = Object.fromEntries((await repo.listProductTranslations(trx, productId)).map((t) => [t.locale, t])) as Partial<Record<Locale, repo.TranslationValues>>;
    const before: repo.ProductRowValues = {
      categoryId: current.categoryId,
      manufacturerId: current.manufacturerId,
      garment: current.garment,
      status: current.status,
      publishedAt: new Date(current.publishedAt).toISOString(),
    };
    const after: repo.ProductRowValues = {
      categoryId: input.categoryId,
      manufacturerId: input.manufacturerId,
      garment: input.garment,
      status: input.status,
      // Published now for the first time without a date: from now (not from its creation).
      publishedAt: input.publishedAt ?? (input.status === "published" && current.status !== "published" ? at : before.publishedAt),
    };
    await repo.updateProductRow(trx, productId, { ...after, at });
    for (const locale of PRODUCT_LOCALES) await repo.saveTranslation(trx, productId, locale, texts[locale]);
    // Shoppers could reach the old address: it moves for good to the new one.
    if (isShownToShoppers({ status: current.status, publishedAt: current.publishedAt }, now)) {
      const changes = PRODUCT_LOCALES.filter((locale) => stored[locale] && stored[locale].slug !== texts[locale].slug).map((locale) => ({
        kind: "product" as const,
        locale,
        entityId: productId,
        oldPath: stored[locale]!.slug,
        newPath: texts[locale].slug,
      }));
      if (changes.length) await recordPathChanges(trx, changes, now);
    }
    const stripped = Object.fromEntries(
      Object.entries(stored).map(([locale, t]) => [
        locale,
        { name: t.name, slug: t.slug, description: t.description, composition: t.composition, care: t.care, metaTitle: t.metaTitle, metaDescription: t.metaDescription },
      ]),
    );
    await recordAudit(trx, {
      actor,
      action: "product.update",
      entityType: "product",
      entityId: productId,
      before: auditValues(before, stripped),
      after: auditValues(after, texts),
      summary: texts.it.name,
      at: now,
    });
    await catalogueChanged(trx, [productId], now);
  });
}

/** What a bulk action does to a product's status. */
export const BULK_STATUS = { publish: "published", unpublish: "draft", archive: "archived" } as const satisfies Record<string, ProductStatus>;
export type BulkAction = keyof typeof BULK_STATUS;

/**
 * Sets the status of several products at once (the list's bulk actions; one product: the same
 * rule as the editor): one audit entry per product that changed (`product.publish`,
 * `product.unpublish`, `product.archive`), and the storefront refreshed for them. All or nothing:
 * publishing a product without variants refuses the whole action (PRODUCT_WITHOUT_VARIANTS).
 * Unknown ids: PRODUCT_NOT_FOUND. Returns the ids that changed.
 */
export async function setProductsStatus(db: Kysely<Database>, input: { productIds: number[]; action: BulkAction }, actor: AuditActor, now = new Date()): Promise<number[]> {
  const ids = [...new Set(input.productIds)];
  const status = BULK_STATUS[input.action];
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const rows = await repo.findProductRows(trx, ids, { lock: true });
    if (rows.length !== ids.length) throw new DomainError("PRODUCT_NOT_FOUND", "Some products do not exist.");
    const changing = rows.filter((row) => row.status !== status);
    if (status === "published") await refusePublishingWithoutVariants(trx, changing.map((row) => row.id));
    const names = new Map((await repo.listProductNames(trx, "it", changing.map((row) => row.id))).map((row) => [row.id, row.name]));
    for (const row of changing) {
      const publishedAt = new Date(row.publishedAt).toISOString();
      // A draft published by the list shows from now; a scheduled product keeps its date.
      const newDate = status === "published" && row.status !== "published" && Date.parse(publishedAt) < now.getTime() ? at : publishedAt;
      await repo.updateProductRow(trx, row.id, { status, publishedAt: newDate, at });
      await recordAudit(trx, {
        actor,
        action: `product.${input.action}`,
        entityType: "product",
        entityId: row.id,
        before: { status: row.status, publishedAt },
        after: { status, publishedAt: newDate },
        summary: names.get(row.id) ?? "",
        at: now,
      });
    }
    await catalogueChanged(trx, changing.map((row) => row.id), now);
    return changing.map((row) => row.id);
  });
}

/**
 * Moves several products to one category (the list's bulk action): one audit entry
 * `product.category` per product that moved (the category before and after), the storefront
 * refreshed for them, all in one transaction. A category that does not exist:
 * PRODUCT_CATEGORY_UNKNOWN at `categoryId`, nothing moved (the import's holding category is one
 * like any other here, as in the editor). Unknown ids: PRODUCT_NOT_FOUND. Returns the ids moved.
 */
export async function moveProductsToCategory(db: Kysely<Database>, input: { productIds: number[]; categoryId: number }, actor: AuditActor, now = new Date()): Promise<number[]> {
  const ids = [...new Set(input.productIds)];
  const { categoryId } = input;
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (!(await repo.categoryExists(trx, categoryId))) throw new DomainError("PRODUCT_CATEGORY_UNKNOWN", `No category ${categoryId}.`, { field: "categoryId" });
    const rows = await repo.findProductRows(trx, ids, { lock: true });
    if (rows.length !== ids.length) throw new DomainError("PRODUCT_NOT_FOUND", "Some products do not exist.");
    const moving = rows.filter((row) => row.categoryId !== categoryId);
    const names = new Map((await repo.listProductNames(trx, "it", moving.map((row) => row.id))).map((row) => [row.id, row.name]));
    for (const row of moving) {
      await repo.updateProductRow(trx, row.id, { categoryId, at });
      await recordAudit(trx, {
        actor,
        action: "product.category",
        entityType: "product",
        entityId: row.id,
        before: { category: row.categoryId },
        after: { category: categoryId },
        summary: names.get(row.id) ?? "",
        at: now,
      });
    }
    await catalogueChanged(trx, moving.map((row) => row.id), now);
    return moving.map((row) => row.id);
  });
}

/**
 * The list's price change: `percent` (a whole number, −90 to +200, not 0) applied to each
 * product's own price and to every variant's own price, each rounded half up to the cent:
 * round(price × (100 + percent) / 100), in integers (money.ts's percentOf). Each product goes
 * through the variants page's own path (repriceProductIn): its variants' effective prices
 * follow, the price history records every price that changed (the Omnibus "lowest price of the
 * last 30 days"), one audit entry `product.prices` per product with before, after and the
 * percentage; the storefront is refreshed once for them all. One transaction: a refusal leaves
 * every product as it was.
 *
 * Refused at `percent`: a price that would fall under 0,01 € or rise above the most a price may
 * be (PRICE_PERCENT_OUT_OF_RANGE); a sale not over yet (running or scheduled) whose price would no longer be
 * below the new price (SALE_PRICE_NOT_BELOW).
 *
 * What stays: a scheduled sale keeps its price and dates — a markdown of the regular price is
 * not a new sale price, and the owner set that sale's price on purpose; while it runs shoppers
 * still pay the sale price, with the new regular price crossed out. A sale already over is
 * kept as stored (it no longer applies). The crossed-out price stays where it is still above
 * the new price and goes where the new price reaches it (one at or below the price means
 * nothing: isCompareAtAbove). A product without any price yet is left alone, as is one whose
 * prices come out the same (1 cent + 20 % is still 1 cent); neither counts as changed.
 * Unknown ids: PRODUCT_NOT_FOUND. Returns the ids whose prices changed.
 */
export async function changeProductsPrice(db: Kysely<Database>, input: { productIds: number[]; percent: number }, actor: AuditActor, now = new Date()): Promise<number[]> {
  // In id order, each product locked as the variants page locks it (its variants, then its row), so
  // a bulk change and a single edit never wait for each other the wrong way round.
  const ids = [...new Set(input.productIds)].sort((a, b) => a - b);
  const { percent } = input;
  if (!isPricePercent(percent)) throw new DomainError("PRICE_INVALID", `A change of ${percent} %.`, { field: "percent" });
  const scaled = (cents: number) => {
    const next = percentOf(cents, 100 + percent);
    if (!isValidPrice(next)) throw new DomainError("PRICE_PERCENT_OUT_OF_RANGE", `${cents} cents ${percent > 0 ? "+" : ""}${percent} % is ${next} cents.`, { field: "percent" });
    return next;
  };
  const plan = ({ pricing, ownPrices }: CurrentPrices): PriceWrite | null => {
    if (pricing.priceCents === null) return null;
    const priceCents = scaled(pricing.priceCents);
    const owns = new Map([...ownPrices].map(([variantId, own]) => [variantId, own === null ? null : scaled(own)]));
    if (priceCents === pricing.priceCents && [...owns].every(([variantId, own]) => own === ownPrices.get(variantId))) return null;
    const { sale } = pricing;
    if (sale && Date.parse(sale.endsAt) > now.getTime() && sale.priceCents >= priceCents) {
      throw new DomainError("SALE_PRICE_NOT_BELOW", `The sale price ${sale.priceCents} is not below ${priceCents}.`, { field: "percent" });
    }
    const compareAtCents = pricing.compareAtCents !== null && isCompareAtAbove(priceCents, pricing.compareAtCents) ? pricing.compareAtCents : null;
    return { pricing: { priceCents, compareAtCents, sale }, ownPrices: owns, note: { percent } };
  };
  return db.transaction().execute(async (trx) => {
    if ((await repo.findProductRows(trx, ids)).length !== ids.length) throw new DomainError("PRODUCT_NOT_FOUND", "Some products do not exist.");
    const repriced: number[] = [];
    for (const id of ids) if (await repriceProductIn(trx, id, plan, actor, now)) repriced.push(id);
    await catalogueChanged(trx, repriced, now);
    return repriced;
  });
}
