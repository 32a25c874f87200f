import { INTL_LOCALE, type Locale } from "./locale";

const MONTHS: Record<Locale, readonly string[]> = {
  it: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
};

/**
 * A stored UTC timestamp as a long date in the reader's language ("12 novembre 2026"). Formatted
 * in UTC on the server, so the page and its hydration agree whatever the visitor's time zone.
 */
export function formatLongDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  // Written by hand, as Intl writes it (a unit test holds the two together): the checkout and the
  // account's orders show long dates as they hydrate, and the first Intl formatter a page builds
  // loads the browser's locale data in the middle of hydration (docs/decisions/033). The banner's
  // closure date is written by the server (activeBanner). Intl keeps the odd cases.
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1) {
    return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  }
  return `${date.getUTCDate()} ${MONTHS[locale][date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * A moment as a date and time in Italy (the shop's time zone, whatever the server's or the
 * reader's): the withdrawal's acknowledgement states when it arrived ("24 novembre 2026, 15:05").
 */
export function formatRomeDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(iso));
}

/** A moment in Italy, short, for dense tables (Atelier): "26/11/26, 15:05" (it), "26/11/2026, 15:05" (en). */
export function formatRomeShortDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(iso));
}
