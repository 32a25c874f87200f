import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { type RouterContextProvider, createContext } from "react-router";
import type { Database } from "~/db/schema";
import type { Namespace } from "~/i18n/resources";
import { serverT } from "~/i18n/texts.server";
import type { OrderViewer } from "~/modules/order/order.service.server";
import type { Session } from "~/modules/session/session.server";
import type { StaffViewer } from "~/modules/staff/staff.service.server";
import { appContext } from "~/server/context.server";
import type { DomainError } from "~/utils/domain-error";
import type { Env } from "~/utils/env.server";
import { pageError } from "~/utils/form.server";
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

/** The request context of an Atelier page: the shop's, and the staff member Atelier's guard let in. */
export interface AtelierRequestContext extends RequestContext {
  readonly staff: StaffViewer;
}

/**
 * What Atelier's guard (the Atelier layout's middleware, staff-context.server.ts) decided for
 * this request, before any loader or action: who the member is, and whether the page is refused.
 */
export interface StaffAdmission {
  /** The signed-in member; null only on the pages that ask for nobody (the sign-in steps). */
  viewer: StaffViewer | null;
  /** A GET of a page outside the member's capabilities: the page's loader throws it (see getAtelierContext). */
  refusal: { error: DomainError; served: boolean } | null;
  /** Atelier's login, coming back here: for a page that needs a member and has none. */
  signIn: () => Response;
}

const staffAdmissionContext = createContext<StaffAdmission | null>(null);

/** Atelier's guard records its decision (once per request, before the loaders and actions). */
export function admitStaff(context: Readonly<RouterContextProvider>, admission: StaffAdmission): void {
  context.set(staffAdmissionContext, admission);
}

/**
 * The request context of an Atelier loader or action, its first line: the shop's request context
 * plus `staff`, the member Atelier's layout middleware authenticated and checked against the
 * route's declaration (ATELIER_ROUTE_ACCESS). Pages never decide who may enter; they read who
 * did. A page the guard refused throws that 403 here, so its loader reads nothing and the
 * refusal renders inside Atelier's frame (the layout's loader still runs); a sign-in page that
 * needs a member without one (the recovery codes) sends the request to the login.
 */
export function getAtelierContext(context: Readonly<RouterContextProvider>): AtelierRequestContext {
  const admission = context.get(staffAdmissionContext);
  if (!admission) throw new Error("No Atelier guard here: the route is outside the Atelier layout (app/routes.ts)");
  if (admission.refusal) {
    admission.refusal.served = true;
    pageError(admission.refusal.error);
  }
  if (!admission.viewer) throw admission.signIn();
  // Not a spread: the shop's context reads its session lazily (there is none in Atelier).
  return Object.defineProperty(getRequestContext(context), "staff", { value: admission.viewer, enumerable: true }) as AtelierRequestContext;
}
