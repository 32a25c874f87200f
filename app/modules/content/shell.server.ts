import type { RouterContextProvider } from "react-router";
import { SHELL_NAMESPACES, pickTexts } from "~/i18n/resources";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { getSession } from "~/middleware/session.server";
import { getMenu } from "~/modules/catalog/category.service.server";
import { readConsent } from "~/modules/consent/consent.server";
import { countryOptions } from "~/modules/country/countries.server";
import { resolveCountry } from "~/modules/country/country-rules";
import { readPreference } from "~/modules/country/preference.server";
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { appContext } from "~/server/context.server";
import { isLocale } from "~/utils/locale";
import { EMPTY_SETTINGS, getGlobalSettings } from "./settings.repository.server";

/** The path of the benchmark's control page, whose shell touches neither database nor session. */
export const CONTROL_PATH = "/_control";

/** Everything the page shell needs: language and texts, menu, banner, notices, bag and account state. */
export async function loadShell(context: Readonly<RouterContextProvider>, request: Request) {
  const { db } = context.get(appContext);
  const detected = getLocale(context);
  const locale = isLocale(detected) ? detected : "it";
  const choices = await loadChoices(context, request);
  if (new URL(request.url).pathname === CONTROL_PATH) {
    return {
      locale,
      translations: pickTexts(locale, SHELL_NAMESPACES),
      menu: [],
      settings: EMPTY_SETTINGS,
      shop: footerSettings(DEFAULT_SHOP_SETTINGS),
      notices: [],
      bagCount: 0,
      isAccountHolder: false,
      ...choices,
    };
  }
  const session = getSession(context);
  const t = getInstance(context).getFixedT(locale);
  const [menu, settings, shop, flash] = await Promise.all([getMenu(db, locale), getGlobalSettings(db, locale), getShopSettings(db), session.takeFlash()]);
  return {
    locale,
    translations: pickTexts(locale, SHELL_NAMESPACES),
    menu,
    settings,
    shop: footerSettings(shop),
    notices: flash.map((notice, index) => ({ id: index, kind: notice.kind, message: t(notice.key as never) as string })),
    /** Sum of item quantities in the bag (the Bag issue fills it). */
    bagCount: 0,
    /** Logged in and not a guest (the Accounts issue fills it). */
    isAccountHolder: session.userId !== null && !session.isGuest,
    ...choices,
  };
}

/** What the footer shows from the shop settings: the seller's identity and the support hours. */
function footerSettings(shop: ShopSettings) {
  return { company: shop.company, supportHours: shop.supportHours };
}

/**
 * The shopper's country and cookie choices, from cookies only (no database): the country the
 * request's shop serves and the stored preference (the small popup's rule runs on them, see
 * showCountryPopup), the chooser's list, and whether and what the shopper consented to.
 */
async function loadChoices(context: Readonly<RouterContextProvider>, request: Request) {
  const { env } = context.get(appContext);
  const cookieHeader = request.headers.get("Cookie");
  const [preference, consent] = await Promise.all([readPreference(cookieHeader), readConsent(cookieHeader)]);
  const { country: current } = resolveCountry({ requestHost: new URL(request.url).host, hosts: { it: env.IT_SHOP_HOST, eu: env.EU_SHOP_HOST }, preference });
  return {
    country: { current, preference, options: countryOptions() },
    consent: consent ? { analytics: consent.analytics, marketing: consent.marketing } : null,
  };
}
