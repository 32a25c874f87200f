import { type Cookie, createCookie, redirect, type RouterContextProvider } from "react-router";
import { getRequestContext } from "~/middleware/request-context.server";
import { appContext } from "~/server/context.server";
import { publicUrlIsHttps } from "~/utils/public-url";
import type { Locale } from "~/utils/locale";
import { safeRedirect } from "~/utils/safe-redirect";

// The spec's stored login-redirect target (§3 Auth state: loginRedirect, default '/'), kept in a
// signed cookie of its own: an anonymous visitor sent from /account to /login needs no session
// row for it (a crawler following account links would otherwise create one per visit).

let cookie: Cookie | undefined;

function redirectCookie(context: Readonly<RouterContextProvider>): Cookie {
  const { env } = context.get(appContext);
  cookie ??= createCookie("__login_redirect", {
    httpOnly: true,
    sameSite: "lax",
    secure: publicUrlIsHttps(env.PUBLIC_URL),
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: 3600,
  });
  return cookie;
}

/** The stored target as a safe local path, or null when none is stored. */
export async function readLoginRedirect(context: Readonly<RouterContextProvider>, request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__login_redirect=")) return null;
  const value: unknown = await redirectCookie(context).parse(header);
  return typeof value === "string" && value ? safeRedirect(value) : null;
}

/** The Set-Cookie header that stores a target (only a safe local path is ever stored). */
export function storeLoginRedirect(context: Readonly<RouterContextProvider>, path: string): Promise<string> {
  return redirectCookie(context).serialize(safeRedirect(path));
}

export function clearLoginRedirect(context: Readonly<RouterContextProvider>): Promise<string> {
  return redirectCookie(context).serialize("", { maxAge: 0 });
}

/** The login page in `locale`, carrying a target to come back to when there is one. */
export function loginPageFor(locale: Locale, target?: string | null): string {
  const login = locale === "en" ? "/en/login" : "/login";
  return target ? `${login}?redirectTo=${encodeURIComponent(target)}` : login;
}

/**
 * Where a shopper goes after signing in: the form's own target when it carries one, else the
 * stored one, else the home page of the shopper's language. Every target passes safeRedirect.
 */
export async function loginTarget(context: Readonly<RouterContextProvider>, request: Request, formTarget?: string | null): Promise<string> {
  const home = getRequestContext(context).href("/");
  if (formTarget) return safeRedirect(formTarget, home);
  return (await readLoginRedirect(context, request)) ?? home;
}

/** A redirect to the login target that also forgets the stored target. */
export async function redirectAfterLogin(context: Readonly<RouterContextProvider>, request: Request, formTarget?: string | null, init: { headers?: Headers } = {}): Promise<Response> {
  const headers = init.headers ?? new Headers();
  const target = await loginTarget(context, request, formTarget);
  headers.append("Set-Cookie", await clearLoginRedirect(context));
  return redirect(target, { headers });
}

/**
 * Spec §2: a signed-in account holder visiting /login (and, in checkout, registrationLogin) goes
 * to the stored target. Call from those routes' loaders.
 */
export async function leaveLoginPageIfSignedIn(context: Readonly<RouterContextProvider>, request: Request, { guestsToo = false } = {}): Promise<void> {
  const { shopper } = getRequestContext(context);
  if (shopper.kind === "account" || (guestsToo && shopper.kind === "guest")) {
    throw await redirectAfterLogin(context, request, new URL(request.url).searchParams.get("redirectTo"));
  }
}

/**
 * Spec §2: every /account page needs an account holder; anyone else goes to /login, and the page
 * they asked for becomes the stored target.
 */
export async function requireAccountHolder(context: Readonly<RouterContextProvider>, request: Request): Promise<number> {
  const { shopper, href } = getRequestContext(context);
  if (shopper.kind === "account") return shopper.userId;
  const url = new URL(request.url);
  // A client navigation asks for "/account.data": the target is the page, not its data.
  const path = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") + url.search.replace(/[?&]_routes=[^&]*/, "").replace(/^&/, "?");
  throw redirect(href("/login"), { headers: { "Set-Cookie": await storeLoginRedirect(context, path) } });
}
