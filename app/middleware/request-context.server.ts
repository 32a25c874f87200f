import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/schema";
import type { Namespace } from "~/i18n/resources";
import { serverT } from "~/i18n/texts.server";
import type { OrderViewer } from "~/modules/order/order.service.server";
import type { Session } from "~/modules/session/session.server";
import { appContext } from "~/server/context.server";
import type { Env } from "~/utils/env.server";
import type { Locale } from "~/utils/locale";
import { localizePath } from "~/utils/locale";
import { absoluteUrl, publicOrigin, publicUrlIsHttps } from "~/utils/public-url";
import { getLocale } from "./i18next.server";
import { isLiteMode } from "./lite-mode.server";
import { getHeldBagId, getSession } from "./session.server";

/** Who is shopping: nobody known yet, a guest who gave an e-mail at checkout, or an account holder. */
export type Shopper = { kind: "anonymous" } | { kind: "guest"; userId: number | null } | { kind: "account"; userId: number };

/** The shop's public address, from PUBLIC_URL (never from the request's Host, which a proxy may rewrite). */
export interface PublicUrl {
  /** "https://shop.example", no trailing slash. */
  origin: string;
  isHttps: boolean;
  /** The absolute URL of a local path. */
  absolute(path: string): string;
}

/** Everything a route or service may know about the request, from one accessor. */
export interface RequestContext {
  db: Kysely<Database>;
  env: Env;
  /** The client address (trust-proxy aware), for rate limits. */
  clientIp: string;
  locale: Locale;
  /** `t` of the request's language, namespace common by default (`t("x", { ns: "catalog" })`). */
  t: TFunction;
  /** A `t` of another namespace in the request's language (the one server-side translator, docs/decisions/042). */
  tns: <N extends Namespace>(ns: N) => TFunction<N>;
  /** Prefixes an Italian-shaped path for the request's language: "/cart" → "/en/cart". */
  href: (path: string) => string;
  publicUrl: PublicUrl;
  /** Lite mode: the page goes out with no script at all (Save-Data, or the shopper's choice; see lite-mode.server.ts). */
  lite: boolean;
  /** The session; throws for routes outside the shop layout (media, sitemaps, robots.txt). */
  readonly session: Session;
  /** The shopper behind the session (anonymous until Accounts signs someone in). */
  readonly shopper: Shopper;
  /** The bag the session holds (none until the Bag issue creates one). */
  readonly bagId: number | null;
  /**
   * Who may see an order: the signed-in account's orders, and those the session placed as a
   * guest. Derived here only, from the session as it is when read (a sign-in during the request
   * rotates the session), and handed to the order services, which answer anyone else with 404.
   */
  readonly orderViewer: OrderViewer;
}

const publicUrls = new Map<string, PublicUrl>();

function publicUrlOf(url: string): PublicUrl {
  let value = publicUrls.get(url);
  if (!value) {
    value = { origin: publicOrigin(url), isHttps: publicUrlIsHttps(url), absolute: (path) => absoluteUrl(url, path) };
    publicUrls.set(url, value);
  }
  return value;
}

/** The order viewer of a session: its account (not a guest's), and the session itself. */
export function orderViewerOf(session: Session): OrderViewer {
  const shopper = shopperOf(session);
  return { userId: shopper.kind === "account" ? shopper.userId : null, sessionId: session.id };
}

export function shopperOf(session: Session): Shopper {
  if (session.isGuest) return { kind: "guest", userId: session.userId };
  if (session.userId !== null) return { kind: "account", userId: session.userId };
  return { kind: "anonymous" };
}

/** The request context: locale, texts, session, shopper, bag, database and public URL helpers. */
export function getRequestContext(context: Readonly<RouterContextProvider>): RequestContext {
  const { db, env, clientIp } = context.get(appContext);
  const locale = getLocale(context);
  return {
    db,
    env,
    clientIp,
    locale,
    t: serverT(locale),
    tns: <N extends Namespace>(ns: N) => serverT(locale, ns),
    href: (path) => localizePath(path, locale),
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    lite: isLiteMode(context),
    get session() {
      return getSession(context);
    },
    get shopper() {
      return shopperOf(getSession(context));
    },
    get bagId() {
      return getHeldBagId(context);
    },
    get orderViewer() {
      return orderViewerOf(getSession(context));
    },
  };
}
