import type { Locale } from "~/utils/locale";

/**
 * The static pages under /pages/{id}. Both spellings of the terms path are served (the second
 * points to the first as canonical); Whistleblowing exists only in Italian.
 *
 * Atelier edits their texts, never their addresses, languages or publication (the footer, the
 * header, the banner and the law point at them). `keeps` names the shop's constants a page must
 * show from the settings, so an edit cannot leave it stating a fee or a deadline the shop no
 * longer applies (spec §9: the return window and fee; the seller's identity on the legal texts).
 */
export const STATIC_PAGES: Record<string, { only?: Locale; canonical?: string; keeps?: readonly string[] }> = {
  Faq: {},
  Returns: { keeps: ["returnDays", "returnFee"] },
  Shipping: { keeps: ["freeShippingFrom", "shippingFee", "deliveryDays"] },
  About: { keeps: ["companyName"] },
  Contact: { keeps: ["supportEmail", "companyName", "companyAddress"] },
  "Terms-Conditions": { keeps: ["companyName", "companyAddress", "vatNumber", "returnDays", "returnFee"] },
  "Terms-and-Conditions": { canonical: "Terms-Conditions" },
  "Privacy-Policy": { keeps: ["companyName", "companyAddress"] },
  "Cookie-Policy": { keeps: ["companyName", "companyAddress"] },
  Whistleblowing: { only: "it", keeps: ["companyName"] },
  Accessibility: {},
  "garment-care": {},
};

/** The languages a page is written in. */
export function staticPageLocales(id: string): Locale[] {
  const page = STATIC_PAGES[id];
  if (!page) return [];
  return page.only ? [page.only] : ["it", "en"];
}

export function findStaticPage(id: string, locale: Locale) {
  const page = STATIC_PAGES[id];
  if (!page || (page.only && page.only !== locale)) return null;
  return { id, canonicalId: page.canonical ?? id };
}
