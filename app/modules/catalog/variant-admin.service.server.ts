import type { Kysely, Transaction } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, type AuditRecord, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { notifyBackInStock } from "~/modules/backstock/backstock.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { isValidSku, normalizeSku } from "./catalog-rules";
import { catalogueChanged, recordPriceChange } from "./catalog-write.server";
import { compareSizes } from "./listing.service.server";
import {
  type PricedProductRow,
  type VariantRow,
  deleteVariant,
  findColor,
  findColorCodeByName,
  findPricedProduct,
  findVariantsBySkus,
  insertColor,
  insertVariant,
  listColorCodesLike,
  listColors,
  listOrderedVariants,
  listProductVariants,
  listProductsWithDueSale,
  lockProductForWrite,
  setStockIfUnchanged,
  switchSaleActive,
  updateProductPricing,
  clearOwnPrices,
  updateVariantFields,
  updateVariantPrice,
} from "./variant-admin.repository.server";
import {
  COLOR_NAME_MAX_LENGTH,
  type ProductPricing,
  type SaleSchedule,
  cellKey,
  colorCodeFor,
  effectivePrice,
  isCompareAtAbove,
  isSaleOn,
  isValidPrice,
  isValidSize,
  isValidStock,
  normalizeColorName,
  normalizeHex,
  normalizeSize,
  skuPrefixOf,
  suggestSku,
} from "./variant-pricing";

// Atelier's variants and prices (issue 24): the product's price, crossed-out price and scheduled
// sale, and the colour × size matrix with each variant's SKU, stock and own price. Every save is
// one transaction with its audit entry and catalogueChanged (listings, facets, search, the
// revision every process's cache checks); every price a variant takes goes through
// recordPriceChange (the Omnibus history); stock goes through a compare-and-set with the
// back-in-stock mails queued in the same transaction. The Shopify import calls the same functions.

export { MAX_PRICE_CENTS, MAX_STOCK } from "./variant-pricing";

export type VariantAdminErrorCode =
  | "VARIANT_NOT_FOUND"
  | "PRICE_INVALID"
  | "COMPARE_AT_NOT_ABOVE"
  | "SALE_PRICE_NOT_BELOW"
  | "SALE_DATES_INVALID"
  | "PRICE_MISSING"
  | "SKU_INVALID"
  | "SKU_TAKEN"
  | "SIZE_INVALID"
  | "SIZE_EXISTS"
  | "COLOR_EXISTS"
  | "COLOR_UNKNOWN"
  | "COLOR_INVALID"
  | "VARIANT_EXISTS"
  | "VARIANT_ORDERED"
  | "STOCK_CHANGED"
  | "INVALID_QUANTITY";

const fail = (code: VariantAdminErrorCode, detail: string, field?: string) => new DomainError(code, detail, { field });

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * The product's prices as the owner set them. A product written before Atelier's prices (or by
 * code that sets only its variants) reads as the migration would have made it: its lowest
 * variant price, its highest crossed-out price, and a variant priced otherwise has its own.
 */
function pricingOf(product: PricedProductRow, variants: readonly VariantRow[]): ProductPricing {
  const derived = product.priceCents === null && variants.length > 0;
  const priceCents = product.priceCents ?? (derived ? Math.min(...variants.map((v) => v.priceCents)) : null);
  let compareAtCents = product.compareAtCents;
  if (derived) {
    const compares = variants.map((v) => v.compareAtCents).filter((c): c is number => c !== null);
    compareAtCents = compares.length ? Math.max(...compares) : null;
    if (compareAtCents !== null && priceCents !== null && compareAtCents <= priceCents) compareAtCents = null;
  }
  const sale: SaleSchedule | null =
    product.salePriceCents !== null && product.saleStartsAt && product.saleEndsAt
      ? { priceCents: product.salePriceCents, startsAt: new Date(product.saleStartsAt).toISOString(), endsAt: new Date(product.saleEndsAt).toISOString() }
      : null;
  return { priceCents, compareAtCents, sale };
}

/** A variant's own price, with the same reading for a product without a price of its own. */
function ownPriceOf(product: PricedProductRow, pricing: ProductPricing, variant: VariantRow): number | null {
  if (variant.ownPriceCents !== null) return variant.ownPriceCents;
  if (product.priceCents === null && variant.priceCents !== pricing.priceCents) return variant.priceCents;
  return null;
}

export interface MatrixCell {
  id: number;
  sku: string;
  stock: number;
  ownPriceCents: number | null;
  /** What the storefront shows now. */
  priceCents: number;
  compareAtCents: number | null;
  /** Named by an order: it cannot be removed (its stock can go to 0). */
  ordered: boolean;
}

