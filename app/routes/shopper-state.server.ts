import type { RouterContextProvider } from "react-router";
import { getRequestContext } from "~/middleware/request-context.server";
import { getAccountFirstName } from "~/modules/account/account.service.server";
import { getBagCount } from "~/modules/bag/bag.service.server";
import { readConsent } from "~/modules/consent/consent.server";
import { resolveCountry } from "~/modules/country/country-rules";
import { readPreference } from "~/modules/country/preference.server";
import type { ShopperState } from "~/modules/session/shopper-state";
import { urlNoticeOf } from "~/modules/session/url-notice";
import { savedProductIds, wishlistOwnerOf } from "~/modules/wishlist/wishlist.service.server";

/**
 * The shopper's own part of every page: bag badge, saved pieces, auth state for the header, flash notices,
 * and the country and cookie choices. Unlike the shell it is read again after every mutation
 * and on every navigation (spec §4: the bag is refetched on each route change).
 */
export async function loadShopperState(context: Readonly<RouterContextProvider>, request: Request): Promise<ShopperState> {
  const ctx = getRequestContext(context);
  const { session, shopper } = ctx;
  const [flash, choices, bagCount, wishlist, firstName] = await Promise.all([
    session.takeFlash(),
    loadChoices(context, request),
    getBagCount(ctx.db, ctx.bagId),
    savedProductIds(ctx.db, wishlistOwnerOf(shopper, session.id)),
    shopper.kind === "account" ? getAccountFirstName(ctx.db, shopper.userId) : null,
  ]);
  // A notice a GET handed over in the address (url-notice.ts): shown like a flash, stored nowhere.
  const handed = urlNoticeOf(new URL(request.url));
  if (handed) flash.push(handed);
  return {
    // Ids unique across answers: a notice the shopper closed must not hide the next one.
    notices: flash.map((notice, index) => ({ id: Date.now() * 10 + index, kind: notice.kind, message: String(ctx.t(notice.key as never, (notice.values ?? {}) as never)) })),
    bagCount,
    wishlist,
    auth: { isLoggedIn: shopper.kind !== "anonymous", guest: shopper.kind === "guest", initial: firstName?.charAt(0) || undefined },
    isAccountHolder: shopper.kind === "account",
    ...choices,
  };
}

/**
 * The shopper's country and cookie choices, from cookies only (no database): the country the
 * request's shop serves and the stored preference (the small popup's rule runs on them, see
 * showCountryPopup), the chooser's list, and whether and what the shopper consented to.
 */
async function loadChoices(context: Readonly<RouterContextProvider>, request: Request) {
  const { env } = getRequestContext(context);
  const cookieHeader = request.headers.get("Cookie");
  const [preference, consent] = await Promise.all([readPreference(cookieHeader), readConsent(cookieHeader)]);
  const { country: current } = resolveCountry({ requestHost: new URL(request.url).host, hosts: { it: env.IT_SHOP_HOST, eu: env.EU_SHOP_HOST }, preference });
  return {
    country: { current, preference },
    consent: consent ? { preferences: consent.preferences, analytics: consent.analytics, marketing: consent.marketing } : null,
  };
}
