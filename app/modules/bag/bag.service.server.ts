import type { Kysely, Transaction } from "kysely";
import type { Database, DiscountKind, Locale } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { findPriceHistories } from "~/modules/catalog/listing.repository.server";
import { lowestPriceBeforeReduction } from "~/modules/catalog/price-history";
import { isShownToShoppers } from "~/modules/catalog/product-status";
import { FEW_LEFT } from "~/modules/catalog/catalog-rules";
import { productUrl } from "~/modules/base/page-urls";
import { isReduced } from "~/modules/catalog/product.service.server";
import { productDrawing } from "~/modules/media/media-urls";
import { shippingRuleAt } from "~/modules/promotion/promotion.service.server";
import { formatLongDate } from "~/utils/dates";
import { DomainError } from "~/utils/domain-error";
import {
  type AppliedDiscount,
  type BagTotals,
  MAX_LINE_QUANTITY,
  type PricedLine,
  applyDiscount,
  bagTotals,
  lineTotal,
} from "./bag-pricing";
import * as repo from "./bag.repository.server";
import { isDiscountCodeLive, normalizeDiscountCode } from "./discount-code-rules";

// The bag (spec: cart). One per shopper, its id in the session; created at the first add, never
// before. An account has one bag (a unique index), whichever device fills it: the session of a
// signed-in shopper points at it, and an anonymous bag joins it at sign-in. Prices, discounts
// and totals come from the catalogue and the code's rule at the moment the bag is read; the
// request only ever names a variant, a line, a quantity or a code. The bag reserves no stock: it
// only never holds more than there is.

/** Anonymous bags untouched for this long are deleted (sweepAbandonedBags). */
export const ABANDONED_BAG_MS = 30 * 86_400_000;

export type BagLineProblem = "OUT_OF_STOCK" | "UNAVAILABLE";

export interface BagLine {
  id: number;
  variantId: number;
  sku: string;
  productId: number;
  name: string;
  url: string;
  image: { src: string; srcSet: string; width: number; height: number; alt: string };
  size: string;
  color: { code: string; name: string; hex: string };
  unitCents: number;
  /** The full price, struck through, when the variant is reduced. */
  compareAtCents: number | null;
  /** Omnibus: the lowest price of the 30 days before the reduction. */
  lowestPriceCents: number | null;
  quantity: number;
  totalCents: number;
  /** What the shop has: the most the line may hold (capped at the line maximum). */
  maxQuantity: number;
  /** The pieces left of the size when they are few (FEW_LEFT or fewer, none missing): the line says "Ultimi 2 pezzi". */
  fewLeft: number | null;
  /** Stock fell below the quantity, or the product left the shop: checkout waits until it is fixed. */
  problem: BagLineProblem | null;
}

export interface BagDiscount {
  code: string;
  kind: DiscountKind;
  cents: number;
  partlyEligible: boolean;
  eligibleLineIds: number[];
  /** Why the code gives nothing now: the bag is under its minimum, or no line qualifies. */
  problem: AppliedDiscount["problem"];
}

export interface BagView {
  id: number | null;
  lines: BagLine[];
  /** Sum of quantities (the header badge). */
  count: number;
  discount: BagDiscount | null;
  totals: BagTotals;
  checkoutBlocked: boolean;
  /**
   * What the bag's lines are: their top-level categories and garment types (the bag page's
   * "Complete the look" suggests other garment types from the same part of the shop).
   */
  kinds: BagKinds;
}

export interface BagKinds {
  categoryIds: number[];
  garments: string[];
}

export interface AddResult {
  bagId: number;
  /** The line's quantity after the add. */
  quantity: number;
  /** Less was added than asked: the line reached the stock (or the line maximum). */
  capped: boolean;
}

const bagError = (code: "INVALID_QUANTITY" | "LINE_NOT_IN_BAG" | "NOT_ENOUGH_STOCK" | "INVALID_COUPON", detail: string) => new DomainError(code, detail);

