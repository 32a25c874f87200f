import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { SHELL_NAMESPACES, pickTexts } from "~/i18n/resources";
import { getCachedMenu } from "~/modules/catalog/category.service.server";
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { countryOptions } from "~/modules/country/countries.server";
import type { ShellData } from "./shell";
import type { Locale } from "~/utils/locale";
import { cssColor } from "~/utils/css-color.server";
import { ttlCache } from "~/utils/ttl-cache.server";
import { EMPTY_SETTINGS, type GlobalSettings, getGlobalSettings } from "./settings.repository.server";

/** The path of the benchmark's control page, whose shell touches neither database nor session. */
export const CONTROL_PATH = "/_control";

/** The spec's freshness for the menu and settings (§7: stale after 5 minutes). */
export const SHELL_TTL_MS = 5 * 60_000;

export type { ShellData } from "./shell";

// One cache per database handle (tests open several) and language.
const caches = new WeakMap<Kysely<Database>, ReturnType<typeof ttlCache<Locale, Omit<ShellData, "translations" | "countryOptions" | "menu">>>>();

function shellCache(db: Kysely<Database>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = ttlCache(SHELL_TTL_MS, async (locale: Locale): Promise<Omit<ShellData, "translations" | "countryOptions" | "menu">> => {
      const [settings, shop] = await Promise.all([getGlobalSettings(db, locale), getShopSettings(db)]);
      return { locale, settings: bannerSettings(settings), shop: footerSettings(shop) };
    });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * What the page shell shows every shopper alike: language and texts, menu, banner, the seller's
 * identity. Banner and identity are read at most once per process and language every 5 minutes;
 * the menu is kept under the catalogue's revision (one primary-key read a request), so a
 * category changed in Atelier shows at once on every process.
 */
export async function loadShell(db: Kysely<Database>, locale: Locale, { control = false, now = Date.now() } = {}): Promise<ShellData> {
  const translations = pickTexts(locale, SHELL_NAMESPACES);
  if (control) return { locale, translations, menu: [], settings: EMPTY_SETTINGS, shop: footerSettings(DEFAULT_SHOP_SETTINGS), countryOptions: countryOptions() };
  const [shell, menu] = await Promise.all([shellCache(db).get(locale, now), getCachedMenu(db, locale, now)]);
  return { ...shell, menu, translations, countryOptions: countryOptions() };
}

/** Drops this process's cached shell (after the menu or settings change). */
export function invalidateShell(db: Kysely<Database>): void {
  caches.get(db)?.clear();
}

/** What the footer shows from the shop settings: the seller's identity and the support hours. */
function footerSettings(shop: ShopSettings) {
  return { company: shop.company, supportHours: shop.supportHours };
}

/**
 * The banner's settings with its colours checked here, on the server: the document writes them
 * into a style rule (BannerColors), and the check need not ship to the browser (decision 004).
 */
function bannerSettings(settings: GlobalSettings): GlobalSettings {
  return {
    ...settings,
    globalMessagesBackground: cssColor(settings.globalMessagesBackground, EMPTY_SETTINGS.globalMessagesBackground),
    globalMessagesColor: cssColor(settings.globalMessagesColor, EMPTY_SETTINGS.globalMessagesColor),
  };
}
