import { createHmac, timingSafeEqual } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { safeRedirect } from "~/utils/safe-redirect";
import { type CountryCode, PREFERENCE_MAX_AGE_S, isCountryCode } from "./country-rules";

/**
 * The shopper's country preference (spec §4): a cookie named `preference`, kept 86400 s. It is a
 * functional cookie holding an explicit choice of the shopper, so it needs no consent.
 */
const cookies = new Map<boolean, Cookie>();

export function preferenceCookie(secure: boolean): Cookie {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie("preference", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: PREFERENCE_MAX_AGE_S });
    cookies.set(secure, cookie);
  }
  return cookie;
}

/** The stored preference, or null when there is none or it is not a country of the list. */
export async function readPreference(cookieHeader: string | null): Promise<CountryCode | null> {
  const value: unknown = await preferenceCookie(false).parse(cookieHeader);
  return isCountryCode(value) ? value : null;
}

export function storePreference(country: CountryCode, secure: boolean): Promise<string> {
  return preferenceCookie(secure).serialize(country);
}

export function clearPreference(secure: boolean): Promise<string> {
  return preferenceCookie(secure).serialize("", { maxAge: 0 });
}

/**
 * A cookie belongs to one host, so a choice that sends the shopper to the other shop hands the
 * preference over in the redirect: a short-lived token signed with the server secret, which the
 * other host's chooser page turns into its own cookie before going on to the page. Only the
 * server mints tokens (in the chooser's POST action), and a token sets nothing but the country it
 * names, so a link cannot choose for anyone.
 */
export const HANDOFF_TTL_MS = 5 * 60_000;

const signature = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

export function handoffParams(secret: string, country: CountryCode, path: string, now = Date.now()): URLSearchParams {
  const expires = String(now + HANDOFF_TTL_MS);
  return new URLSearchParams({ handoff: `${country}.${expires}.${signature(secret, `${country}|${expires}|${path}`)}`, to: path });
}

/** The country and path a valid, unexpired token carries; null for anything else. */
export function readHandoff(secret: string, params: URLSearchParams, now = Date.now()): { country: CountryCode; path: string } | null {
  const token = params.get("handoff");
  const to = params.get("to");
  if (!token || !to) return null;
  const [country, expires, sig, ...rest] = token.split(".");
  if (rest.length || !isCountryCode(country) || !/^\d{1,15}$/.test(expires ?? "") || !sig) return null;
  const at = Number(expires);
  if (at <= now || at > now + HANDOFF_TTL_MS) return null;
  const expected = Buffer.from(signature(secret, `${country}|${expires}|${to}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const path = safeRedirect(to, "");
  return path ? { country, path } : null;
}