function assertQuantity(quantity: number, min: number): void {
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_LINE_QUANTITY) {
    throw bagError("INVALID_QUANTITY", `Quantity must be a whole number from ${min} to ${MAX_LINE_QUANTITY} (got ${quantity}).`);
  }
}

/** The shopper's bag if it still exists (a swept or foreign id counts as none). */
async function existingBag(db: Kysely<Database>, bagId: number | null) {
  return bagId === null ? undefined : repo.findBag(db, bagId);
}

/**
 * The bag an add goes into. An anonymous shopper's: the session's, or a new one. An account
 * holder's: always the account's (spec §4: it follows the account across devices), created on
 * the first add; a bag the session filled anonymously joins it, as at sign-in.
 */
async function bagToFill(db: Kysely<Database>, input: { bagId: number | null; userId: number | null }, now: Date): Promise<{ id: number; created: boolean }> {
  const bag = await existingBag(db, input.bagId);
  if (input.userId === null) return bag ? { id: bag.id, created: false } : { id: await repo.insertBag(db, now.toISOString()), created: true };
  if (bag?.userId === input.userId) return { id: bag.id, created: false };
  const accountBagId = await bagForSignIn(db, { sessionBagId: input.bagId, userId: input.userId }, now);
  if (accountBagId !== null) return { id: accountBagId, created: false };
  // The account was erased meanwhile (its sessions with it): the add lands in an anonymous bag.
  const created = (await repo.insertAccountBag(db, input.userId, now.toISOString())) ?? (await repo.insertBag(db, now.toISOString()));
  return { id: created, created: true };
}

/**
 * Adds a variant (by SKU) to the shopper's bag, creating the bag on the first add. The product
 * must be published and the size in stock; the line is capped at the stock. `userId`: the
 * signed-in account holder, whose bag this is.
 */
export async function addToBag(
  db: Kysely<Database>,
  input: { bagId: number | null; userId?: number | null; sku: string; quantity: number },
  now = new Date(),
): Promise<AddResult> {
  assertQuantity(input.quantity, 1);
  const at = now.toISOString();
  const variant = await repo.findSellableVariant(db, { sku: input.sku });
  if (!variant || !isShownToShoppers(variant, at)) throw new DomainError("PRODUCT_UNAVAILABLE", `No sellable variant ${input.sku}.`);
  if (variant.stock <= 0) throw new DomainError("OUT_OF_STOCK", `${input.sku} is sold out.`);
  const bag = await bagToFill(db, { bagId: input.bagId, userId: input.userId ?? null }, now);
  const bagId = bag.id;
  const before = bag.created ? 0 : await repo.lineQuantity(db, bagId, variant.id);
  if (before >= Math.min(variant.stock, MAX_LINE_QUANTITY)) throw new DomainError("OUT_OF_STOCK", `The bag already holds all of ${input.sku}.`);
  const quantity = await repo.upsertLine(db, { bagId, variantId: variant.id, quantity: input.quantity, max: MAX_LINE_QUANTITY, at });
  if (!bag.created) await repo.touchBag(db, bagId, at);
  return { bagId, quantity, capped: quantity < before + input.quantity };
}

/** Sets a line's quantity (0 removes it); more than the stock is refused, nothing changes. */
export async function setLineQuantity(db: Kysely<Database>, input: { bagId: number | null; lineId: number; quantity: number }, now = new Date()): Promise<"edited" | "removed"> {
  if (input.quantity === 0) {
    await removeLine(db, input, now);
    return "removed";
  }
  assertQuantity(input.quantity, 1);
  if (input.bagId === null) throw bagError("LINE_NOT_IN_BAG", "No bag.");
  const line = await repo.findLine(db, input.bagId, input.lineId);
  if (!line) throw bagError("LINE_NOT_IN_BAG", `Line ${input.lineId} is not in bag ${input.bagId}.`);
  if (input.quantity > line.stock) throw bagError("NOT_ENOUGH_STOCK", `Only ${line.stock} in stock.`);
  const at = now.toISOString();
  if (!(await repo.setLineQuantity(db, input.bagId, input.lineId, input.quantity, at))) throw bagError("LINE_NOT_IN_BAG", `Line ${input.lineId} went away.`);
  await repo.touchBag(db, input.bagId, at);
  return "edited";
}

