import type { SHELL_NAMESPACES, pickTexts } from "~/i18n/resources";
import type { MenuCategory } from "~/modules/catalog/category.service.server";
import type { CountryOption } from "~/modules/country/country-rules";
import type { ShopSettings } from "~/modules/settings/shop-settings";
import type { Locale } from "~/utils/locale";
import type { GlobalSettings } from "./settings.repository.server";

/** What the root loader returns: the page shell every shopper sees alike (see shell.server.ts). */
export interface ShellData {
  locale: Locale;
  translations: ReturnType<typeof pickTexts<(typeof SHELL_NAMESPACES)[number]>>;
  menu: MenuCategory[];
  /** The banner's colours are plain CSS colours, checked by the loader (shell.server.ts). */
  settings: GlobalSettings;
  shop: { company: ShopSettings["company"]; supportHours: ShopSettings["supportHours"] };
  /** The country chooser's list (spec §3, the country zone list). */
  countryOptions: CountryOption[];
}
