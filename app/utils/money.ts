import { INTL_LOCALE, type Locale } from "./locale";

const formatters = new Map<Locale, Intl.NumberFormat>();

/** Formats integer euro cents for a locale: 12900 → "129,00 €" (it) or "€129.00" (en). */
export function formatMoney(cents: number, locale: Locale): string {
  if (!Number.isInteger(cents)) throw new Error(`Money must be integer cents, got ${cents}`);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency: "EUR" });
    formatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}
