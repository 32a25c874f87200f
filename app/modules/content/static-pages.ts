import type { Locale } from "~/utils/locale";

/**
 * The static pages under /pages/{id}. Both spellings of the terms path are served (the second
 * points to the first as canonical); Whistleblowing exists only in Italian.
 */
export const STATIC_PAGES: Record<string, { only?: Locale; canonical?: string }> = {
  Faq: {},
  Returns: {},
  Shipping: {},
  About: {},
  Contact: {},
  "Terms-Conditions": {},
  "Terms-and-Conditions": { canonical: "Terms-Conditions" },
  "Privacy-Policy": {},
  "Cookie-Policy": {},
  Whistleblowing: { only: "it" },
  Accessibility: {},
  "garment-care": {},
};

export function findStaticPage(id: string, locale: Locale) {
  const page = STATIC_PAGES[id];
  if (!page || (page.only && page.only !== locale)) return null;
  return { id, canonicalId: page.canonical ?? id };
}
