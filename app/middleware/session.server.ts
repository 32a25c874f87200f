import { type MiddlewareFunction, type RouterContextProvider, createContext } from "react-router";
import { findAccountBag } from "~/modules/bag/bag.service.server";
import {
  type Session,
  commitFlashCookie,
  commitSessionCookie,
  createFlashCookie,
  createSessionCookie,
  loadSession,
} from "~/modules/session/session.server";
import { appContext } from "~/server/context.server";
import { publicUrlIsHttps } from "~/utils/public-url";

const sessionContext = createContext<Session | null>(null);
/** The account's bag when the session itself names none (see sessionMiddleware). */
const accountBagContext = createContext<{ userId: number; bagId: number } | null>(null);

let cookies: { session: ReturnType<typeof createSessionCookie>; flash: ReturnType<typeof createFlashCookie> } | undefined;

function shopCookies(context: Readonly<RouterContextProvider>) {
  const { env } = context.get(appContext);
  const secure = publicUrlIsHttps(env.PUBLIC_URL);
  cookies ??= { session: createSessionCookie(env.SESSION_SECRET, secure), flash: createFlashCookie(env.SESSION_SECRET, secure) };
  return cookies;
}

/**
 * Loads the session before the route runs; sets or clears its cookies on the way out. It sits on
 * the shop layout (app/routes/shop-layout.tsx), so media, sitemaps and robots.txt never run it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db } = context.get(appContext);
  const { session: sessionCookie, flash: flashCookie } = shopCookies(context);
  const cookieHeader = request.headers.get("Cookie");
  const session = await loadSession(db, sessionCookie, cookieHeader);
  if (cookieHeader?.includes("__flash=")) session.receiveFlashCookie(await flashCookie.parse(cookieHeader));
  // Signed in on this device before the account had a bag, which another device has since made:
  // the request finds it by its owner (the account's bag follows the account across devices). A
  // read only: the session row is not written, so a GET stays a read.
  const accountHolder = session.isGuest ? null : session.userId;
  const accountBagId = accountHolder !== null && session.cartId === null ? await findAccountBag(db, accountHolder) : null;
  context.set(sessionContext, session);
  context.set(accountBagContext, accountHolder !== null && accountBagId !== null ? { userId: accountHolder, bagId: accountBagId } : null);
  const response = await next();
  const headers = [await commitSessionCookie(session, sessionCookie), await commitFlashCookie(session, flashCookie)].filter((h): h is string => !!h);
  if (headers.length) {
    for (const header of headers) response.headers.append("Set-Cookie", header);
    // A response that sets a session cookie is personal: never cache it in a shared cache.
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
};

/** The request's session; only routes under the shop layout have one. */
export function getSession(context: Readonly<RouterContextProvider>): Session {
  const session = context.get(sessionContext);
  if (!session) throw new Error("No session here: the route is outside the shop layout (app/routes.ts)");
  return session;
}

/** The bag the request's shopper holds: the session's, or else the signed-in account's (while still signed in). */
export function getHeldBagId(context: Readonly<RouterContextProvider>): number | null {
  const session = getSession(context);
  if (session.cartId !== null) return session.cartId;
  const account = context.get(accountBagContext);
  return account !== null && account.userId === session.userId && !session.isGuest ? account.bagId : null;
}