export interface VariantEditor {
  /** Its name in the page's language, and its slug there (the storefront's URL). */
  product: { id: number; name: string; slug: string | null; status: string };
  pricing: ProductPricing;
  /** Where the sale stands now. */
  saleState: "none" | "scheduled" | "on" | "ended";
  /** The product's colours in its order, with their names in the page's language. */
  colors: { code: string; name: string; hex: string }[];
  /** Its sizes, XS…XXL then numeric. */
  sizes: string[];
  /** By "colour|size"; a missing key is a combination without a variant. */
  cells: Record<string, MatrixCell>;
  /** The shop's colours the product does not have yet. */
  colorChoices: { code: string; name: string; hex: string }[];
  skuPrefix: string;
  audit: AuditRecord[];
}


/** Everything the variants and prices page shows; null when the product does not exist. */
export async function getVariantEditor(db: Kysely<Database>, productId: number, locale: Locale, now = new Date()): Promise<VariantEditor | null> {
  const product = await findPricedProduct(db, productId);
  if (!product) return null;
  const [variants, colors, audit] = await Promise.all([listProductVariants(db, productId), listColors(db, locale), auditOfRecord(db, "product", productId, 30)]);
  const ordered = await listOrderedVariants(
    db,
    variants.map((v) => v.id),
  );
  const pricing = pricingOf(product, variants);
  const colorByCode = new Map(colors.map((c) => [c.code, { code: c.code, hex: c.hex, name: c.name ?? c.code }]));
  const { colorOrder, sizeOrder } = matrixOrder(variants);
  const cells: Record<string, MatrixCell> = {};
  for (const v of variants) {
    cells[cellKey(v.colorCode, v.size)] = {
      id: v.id,
      sku: v.sku,
      stock: v.stock,
      ownPriceCents: ownPriceOf(product, pricing, v),
      priceCents: v.priceCents,
      compareAtCents: v.compareAtCents,
      ordered: ordered.has(v.id),
    };
  }
  return {
    product: { id: product.id, name: (locale === "en" ? product.nameEn : product.nameIt) ?? product.nameIt ?? product.nameEn ?? `#${product.id}`, slug: (locale === "en" ? product.slugEn : product.slugIt) ?? null, status: product.status },
    pricing,
    saleState: !pricing.sale ? "none" : isSaleOn(pricing.sale, now) ? "on" : Date.parse(pricing.sale.startsAt) > now.getTime() ? "scheduled" : "ended",
    colors: colorOrder.map((code) => colorByCode.get(code) ?? { code, name: code, hex: "#A6A5A1" }),
    sizes: sizeOrder,
    cells,
    colorChoices: [...colorByCode.values()].filter((c) => !colorOrder.includes(c.code)),
    skuPrefix: skuPrefixOf(variants, product.slugIt ?? product.slugEn ?? `p${product.id}`),
    audit,
  };
}

/** The product's colours in the order they first appear, its sizes in size order. */
function matrixOrder(variants: readonly { colorCode: string; size: string; position: number }[]) {
  const byPosition = [...variants].sort((a, b) => a.position - b.position);
  const colorOrder = [...new Set(byPosition.map((v) => v.colorCode))];
  const sizeOrder = [...new Set(variants.map((v) => v.size))].sort(compareSizes);
  return { colorOrder, sizeOrder };
}

/* ------------------------------------------------------------------------------------------ */
/* Prices                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export interface PricesInput {
  /** The price of every variant without its own, integer cents. */
  priceCents: number;
  /** The crossed-out price: greater than the price, or null. */
  compareAtCents: number | null;
  /** A scheduled sale, or null for none (an existing one is removed). */
  sale: SaleSchedule | null;
}

const validPrice = isValidPrice;

/**
 * Sets the product's price, crossed-out price and sale (field names of errors: price,
 * compareAt, salePrice, saleStartsAt, saleEndsAt), and every variant's effective price with it.
 */
export async function setProductPrices(db: Kysely<Database>, productId: number, input: PricesInput, actor: AuditActor, now = new Date()): Promise<void> {
  const sale = validatePrices(input, now);
  await db.transaction().execute((trx) => writePrices(trx, productId, { ...input, sale }, actor, now));
}

/** setProductPrices inside the caller's transaction (the import's): the same rules and audit entry. */
/**
 * After prices were written on the variants themselves (the Shopify import: a file prices each
 * variant): the product's own price, crossed-out price and sale are forgotten, so its pricing is
 * read from its variants again (pricingOf's fallback: the lowest price, the others as the
 * variants' own). The next save in Atelier then starts from the file's prices instead of putting
 * the old ones back, and a sale the file's prices replaced ends.
 */
export async function adoptVariantPricesIn(trx: Kysely<Database>, productId: number): Promise<void> {
  await updateProductPricing(trx, productId, { price_cents: null, compare_at_cents: null, sale_price_cents: null, sale_starts_at: null, sale_ends_at: null, sale_active: 0 });
  await clearOwnPrices(trx, productId);
}

