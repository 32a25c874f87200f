import { allows } from "~/modules/consent/consent";
import { readConsent } from "~/modules/consent/consent.server";
import { RECENTLY_VIEWED_COOKIE, RECENTLY_VIEWED_MAX_AGE_S, parseViewed, serializeViewed, withViewed } from "./recently-viewed";

// The "Visti di recente" cookie on the server: read only when the shopper allows preference
// cookies, written by the product page, cleared when the shopper withdraws that consent. The
// value is plain ids joined by dots: nothing to sign (a forged list only shows other pieces on
// sale), nothing to decode.

/** The ids the request's shopper looked at last, newest first; none without consent to preferences. */
export async function readRecentlyViewed(request: Request): Promise<{ allowed: boolean; ids: number[] }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!allows(await readConsent(cookieHeader), "preferences")) return { allowed: false, ids: [] };
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${RECENTLY_VIEWED_COOKIE}=`));
  return { allowed: true, ids: parseViewed(raw?.slice(RECENTLY_VIEWED_COOKIE.length + 1)) };
}

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The Set-Cookie that puts a piece first in the list. */
export function recordViewCookie(ids: number[], productId: number, secure: boolean): string {
  return `${RECENTLY_VIEWED_COOKIE}=${serializeViewed(withViewed(ids, productId))}; Max-Age=${RECENTLY_VIEWED_MAX_AGE_S}; ${attributes(secure)}`;
}

/** The Set-Cookie that forgets the list (consent to preferences withdrawn or refused). */
export function clearViewedCookie(secure: boolean): string {
  return `${RECENTLY_VIEWED_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
}
