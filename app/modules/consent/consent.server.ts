import { type Cookie, createCookie } from "react-router";
import { CONSENT_MAX_AGE_S, type Consent, type ConsentCategory, allows, parseConsent } from "./consent";

/**
 * The consent cookie: a technical cookie that records the shopper's choice for six months. The
 * shop sets no other non-technical cookie; code that ever wants one asks `hasConsent` first.
 */
const cookies = new Map<boolean, Cookie>();

export function consentCookie(secure: boolean): Cookie {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie("consent", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: CONSENT_MAX_AGE_S });
    cookies.set(secure, cookie);
  }
  return cookie;
}

/** The shopper's current choice, or null when they have not chosen (or it is older than six months). */
export async function readConsent(cookieHeader: string | null, now = new Date()): Promise<Consent | null> {
  return parseConsent(await consentCookie(false).parse(cookieHeader), now);
}

/** Whether this request's shopper allows a category: `hasConsent(request, "analytics")`. */
export async function hasConsent(request: Request, category: ConsentCategory): Promise<boolean> {
  if (category === "necessary") return true;
  return allows(await readConsent(request.headers.get("Cookie")), category);
}

export function storeConsent(consent: Consent, secure: boolean): Promise<string> {
  return consentCookie(secure).serialize(consent);
}