export async function setProductPricesIn(trx: Transaction<Database>, productId: number, input: PricesInput, actor: AuditActor, now = new Date()): Promise<void> {
  const sale = validatePrices(input, now);
  await writePrices(trx, productId, { ...input, sale }, actor, now);
}

function validatePrices(input: PricesInput, now: Date): SaleSchedule | null {
  if (!validPrice(input.priceCents)) throw fail("PRICE_INVALID", `price ${input.priceCents}`, "price");
  if (input.compareAtCents !== null) {
    if (!validPrice(input.compareAtCents)) throw fail("PRICE_INVALID", `compare-at ${input.compareAtCents}`, "compareAt");
    if (!isCompareAtAbove(input.priceCents, input.compareAtCents)) throw fail("COMPARE_AT_NOT_ABOVE", "the crossed-out price must be above the price", "compareAt");
  }
  if (!input.sale) return null;
  if (!validPrice(input.sale.priceCents)) throw fail("PRICE_INVALID", `sale ${input.sale.priceCents}`, "salePrice");
  if (input.sale.priceCents >= input.priceCents) throw fail("SALE_PRICE_NOT_BELOW", "the sale price must be below the price", "salePrice");
  const starts = Date.parse(input.sale.startsAt);
  const ends = Date.parse(input.sale.endsAt);
  if (!Number.isFinite(starts)) throw fail("SALE_DATES_INVALID", "no start", "saleStartsAt");
  if (!Number.isFinite(ends) || ends <= starts || ends <= now.getTime()) throw fail("SALE_DATES_INVALID", "the end must follow the start and now", "saleEndsAt");
  return { priceCents: input.sale.priceCents, startsAt: new Date(starts).toISOString(), endsAt: new Date(ends).toISOString() };
}

async function writePrices(trx: Transaction<Database>, productId: number, input: PricesInput, actor: AuditActor, now: Date): Promise<void> {
  await repriceProductIn(trx, productId, () => ({ pricing: { priceCents: input.priceCents, compareAtCents: input.compareAtCents, sale: input.sale } }), actor, now);
  await catalogueChanged(trx, [productId], now);
}

/** A product's prices as they stand, for a rule that derives new ones from them (repriceProductIn). */
export interface CurrentPrices {
  pricing: ProductPricing;
  /** Each variant's own price by variant id, null for the product's (as the editor reads them). */
  ownPrices: ReadonlyMap<number, number | null>;
}

/** What a price change writes: the product's pricing, and its variants' own prices (a variant left out keeps its own). */
export interface PriceWrite {
  pricing: ProductPricing;
  ownPrices?: ReadonlyMap<number, number | null>;
  /** More for the audit entry's "after" (what the change was: a bulk change's percentage). */
  note?: Record<string, unknown>;
}

/**
 * The one way a product's prices are written, inside the caller's transaction: the new ones
 * given (setProductPrices) or derived by a rule from the current ones (Atelier's bulk price
 * change). The product is locked; its pricing and its variants' own prices are written as
 * `plan` returns them, every variant's effective price goes through the price history, and an
 * audit entry `product.prices` keeps before and after (with the own prices that changed).
 * `plan` runs under the lock: it may throw a DomainError to refuse, or return null to leave the
 * product as it is. catalogueChanged is the caller's, once for every product it changed.
 * Returns whether anything was written; VARIANT_NOT_FOUND for a product that does not exist.
 */
export async function repriceProductIn(
  trx: Transaction<Database>,
  productId: number,
  plan: (current: CurrentPrices) => PriceWrite | null,
  actor: AuditActor,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  if (!(await lockProductForWrite(trx, productId, at))) throw fail("VARIANT_NOT_FOUND", `no product ${productId}`);
  const product = (await findPricedProduct(trx, productId))!;
  const variants = await listProductVariants(trx, productId);
  const before = pricingOf(product, variants);
  // A product read through the fallback gets its variants' own prices stored now.
  const current = new Map(variants.map((v) => [v.id, ownPriceOf(product, before, v)]));
  const write = plan({ pricing: before, ownPrices: current });
  if (!write) return false;
  const { pricing } = write;
  const sale = pricing.sale;
  const owns = new Map(variants.map((v) => [v.id, write.ownPrices?.has(v.id) ? (write.ownPrices.get(v.id) ?? null) : (current.get(v.id) ?? null)]));
  await updateProductPricing(trx, productId, {
    price_cents: pricing.priceCents,
    compare_at_cents: pricing.compareAtCents,
    sale_price_cents: sale?.priceCents ?? null,
    sale_starts_at: sale?.startsAt ?? null,
    sale_ends_at: sale?.endsAt ?? null,
    sale_active: isSaleOn(sale, now) ? 1 : 0,
  });
  for (const v of variants) if (owns.get(v.id) !== v.ownPriceCents) await updateVariantFields(trx, v.id, { own_price_cents: owns.get(v.id) ?? null, updated_at: at });
  const changed = await applyEffectivePrices(trx, pricing, variants, owns, now);
  // Own prices that changed, by variant ("nero/M"): only when the write changed some.
  const moved = variants.filter((v) => owns.get(v.id) !== current.get(v.id));
  const ownsAudit = (of: ReadonlyMap<number, number | null>) => (moved.length ? { ownPrices: Object.fromEntries(moved.map((v) => [`${v.colorCode}/${v.size}`, of.get(v.id) ?? null])) } : {});
  await recordAudit(trx, {
    actor,
    action: "product.prices",
    entityType: "product",
    entityId: productId,
    before: { ...pricesAudit(before), ...ownsAudit(current) },
    after: { ...pricesAudit(pricing), ...ownsAudit(owns), variantsRepriced: changed, ...write.note },
    summary: product.nameIt ?? "",
    at: now,
  });
  return true;
}

