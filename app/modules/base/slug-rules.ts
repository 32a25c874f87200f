// The rules of a page's slug, in the base level (decision 038): the catalogue (products,
// categories), the content editor and the seed name pages by them alike. Safe in the browser
// (no Node APIs): forms may show the same limits.

/** A slug's longest form: URLs stay readable and fit every index. */
export const SLUG_MAX_LENGTH = 120;
/** Lowercase ASCII words joined by single hyphens: what `slugify` makes, and all a slug may be. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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
