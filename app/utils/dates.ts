import { INTL_LOCALE, type Locale } from "./locale";

/**
 * A stored UTC timestamp as a long date in the reader's language ("12 novembre 2026"). Formatted
 * in UTC on the server, so the page and its hydration agree whatever the visitor's time zone.
 */
export function formatLongDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

/**
 * A moment as a date and time in Italy (the shop's time zone, whatever the server's or the
 * reader's): the withdrawal's acknowledgement states when it arrived ("24 novembre 2026, 15:05").
 */
export function formatRomeDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(iso));
}

/** A moment in Italy, short, for dense tables ("24/11/26, 15:05"). */
export function formatRomeShortDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(iso));
}