function pricesAudit(pricing: ProductPricing) {
  return {
    priceCents: pricing.priceCents,
    compareAtCents: pricing.compareAtCents,
    salePriceCents: pricing.sale?.priceCents ?? null,
    saleStartsAt: pricing.sale?.startsAt ?? null,
    saleEndsAt: pricing.sale?.endsAt ?? null,
  };
}

/**
 * Writes each variant's effective price where it changed, each change through the price
 * history. Returns how many variants changed price. A variant left without any price is refused.
 */
async function applyEffectivePrices(
  trx: Transaction<Database>,
  pricing: ProductPricing,
  variants: readonly Pick<VariantRow, "id" | "priceCents" | "compareAtCents">[],
  owns: Map<number, number | null>,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  let changed = 0;
  for (const v of variants) {
    const price = effectivePrice(pricing, owns.get(v.id) ?? null, now);
    if (!price) throw fail("PRICE_MISSING", `variant ${v.id} has no price`, "price");
    if (price.priceCents !== v.priceCents || price.compareAtCents !== v.compareAtCents) {
      await updateVariantPrice(trx, v.id, { price_cents: price.priceCents, compare_at_cents: price.compareAtCents, updated_at: at });
    }
    if (price.priceCents !== v.priceCents) changed++;
    // Also records the first price of a variant without any history.
    await recordPriceChange(trx, v.id, price.priceCents, now);
  }
  return changed;
}

/**
 * The minute sweep's part (and the start-up's): starts and ends the scheduled sales whose time
 * came, on every process alike. Each switch is a compare-and-set on products.sale_active, so
 * processes sweeping at once apply it once; the prices go through the price history, the
 * storefront's caches are renewed, and the switch is in the audit log. Returns how many.
 */
export async function applyDueSales(db: Kysely<Database>, now = new Date()): Promise<number> {
  const at = now.toISOString();
  let applied = 0;
  for (const productId of await listProductsWithDueSale(db, at)) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await lockProductForWrite(trx, productId, at))) return false;
      const product = (await findPricedProduct(trx, productId))!;
      const variants = await listProductVariants(trx, productId);
      const pricing = pricingOf(product, variants);
      const on = isSaleOn(pricing.sale, now) ? 1 : 0;
      if (on === product.saleActive || !(await switchSaleActive(trx, productId, product.saleActive, on))) return false;
      const owns = new Map(variants.map((v) => [v.id, ownPriceOf(product, pricing, v)]));
      const changed = await applyEffectivePrices(trx, pricing, variants, owns, now);
      await recordAudit(trx, {
        actor: { kind: "system" },
        action: on ? "product.sale-start" : "product.sale-end",
        entityType: "product",
        entityId: productId,
        before: { saleActive: product.saleActive === 1 },
        after: { saleActive: on === 1, salePriceCents: pricing.sale?.priceCents ?? null, variantsRepriced: changed },
        summary: product.nameIt ?? "",
        at: now,
      });
      await catalogueChanged(trx, [productId], now);
      return true;
    });
    if (done) applied++;
  }
  return applied;
}

/* ------------------------------------------------------------------------------------------ */
/* The matrix                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * One variant of a save. An existing one by `variantId` (which must be the product's), or the
 * product's variant of `colorCode` × `size`, created when missing. Each field left undefined
 * stays as it is (a new variant: the suggested SKU, 0 in stock, the product's price).
 */
export interface MatrixRow {
  variantId?: number;
  colorCode?: string;
  size?: string;
  sku?: string;
  stock?: number;
  /** The stock the caller last saw: if it moved since (an order), the save is refused (STOCK_CHANGED); undefined: the current one. */
  expectedStock?: number;
  /** Its own price in cents; null: the product's. */
  ownPriceCents?: number | null;
}

