import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { cachedCatalogRead } from "~/modules/catalog/catalog-cache.server";
import {
  categoriesSitemap,
  contentSitemapPages,
  homeLastmod,
  indexSitemap,
  pagesSitemap,
  productFileOf,
  productSitemapCount,
  productsSitemap,
  sitemapLastmod,
} from "./sitemap.server";

// A sitemap as an HTTP answer. A products file of five thousand products is some 5 MB of XML: it
// is built once per catalogue revision (catalog-cache.server.ts) and compressed once per encoding,
// then served from memory with an ETag and a Last-Modified, so a crawler asking again gets a 304.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface BuiltSitemap {
  xml: Buffer;
  etag: string;
  lastModified: Date | null;
  encoded: Map<"br" | "gzip", Promise<Buffer>>;
}

const CACHE_CONTROL = "public, max-age=3600";

/** The sitemap called `name` ("index", "categories", "pages", "products", "products-2", …), or null when there is none. */
async function build(db: Kysely<Database>, origin: string, name: string, now: Date): Promise<BuiltSitemap | null> {
  let xml: string;
  if (name === "index") xml = await indexSitemap(db, origin);
  else if (name === "categories") xml = await categoriesSitemap(db, origin);
  else if (name === "pages") xml = pagesSitemap(origin, await homeLastmod(db), await contentSitemapPages(db, now));
  else {
    const file = productFileOf(name);
    if (file === null || file > (await productSitemapCount(db))) return null;
    xml = await productsSitemap(db, origin, { file, now });
  }
  const body = Buffer.from(xml, "utf8");
  const lastmod = await sitemapLastmod(db, name);
  return {
    xml: body,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    // HTTP dates have whole seconds.
    lastModified: lastmod ? new Date(Math.floor(Date.parse(lastmod) / 1000) * 1000) : null,
    encoded: new Map(),
  };
}

/** Brotli when the client takes it, else gzip, else none (q=0 refuses). */
function pickEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [token, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (token) accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
}

function encode(sitemap: BuiltSitemap, encoding: "br" | "gzip"): Promise<Buffer> {
  let pending = sitemap.encoded.get(encoding);
  if (!pending) {
    // Off the main thread (zlib's pool); quality 5 is a tenth of 11's time for a few % more bytes.
    pending =
      encoding === "br"
        ? brotli(sitemap.xml, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sitemap.xml.length } })
        : gzip(sitemap.xml, { level: 6 });
    sitemap.encoded.set(encoding, pending);
    pending.catch(() => sitemap.encoded.delete(encoding));
  }
  return pending;
}

/** True when the client's copy is current (If-None-Match first, else If-Modified-Since). */
function notModified(request: Request, sitemap: BuiltSitemap): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    return ifNoneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === sitemap.etag;
    });
  }
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return sitemap.lastModified !== null && Number.isFinite(since) && sitemap.lastModified.getTime() <= since;
}

export async function sitemapResponse(request: Request, db: Kysely<Database>, origin: string, name: string): Promise<Response> {
  const sitemap = await cachedCatalogRead(db, `sitemap|${origin}|${name}`, () => build(db, origin, name, new Date()));
  if (!sitemap) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" } });
  }
  const headers = new Headers({ "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL, ETag: sitemap.etag, Vary: "Accept-Encoding" });
  if (sitemap.lastModified) headers.set("Last-Modified", sitemap.lastModified.toUTCString());
  if (notModified(request, sitemap)) return new Response(null, { status: 304, headers });
  const encoding = pickEncoding(request.headers.get("Accept-Encoding"));
  // Already encoded: the server's compression middleware leaves an answer with Content-Encoding alone.
  if (encoding) headers.set("Content-Encoding", encoding);
  const body = encoding ? await encode(sitemap, encoding) : sitemap.xml;
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { headers });
}