export async function removeLine(db: Kysely<Database>, input: { bagId: number | null; lineId: number }, now = new Date()): Promise<void> {
  if (input.bagId === null || !(await repo.deleteLine(db, input.bagId, input.lineId))) {
    throw bagError("LINE_NOT_IN_BAG", `Line ${input.lineId} is not in bag ${input.bagId}.`);
  }
  await repo.touchBag(db, input.bagId, now.toISOString());
}

/** Empties the bag (the shopper changed country, spec §4); the code goes too. */
export async function emptyBag(db: Kysely<Database>, bagId: number | null, now = new Date()): Promise<void> {
  if (bagId === null) return;
  await db.transaction().execute(async (trx) => {
    await repo.deleteAllLines(trx, bagId);
    await repo.touchBag(trx, bagId, now.toISOString(), { discount_code_id: null });
  });
}

/** A dated free-shipping promotion's last day, as a date and as the bag's language writes it (its page then needs no date formatter). */
function freeShippingUntil(shipping: Awaited<ReturnType<typeof shippingRuleAt>>, locale: Locale) {
  const endsOn = shipping.promotion?.endsOn ?? null;
  return { freeShippingUntil: endsOn, freeShippingUntilText: endsOn && formatLongDate(`${endsOn}T12:00:00Z`, locale) };
}

/** The header badge: the sum of quantities, one query. */
/** The bag's lines as stock sees them (variant, quantity, SKU): what a store must hold for a pick-up. */
export async function bagStockLines(db: Kysely<Database>, bagId: number): Promise<{ variantId: number; quantity: number; sku: string }[]> {
  return (await repo.listLines(db, "it", bagId)).map((row) => ({ variantId: row.variantId, quantity: row.quantity, sku: row.sku }));
}

export async function getBagCount(db: Kysely<Database>, bagId: number | null): Promise<number> {
  return bagId === null ? 0 : repo.countItems(db, bagId);
}

const isLive = isDiscountCodeLive;

/**
 * Puts a discount code on the bag. Unknown, not yet or no longer valid, used up (overall or by
 * this customer), under its minimum or for none of the bag's products: 'Coupon sconto non
 * valido'. A code that fits only some lines is accepted; the bag then says so.
 */
export async function addDiscountCode(
  db: Kysely<Database>,
  input: { bagId: number | null; code: string; customer?: { email: string | null; userId: number | null } },
  locale: Locale,
  now = new Date(),
): Promise<BagView> {
  const at = now.toISOString();
  const normalized = normalizeDiscountCode(input.code);
  const invalid = (why: string) => bagError("INVALID_COUPON", `${normalized}: ${why}`);
  if (input.bagId === null || !normalized) throw invalid("no bag or empty code");
  const code = await repo.findDiscountCode(db, { code: normalized });
  if (!code || !isLive(code, at)) throw invalid("unknown or outside its window");
  if (code.maxUses !== null || code.maxUsesPerCustomer !== null) {
    const used = await repo.countRedemptions(db, code.id, input.customer ?? { email: null, userId: null });
    if ((code.maxUses !== null && used.overall >= code.maxUses) || (code.maxUsesPerCustomer !== null && used.customer >= code.maxUsesPerCustomer)) {
      throw invalid("used up");
    }
  }
  const bag = await getBag(db, locale, input.bagId, now, code.id);
  if (!bag.discount || bag.discount.problem) throw invalid(bag.discount?.problem ?? "not applicable");
  await repo.touchBag(db, input.bagId, at, { discount_code_id: code.id });
  return bag;
}

