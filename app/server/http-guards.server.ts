// What the HTTP half (server.ts) checks before a request reaches React Router: a usable Host and
// URL, a same-origin POST, a bounded body of a type the route can read. Each refusal is a short
// plain-text 4xx: bad input never reaches an action, where it would end as a 500.
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import { log } from "~/utils/log.server";
import { type FormProof, formProofField } from "./form-proof.server";

/** Every request body but an upload's: forms and JSON are a few kilobytes at most. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The career form's POST (page and single-fetch `.data` URL, both languages): a multipart body
 * with a CV, read as a stream by the action with its own limits (career-upload.server.ts); and
 * Atelier's photograph upload and Shopify CSV import (50 MB, catalog-import-upload.server.ts), the same way.
 * React Router matches paths case-insensitively, so this does too.
 */
export function isUploadPath(path: string): boolean {
  return /^(\/en)?\/pages\/career(\.data)?\/?$/i.test(path) || isPhotoUploadPath(path) || isImageEditorPath(path) || /^(\/en)?\/atelier\/catalog\/import(\.data)?\/?$/i.test(path);
}

/** A category's editor (its tile photograph) and a content entry's editor (its cover and body images): read as streams too. */
function isImageEditorPath(path: string): boolean {
  return /^(\/en)?\/atelier\/(categories\/\d{1,10}|content\/[a-z]{1,10}\/[A-Za-z0-9][A-Za-z0-9-]{0,99})(\.data)?\/?$/i.test(path);
}

/** Atelier's photographs page of a product: its upload is read as a stream, 20 MB (docs/decisions/023). */
function isPhotoUploadPath(path: string): boolean {
  return /^(\/en)?\/atelier\/products\/\d{1,10}\/photos(\.data)?\/?$/i.test(path);
}

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

function refuse(res: Response, status: number, message: string, { close = false } = {}) {
  // The client may still be sending a body nobody will read: end the connection after this.
  if (close) res.set("Connection", "close");
  res.status(status).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(message);
}

// A host name (letters, digits, hyphens, underscores, dots) or a bracketed IPv6 address, and an
// optional port: nothing else may reach `new URL(…)` when the request's URL is built.
const HOST_NAME = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/i;
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A request without a usable Host (HTTP/1.0 may send none; anyone may send garbage) is a 400:
 * the URL React Router needs is built from it. `req.hostname` also covers X-Forwarded-Host
 * from a trusted proxy.
 */
export const requireValidHost: RequestHandler = (req, res, next) => {
  const host = req.get("Host");
  let hostname: string | undefined;
  try {
    hostname = req.hostname;
  } catch {
    hostname = undefined;
  }
  const port = host ? /:(\d+)$/.exec(host)?.[1] : undefined;
  // A port past 65535 makes no URL (the request's would throw).
  if (!host || !HOST.test(host) || (port !== undefined && Number(port) > 65_535) || !hostname || !HOST_NAME.test(hostname)) {
    refuse(res, 400, "Bad Request: missing or invalid Host header.");
    return;
  }
  next();
};

// C0 controls and DEL: no path of the shop has one, and PostgreSQL refuses NUL in text.
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * The request target must be a path ("/…", not an absolute URL or "*"), its percent-encoding
 * valid, and its decoded path free of control characters; NUL is refused in the query too.
 */
export const requireCleanUrl: RequestHandler = (req, res, next) => {
  const target = req.originalUrl;
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    refuse(res, 400, "Bad Request: malformed URL.");
    return;
  }
  const query = queryStart === -1 ? "" : target.slice(queryStart);
  if (!path.startsWith("/") || CONTROL_CHARACTER.test(decoded) || CONTROL_CHARACTER.test(path) || /%00|\p{Cc}/iu.test(query)) {
    refuse(res, 400, "Bad Request: malformed URL.");
    return;
  }
  next();
};

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins this shop's forms are posted from: those of PUBLIC_URL and the two shop hosts.
 * In development a loopback origin also stands for its aliases (localhost, 127.0.0.1, [::1]).
 */