export interface MatrixOptions {
  /** The shop's origin, for the links of back-in-stock mails. */
  origin: string;
  /** Queue the back-in-stock mails claimed by this mail worker (a script that sends them itself). */
  claimMailFor?: string;
  /** The audit entry's action: "product.variants" unless a narrower one is given. */
  action?: string;
}

export interface MatrixResult {
  created: number[];
  updated: number;
  /** Back-in-stock mails queued. */
  notified: number;
}

/**
 * Saves rows of the product's colour × size matrix in one transaction. Errors name the row's
 * field as `variants[i].sku`, `variants[i].stock`, `variants[i].price` or `variants[i].size`
 * (i: the row's index), so a form shows them at the cell: SKU_INVALID, SKU_TAKEN (another
 * variant, of any product, has it), INVALID_QUANTITY, PRICE_INVALID, STOCK_CHANGED,
 * COLOR_UNKNOWN, SIZE_INVALID, VARIANT_EXISTS, PRICE_MISSING; VARIANT_NOT_FOUND for a product or
 * variant id that is not this product's.
 */
export async function upsertVariantMatrix(db: Kysely<Database>, productId: number, rows: MatrixRow[], actor: AuditActor, options: MatrixOptions, now = new Date()): Promise<MatrixResult> {
  const result = await db.transaction().execute((trx) => upsertVariantMatrixIn(trx, productId, rows, actor, options, now));
  if (result.notified > 0 && !options.claimMailFor) wakeMailWorkers();
  return result;
}

/**
 * upsertVariantMatrix inside the caller's transaction (the import's, with the product it
 * creates): the same rules and audit entry. The caller wakes the mail workers after its commit
 * when `notified` > 0 (wakeMailWorkers), unless it queued them claimed.
 */
