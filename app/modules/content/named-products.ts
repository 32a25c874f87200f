import type { Locale } from "~/db/schema";

/** At most this many pieces in a story's "shop the story" row. */
export const NAMED_PRODUCTS_LIMIT = 8;

// A link to a product page in the story's own language: /products/{slug} in Italian,
// /en/products/{slug} in English (product slugs are localized), with or without a query.
const PRODUCT_LINK = /\]\((\/en)?\/products\/([^)\s?#/]+)[^)\s]*\)/g;

/**
 * The products a story names: those its text links to, in the order it names them, once each.
 * An editor links a piece where the text mentions it (Atelier's Markdown editor), and the story's
 * "shop the story" row follows, with no second list to keep in step with the text.
 */
export function productSlugsNamedIn(markdown: string, locale: Locale): string[] {
  const slugs: string[] = [];
  for (const [, english, raw] of markdown.matchAll(PRODUCT_LINK)) {
    if (Boolean(english) !== (locale === "en")) continue;
    let slug: string;
    try {
      slug = decodeURIComponent(raw);
    } catch {
      continue;
    }
    if (!slugs.includes(slug)) slugs.push(slug);
    if (slugs.length === NAMED_PRODUCTS_LIMIT) break;
  }
  return slugs;
}
