import { INTL_LOCALE, type Locale } from "~/utils/locale";

/** A moment in a dense table: short date and time in Italy's time zone ("26 nov 2026, 02:05"), on one line. */
export function formatInboxDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(iso));
}
