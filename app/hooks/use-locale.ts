import { useRouteLoaderData } from "react-router";
import type { ShellData } from "~/modules/content/shell";
import { NO_SHOPPER_STATE, type ShopperState } from "~/modules/session/shopper-state";
import { type Locale, localizePath } from "~/utils/locale";

/** The shell (root loader) and the shopper's own state (shop layout loader), as the page's components see them. */
export type RootData = Omit<ShellData, "countryOptions"> &
  Omit<ShopperState, "country"> & { country: ShopperState["country"] & { options: ShellData["countryOptions"] } };

/** The route id of the shop layout, whose loader returns the shopper state. */
export const SHOP_LAYOUT_ID = "shop";

export function useRootData(): RootData {
  const shell = useRouteLoaderData<ShellData>("root");
  const shopper = useRouteLoaderData<ShopperState>(SHOP_LAYOUT_ID) ?? NO_SHOPPER_STATE;
  if (!shell) throw new Error("Root data is missing");
  const { countryOptions, ...rest } = shell;
  return { ...rest, ...shopper, country: { ...shopper.country, options: countryOptions } };
}

/** The page's language and a helper that prefixes Italian-shaped paths for it. */
export function useLocale(): { locale: Locale; href: (path: string) => string } {
  const locale = useRouteLoaderData<ShellData>("root")?.locale ?? "it";
  return { locale, href: (path: string) => localizePath(path, locale) };
}