export async function removeDiscountCode(db: Kysely<Database>, bagId: number | null, now = new Date()): Promise<void> {
  if (bagId === null) return;
  await repo.touchBag(db, bagId, now.toISOString(), { discount_code_id: null });
}

const EMPTY_TOTALS = (freeShippingFromCents: number): BagTotals => ({
  subtotalCents: 0,
  discountCents: 0,
  shippingCents: 0,
  totalCents: 0,
  vatCents: 0,
  freeShippingFromCents,
  missingForFreeShippingCents: freeShippingFromCents,
});

/**
 * The bag as the shopper sees it, priced now. A fixed number of queries whatever the number of
 * lines: the bag, its lines (one join), the category tree, the reduced lines' price histories,
 * and the code with its scope when there is one. `tryCodeId` prices the bag with another code
 * (addDiscountCode checks a code before keeping it).
 */
export async function getBag(db: Kysely<Database>, locale: Locale, bagId: number | null, now = new Date(), tryCodeId?: number): Promise<BagView> {
  // The fee and the threshold at this instant (a dated free-shipping promotion's while it runs):
  // the one place the bag, its page, the checkout and the order learn them.
  const shipping = await shippingRuleAt(db, now);
  const bag = await existingBag(db, bagId);
  if (!bag) return { id: null, lines: [], count: 0, discount: null, totals: { ...EMPTY_TOTALS(shipping.freeShippingFromCents), ...freeShippingUntil(shipping, locale) }, checkoutBlocked: false, kinds: { categoryIds: [], garments: [] } };
  const at = now.toISOString();
  const codeId = tryCodeId ?? bag.discountCodeId;
  const [rows, parents, code] = await Promise.all([
    repo.listLines(db, locale, bag.id),
    repo.listCategoryParents(db),
    codeId === null ? Promise.resolve(undefined) : repo.findDiscountCode(db, { id: codeId }),
  ]);
  const reduced = rows.filter((row) => isReduced(row)).map((row) => row.variantId);
  const [histories, scope] = await Promise.all([
    findPriceHistories(db, reduced),
    code ? repo.discountScope(db, code.id) : Promise.resolve({ productIds: [], categoryIds: [] }),
  ]);

  const parentOf = new Map(parents.map((c) => [c.id, c.parentId]));
  const categoryPath = (id: number) => {
    const path: number[] = [];
    for (let cur: number | null | undefined = id; cur != null && !path.includes(cur); cur = parentOf.get(cur)) path.push(cur);
    return path;
  };
  const historyOf = (variantId: number) => histories.filter((h) => h.variantId === variantId);

  const lines: BagLine[] = rows.map((row) => {
    const image = productDrawing({ id: row.productId, name: row.name, garment: row.garment }, row.hex);
    const unavailable = !isShownToShoppers(row, at);
    return {
      id: row.id,
      variantId: row.variantId,
      sku: row.sku,
      productId: row.productId,
      name: row.name,
      url: productUrl(row.slug, locale) + `?color=${encodeURIComponent(row.colorCode)}&size=${encodeURIComponent(row.size)}`,
      image: { ...image, alt: `${row.name}, ${row.colorName}` },
      size: row.size,
      color: { code: row.colorCode, name: row.colorName, hex: row.hex },
      unitCents: row.priceCents,
      compareAtCents: isReduced(row) ? row.compareAtCents : null,
      lowestPriceCents: isReduced(row) ? lowestPriceBeforeReduction(historyOf(row.variantId), now) : null,
      quantity: row.quantity,
      totalCents: lineTotal({ unitCents: row.priceCents, quantity: row.quantity }),
      maxQuantity: Math.max(0, Math.min(row.stock, MAX_LINE_QUANTITY)),
      fewLeft: row.stock > 0 && row.stock <= FEW_LEFT && row.stock >= row.quantity ? row.stock : null,
      problem: unavailable ? "UNAVAILABLE" : row.stock < row.quantity ? "OUT_OF_STOCK" : null,
    };
  });
  const priced: PricedLine[] = rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    categoryPath: categoryPath(row.categoryId),
    unitCents: row.priceCents,
    quantity: row.quantity,
  }));
  // A code that expired since it was added stops counting (it stays visible, flagged).
  const applied = code
    ? code && isLive(code, at)
      ? applyDiscount({ code: code.code, kind: code.kind, amount: code.amount, minSubtotalCents: code.minSubtotalCents, ...scope }, priced)
      : { code: code.code, kind: code.kind, cents: 0, eligibleLineIds: [], partlyEligible: false, problem: "notEligible" as const }
    : null;
  return {
    id: bag.id,
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    discount: applied,
    totals: { ...bagTotals(priced, applied, shipping), ...freeShippingUntil(shipping, locale) },
    checkoutBlocked: lines.some((line) => line.problem !== null),
    kinds: {
      categoryIds: [...new Set(priced.map((line) => line.categoryPath.at(-1)!))].sort((a, b) => a - b),
      garments: [...new Set(rows.map((row) => row.garment))].sort(),
    },
  };
}