export async function upsertVariantMatrixIn(trx: Transaction<Database>, productId: number, rows: MatrixRow[], actor: AuditActor, options: MatrixOptions, now = new Date()): Promise<MatrixResult> {
  const at = now.toISOString();
  if (!(await lockProductForWrite(trx, productId, at))) throw fail("VARIANT_NOT_FOUND", `no product ${productId}`);
  const product = (await findPricedProduct(trx, productId))!;
  const variants = await listProductVariants(trx, productId);
  const pricing = pricingOf(product, variants);
  const byId = new Map(variants.map((v) => [v.id, v]));
  const byCell = new Map(variants.map((v) => [cellKey(v.colorCode, v.size), v]));
  const skuPrefix = skuPrefixOf(variants, product.slugIt ?? product.slugEn ?? `p${productId}`);

  // Each row resolved to an existing variant or a new one, and validated.
  interface Planned {
    index: number;
    existing?: VariantRow;
    colorCode: string;
    size: string;
    sku: string;
    /** The SKU was suggested here: a taken one gets a number instead of an error. */
    suggested: boolean;
    stock: number;
    expectedStock: number;
    ownPriceCents: number | null;
  }
  const planned: Planned[] = [];
  const seenCells = new Set<string>();
  const knownColors = new Set<string>(variants.map((v) => v.colorCode));
  for (const [index, row] of rows.entries()) {
    const field = (name: string) => `variants[${index}].${name}`;
    let existing: VariantRow | undefined;
    let colorCode: string;
    let size: string;
    if (row.variantId !== undefined) {
      existing = byId.get(row.variantId);
      if (!existing) throw fail("VARIANT_NOT_FOUND", `variant ${row.variantId} is not product ${productId}'s`);
      colorCode = existing.colorCode;
      size = existing.size;
    } else {
      if (!row.colorCode || row.size === undefined) throw fail("VARIANT_NOT_FOUND", "a new row needs a colour and a size");
      colorCode = row.colorCode;
      size = normalizeSize(row.size);
      if (!isValidSize(size)) throw fail("SIZE_INVALID", `size ${row.size}`, field("size"));
      existing = byCell.get(cellKey(colorCode, size));
      if (!existing && !knownColors.has(colorCode)) {
        if (!(await findColor(trx, colorCode))) throw fail("COLOR_UNKNOWN", `colour ${colorCode}`, field("color"));
        knownColors.add(colorCode);
      }
    }
    const key = cellKey(colorCode, size);
    if (seenCells.has(key)) throw fail("VARIANT_EXISTS", `${key} twice in one save`, field("size"));
    seenCells.add(key);
    const suggested = row.sku === undefined && !existing;
    const sku = row.sku !== undefined ? normalizeSku(row.sku) : (existing?.sku ?? suggestSku(skuPrefix, colorCode, size));
    if (!isValidSku(sku)) throw fail("SKU_INVALID", `SKU ${row.sku}`, field("sku"));
    const stock = row.stock ?? existing?.stock ?? 0;
    if (!isValidStock(stock)) throw fail("INVALID_QUANTITY", `stock ${stock}`, field("stock"));
    const expectedStock = row.expectedStock ?? existing?.stock ?? 0;
    const ownPriceCents = row.ownPriceCents !== undefined ? row.ownPriceCents : existing ? ownPriceOf(product, pricing, existing) : null;
    if (ownPriceCents !== null && !validPrice(ownPriceCents)) throw fail("PRICE_INVALID", `own price ${ownPriceCents}`, field("price"));
    planned.push({ index, existing, colorCode, size, sku, suggested, stock, expectedStock, ownPriceCents });
  }

  // SKUs: one per variant across the catalogue. This product's SKUs as they will be, then the rest.
  const holder = new Map<string, string>();
  const plannedIds = new Set(planned.flatMap((p) => (p.existing ? [p.existing.id] : [])));
  for (const v of variants) if (!plannedIds.has(v.id)) holder.set(v.sku, `v${v.id}`);
  const takenElsewhere = async (sku: string) => (await findVariantsBySkus(trx, [sku])).some((other) => other.productId !== productId);
  // Rows keeping their SKU claim it first: a clash is reported at the row that changed.
  const keepsFirst = [...planned].sort((a, b) => Number(a.sku !== a.existing?.sku) - Number(b.sku !== b.existing?.sku));
  for (const p of keepsFirst) {
    const me = p.existing ? `v${p.existing.id}` : `new${p.index}`;
    if (p.suggested) {
      const base = p.sku;
      for (let n = 2; holder.has(p.sku) || (await takenElsewhere(p.sku)); n++) p.sku = `${base.slice(0, 76)}-${n}`;
    } else if ((holder.has(p.sku) && holder.get(p.sku) !== me) || (p.sku !== p.existing?.sku && (await takenElsewhere(p.sku)))) {
      throw fail("SKU_TAKEN", `${p.sku} is taken`, `variants[${p.index}].sku`);
    }
    holder.set(p.sku, me);
  }

  // SKUs moving between this product's variants pass through a placeholder (the column is unique).
  for (const p of planned) if (p.existing && p.existing.sku !== p.sku) await updateVariantFields(trx, p.existing.id, { sku: `~${p.existing.id}`, updated_at: at });

  const owns = new Map(variants.map((v) => [v.id, ownPriceOf(product, pricing, v)]));
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const created: number[] = [];
  let updated = 0;
  let notified = 0;
  for (const p of planned) {
    const label = `${p.colorCode}/${p.size}`;
    if (p.existing) {
      const v = p.existing;
      if (p.sku !== v.sku) await updateVariantFields(trx, v.id, { sku: p.sku, updated_at: at });
      // The owner's number replaces the one they saw; a number they left alone stays whatever an order did to it.
      let stock = v.stock;
      if (p.stock !== p.expectedStock) {
        if (!(await setStockIfUnchanged(trx, v.id, p.expectedStock, p.stock, at))) throw fail("STOCK_CHANGED", `${v.sku} moved from ${p.expectedStock}`, `variants[${p.index}].stock`);
        if (p.expectedStock <= 0 && p.stock > 0) notified += await notifyBackInStock(trx, v.id, { origin: options.origin, claimMailFor: options.claimMailFor }, now);
        stock = p.stock;
      }
      const was = { sku: v.sku, stock: v.stock, ownPriceCents: owns.get(v.id) ?? null };
      const is = { sku: p.sku, stock, ownPriceCents: p.ownPriceCents };
      owns.set(v.id, p.ownPriceCents);
      if (JSON.stringify(was) !== JSON.stringify(is)) {
        before[label] = was;
        after[label] = is;
        updated++;
      }
    } else {
      const price = effectivePrice(pricing, p.ownPriceCents, now);
      if (!price) throw fail("PRICE_MISSING", `${label}: no price`, `variants[${p.index}].price`);
      const id = await insertVariant(trx, {
        product_id: productId,
        sku: p.sku,
        color_code: p.colorCode,
        size: p.size,
        // After every existing one until the matrix is put in order below.
        position: NEW_POSITION + p.index,
        price_cents: price.priceCents,
        compare_at_cents: price.compareAtCents,
        own_price_cents: p.ownPriceCents,
        stock: p.stock,
        at,
      });
      await recordPriceChange(trx, id, price.priceCents, now);
      owns.set(id, p.ownPriceCents);
      created.push(id);
      after[label] = { sku: p.sku, stock: p.stock, ownPriceCents: p.ownPriceCents };
    }
  }

  const all = await listProductVariants(trx, productId);
  // Own prices as decided (a product priced through the fallback gets them stored too), then the effective prices.
  for (const v of all) if ((owns.get(v.id) ?? null) !== v.ownPriceCents) await updateVariantFields(trx, v.id, { own_price_cents: owns.get(v.id) ?? null, updated_at: at });
  await applyEffectivePrices(trx, pricing, all, owns, now);
  if (created.length) await reorderVariants(trx, all, at);
  if (product.priceCents === null && pricing.priceCents !== null) {
    await updateProductPricing(trx, productId, {
      price_cents: pricing.priceCents,
      compare_at_cents: pricing.compareAtCents,
      sale_price_cents: product.salePriceCents,
      sale_starts_at: product.saleStartsAt,
      sale_ends_at: product.saleEndsAt,
      sale_active: product.saleActive,
    });
  }
  await recordAudit(trx, {
    actor,
    action: options.action ?? "product.variants",
    entityType: "product",
    entityId: productId,
    before: Object.keys(before).length ? before : null,
    after: { ...after, ...(created.length ? { created: created.length } : {}) },
    summary: product.nameIt ?? "",
    at: now,
  });
  await catalogueChanged(trx, [productId], now);
  return { created, updated, notified };
}

