// The anonymous page cache (docs/decisions/028). A shopper without a session (no bag, not signed
// in, no notice waiting) gets the home page, listings, products, search's first page and the
// content pages from this process's memory: the rendered document, compressed once per coding,
// answered with an ETag (304 when the browser's copy is current). Each page is kept under the
// catalogue's and the shop's revisions, read on every request like the data caches read them,
// so a size that sells out or a new banner shows on the very next page, on every process.
//
// A cached page carries no nonce (entry.server.tsx renders it without one): its
// Content-Security-Policy allows its own inline scripts and style by their SHA-256 hashes,
// computed once when the page is stored.
//
// Two steps, either side of the compression middleware and React Router (server.ts):
// `lookup` answers from memory, or marks the request a candidate and passes it on; the Express
// handler hands a candidate's rendered answer to `store`, which keeps it when the route allows it
// (its middleware, app/middleware/page-cache.server.ts) and it is a plain 200 that sets no cookie.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { readCatalogRevision, readShopRevision } from "~/modules/base/revision-cache.server";
import { readConsent } from "~/modules/consent/consent.server";
import { CONTROL_PATH } from "~/modules/content/shell.server";
import { readPreference } from "~/modules/country/preference.server";
import { RECENTLY_VIEWED_COOKIE } from "~/modules/recently-viewed/recently-viewed";
import { type Coding, isNotModified, pickCoding } from "~/utils/http-caching";
import { currentRequest } from "~/utils/request-scope.server";
import type { InlineSources } from "./content-security-policy.server";

/** How long a page serves at most: what no write announces (a publication time, a dated banner message) is this late at most. */
export const PAGE_CACHE_TTL_MS = 30_000;
/** Pages kept at most, whatever their size (listings' filters and searches make many keys). */
export const PAGE_CACHE_MAX_ENTRIES = 2_000;
/** A document larger than this is not kept (none of the shop's pages comes near). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/**
 * The cookies a shopper without a session may have, and none of which names a person: any other
 * cookie (the session's, a notice's, Atelier's, an unknown one) means the page is rendered for
 * the request. The first three change the markup, so they are part of the key; the list of
 * pieces looked at ("Visti di recente") is read only by pages the cache never keeps (the product
 * page answers a shopper who allows it with a Set-Cookie and `private`, the bag is never shared).
 */
const CONSENT_COOKIE = "consent";
const PREFERENCE_COOKIE = "preference";
/** The lite version's switch (issue 25): a page without scripts. */
const LITE_COOKIE = "bottega_lite";
const SHOPPER_COOKIES = new Set([CONSENT_COOKIE, PREFERENCE_COOKIE, LITE_COOKIE, RECENTLY_VIEWED_COOKIE]);

/** What a candidate request carries from `lookup` to `store` (res.locals.pageCache, and the request's context). */
export interface PageCacheCandidate {
  key: string;
  coding: Coding;
  /** The revisions read before the page's data (by `lookup` or the route's middleware): a page is kept under these, never newer ones. */
  revisions?: string;
  /** Set by the page's route (app/middleware/page-cache.server.ts): it allows keeping this URL, and the revisions are known. */
  routeAllows: boolean;
  /** Set when rendering (entry.server.tsx): the route allows it and the answer is a plain 200, rendered without a nonce. */
  cacheable: boolean;
}

/** One rendered page: its validators, its policy and its bytes in each coding asked for so far. */
export interface CachedPage {
  revisions: string;
  storedAt: number;
  /** A SHA-1 of the document: each coding's ETag is derived from it. */
  hash: string;
  lastModified: Date;
  /**
   * The Content-Security-Policy with the page's inline hashes, and any the page itself added (a
   * lite page's `script-src 'none'`, enforced together with the first).
   */
  csp: string[];
  /** The rendered answer's own headers (Content-Type, Cache-Control, …). */
  headers: [string, string][];
  bodies: Partial<Record<Coding, Buffer>>;
  compressing: Partial<Record<Coding, Promise<Buffer>>>;
  /** Everything this page holds in memory, in bytes. */
  bytes: number;
  /** The route pattern that rendered it, which the request metrics report for its hits too. */
  routePattern?: string;
}

/** A least-recently-used map bounded by entries and bytes. */
export class PageStore<Page extends { bytes: number }> {
  private readonly pages = new Map<string, Page>();
  private total = 0;

