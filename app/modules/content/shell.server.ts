import type { RouterContextProvider } from "react-router";
import { resources } from "~/i18n/resources";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { getSession } from "~/middleware/session.server";
import { getMenu } from "~/modules/catalog/category.service.server";
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
  if (new URL(request.url).pathname === CONTROL_PATH) {
    return { locale, translations: resources[locale], menu: [], settings: EMPTY_SETTINGS, notices: [], bagCount: 0, isAccountHolder: false };
  }
  const session = getSession(context);
  const t = getInstance(context).getFixedT(locale);
  const [menu, settings, flash] = await Promise.all([getMenu(db, locale), getGlobalSettings(db, locale), session.takeFlash()]);
  return {
    locale,
    translations: resources[locale],
    menu,
    settings,
    notices: flash.map((notice, index) => ({ id: index, kind: notice.kind, message: t(notice.key as never) as string })),
    /** Sum of item quantities in the bag (the Bag issue fills it). */
    bagCount: 0,
    /** Logged in and not a guest (the Accounts issue fills it). */
    isAccountHolder: session.userId !== null && !session.isGuest,
  };
}
