import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { cachedCatalogRead } from "~/modules/base/revision-cache.server";
import { type Coding, isNotModified, pickCoding } from "~/utils/http-caching";
import { categoriesSitemap, contentSitemapPages, homeLastmod, indexSitemap, pagesSitemap, productFileOf, productSitemapCount, productsSitemap } from "./sitemap.server";
import { cacheControl } from "~/utils/cache-policy";

// A sitemap as an HTTP answer. A products file of five thousand products is some 5 MB of XML: it
// is built once per catalogue revision (app/modules/base/revision-cache.server.ts) and kept compressed (Brotli and
// gzip, made on zlib's pool), then served from memory with an ETag per coding and a Last-Modified
// read off its own newest <lastmod>, so a crawler asking again gets a 304.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

interface BuiltSitemap {
  /** The content's hash: each coding's ETag is derived from it (RFC 9110: strong validators differ per coding). */
  hash: string;
  lastModified: Date | null;
  br: Buffer;
  gzip: Buffer;
}

const etagOf = (sitemap: BuiltSitemap, coding: Coding) => `"${sitemap.hash}${coding === "identity" ? "" : `-${coding === "br" ? "br" : "gz"}`}"`;

const NAMES = /^(index|categories|pages|products(-[1-9]\d{0,5})?)$/;

/** The newest <lastmod> in the XML: the Last-Modified of exactly what is served. */
function newestLastmod(xml: string): Date | null {
  let newest = NaN;
  for (const match of xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)) {
    const at = Date.parse(match[1]);
    if (!(at <= newest)) newest = at;
  }
  // HTTP dates have whole seconds.
  return Number.isFinite(newest) ? new Date(Math.floor(newest / 1000) * 1000) : null;
}

async function build(db: Kysely<Database>, origin: string, name: string, now: Date): Promise<BuiltSitemap> {
  let xml: string;
  if (name === "index") xml = await indexSitemap(db, origin);
  else if (name === "categories") xml = await categoriesSitemap(db, origin);
  else if (name === "pages") xml = pagesSitemap(origin, await homeLastmod(db), await contentSitemapPages(db, now));
  else xml = await productsSitemap(db, origin, { file: productFileOf(name)!, now });
  const body = Buffer.from(xml, "utf8");
  const compressed = Promise.all([
    // Quality 5: a tenth of 11's time for a few % more bytes.
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 6 }),
  ]);
  // Hashed and dated here while zlib's pool compresses.
  const hash = createHash("sha1").update(body).digest("base64url");
  const lastModified = newestLastmod(xml);
  const [br, gz] = await compressed;
  return { hash, lastModified, br, gzip: gz };
}

/** True when the client's copy is current: If-None-Match (any coding's tag, weakly compared) first, else If-Modified-Since. */
function notModified(request: Request, sitemap: BuiltSitemap): boolean {
  const tags = (["br", "gzip", "identity"] as const).map((coding) => etagOf(sitemap, coding));
  return isNotModified({ ifNoneMatch: request.headers.get("If-None-Match"), ifModifiedSince: request.headers.get("If-Modified-Since") }, tags, sitemap.lastModified);
}

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheControl("publicMinute") } });

/** The sitemap called `name` ("index", "categories", "pages", "products", "products-2", …) as an answer to the request. */
export async function sitemapResponse(request: Request, db: Kysely<Database>, origin: string, name: string): Promise<Response> {
  // Unknown names and files past the last are answered before the cache: they must not evict real entries.
  if (!NAMES.test(name)) return notFound();
  if (name.startsWith("products")) {
    const file = productFileOf(name);
    if (file === null || file > (await productSitemapCount(db))) return notFound();
  }
  const sitemap = await cachedCatalogRead(db, `sitemap|${origin}|${name}`, () => build(db, origin, name, new Date()));
  const coding = pickCoding(request.headers.get("Accept-Encoding"));
  if (coding === null) return new Response("Not acceptable", { status: 406, headers: { "Content-Type": "text/plain; charset=utf-8", Vary: "Accept-Encoding" } });
  const headers = new Headers({ "Content-Type": "application/xml; charset=utf-8", ...cacheControl("publicHourNoTransform"), ETag: etagOf(sitemap, coding), Vary: "Accept-Encoding" });
  if (sitemap.lastModified) headers.set("Last-Modified", sitemap.lastModified.toUTCString());
  if (notModified(request, sitemap)) return new Response(null, { status: 304, headers });
  let body: Buffer;
  if (coding === "identity") body = await gunzip(sitemap.gzip);
  else {
    headers.set("Content-Encoding", coding);
    body = coding === "br" ? sitemap.br : sitemap.gzip;
  }
  headers.set("Content-Length", String(body.length));
  // A view, not a copy, of the kept bytes.
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { headers });
}
