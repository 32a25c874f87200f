import { type MiddlewareFunction, type RouterContextProvider, createContext } from "react-router";
import { LITE_COOKIE } from "~/utils/lite-mode";

/** A year: an explicit choice about how the shop is delivered, kept like a language setting. */
const LITE_COOKIE_MAX_AGE_S = 365 * 86_400;

const liteModeContext = createContext<boolean>(false);

const LITE_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${LITE_COOKIE}=([^;]*)`);

/**
 * Whether this request gets the lite pages: the shopper's cookie when it says "1" or "0", else
 * the browser's `Save-Data: on` (its first token; the header may carry parameters after ";").
 * Any other cookie value counts as no choice.
 */
export function isLiteRequest(headers: Headers): boolean {
  const chosen = LITE_COOKIE_PAIR.exec(headers.get("Cookie") ?? "")?.[1]?.trim();
  if (chosen === "1") return true;
  if (chosen === "0") return false;
  return headers.get("Save-Data")?.split(";")[0]!.trim().toLowerCase() === "on";
}

/**
 * The choice's cookie, written as the plain value (not React Router's signed or base64 cookie
 * format) so that the page cache and a proxy can read it. A functional cookie holding the
 * shopper's own choice: no consent needed, as for the country preference. HttpOnly: no script
 * reads it (and in lite mode there is none).
 */
export function liteCookie(lite: boolean, secure: boolean): string {
  return `${LITE_COOKIE}=${lite ? "1" : "0"}; Max-Age=${LITE_COOKIE_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Decides lite mode once per request, first of the root's middleware, for the routes and the document render. */
export const liteModeMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(liteModeContext, isLiteRequest(request.headers));
  return next();
};

/** Whether this request's pages are the lite ones (no script at all). */
export function isLiteMode(context: Readonly<RouterContextProvider>): boolean {
  return context.get(liteModeContext);
}
