import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { SHELL_NAMESPACES, pickTexts } from "~/i18n/resources";
import { type BannerView, activeBanner } from "~/modules/banner/banner.service.server";
import { DEFAULT_BANNER_COLOURS } from "~/modules/banner/banner-colours";
import { getCachedMenu } from "~/modules/catalog/category.service.server";
import { DEFAULT_SHOP_SETTINGS, SOCIAL_NETWORKS, type ShopSettings, type SocialNetwork } from "~/modules/settings/shop-settings";
import { legalNotice, sellerIdentity } from "~/modules/settings/seller";
import { readShopRevision } from "~/modules/base/revision-cache.server";
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
 * announces), the banner and the shop settings under the shop's (app/modules/base/revision-cache.server.ts). A
 * change made on any process shows on the next page everywhere; a dated message comes and goes
 * on time.
 */
export async function loadShell(db: Kysely<Database>, locale: Locale, { control = false, now = Date.now() } = {}): Promise<ShellData> {
  const translations = pickTexts(locale, SHELL_NAMESPACES);
  if (control) return { locale, translations, menu: [], banner: EMPTY_BANNER, shop: footerSettings(DEFAULT_SHOP_SETTINGS, locale), countryOptions: countryOptions() };
  const revision = await readShopRevision(db);
  const [menu, banner, shop] = await Promise.all([getCachedMenu(db, locale, now), activeBanner(db, locale, new Date(now), { revision }), getShopSettings(db, { revision })]);
  return { locale, translations, menu, banner: checkedColours(banner), shop: footerSettings(shop, locale), countryOptions: countryOptions() };
}

// The networks' outline icons travel with the profiles the owner set, in the loader's data: the
// footer's JavaScript carries none of them (docs/decisions/004).
const SOCIAL_ICONS: Record<SocialNetwork, { name: string; icon: string }> = {
  instagram: { name: "Instagram", icon: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5v.01" },
  facebook: { name: "Facebook", icon: "M14 8h2.5V4.5H14A3.5 3.5 0 0 0 10.5 8v2.5H8V14h2.5v7H14v-7h2.5l.5-3.5h-3V8.5c0-.3.2-.5.5-.5Z" },
  tiktok: { name: "TikTok", icon: "M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.4 2.6 2.2 4.4 5 4.7" },
  pinterest: { name: "Pinterest", icon: "M12 3a9 9 0 0 0-3.3 17.4l1.8-7.4M10 15c.6 1 1.5 1.5 2.6 1.5 2.6 0 4.4-2.4 4.4-5.4C17 8 14.7 6 12 6c-3.2 0-5 2.3-5 4.7 0 1 .4 2 1 2.6" },
  youtube: { name: "YouTube", icon: "M3.5 8.2c.1-1.6 1.3-2.8 2.9-2.9C8.3 5.1 10.1 5 12 5s3.7.1 5.6.3c1.6.1 2.8 1.3 2.9 2.9.1 1.3.2 2.5.2 3.8s-.1 2.5-.2 3.8c-.1 1.6-1.3 2.8-2.9 2.9-1.9.2-3.7.3-5.6.3s-3.7-.1-5.6-.3c-1.6-.1-2.8-1.3-2.9-2.9-.1-1.3-.2-2.5-.2-3.8s.1-2.5.2-3.8ZM10 9v6l5-3-5-3Z" },
};

/** What the footer shows from the shop settings: the seller's identity, the support hours, the profiles set. */
function footerSettings(shop: ShopSettings, locale: Locale): ShellData["shop"] {
  const social = SOCIAL_NETWORKS.filter((network) => shop.socialLinks[network]).map((network) => ({ network, url: shop.socialLinks[network], ...SOCIAL_ICONS[network] }));
  return { legal: legalNotice(sellerIdentity(shop), locale), supportHours: shop.supportHours, social };
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