/**
 * Moves an anonymous bag's lines into another bag (at login, into the account's): quantities add
 * up, capped by stock and the line maximum; the anonymous bag is deleted. Its code is kept if the
 * target has none. An account's bag is never merged away, and a bag merged by two requests at
 * once moves once (the second finds it gone).
 */
export async function mergeBags(db: Kysely<Database>, input: { from: number; into: number }, now = new Date()): Promise<void> {
  if (input.from === input.into) return;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Writes first, target then source: merges into one bag queue behind each other instead of
    // deadlocking over its lines, and SQLite's write lock is taken before anything is read.
    await repo.touchBag(trx, input.into, at);
    if (!(await repo.lockAnonymousBag(trx, input.from, at))) return;
    const [from, into] = await Promise.all([repo.findBag(trx, input.from), repo.findBag(trx, input.into)]);
    if (!from || !into) return;
    if (into.discountCodeId === null && from.discountCodeId !== null) await repo.touchBag(trx, into.id, at, { discount_code_id: from.discountCodeId });
    await repo.moveLines(trx, { from: from.id, into: into.id, at, max: MAX_LINE_QUANTITY });
  });
}

/** The account's bag, if it has one (a device signed in before the account had a bag finds it). */
export function findAccountBag(db: Kysely<Database>, userId: number): Promise<number | null> {
  return repo.findAccountBagId(db, userId);
}

/**
 * The bag a session holds once `userId` signs in (spec §4: the bag survives login). The
 * anonymous bag the shopper filled merges into the account's bag; with no account bag yet, the
 * anonymous bag becomes the account's (two devices signing in at once: one adopts, the other
 * merges into it). A bag that belongs to another account (a session that signs in twice without
 * logging out) is left to its owner.
 */
export async function bagForSignIn(db: Kysely<Database>, input: { sessionBagId: number | null; userId: number }, now = new Date()): Promise<number | null> {
  const at = now.toISOString();
  let accountBagId = await repo.findAccountBagId(db, input.userId);
  const sessionBag = input.sessionBagId === null ? undefined : await repo.findBag(db, input.sessionBagId);
  if (!sessionBag || sessionBag.id === accountBagId) return accountBagId;
  if (sessionBag.userId !== null) return sessionBag.userId === input.userId ? sessionBag.id : accountBagId;
  if (accountBagId === null) {
    const adopted = await repo.adoptBag(db, sessionBag.id, input.userId, at).catch((error: unknown) => (isUniqueViolation(error) ? false : Promise.reject(error)));
    if (adopted) return sessionBag.id;
    accountBagId = await repo.findAccountBagId(db, input.userId);
    if (accountBagId === null) return null;
  }
  await mergeBags(db, { from: sessionBag.id, into: accountBagId }, now);
  return accountBagId;
}

/**
 * The bag a session keeps when it continues as a guest: its own anonymous bag as it is, or, when
 * it held an account's bag, a new anonymous bag with a copy of its lines and code. A guest never
 * reads or writes the account's bag, nor the checkout (address, fiscal code) that goes with it.
 */
