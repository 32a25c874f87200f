import { type MiddlewareFunction, type RouterContextProvider, createContext } from "react-router";
import { appContext } from "~/server/context.server";
import { type Session, commitSessionCookie, createSessionCookie, loadSession } from "~/modules/session/session.server";

const sessionContext = createContext<Session>();

let cookie: ReturnType<typeof createSessionCookie> | undefined;

function sessionCookie(context: Readonly<RouterContextProvider>) {
  const { env } = context.get(appContext);
  cookie ??= createSessionCookie(env.SESSION_SECRET, env.PUBLIC_URL.startsWith("https://"));
  return cookie;
}

/** Loads the session before the route runs; sets or clears its cookie on the way out. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db } = context.get(appContext);
  const cookie = sessionCookie(context);
  const session = await loadSession(db, cookie, request.headers.get("Cookie"));
  context.set(sessionContext, session);
  const response = await next();
  const header = await commitSessionCookie(session, cookie);
  if (header) {
    response.headers.append("Set-Cookie", header);
    // A response that sets a session cookie is personal: never cache it in a shared cache.
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
};

export function getSession(context: Readonly<RouterContextProvider>): Session {
  return context.get(sessionContext);
}
