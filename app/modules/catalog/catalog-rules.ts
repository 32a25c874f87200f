// The catalogue's naming rules, kept once for the seed, Atelier's editors, the Shopify import and
// the CLI alike. Safe in the browser (no Node APIs): forms may show the same limits.

/** A slug's longest form: URLs stay readable and fit every index. */
export const SLUG_MAX_LENGTH = 120;
/** Lowercase ASCII words joined by single hyphens: what `slugify` makes, and all a slug may be. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A SKU: capitals, digits and . _ - (the variants.sku column holds 80 characters). */
export const SKU_MAX_LENGTH = 80;
export const SKU_PATTERN = /^[A-Z0-9](?:[A-Z0-9._-]{0,78}[A-Z0-9])?$/;

/** "Abito in lino blu" → "abito-in-lino-blu": accents dropped, apostrophes joined, the rest hyphenated. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
}

export const isValidSlug = (slug: string) => slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);

/** A SKU as stored: trimmed and in capitals, so "btg-01" and "BTG-01 " are one SKU. */
export const normalizeSku = (sku: string) => sku.trim().toUpperCase();

export const isValidSku = (sku: string) => SKU_PATTERN.test(sku);
