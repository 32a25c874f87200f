import { type Cookie, type MiddlewareFunction, type RouterContextProvider, createContext, createCookie, redirect } from "react-router";
import { type AuditActor, type AuditValues, recordAudit } from "~/modules/audit/audit.service.server";
import type { RefundAuthority } from "~/modules/order/returns.service.server";
import {
  STAFF_ABSOLUTE_TTL_MS,
  type StaffSessionView,
  type StaffViewer,
  endStaffSession,
  FORM_DRAFT_TTL_MS,
  draftFieldsOf,
  keepFormDraft,
  loadStaffSession,
  recordSignOut,
  takeFormDraft,
  setStaffFlash,
  staffActorOf,
} from "~/modules/staff/staff.service.server";
import { accessOf, atelierRouteKey } from "~/modules/staff/atelier-access";
import { allows } from "~/modules/staff/capabilities";
import { staffKey } from "~/modules/staff/totp.server";
import { DomainError } from "~/utils/domain-error";
import { pageError } from "~/utils/form.server";
import { notFound } from "~/utils/id-param";
import { admitStaff } from "~/middleware/request-context.server";
import { appContext } from "~/server/context.server";
import { localeFromPath, localizePath } from "~/utils/locale";
import { publicUrlIsHttps } from "~/utils/public-url";
import { safeRedirect } from "~/utils/safe-redirect";
import { setCachePolicy } from "~/utils/cache-policy";

// Atelier's request context: its own signed, httpOnly cookie (`__atelier`), never the shop's
// session, loaded by the Atelier layout's middleware for every page under /atelier. The layout's
// guard admits the member into the request context; loaders and actions read it from there
// with getAtelierContext (docs/decisions/021 and 041).

export type { StaffViewer };

export type AtelierNoticeKind = "success" | "warning" | "error";
/** A notice for the next Atelier page: a translation key (atelier namespace unless it names one) and its values. */
export interface AtelierNotice {
  kind: AtelierNoticeKind;
  key: string;
  values?: Record<string, string>;
}

interface AtelierState {
  url: URL;
  method: string;
  session: StaffSessionView | null;
  /** The token to set in the cookie (after a sign-in step), or "clear". */
  cookie: { set: string } | "clear" | null;
  /** Notices that came in the flash cookie (no session), and those queued for the next page. */
  incoming: AtelierNotice[];
  outgoing: AtelierNotice[];
  takenFromSession: boolean;
  /** A form kept after the session ended: its cookie to set, or "clear" once shown. */
  draftCookie?: string | "clear";
}

const atelierContext = createContext<AtelierState | null>(null);

let cookies: { session: Cookie; flash: Cookie; draft: Cookie } | undefined;
function atelierCookies(secret: string, secure: boolean) {
  cookies ??= {
    draft: createCookie("__atelier_draft", { httpOnly: true, sameSite: "lax", secure, path: "/", secrets: [secret], maxAge: FORM_DRAFT_TTL_MS / 1000 }),
    session: createCookie("__atelier", { httpOnly: true, sameSite: "lax", secure, path: "/", secrets: [secret], maxAge: STAFF_ABSOLUTE_TTL_MS / 1000 }),
    flash: createCookie("__atelier_flash", { httpOnly: true, sameSite: "lax", secure, path: "/", secrets: [secret], maxAge: 300 }),
  };
  return cookies;
}

