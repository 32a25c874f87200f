import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { SHELL_NAMESPACES, pickTexts } from "~/i18n/resources";
import { type BannerView, activeBanner } from "~/modules/banner/banner.service.server";
import { DEFAULT_BANNER_COLOURS } from "~/modules/banner/banner-colours";
import { getMenu } from "~/modules/catalog/category.service.server";
import { DEFAULT_SHOP_SETTINGS, SOCIAL_NETWORKS, type ShopSettings } from "~/modules/settings/shop-settings";
import { readShopRevision } from "~/modules/settings/shop-revision.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { countryOptions } from "~/modules/country/countries.server";
import type { ShellData } from "./shell";
import type { Locale } from "~/utils/locale";
import { cssColor } from "~/utils/css-color.server";
import { ttlCache } from "~/utils/ttl-cache.server";

/** The path of the benchmark's control page, whose shell touches neither database nor session. */
export const CONTROL_PATH = "/_control";

/** The spec's freshness for the menu (§7: stale after 5 minutes). */
export const SHELL_TTL_MS = 5 * 60_000;

export type { ShellData } from "./shell";

// The menu: one cache per database handle (tests open several) and language.
const caches = new WeakMap<Kysely<Database>, ReturnType<typeof ttlCache<Locale, ShellData["menu"]>>>();

function menuCache(db: Kysely<Database>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = ttlCache(SHELL_TTL_MS, (locale: Locale) => getMenu(db, locale));
    caches.set(db, cache);
  }
  return cache;
}

const EMPTY_BANNER: BannerView = { messages: [], closure: null };

/**
 * What the page shell shows every shopper alike: language and texts, menu, banner, the seller's
 * identity and profiles. The menu is read at most once per process and language every 5
 * minutes; the banner and the shop settings, which the owner changes in Atelier, are kept under
 * the shop's revision (one primary-key read per page, shop-revision.server.ts), so a change made
 * on any process shows on the next page everywhere, and a dated message comes and goes on time.
 */
export async function loadShell(db: Kysely<Database>, locale: Locale, { control = false, now = Date.now() } = {}): Promise<ShellData> {
  const translations = pickTexts(locale, SHELL_NAMESPACES);
  if (control) return { locale, translations, menu: [], banner: EMPTY_BANNER, shop: footerSettings(DEFAULT_SHOP_SETTINGS), countryOptions: countryOptions() };
  const revision = await readShopRevision(db);
  const [menu, banner, shop] = await Promise.all([menuCache(db).get(locale, now), activeBanner(db, locale, new Date(now), { revision }), getShopSettings(db, { revision })]);
  return { locale, translations, menu, banner: checkedColours(banner), shop: footerSettings(shop), countryOptions: countryOptions() };
}

/** Drops this process's cached menu (after the categories change). */
export function invalidateShell(db: Kysely<Database>): void {
  caches.get(db)?.clear();
}

/** What the footer shows from the shop settings: the seller's identity, the support hours, the profiles set. */
function footerSettings(shop: ShopSettings): ShellData["shop"] {
  const social = SOCIAL_NETWORKS.filter((network) => shop.socialLinks[network]).map((network) => ({ network, url: shop.socialLinks[network] }));
  return { company: shop.company, supportHours: shop.supportHours, social };
}

/**
 * The banner's colours checked once more here, on the server (Atelier saves only #RRGGBB): the
 * document writes them into a style rule (BannerColors), and the check need not ship to the
 * browser (decision 004).
 */
function checkedColours(banner: BannerView): BannerView {
  return {
    ...banner,
    messages: banner.messages.map((message) => ({
      ...message,
      background: cssColor(message.background, DEFAULT_BANNER_COLOURS.background),
      color: cssColor(message.color, DEFAULT_BANNER_COLOURS.color),
    })),
  };
}
