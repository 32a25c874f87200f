import { INTL_LOCALE, type Locale } from "./locale";

// Whole numbers and euro amounts written as the shop's two languages write them, without Intl.
// The first Intl.NumberFormat (or DateTimeFormat) a page builds makes the browser load its
// locale data: 25–40 ms of this machine's main thread, four times that on Lighthouse's slow
// phone, in the middle of hydration, for text the server has already written. The rules are
// CLDR's for it-IT and en-GB, and a unit test holds them to Intl's output on the server for
// every length of number, so the browser's render matches the server's.

/** "1234567" → "1.234.567" (it) or "1,234,567" (en); Italian leaves four digits ungrouped (CLDR's minimum grouping of 2). */
export function groupDigits(digits: string, locale: Locale): string {
  const minimum = locale === "it" ? 5 : 4;
  if (digits.length < minimum) return digits;
  const separator = locale === "it" ? "." : ",";
  let grouped = "";
  for (let end = digits.length; end > 0; end -= 3) grouped = digits.slice(Math.max(0, end - 3), end) + (grouped ? separator + grouped : "");
  return grouped;
}

/** A whole number: 39132 → "39.132" (it), "39,132" (en). Anything else is written by Intl. */
export function formatInteger(value: number, locale: Locale): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
  const digits = groupDigits(String(Math.abs(value)), locale);
  return value < 0 ? `-${digits}` : digits;
}

/** Euro cents (a safe integer): 123456 → "1234,56 €" (it, a no-break space before the sign), "€1,234.56" (en). */
export function formatEuroCents(cents: number, locale: Locale): string {
  const magnitude = Math.abs(cents);
  const whole = groupDigits(String(Math.floor(magnitude / 100)), locale);
  const fraction = String(magnitude % 100).padStart(2, "0");
  const sign = cents < 0 ? "-" : "";
  return locale === "it" ? `${sign}${whole},${fraction}\u00a0€` : `${sign}€${whole}.${fraction}`;
}