  constructor(private readonly limits: { maxEntries: number; maxBytes: number }) {}

  get size(): number {
    return this.pages.size;
  }
  get bytes(): number {
    return this.total;
  }

  /** The page, now the most recently used. */
  get(key: string): Page | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Re-inserting moves the key to the end of the Map's order: the least recent is always first.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  /** Keeps the page (evicting the least recently used beyond the limits); false when it alone is too big. */
  set(key: string, page: Page): boolean {
    this.delete(key);
    if (page.bytes > this.limits.maxBytes) return false;
    this.pages.set(key, page);
    this.total += page.bytes;
    this.evict();
    return true;
  }

  /** Counts `bytes` more for the page (a coding added), if it is still kept. */
  grow(key: string, page: Page, bytes: number): void {
    if (this.pages.get(key) !== page) {
      page.bytes += bytes;
      return;
    }
    page.bytes += bytes;
    this.total += bytes;
    this.evict();
  }

  delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.total -= page.bytes;
  }

  private evict(): void {
    while (this.pages.size > this.limits.maxEntries || this.total > this.limits.maxBytes) {
      this.delete(this.pages.keys().next().value!);
    }
  }
}

/** The names and values of a Cookie header (the first of a repeated name). */
function cookiesOf(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (name && !cookies.has(name)) cookies.set(name, at < 0 ? "" : part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The key of a request's page: its URL and what the shopper's cookies and headers change in the
 * markup (cookie choice, country preference, lite version, Save-Data). Null when the request may
 * not share a page: it has a cookie that is not one of those (a session, a notice, Atelier's).
 * The cookies are read as the pages read them, so two values a page shows alike share a key.
 */
export async function pageCacheKey({ url, cookieHeader, saveData }: { url: string; cookieHeader?: string | null; saveData?: string | null }): Promise<string | null> {
  let consent = "-";
  let preference = "-";
  let lite = "-";
  if (cookieHeader) {
    const cookies = cookiesOf(cookieHeader);
    for (const name of cookies.keys()) if (!SHOPPER_COOKIES.has(name)) return null;
    if (cookies.has(CONSENT_COOKIE)) {
      const choice = await readConsent(cookieHeader);
      // The banner's switches show the choice, preferences included.
      consent = choice ? `p${Number(choice.preferences)}a${Number(choice.analytics)}m${Number(choice.marketing)}` : "-";
    }
    if (cookies.has(PREFERENCE_COOKIE)) preference = (await readPreference(cookieHeader)) ?? "-";
    if (cookies.has(LITE_COOKIE)) lite = JSON.stringify(cookies.get(LITE_COOKIE));
  }
  const dataSaver = saveData?.trim().toLowerCase() === "on" ? "save-data" : "-";
  return `${url} ${consent} ${preference} ${lite} ${dataSaver}`;
}

const cspHash = (content: Buffer) => {
  // The browser hashes the element's text after its parser turned CR LF and CR into LF.
  const text = content.includes(13) ? Buffer.from(content.toString("utf8").replace(/\r\n?/g, "\n"), "utf8") : content;
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
};
const SCRIPT = { open: Buffer.from("<script"), close: Buffer.from("</script") };
const STYLE = { open: Buffer.from("<style"), close: Buffer.from("</style") };
/** After a tag's name: whitespace, the tag's end, or a self-closing slash. */
const ENDS_NAME = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d, 0x3e, 0x2f]);
const NOT_JAVASCRIPT = /\btype\s*=\s*"(?!module"|text\/javascript"|application\/javascript")[^"]*"/i;

/** Each element of this kind in the document: its attributes' text and its content's bytes. */
function* elements(html: Buffer, { open, close }: { open: Buffer; close: Buffer }): Generator<{ attributes: string; content: Buffer }> {
  let at = html.indexOf(open);
  while (at !== -1) {
    const afterName = at + open.length;
    const tagEnd = html.indexOf(0x3e, afterName);
    if (tagEnd === -1) return;
    if (!ENDS_NAME.has(html[afterName]!)) {
      at = html.indexOf(open, afterName);
      continue;
    }
    // Raw text ends at the first closing tag: React escapes that sequence inside its inline data,
    // so the element ends where the browser's parser ends it.
    const end = html.indexOf(close, tagEnd + 1);
    if (end === -1) return;
    yield { attributes: html.toString("latin1", afterName, tagEnd), content: html.subarray(tagEnd + 1, end) };
    at = html.indexOf(open, end + close.length);
  }
}

/**
 * The hash sources of a document's inline scripts and styles, as a Content-Security-Policy
 * allows them: `<script src>` loads from 'self', and data blocks (JSON-LD) never run. The
 * document is React's, with lower-case tag names; it is read as bytes, never decoded.
 */
export function inlineHashes(html: Buffer): InlineSources {
  const script = new Set<string>();
  const style = new Set<string>();
  for (const { content } of elements(html, STYLE)) style.add(cspHash(content));
  for (const { attributes, content } of elements(html, SCRIPT)) {
    if (!/\bsrc\s*=/i.test(attributes) && !NOT_JAVASCRIPT.test(attributes)) script.add(cspHash(content));
  }
  return { script: [...script], style: [...style] };
}

/** Headers of the rendered answer that the cache sets itself, or that belong to one exchange. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "last-modified",
  "date",
  "connection",
  "keep-alive",
  "vary",
  "set-cookie",
  "content-security-policy",
]);

/** A page to keep from a document rendered for the cache (without a nonce): its inline hashes and validators. */
export function preparePage(
  identity: Buffer,
  { headers, revisions, now, csp }: { headers: Headers; revisions: string; now: number; csp: (sources: InlineSources) => string },
): CachedPage {
  const kept: [string, string][] = [];
  for (const [name, value] of headers) if (!OWN_HEADERS.has(name.toLowerCase())) kept.push([name, value]);
  return {
    revisions,
    storedAt: now,
    hash: createHash("sha1").update(identity).digest("base64url"),
    // HTTP dates have whole seconds.
    lastModified: new Date(Math.floor(now / 1000) * 1000),
    csp: [csp(inlineHashes(identity)), ...(headers.get("content-security-policy") ? [headers.get("content-security-policy")!] : [])],
    headers: kept,
    bodies: { identity },
    compressing: {},
    bytes: identity.length + 512,
  };
}

const etagOf = (page: CachedPage, coding: Coding) => `"${page.hash}${coding === "identity" ? "" : `-${coding === "br" ? "br" : "gz"}`}"`;
const CODINGS: readonly Coding[] = ["br", "gzip", "identity"];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The same settings as server.ts's compression middleware: Brotli quality 3, gzip's default level. */
function compress(body: Buffer, coding: Exclude<Coding, "identity">): Promise<Buffer> {
  if (coding === "gzip") return gzip(body);
  return brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/**
 * A request the cache may answer or fill: a GET or HEAD of what may be a page (not route data,
 * not the API, not a file such as an image or a sitemap, not the benchmark's control page, which
 * touches no database), with no credentials. Anything else is passed on at once, without reading
 * the revisions.
 */
function mayShare(req: ExpressRequest): boolean {
  const path = req.path;
  return (req.method === "GET" || req.method === "HEAD") && !req.headers.authorization && !/\.[^/]*$/.test(path) && !path.startsWith("/api/") && path !== CONTROL_PATH;
}

export interface PageCache {
  /** Express middleware before compression: a fresh page from memory, or the request marked a candidate. */
  lookup(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void;
  /**
   * Keeps a candidate's page rendered for the cache (entry.server.tsx: without a nonce) and sends
   * it as the cache does; null then. Any other answer is returned to be sent as usual.
   */
  store(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<Response | null>;
}

export interface PageCacheOptions {
  db: Kysely<Database>;
  /** The URL React Router sees for a request (express-handler.server.ts). */
  urlOf(req: ExpressRequest): URL;
  csp(sources: InlineSources): string;
  maxBytes: number;
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
}

/** Both revisions a page is kept under, in one string. */
export async function readPageRevisions(db: Kysely<Database>): Promise<string> {
  const [catalog, shop] = await Promise.all([readCatalogRevision(db), readShopRevision(db)]);
  return `${catalog}.${shop}`;
}

export function createPageCache({ db, urlOf, csp, maxBytes, maxEntries = PAGE_CACHE_MAX_ENTRIES, ttlMs = PAGE_CACHE_TTL_MS, now = Date.now }: PageCacheOptions): PageCache {
  const store = new PageStore<CachedPage>({ maxEntries, maxBytes });

  /** The page's bytes in a coding: kept, being made, or made now from the document (once per coding). */
  function bodyOf(key: string, page: CachedPage, coding: Coding): Buffer | Promise<Buffer> {
    const kept = page.bodies[coding];
    if (kept) return kept;
    const made = (page.compressing[coding as Exclude<Coding, "identity">] ??= compress(page.bodies.identity!, coding as Exclude<Coding, "identity">).then(
      (body) => {
        page.bodies[coding] = body;
        delete page.compressing[coding];
        store.grow(key, page, body.length);
        return body;
      },
      (error: unknown) => {
        delete page.compressing[coding];
        throw error;
      },
    ));
    return made;
  }

  async function send(req: ExpressRequest, res: ExpressResponse, key: string, page: CachedPage, coding: Coding, state: "hit" | "miss") {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    // Replaces the nonce policy server.ts set for this request: a cached page has no nonce.
    res.setHeader("Content-Security-Policy", page.csp);
    res.setHeader("Vary", "Accept-Encoding, Save-Data");
    res.setHeader("ETag", etagOf(page, coding));
    res.setHeader("Last-Modified", page.lastModified.toUTCString());
    // Also tells server.ts's compression middleware to leave the answer alone.
    res.setHeader("X-Cache", state);
    const tags = CODINGS.map((c) => etagOf(page, c));
    if (isNotModified({ ifNoneMatch: req.headers["if-none-match"], ifModifiedSince: req.headers["if-modified-since"] }, tags, page.lastModified)) {
      res.removeHeader("Content-Type");
      res.statusCode = 304;
      res.end();
      return;
    }
    const pending = bodyOf(key, page, coding);
    const body = pending instanceof Buffer ? pending : await pending;
    if (res.destroyed) return;
    if (coding !== "identity") res.setHeader("Content-Encoding", coding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  async function lookup(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    // A client given the form proof (form-proof.server.ts) gets a page of its own.
    if (!mayShare(req) || res.locals.formProof) return next();
    const coding = pickCoding(req.headers["accept-encoding"]);
    if (coding === null) return next();
    const key = await pageCacheKey({ url: urlOf(req).href, cookieHeader: req.headers.cookie, saveData: req.get("Save-Data") });
    if (key === null) return next();
    const candidate: PageCacheCandidate = { key, coding, routeAllows: false, cacheable: false };
    res.locals.pageCache = candidate;
    // A hard reload (Cache-Control: no-cache) renders the page again, and keeps the new rendering.
    const page = /\bno-cache\b/i.test(req.get("Cache-Control") ?? "") ? undefined : store.get(key);
    if (!page) return next();
    candidate.revisions = await readPageRevisions(db);
    if (page.revisions !== candidate.revisions || now() - page.storedAt >= ttlMs) {
      store.delete(key);
      return next();
    }
    const scope = currentRequest();
    if (scope && page.routePattern !== undefined) scope.routePattern = page.routePattern;
    await send(req, res, key, page, coding, "hit");
  }

  return {
    lookup(req, res, next) {
      // A failure here (the database unreachable) leaves the request to the renderer, which answers it calmly.
      lookup(req, res, next).catch(() => {
        if (!res.headersSent) next();
      });
    },
    async store(req, res, response) {
      const candidate = res.locals.pageCache as PageCacheCandidate | undefined;
      if (!candidate?.cacheable || candidate.revisions === undefined || !response.body) return response;
      const html = Buffer.from(await response.arrayBuffer());
      const page = preparePage(html, { headers: response.headers, revisions: candidate.revisions, now: now(), csp });
      const keep =
        req.method === "GET" &&
        response.status === 200 &&
        !response.headers.has("Set-Cookie") &&
        !/\bno-store\b/i.test(response.headers.get("Cache-Control") ?? "") &&
        (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
        html.length <= MAX_PAGE_BYTES;
      if (!keep) {
        // Rendered for the cache, then not kept (a rendering error, a cookie set on the way out):
        // sent as usual, with the policy its nonce-less scripts need.
        res.setHeader("Content-Security-Policy", page.csp);
        const body = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.length);
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
      page.routePattern = currentRequest()?.routePattern;
      store.set(candidate.key, page);
      await send(req, res, candidate.key, page, candidate.coding, "miss");
      return null;
    },
  };
}