export async function bagForGuest(db: Kysely<Database>, bagId: number | null, now = new Date()): Promise<number | null> {
  const bag = await existingBag(db, bagId);
  if (!bag) return null;
  if (bag.userId === null) return bag.id;
  return db.transaction().execute((trx) => repo.insertBagCopy(trx, bag, now.toISOString()));
}

/** Deletes anonymous bags untouched for 30 days, and bags whose account is gone (with their lines). Safe to run in every process. */
export function sweepAbandonedBags(db: Kysely<Database>, now = new Date()): Promise<number> {
  return repo.deleteAbandonedBags(db, new Date(now.getTime() - ABANDONED_BAG_MS).toISOString());
}

/** The bags an account's erasure takes: its own, and any other one its sessions hold. */
export async function accountBagIds(db: Kysely<Database>, input: { userId: number; sessionBagIds: (number | null)[] }): Promise<number[]> {
  const own = await repo.listAccountBagIds(db, input.userId);
  return [...new Set([...own, ...input.sessionBagIds.filter((id): id is number => id !== null)])];
}

/**
 * Erases an account's bags with their lines (account deletion; their checkouts go first, see
 * eraseCheckouts). Its uses of discount codes stay counted toward each code's overall limit but
 * no longer name it.
 */
export async function eraseBags(db: Kysely<Database>, input: { userId: number; bagIds: number[]; emails: string[] }): Promise<void> {
  await repo.deleteBags(db, input.bagIds);
  await repo.anonymizeRedemptions(db, { userId: input.userId, emails: input.emails });
}

// ---------------------------------------------------------------------------------------------
// What placing and cancelling an order ask of the bag and its codes, inside the order's
// transaction.

type Trx = Kysely<Database> | Transaction<Database>;

/**
 * Touches the bag being ordered, before its lines and the stock: a merge into this bag (another
 * device signing in) locks the bag, then its lines, and the same order in the order's transaction
 * keeps the two from deadlocking.
 */
export async function lockBagForOrder(trx: Trx, bagId: number, at: string): Promise<void> {
  await repo.touchBag(trx, bagId, at);
}

/** The lines an order took leave the bag (one added meanwhile stays), and so does its code. */
export async function takeOrderedLines(trx: Trx, bagId: number, lineIds: number[], at: string): Promise<void> {
  await repo.deleteLines(trx, bagId, lineIds);
  await repo.touchBag(trx, bagId, at, { discount_code_id: null });
}

/**
 * Re-checks a code's limits for an order being placed, under a lock on the code (PostgreSQL;
 * SQLite's write lock is held already), so that of concurrent orders only as many as the limits
 * allow get through. Returns the code's id. Throws INVALID_COUPON.
 */
export async function claimDiscountCode(trx: Trx, code: string, customer: { email: string; userId: number | null }): Promise<number> {
  const row = await repo.lockDiscountCodeLimits(trx, code);
  if (!row) throw new DomainError("INVALID_COUPON", `${code} went away.`);
  if (row.max_uses !== null || row.max_uses_per_customer !== null) {
    const used = await repo.countRedemptions(trx, row.id, customer);
    if ((row.max_uses !== null && used.overall >= row.max_uses) || (row.max_uses_per_customer !== null && used.customer >= row.max_uses_per_customer)) {
      throw new DomainError("INVALID_COUPON", `${code} was used up meanwhile.`);
    }
  }
  return row.id;
}

/** Records an order's use of a code (its address kept as a keyed hash too, for the per-customer limit after an erasure). */
export function recordRedemption(trx: Trx, input: { codeId: number; email: string; userId: number | null; orderId: number; at: string }): Promise<void> {
  return repo.insertRedemption(trx, input);
}

/** A cancelled order's use of its code no longer counts. */
export function releaseRedemptions(trx: Trx, orderId: number): Promise<void> {
  return repo.deleteRedemptionsOfOrder(trx, orderId);
}