function parseNotices(value: unknown): AtelierNotice[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (n): n is AtelierNotice =>
        !!n && typeof n === "object" && ["success", "warning", "error"].includes((n as AtelierNotice).kind) && typeof (n as AtelierNotice).key === "string" && /^[\w:.-]{1,100}$/.test((n as AtelierNotice).key),
    )
    .slice(-5)
    .map(({ kind, key, values }) => ({ kind, key, values: values && typeof values === "object" ? Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string").slice(0, 4)) : undefined }));
}

function parseJson(value: string | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * Loads the Atelier session from its cookie (idle and absolute timeouts checked on the server at
 * every request) and, on the way out, sets or clears the cookies, keeps notices, and marks the
 * answer private and not for search engines. Framing is refused for every page by server.ts.
 */
export const staffSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, env } = context.get(appContext);
  const jar = atelierCookies(env.SESSION_SECRET, publicUrlIsHttps(env.PUBLIC_URL));
  const header = request.headers.get("Cookie");
  const token: unknown = header?.includes("__atelier=") ? await jar.session.parse(header) : null;
  const session = typeof token === "string" ? await loadStaffSession(db, token) : null;
  const state: AtelierState = {
    url: new URL(request.url),
    method: request.method,
    session,
    cookie: header?.includes("__atelier=") && !session ? "clear" : null,
    incoming: header?.includes("__atelier_flash=") ? parseNotices(await jar.flash.parse(header)) : [],
    outgoing: [],
    takenFromSession: false,
  };
  context.set(atelierContext, state);
  const response = await next();
  const current = state.session;
  if (state.cookie === "clear") response.headers.append("Set-Cookie", await jar.session.serialize("", { maxAge: 0 }));
  else if (state.cookie) response.headers.append("Set-Cookie", await jar.session.serialize(state.cookie.set));
  // Notices go into the session row when there is one, else into a short signed cookie.
  if (state.outgoing.length && current && state.cookie !== "clear") {
    await setStaffFlash(db, current.id, JSON.stringify(state.outgoing));
  } else if (current && state.takenFromSession) {
    await setStaffFlash(db, current.id, null);
  }
  if (state.outgoing.length && (!current || state.cookie === "clear")) response.headers.append("Set-Cookie", await jar.flash.serialize(state.outgoing));
  else if (state.incoming.length) response.headers.append("Set-Cookie", await jar.flash.serialize("", { maxAge: 0 }));
  if (state.draftCookie === "clear") response.headers.append("Set-Cookie", await jar.draft.serialize("", { maxAge: 0 }));
  else if (state.draftCookie) response.headers.append("Set-Cookie", await jar.draft.serialize(state.draftCookie));
  setCachePolicy(response.headers, "private");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

/**
 * A form posted after the session ended (30 idle minutes): its text fields are kept on the
 * server under a short signed cookie, and the sign-in comes back to the page, which offers them
 * again (takeFormDraftFor) rather than replaying the post. Bodies over 1 MiB (photographs) are
 * not read: the sign-in comes back to the page all the same.
 */
async function keepExpiredPost(context: Readonly<RouterContextProvider>, request: Request): Promise<never> {
  const state = stateOf(context);
  const { db } = context.get(appContext);
  const path = state.url.pathname + state.url.search;
  const length = Number(request.headers.get("Content-Length") ?? "0");
  const type = request.headers.get("Content-Type") ?? "";
  if (length <= 1_048_576 && /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    const form = await request.formData().catch(() => null);
    const fields = form ? draftFieldsOf(form.entries()) : null;
    if (fields) {
      state.draftCookie = await keepFormDraft(db, { path, fields });
      addStaffNotice(context, { kind: "warning", key: "notices.sessionExpiredKept" });
    }
  }
  const login = atelierHref(context, "/atelier/login");
  throw redirect(`${login}?redirectTo=${encodeURIComponent(path)}`);
}

/** The form kept for this page at the session's end, once (the layout offers it again); null otherwise. */
export async function takeFormDraftFor(context: Readonly<RouterContextProvider>, request: Request): Promise<{ path: string; fields: [string, string][] } | null> {
  const state = stateOf(context);
  const header = request.headers.get("Cookie");
  if (!state.session?.signedIn || !header?.includes("__atelier_draft=")) return null;
  const { db, env } = context.get(appContext);
  const token: unknown = await atelierCookies(env.SESSION_SECRET, publicUrlIsHttps(env.PUBLIC_URL)).draft.parse(header);
  if (typeof token !== "string") return null;
  const path = state.url.pathname + state.url.search;
  // Only on the page it came from: elsewhere it waits (until it expires).
  const draft = await takeFormDraft(db, token, new Date());
  state.draftCookie = "clear";
  if (!draft) return null;
  if (draft.path !== path && draft.path.split("?")[0] !== state.url.pathname) {
    state.draftCookie = await keepFormDraft(db, draft);
    return null;
  }
  return draft;
}

/**
 * Whether a request outside Atelier (the storefront's product page, previewing a draft) carries a
 * signed-in staff session in Atelier's own cookie: the same checks as Atelier's pages (signature,
 * timeouts, account enabled, both factors).
 */
export async function requestHasStaff(context: Readonly<RouterContextProvider>, request: Request): Promise<boolean> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__atelier=")) return false;
  const { db, env } = context.get(appContext);
  const jar = atelierCookies(env.SESSION_SECRET, publicUrlIsHttps(env.PUBLIC_URL));
  const token: unknown = await jar.session.parse(header);
  const session = typeof token === "string" ? await loadStaffSession(db, token) : null;
  return Boolean(session?.signedIn);
}

function stateOf(context: Readonly<RouterContextProvider>): AtelierState {
  const state = context.get(atelierContext);
  if (!state) throw new Error("No Atelier session here: the route is outside the Atelier layout (app/routes.ts)");
  return state;
}

/** An Italian-shaped Atelier path in the request's language ("/atelier/orders" → "/en/atelier/orders"). */
export function atelierHref(context: Readonly<RouterContextProvider>, path: string): string {
  return localizePath(path, localeFromPath(stateOf(context).url.pathname));
}

/** The login page, coming back to this page (a GET) afterwards. */
function loginRedirect(context: Readonly<RouterContextProvider>): Response {
  const state = stateOf(context);
  const back = state.url.pathname + state.url.search;
  const login = atelierHref(context, "/atelier/login");
  const isGet = state.method === "GET" || state.method === "HEAD";
  return redirect(isGet && !/\/atelier\/?$/.test(state.url.pathname) ? `${login}?redirectTo=${encodeURIComponent(back)}` : login);
}

/**
 * The guard of every Atelier route (the layout's second middleware, before any loader or
 * action): the route's one declaration in ATELIER_ROUTE_ACCESS says what it needs. A route
 * nobody declared is a 404; a signed-out request goes to the login; a member without the
 * capability gets the 403 of the error table (STAFF_FORBIDDEN). A post is refused here, before
 * its action. The member goes into the request context (getAtelierContext), where every page
 * reads it: a page's 403 is thrown by that read, its loader's first line, so Atelier's frame and
 * navigation surround it; a loader that would answer without the read is refused after it, with
 * its data thrown away.
 */
export const atelierAccessMiddleware: MiddlewareFunction<Response> = async ({ context, pattern, request }, next) => {
  const access = accessOf(atelierRouteKey(pattern));
  if (access === undefined) throw notFound();
  const state = stateOf(context);
  const signIn = () => loginRedirect(context);
  if (access === "public") {
    admitStaff(context, { viewer: state.session?.signedIn ? viewerOf(state.session) : null, refusal: null, signIn });
    return next();
  }
  if (!state.session?.signedIn) {
    if (request.method === "POST") await keepExpiredPost(context, request);
    throw signIn();
  }
  const viewer = viewerOf(state.session);
  if (allows(viewer.capabilities, access)) {
    admitStaff(context, { viewer, refusal: null, signIn });
    return next();
  }
  const denied = new DomainError("STAFF_FORBIDDEN", `${viewer.email} lacks ${String(access)} for ${pattern}`);
  if (request.method !== "GET" && request.method !== "HEAD") pageError(denied);
  const refusal = { error: denied, served: false };
  admitStaff(context, { viewer, refusal, signIn });
  const response = await next();
  if (!refusal.served) pageError(denied);
  return response;
};

function viewerOf(session: StaffSessionView): StaffViewer {
  const { id, email, name, role, capabilities, refundCapCents } = session.staff;
  return { id, email, name, role, capabilities, refundCapCents };
}

/**
 * What a member may refund (the refund service's cap): an owner anything; a member without the
 * "refunds" capability nothing; else up to their own cap, or the shop's staff limit.
 */
export function refundAuthority(viewer: StaffViewer): RefundAuthority {
  const actor = staffActor(viewer);
  if (viewer.role === "owner") return { actor, owner: true };
  if (!viewer.capabilities.includes("refunds")) return { actor, owner: false, limitCents: 0 };
  return viewer.refundCapCents === null ? { actor, owner: false } : { actor, owner: false, limitCents: viewer.refundCapCents };
}

/**
 * A bulk read of personal data (a CSV export, an invoice's file, a CV) in the audit log: who,
 * when, from which address, and what (the record or the filters). Called by the download's
 * route before it answers.
 */
export async function recordExport(
  context: Readonly<RouterContextProvider>,
  viewer: StaffViewer,
  entry: { action: `export.${string}`; entityType: string; entityId: string | number; details?: AuditValues; summary?: string },
): Promise<void> {
  const { db, clientIp } = context.get(appContext);
  await recordAudit(db, { actor: staffActor(viewer), action: entry.action, entityType: entry.entityType, entityId: entry.entityId, after: entry.details ?? null, summary: entry.summary, ip: clientIp });
}

/** The audit log's actor for a staff member. */
export function staffActor(viewer: StaffViewer): AuditActor {
  return staffActorOf(viewer);
}

/** The signed-in viewer, or null (the layout's nav; the sign-in pages). */
export function currentStaff(context: Readonly<RouterContextProvider>): StaffViewer | null {
  const session = stateOf(context).session;
  return session?.signedIn ? viewerOf(session) : null;
}

/** The session as it stands, signed in or between the password and the second factor. */
export function currentStaffSession(context: Readonly<RouterContextProvider>): StaffSessionView | null {
  return stateOf(context).session;
}

/** The key that seals TOTP secrets and one-time texts (from SESSION_SECRET). */
export function atelierKey(context: Readonly<RouterContextProvider>): Buffer {
  const { env } = context.get(appContext);
  keys ??= new Map();
  let key = keys.get(env.SESSION_SECRET);
  if (!key) keys.set(env.SESSION_SECRET, (key = staffKey(env.SESSION_SECRET)));
  return key;
}
let keys: Map<string, Buffer> | undefined;

/**
 * A sign-in step made a new session: the old one (whatever the cookie held) is ended and the
 * cookie carries the new token, so an id planted before sign-in is worthless after it.
 */
export async function replaceStaffSession(context: Readonly<RouterContextProvider>, token: string): Promise<void> {
  const state = stateOf(context);
  const { db } = context.get(appContext);
  if (state.session) await endStaffSession(db, state.session.id);
  state.session = null;
  state.cookie = { set: token };
}

/** The session's id was changed by a service (the second factor): the cookie follows. */
export function rotatedStaffSession(context: Readonly<RouterContextProvider>, token: string): void {
  const state = stateOf(context);
  state.cookie = { set: token };
  // The row under the old id is gone; notices of this answer go into the flash cookie.
  state.session = null;
}

/** Sign-out: the row goes, so a copy of the cookie opens nothing afterwards. */
export async function signOutStaff(context: Readonly<RouterContextProvider>): Promise<void> {
  const state = stateOf(context);
  const { db, clientIp } = context.get(appContext);
  if (state.session?.signedIn) await recordSignOut(db, state.session.staff, clientIp);
  if (state.session) await endStaffSession(db, state.session.id);
  state.session = null;
  state.cookie = "clear";
}

/** Queues a notice for the next Atelier page. */
export function addStaffNotice(context: Readonly<RouterContextProvider>, notice: AtelierNotice): void {
  stateOf(context).outgoing.push(notice);
}

/** The notices waiting for this page (read once). */
export function takeStaffNotices(context: Readonly<RouterContextProvider>): AtelierNotice[] {
  const state = stateOf(context);
  const fromSession = parseNotices(parseJson(state.session?.flash ?? null));
  if (fromSession.length) state.takenFromSession = true;
  return [...state.incoming, ...fromSession];
}

/** A redirect target from a form or query: a local Atelier path, else the dashboard. */
export function atelierRedirectTarget(context: Readonly<RouterContextProvider>, target: FormDataEntryValue | string | null | undefined): string {
  const fallback = atelierHref(context, "/atelier");
  const safe = safeRedirect(target, fallback);
  return /^\/(en\/)?atelier(\/|$|\?)/.test(safe) ? safe : fallback;
}