/** Where a new variant waits for its place (an integer column: well below 2^31). */
const NEW_POSITION = 1_000_000_000;

/** Positions in matrix order: colours as they first appear, sizes XS…XXL then numeric. */
async function reorderVariants(trx: Transaction<Database>, variants: readonly VariantRow[], at: string) {
  const { colorOrder, sizeOrder } = matrixOrder(variants);
  for (const v of variants) {
    const position = colorOrder.indexOf(v.colorCode) * 1000 + sizeOrder.indexOf(v.size);
    if (position !== v.position) await updateVariantFields(trx, v.id, { position, updated_at: at });
  }
}

/** Adds a colour to the product: one variant of it in each of the product's sizes. */
export async function addColorToProduct(db: Kysely<Database>, productId: number, colorCode: string, actor: AuditActor, options: MatrixOptions, now = new Date()): Promise<MatrixResult> {
  const variants = await listProductVariants(db, productId);
  if (variants.some((v) => v.colorCode === colorCode)) throw fail("COLOR_EXISTS", `${colorCode} is on product ${productId}`, "color");
  const sizes = [...new Set(variants.map((v) => v.size))];
  if (!sizes.length) throw fail("SIZE_INVALID", "the product has no size yet: add its first variant", "color");
  if (!(await findColor(db, colorCode))) throw fail("COLOR_UNKNOWN", `colour ${colorCode}`, "color");
  return upsertVariantMatrix(
    db,
    productId,
    sizes.map((size) => ({ colorCode, size })),
    actor,
    { action: "product.add-color", ...options },
    now,
  ).catch(rethrowAt("color"));
}

/** Adds a size to the product: one variant of it in each of the product's colours. */
export async function addSizeToProduct(db: Kysely<Database>, productId: number, size: string, actor: AuditActor, options: MatrixOptions, now = new Date()): Promise<MatrixResult> {
  const normalized = normalizeSize(size);
  if (!isValidSize(normalized)) throw fail("SIZE_INVALID", `size ${size}`, "size");
  const variants = await listProductVariants(db, productId);
  const colors = [...new Set(variants.map((v) => v.colorCode))];
  if (!colors.length) throw fail("SIZE_INVALID", "the product has no colour yet: add its first variant", "size");
  const missing = colors.filter((color) => !variants.some((v) => v.colorCode === color && v.size === normalized));
  if (!missing.length) throw fail("SIZE_EXISTS", `${normalized} is on product ${productId}`, "size");
  return upsertVariantMatrix(
    db,
    productId,
    missing.map((colorCode) => ({ colorCode, size: normalized })),
    actor,
    { action: "product.add-size", ...options },
    now,
  ).catch(rethrowAt("size"));
}

/** Adds one variant (a product's first, or a combination the matrix lacks). */
export async function addVariant(db: Kysely<Database>, productId: number, input: { colorCode: string; size: string }, actor: AuditActor, options: MatrixOptions, now = new Date()): Promise<MatrixResult> {
  const size = normalizeSize(input.size);
  if (!isValidSize(size)) throw fail("SIZE_INVALID", `size ${input.size}`, "size");
  const variants = await listProductVariants(db, productId);
  if (variants.some((v) => v.colorCode === input.colorCode && v.size === size)) throw fail("VARIANT_EXISTS", `${input.colorCode}/${size} exists`, "size");
  return upsertVariantMatrix(db, productId, [{ colorCode: input.colorCode, size }], actor, { action: "product.add-variant", ...options }, now).catch(rethrowAt(null));
}

/** A row's error from an add (one field on the page) at that field instead. */
function rethrowAt(field: string | null) {
  return (error: unknown): never => {
    if (isDomainError(error) && error.field?.startsWith("variants[")) {
      const code = error.code as VariantAdminErrorCode;
      const target = field ?? (error.field.endsWith(".color") ? "color" : error.field.endsWith(".price") ? "price" : "size");
      throw new DomainError(code, error.message, { field: code === "PRICE_MISSING" ? "price" : target });
    }
    throw error;
  };
}

