// The catalogue's naming rules, kept once for the seed, Atelier's editors, the Shopify import and
// the CLI alike. Safe in the browser (no Node APIs): forms may show the same limits.

// Slugs are every page's, not the catalogue's alone: their rules live in the base level
// (app/modules/base/slug-rules.ts, decision 038) and are kept reachable here.
export { SLUG_MAX_LENGTH, SLUG_PATTERN, isValidSlug, slugify } from "~/modules/base/slug-rules";

/** A SKU: capitals, digits and . _ - (the variants.sku column holds 80 characters). */
export const SKU_MAX_LENGTH = 80;
export const SKU_PATTERN = /^[A-Z0-9](?:[A-Z0-9._-]{0,78}[A-Z0-9])?$/;

/** A SKU as stored: trimmed and in capitals, so "btg-01" and "BTG-01 " are one SKU. */
export const normalizeSku = (sku: string) => sku.trim().toUpperCase();

export const isValidSku = (sku: string) => SKU_PATTERN.test(sku);

/** A size with this many pieces left or fewer says so ("ultimo pezzo", "ultimi 3 pezzi"): the product page's picker, the bag's lines and the wishlist. */
export const FEW_LEFT = 3;
