import type { SHELL_NAMESPACES, pickTexts } from "~/i18n/resources";
import type { BannerView } from "~/modules/banner/banner.service.server";
import type { MenuCategory } from "~/modules/catalog/category.service.server";
import type { CountryOption } from "~/modules/country/country-rules";
import type { LegalNotice } from "~/modules/settings/seller";
import type { ShopSettings, SocialNetwork } from "~/modules/settings/shop-settings";
import type { Locale } from "~/utils/locale";

/** What the root loader returns: the page shell every shopper sees alike (see shell.server.ts). */
export interface ShellData {
  locale: Locale;
  translations: ReturnType<typeof pickTexts<(typeof SHELL_NAMESPACES)[number]>>;
  menu: MenuCategory[];
  /** The banner now: the closure notice in force and the messages whose dates hold, colours checked by the loader. */
  banner: BannerView;
  shop: {
    /** The seller as the law wants it on every page (footer). */
    legal: LegalNotice;
    supportHours: ShopSettings["supportHours"];
    /** The shop's own profiles that are set, in the footer's order, each with its network's name and icon path. */
    social: Array<{ network: SocialNetwork; url: string; name: string; icon: string }>;
  };
  /** The country chooser's list (spec §3, the country zone list). */
  countryOptions: CountryOption[];
}
