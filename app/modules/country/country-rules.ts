import { LOCALES, type Locale, defaultAlternatePath, localeFromPath, localizePath, stripLocale } from "~/utils/locale";

// The country chooser's rules (spec §3–4), as pure functions of locale, country, path and
// preference. Safe in the browser: the shell imports the popup rule and the chooser link.

/** The country zone list of spec §3, in its order: Italy, the 26 other EU countries, the rest of the world. */
export const COUNTRY_CODES = [
  "IT", "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU",
  "IE", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "ROTW",
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The two shops: the Italian one (ships to Italy only) and the international one. */
export type Shop = "it" | "eu";
export interface ShopHosts {
  it: string;
  eu: string;
}

/** One entry of the country zone list: the code, its display name and the shop it belongs to. */
export interface CountryOption {
  code: CountryCode;
  /** The spec's display name: English, except 'Italia' and 'Polonia'. */
  label: string;
  /** The language the label is written in (marked up when it differs from the page's). */
  lang: Locale;
  shop: Shop;
}

export const PREFERENCE_MAX_AGE_S = 86_400;
export const POPUP_AUTO_CLOSE_MS = 30_000;
// Modals close when the page scrolls more than a share of the window height: a rule of every
// modal, kept in the base level so a page's modal need not load the country's rules.
export { SCROLL_CLOSE_RATIO, scrolledPastThreshold } from "~/modules/base/modal-rules";
export const CHOOSER_PATH = "/pages/country";

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** Italy maps to the Italian shop; every other entry to the shared international one. */
export function shopOf(country: CountryCode): Shop {
  return country === "IT" ? "it" : "eu";
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The page data's `country`: which shop the request is on and so which country it serves. The
 * Italian host serves Italy; any other host is the international shop, whose country is the
 * shopper's preference (null until one is chosen). When both shops share one host (development,
 * tests) the preference tells them apart.
 */
export function resolveCountry({ requestHost, hosts, preference }: { requestHost: string; hosts: ShopHosts; preference: CountryCode | null }): {
  shop: Shop;
  country: CountryCode | null;
} {
  const onItalian = hostOf(hosts.it) === requestHost;
  const onInternational = hostOf(hosts.eu) === requestHost;
  const foreign = preference !== null && preference !== "IT";
  const shop: Shop = onItalian && (!onInternational || !foreign) ? "it" : "eu";
  return { shop, country: shop === "it" ? "IT" : foreign ? preference : null };
}

/**
 * What a choice stores in the preference cookie. On the Italian locale the preference is always
 * IT, so choosing Italy there stores nothing; any other choice is stored.
 */
export function preferenceToStore(locale: Locale, chosen: CountryCode): CountryCode | null {
  return locale === "it" && chosen === "IT" ? null : chosen;
}

export type PageKind = "blog" | "care" | "account" | "chooser" | "bag" | "other";

/** The kind of page a path shows, in either language. */
export function pageKindOf(path: string): PageKind {
  const rest = stripLocale(path.split(/[?#]/)[0]);
  const [, first = "", second = ""] = rest.split("/");
  if (first === "blog") return "blog";
  if (first === "curadelcapo" || first === "careguide") return "care";
  if (first === "account") return "account";
  if (first === "cart") return "bag";
  if (first === "pages" && second === "country") return "chooser";
  return "other";
}

export type Alternates = Partial<Record<Locale, string>>;

/**
 * The path on the other shop. The same path (query included), except on blog pages, which
 * become the post's first localization, and on care-guide pages, where curadelcapo and careguide
 * swap along with the localized slug. Both come from the page's alternates (its path per
 * locale); without them a post keeps its path and the care guide's index swaps its prefix.
 */
export function targetPath(path: string, alternates?: Alternates): string {
  const pathname = path.split(/[?#]/)[0];
  const kind = pageKindOf(pathname);
  if (kind !== "blog" && kind !== "care") return path;
  const from = localeFromPath(pathname);
  const others = LOCALES.filter((locale) => locale !== from);
  const first = others.map((locale) => alternates?.[locale]).find((alternate) => !!alternate);
  if (first) return first;
  const isCareIndex = kind === "care" && stripLocale(pathname).split("/").filter(Boolean).length === 1;
  return isCareIndex ? defaultAlternatePath(pathname, others[0]) : pathname;
}

/** The alternates a form or a link carries as a list of paths, keyed by their language. */
export function alternatesFromPaths(paths: string[]): Alternates {
  const alternates: Alternates = {};
  for (const path of paths) alternates[localeFromPath(path)] ??= path;
  return alternates;
}

/** Where a choice sends the shopper: the chosen country's shop, at the matching path. */
export function chooseCountry({
  locale,
  chosen,
  currentShop,
  path,
  alternates,
}: {
  locale: Locale;
  chosen: CountryCode;
  currentShop: Shop;
  path: string;
  alternates?: Alternates;
}): { store: CountryCode | null; shop: Shop; path: string } {
  const shop = shopOf(chosen);
  return { store: preferenceToStore(locale, chosen), shop, path: shop === currentShop ? path : targetPath(path, alternates) };
}

/**
 * The small country popup (spec §4): hidden once a preference is set, on blog, account and care
 * guide pages (curadelcapo, in English careguide), on the chooser itself, and wherever the
 * language matches the shop (Italian on Italy, another language elsewhere). It never redirects:
 * the shopper chooses. On a first visit it also waits while the cookie banner asks
 * (`consentPending`): one prompt at a time at the bottom of the window, the cookie choice first,
 * so that together they never cover a phone's screen.
 */
export function showCountryPopup({
  locale,
  country,
  path,
  preference,
  consentPending,
}: {
  locale: Locale;
  country: CountryCode | null;
  path: string;
  preference: CountryCode | null;
  consentPending: boolean;
}): boolean {
  if (preference || consentPending) return false;
  const kind = pageKindOf(path);
  // The bag's summary and checkout button stay uncovered (the checkout has a layout of its own).
  if (kind === "blog" || kind === "account" || kind === "care" || kind === "chooser" || kind === "bag") return false;
  if (locale === "it" && country === "IT") return false;
  if (locale !== "it" && country !== "IT") return false;
  return true;
}


/**
 * The chooser page's address from a page: it carries the page the shopper came from (and, on
 * blog and care-guide pages, the page's alternates), so that the choice can send them back there.
 */
export function chooserHref(locale: Locale, from: string, alternates?: Alternates): string {
  const base = localizePath(CHOOSER_PATH, locale);
  const kind = pageKindOf(from);
  if (kind === "chooser") return base;
  const params = new URLSearchParams({ from });
  if ((kind === "blog" || kind === "care") && alternates) {
    for (const alternate of Object.values(alternates)) if (alternate) params.append("alternate", alternate);
  }
  return `${base}?${params}`;
}
