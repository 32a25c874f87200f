// Locale routing rules: Italian lives at the root with no prefix, English under /en.
export const LOCALES = ["it", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "it";

/** BCP 47 tag used for Intl formatting. */
export const INTL_LOCALE: Record<Locale, string> = { it: "it-IT", en: "en-GB" };

export function isLocale(value: unknown): value is Locale {
  return value === "it" || value === "en";
}

/** The locale a URL path belongs to: /en and /en/… are English, everything else Italian. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "it";
}

/** Removes the locale prefix: "/en/pages/Faq" → "/pages/Faq", "/en" → "/". */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === "en") return pathname.slice(3) || "/";
  return pathname;
}

// Route segments whose name itself is translated (the care guide, the wishlist).
const SEGMENT_TRANSLATIONS: Array<Record<Locale, string>> = [
  { it: "curadelcapo", en: "careguide" },
  { it: "preferiti", en: "wishlist" },
];

/**
 * Prefixes an Italian-shaped path for a locale: ("/pages/Faq", "en") → "/en/pages/Faq", and
 * translates a translated first segment: ("/curadelcapo/lana", "en") → "/en/careguide/lana".
 */
export function localizePath(path: string, locale: Locale): string {
  if (locale === "it") return path;
  if (path === "/") return "/en";
  const [, first = "", ...rest] = path.split("/");
  const [firstName, ...suffix] = first.split(/(?=[?#])/);
  const translated = SEGMENT_TRANSLATIONS.find((t) => t.it === firstName);
  if (!translated) return `/en${path}`;
  return `/en/${[translated[locale] + suffix.join(""), ...rest].join("/")}`;
}

/**
 * The same page in the other language when no page-specific mapping exists: swaps the prefix
 * and translated segments. Pages with localized slugs (categories, products, posts) provide
 * their own alternates from the database.
 */
export function defaultAlternatePath(pathname: string, target: Locale): string {
  const from = localeFromPath(pathname);
  let rest = stripLocale(pathname);
  if (from !== target) {
    const [, first = "", ...tail] = rest.split("/");
    const translated = SEGMENT_TRANSLATIONS.find((t) => t[from] === first);
    if (translated) rest = ["", translated[target], ...tail].join("/");
  }
  return localizePath(rest, target);
}
