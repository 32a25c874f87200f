import { SKU_MAX_LENGTH, isValidSku, normalizeSku, slugify } from "./catalog-rules";

// What a variant costs on the storefront, from what the owner set in Atelier: the product's price
// and crossed-out price, a variant's own price, and a scheduled sale. Pure, so the rule is proven
// without a database; the variant-admin service writes its result into variants.price_cents and
// compare_at_cents, the only prices the storefront reads.

export interface SaleSchedule {
  priceCents: number;
  /** ISO-8601 UTC: the sale applies from startsAt (included) until endsAt (excluded). */
  startsAt: string;
  endsAt: string;
}

export interface ProductPricing {
  /** The price of every variant without its own; null until the owner sets one. */
  priceCents: number | null;
  /** The crossed-out price, greater than the price, or null. */
  compareAtCents: number | null;
  sale: SaleSchedule | null;
}

export interface EffectivePrice {
  priceCents: number;
  compareAtCents: number | null;
}

/** The most a price may be: 1 000 000 €. */
export const MAX_PRICE_CENTS = 100_000_000;
/** The most units of one variant. */
export const MAX_STOCK = 1_000_000;
/** A price (a variant's, a product's, a crossed-out or sale price): whole cents, 0,01 € to MAX_PRICE_CENTS. */
export const isValidPrice = (cents: number) => Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_PRICE_CENTS;
/** A stock: whole units, 0 to MAX_STOCK. */
export const isValidStock = (units: number) => Number.isSafeInteger(units) && units >= 0 && units <= MAX_STOCK;
/** A crossed-out price means something only above the price (otherwise none is stored). */
export const isCompareAtAbove = (priceCents: number, compareAtCents: number) => compareAtCents > priceCents;

/** A colour's name, in either language, has at most this many characters. */
export const COLOR_NAME_MAX_LENGTH = 60;
/** A colour name as stored: trimmed, single spaces. */
export const normalizeColorName = (name: string) => name.trim().replace(/\s+/g, " ");
/**
 * A new colour's code from its name: slugified, at most 32 characters ("colore" when the name makes
 * none); `taken` codes get "-2", "-3"… (colour codes are unique).
 */
export function colorCodeFor(name: string, taken: (code: string) => boolean): string {
  const base = slugify(name).slice(0, 32).replace(/-+$/, "") || "colore";
  let code = base;
  for (let n = 2; taken(code); n++) code = `${base}-${n}`;
  return code;
}

/** A matrix cell's key: "nero|M" (a colour code and a size never hold "|"). */
export const cellKey = (colorCode: string, size: string) => `${colorCode}|${size}`;

/** Whether the sale applies at `now`. */
export function isSaleOn(sale: SaleSchedule | null, now: Date): boolean {
  if (!sale) return false;
  const at = now.getTime();
  return Date.parse(sale.startsAt) <= at && at < Date.parse(sale.endsAt);
}

/**
 * A variant's price at `now`: its own price or the product's; during a sale, the sale price
 * where it is lower, with the regular price crossed out; otherwise the product's crossed-out
 * price where it is above the variant's. Null when neither the variant nor the product has a price.
 */
export function effectivePrice(pricing: ProductPricing, ownPriceCents: number | null, now: Date): EffectivePrice | null {
  const regular = ownPriceCents ?? pricing.priceCents;
  if (regular === null) return null;
  if (pricing.sale && isSaleOn(pricing.sale, now) && pricing.sale.priceCents < regular) {
    return { priceCents: pricing.sale.priceCents, compareAtCents: regular };
  }
  const compareAt = pricing.compareAtCents !== null && isCompareAtAbove(regular, pricing.compareAtCents) ? pricing.compareAtCents : null;
  return { priceCents: regular, compareAtCents: compareAt };
}

/** The next moment the sale changes the prices (its start or its end), null when none is ahead. */
export function nextSaleChange(sale: SaleSchedule | null, now: Date): string | null {
  if (!sale) return null;
  if (Date.parse(sale.startsAt) > now.getTime()) return sale.startsAt;
  if (Date.parse(sale.endsAt) > now.getTime()) return sale.endsAt;
  return null;
}

/** A size as stored: trimmed, single spaces, capitals ("xl" → "XL", "38,5" stays). */
export const normalizeSize = (size: string) => size.trim().replace(/\s+/g, " ").toUpperCase();

/** The variants.size column holds 10 characters; "|" and ":" would break the listing's tokens. */
export const SIZE_PATTERN = /^[A-Z0-9](?:[A-Z0-9.,/ -]{0,8}[A-Z0-9])?$/;
export const isValidSize = (size: string) => SIZE_PATTERN.test(size);

/** A colour's hex as stored: "#a4472f" → "#A4472F"; null when not a six-digit hex colour. */
export function normalizeHex(hex: string): string | null {
  const value = hex.trim().replace(/^#?/, "#").toUpperCase();
  return /^#[0-9A-F]{6}$/.test(value) ? value : null;
}

const skuPart = (text: string) =>
  normalizeSku(text.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .replace(/[^A-Z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "");

/**
 * The product's SKU prefix: what its SKUs share before "-COLOUR-SIZE" (the seed's and the
 * import's shape), else its slug in capitals, shortened.
 */
export function skuPrefixOf(variants: readonly { sku: string; colorCode: string; size: string }[], slug: string): string {
  for (const v of variants) {
    const suffix = `-${skuPart(v.colorCode)}-${skuPart(v.size)}`;
    if (v.sku.endsWith(suffix) && v.sku.length > suffix.length) return v.sku.slice(0, -suffix.length);
  }
  return skuPart(slug).slice(0, 40).replace(/[-._]+$/, "") || "SKU";
}

/** The SKU suggested for a new variant: PREFIX-COLOUR-SIZE, valid, at most 80 characters. */
export function suggestSku(prefix: string, colorCode: string, size: string): string {
  const tail = `-${skuPart(colorCode)}-${skuPart(size)}`;
  const sku = `${prefix.slice(0, SKU_MAX_LENGTH - tail.length)}${tail}`.replace(/^[-._]+/, "");
  return isValidSku(sku) ? sku : skuPart(sku).slice(0, SKU_MAX_LENGTH);
}