export function shopOrigins(urls: readonly string[], { development = false } = {}): Set<string> {
  const origins = new Set<string>();
  for (const value of urls) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    origins.add(url.origin);
    if (development && LOOPBACK_HOSTS.includes(url.hostname)) {
      for (const alias of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${alias}${url.port ? `:${url.port}` : ""}`);
    }
  }
  return origins;
}

/** The payment provider's webhook: its events are proven by their signature, not by an origin. */
export function isSignedWebhookPath(path: string): boolean {
  return /^\/api\/payments\/webhook\/[^/]+\/?$/i.test(path);
}

/**
 * A mail client's one-click unsubscribe (RFC 8058): it POSTs `List-Unsubscribe=One-Click` to the
 * newsletter mail's List-Unsubscribe URL with no cookie, no Origin and no Referer, from anywhere.
 * Only that path (both languages, not its `.data` URL) with an unsubscribe token in the query
 * passes without an origin: the token is the proof (an HMAC of the subscription, checked by the
 * route, which answers a forged one 410 and changes nothing), and all it can do is unsubscribe
 * the one address it names, which is what anyone holding that mail may do anyway.
 */
export function isOneClickUnsubscribe(path: string, query: unknown): boolean {
  if (!/^(\/en)?\/newsletter\/unsubscribe\/?$/i.test(path)) return false;
  const token = (query as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" && /^\d{1,12}\.[\w-]{43}$/.test(token);
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(";")[0]!.trim().toLowerCase();
  return mediaType === "application/json" || (mediaType?.endsWith("+json") ?? false);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site POSTs are refused before they reach an action. SameSite=Lax already keeps the
 * session cookie off them; this also covers forms that need no session (newsletter, career,
 * withdrawal) and the JSON API. Decision record 019 gives the reasons; in order:
 * - `Origin` (every current browser sends it on a POST) must be one of the shop's configured
 *   origins, never compared with `Host` (which the client, or a reverse proxy, decides).
 *   `Origin: null` (sandboxed frames, data: URLs, some redirects) is foreign.
 * - Without `Origin` (old browsers), `Referer` decides the same way: the shop's own pages send
 *   it in full (Referrer-Policy strict-origin-when-cross-origin).
 * - With neither, a POST needs another proof that no other site's page sent it: the payment
 *   webhook's signature (checked by its route), a JSON body (a page of another site cannot send
 *   one without a CORS preflight, which the shop never grants), or `Sec-Fetch-Site: same-origin`
 *   (a browser's own word; no page can set it). Anything else is refused.
 * - With neither, a form may also prove itself with the hidden field the shop's pages give a
 *   client that sends no Fetch Metadata (a text browser: form-proof.server.ts, decision 036):
 *   an HMAC of that client's own cookie, so another site cannot know it. Only in this case is
 *   the body read here (bounded, as boundedBodies reads it); an upload's streamed body is not.
 * - Two paths are not checked at all, their own proof standing in: the signed payment webhook,
 *   and a newsletter mail's one-click unsubscribe carrying its token (isOneClickUnsubscribe).
 */
export function sameOriginPosts(allowedOrigins: ReadonlySet<string>, { formProof }: { formProof?: FormProof } = {}): RequestHandler {
  return (req, res, next) => {
    if (WITHOUT_BODY.has(req.method) || isSignedWebhookPath(req.path)) return next();
    if (req.method === "POST" && isOneClickUnsubscribe(req.path, req.query)) {
      // React Router's own check refuses an action whose Origin is not the request's (400): a
      // mail client's is foreign by nature. This one request's proof is its token, not an origin.
      delete req.headers.origin;
      return next();
    }
    const origin = req.get("Origin");
    const referer = req.get("Referer");
    const fetchSite = req.get("Sec-Fetch-Site");
    let sameOrigin: boolean;
    if (origin !== undefined) sameOrigin = allowedOrigins.has(origin);
    else if (referer !== undefined) sameOrigin = allowedOrigins.has(originOf(referer) ?? "");
    else sameOrigin = isJsonMediaType(req.get("Content-Type")) || fetchSite === "same-origin";
    if (fetchSite === "cross-site") sameOrigin = false;
    else if (!sameOrigin && origin === undefined && referer === undefined && formProof && !isUploadPath(req.path)) {
      readBoundedBody(req, res, (error?: unknown) => {
        if (error) return next(error);
        formProofField(req.body, req.get("Content-Type")).then(({ field, rest }) => {
          if (!formProof.proves(req.get("Cookie"), field)) return refuse(res, 403, "Cross-origin form posts are not accepted.");
          if (rest) {
            req.body = rest;
            req.headers["content-length"] = String(rest.length);
          }
          next();
        }, next);
      });
      return;
    }
    if (!sameOrigin) {
      refuse(res, 403, "Cross-origin form posts are not accepted.");
      return;
    }
    next();
  };
}

// Reads the body into req.body (a Buffer) with body-parser: a Content-Length over the limit is
// refused before reading, a chunked body as soon as it passes the limit. Compressed request
// bodies are refused (415) rather than inflated.
const readBoundedBody = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES, inflate: false });

/**
 * Every request body but the career upload is read here, bounded to BODY_LIMIT_BYTES (413
 * past it), and handed to React Router from memory (see express-handler.server.ts).
 */
export const boundedBodies: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || isUploadPath(req.path)) return next();
  readBoundedBody(req, res, next);
};

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** /api/* paths that also take a form: the login page's social-login buttons post here. */
const API_PATHS_TAKING_FORMS = new Set(["/api/auth/socialLogin"]);

/**
 * A body the route can read: pages take forms (urlencoded, or multipart that parses), /api/*
 * takes JSON (and, for API_PATHS_TAKING_FORMS, forms too). No body or no type is a 400, another
 * type a 415. The career upload's action answers its own malformed bodies.
 */
export const readableBodies: RequestHandler = async (req, res, next) => {
  if (WITHOUT_BODY.has(req.method) || isUploadPath(req.path)) return next();
  const contentType = req.get("Content-Type");
  const mediaType = contentType?.split(";")[0]!.trim().toLowerCase();
  const api = req.path.startsWith("/api/");
  if (!mediaType) {
    refuse(res, 400, api ? "Bad Request: a JSON body is expected." : "Bad Request: a form body is expected.");
    return;
  }
  const json = isJsonMediaType(mediaType);
  const accepted = api ? json || (API_PATHS_TAKING_FORMS.has(req.path) && FORM_TYPES.has(mediaType)) : FORM_TYPES.has(mediaType);
  if (!accepted) {
    refuse(res, 415, api ? "Unsupported Media Type: send application/json." : "Unsupported Media Type: send a form.");
    return;
  }
  if (mediaType === "multipart/form-data") {
    // A missing boundary or a broken body would make the action's formData() throw.
    try {
      const body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : null;
      await new globalThis.Response(body, { headers: { "Content-Type": contentType! } }).formData();
    } catch {
      refuse(res, 400, "Bad Request: malformed multipart body.");
      return;
    }
  }
  next();
};

const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: "Bad Request.",
  408: "Request Timeout.",
  413: `Payload Too Large: request bodies are limited to ${BODY_LIMIT_BYTES / 1024} KB.`,
  415: "Unsupported Media Type.",
};

/**
 * Last in the chain: errors with a 4xx status (body-parser's 413, 415, 400 for an aborted body)
 * become short plain-text answers; anything else is logged and answered 500 without details.
 */
export const plainTextErrors: ErrorRequestHandler = (error: unknown, req: Request, res: Response, next) => {
  if (res.headersSent) return next(error);
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // A refused body was not read to its end: close rather than wait for the rest.
    refuse(res, status, CLIENT_ERROR_TEXT[status] ?? "Bad Request.", { close: !req.complete });
    return;
  }
  log.error("unhandled error", { url: req.originalUrl, error: error instanceof Error ? error.stack : String(error) });
  refuse(res, 500, "Internal Server Error.");
};
