import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { SHELL_NAMESPACES, pickTexts } from "~/i18n/resources";
import { type BannerView, activeBanner } from "~/modules/banner/banner.service.server";
import { DEFAULT_BANNER_COLOURS } from "~/modules/banner/banner-colours";
import { getCachedMenu } from "~/modules/catalog/category.service.server";
import { DEFAULT_SHOP_SETTINGS, SOCIAL_NETWORKS, type ShopSettings } from "~/modules/settings/shop-settings";
import { readShopRevision } from "~/modules/settings/shop-revision.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { countryOptions } from "~/modules/country/countries.server";
import type { ShellData } from "./shell";
import type { Locale } from "~/utils/locale";
import { cssColor } from "~/utils/css-color.server";

/** The path of the benchmark's control page, whose shell touches neither database nor session. */
export const CONTROL_PATH = "/_control";

export type { ShellData } from "./shell";

const EMPTY_BANNER: BannerView = { messages: [], closure: null };

/**
 * What the page shell shows every shopper alike: language and texts, menu, banner, the seller's
 * identity and profiles. Each is kept in this process under the revision of what it comes from,
 * one primary-key read per page each: the menu under the catalogue's (cachedCatalogRead, so a
 * category changed in Atelier shows at once, and at most a minute late for what no write
 * announces), the banner and the shop settings under the shop's (shop-revision.server.ts). A
 * change made on any process shows on the next page everywhere; a dated message comes and goes
 * on time.
 */
export async function loadShell(db: Kysely<Database>, locale: Locale, { control = false, now = Date.now() } = {}): Promise<ShellData> {
  const translations = pickTexts(locale, SHELL_NAMESPACES);
  if (control) return { locale, translations, menu: [], banner: EMPTY_BANNER, shop: footerSettings(DEFAULT_SHOP_SETTINGS), countryOptions: countryOptions() };
  const revision = await readShopRevision(db);
  const [menu, banner, shop] = await Promise.all([getCachedMenu(db, locale, now), activeBanner(db, locale, new Date(now), { revision }), getShopSettings(db, { revision })]);
  return { locale, translations, menu, banner: checkedColours(banner), shop: footerSettings(shop), countryOptions: countryOptions() };
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