/**
 * Removes a variant that no order names (with its price history, back-in-stock requests and bag
 * lines). One that was ordered stays, for its orders and returns: VARIANT_ORDERED (set its stock
 * to 0 instead). VARIANT_NOT_FOUND when the variant is not the product's.
 */
export async function removeVariant(db: Kysely<Database>, productId: number, variantId: number, actor: AuditActor, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await lockProductForWrite(trx, productId, at))) throw fail("VARIANT_NOT_FOUND", `no product ${productId}`);
    const variants = await listProductVariants(trx, productId);
    const variant = variants.find((v) => v.id === variantId);
    if (!variant) throw fail("VARIANT_NOT_FOUND", `variant ${variantId} is not product ${productId}'s`);
    if ((await listOrderedVariants(trx, [variantId])).size) throw fail("VARIANT_ORDERED", `${variant.sku} was ordered`);
    await deleteVariant(trx, variantId);
    await recordAudit(trx, {
      actor,
      action: "product.remove-variant",
      entityType: "product",
      entityId: productId,
      before: { [`${variant.colorCode}/${variant.size}`]: { sku: variant.sku, stock: variant.stock } },
      after: null,
      summary: variant.sku,
      at: now,
    });
    await catalogueChanged(trx, [productId], now);
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Colours                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export interface ColorInput {
  /** Its name in each language; the import may know only one (it is then used for both). */
  name: Partial<Record<Locale, string>>;
  /** "#RRGGBB"; a neutral grey when not given (the import has none). */
  hex?: string;
}

export const DEFAULT_COLOR_HEX = "#A6A5A1";

/**
 * The colour with this name in either language (ignoring case), else a new one: its code from
 * the Italian name (slugified, made unique), its names, its hex. Call it inside the caller's
 * transaction. COLOR_INVALID (field "newColorName" or "newColorHex") for an empty name or a bad hex.
 */
export async function findOrCreateColor(trx: Kysely<Database>, input: ColorInput): Promise<{ code: string; created: boolean }> {
  const it = normalizeColorName(input.name.it ?? "");
  const en = normalizeColorName(input.name.en ?? "");
  if ((!it && !en) || it.length > COLOR_NAME_MAX_LENGTH || en.length > COLOR_NAME_MAX_LENGTH) throw fail("COLOR_INVALID", "a colour needs a name", "newColorName");
  for (const name of [it, en]) {
    if (!name) continue;
    const code = await findColorCodeByName(trx, name);
    if (code) return { code, created: false };
  }
  const hex = normalizeHex(input.hex ?? DEFAULT_COLOR_HEX);
  if (!hex) throw fail("COLOR_INVALID", `hex ${input.hex}`, "newColorHex");
  const taken = new Set(await listColorCodesLike(trx, colorCodeFor(it || en, () => false)));
  const code = colorCodeFor(it || en, (c) => taken.has(c));
  await insertColor(trx, { code, hex, names: { it: it || en, en: en || it } });
  return { code, created: true };
}

/**
 * The Atelier form's new colour: one of the shop's by name in either language, else a new one
 * (its names and hex), added to the product in every size, all in one transaction with the
 * audit entries (the colour's creation, the product's variants).
 */
export async function addNewColorToProduct(
  db: Kysely<Database>,
  productId: number,
  input: ColorInput,
  actor: AuditActor,
  options: MatrixOptions,
  now = new Date(),
): Promise<MatrixResult & { colorCode: string }> {
  const result = await db.transaction().execute(async (trx) => {
    if (!(await lockProductForWrite(trx, productId, now.toISOString()))) throw fail("VARIANT_NOT_FOUND", `no product ${productId}`);
    const variants = await listProductVariants(trx, productId);
    const sizes = [...new Set(variants.map((v) => v.size))];
    if (!sizes.length) throw fail("SIZE_INVALID", "the product has no size yet: add its first variant", "newColorName");
    const color = await findOrCreateColor(trx, input);
    if (color.created) {
      await recordAudit(trx, { actor, action: "color.create", entityType: "color", entityId: color.code, after: { name: input.name, hex: normalizeHex(input.hex ?? DEFAULT_COLOR_HEX) }, summary: color.code, at: now });
    }
    if (variants.some((v) => v.colorCode === color.code)) throw fail("COLOR_EXISTS", `${color.code} is on product ${productId}`, "newColorName");
    const saved = await upsertVariantMatrixIn(
      trx,
      productId,
      sizes.map((size) => ({ colorCode: color.code, size })),
      actor,
      { action: "product.add-color", ...options },
      now,
    ).catch(rethrowAt("newColorName"));
    return { ...saved, colorCode: color.code };
  });
  if (result.notified > 0 && !options.claimMailFor) wakeMailWorkers();
  return result;
}
