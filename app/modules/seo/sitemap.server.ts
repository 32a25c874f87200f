import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { categoryUrl, contentUrl, productUrl } from "~/modules/base/page-urls";
import { STATIC_PAGES, findStaticPage } from "~/modules/base/static-pages";
import { SITEMAP_PRODUCTS_PER_FILE, sitemapFileOf } from "./sitemap-files";
import { DEFAULT_LOCALE, LOCALES, type Locale, defaultAlternatePath, localizePath } from "~/utils/locale";

// The crawler files (spec §2: four server-generated sitemap routes) and robots.txt. Every
// page in two languages is one <url> per language, each listing all its language versions
// (Google wants the full set on every entry) plus x-default, which is the Italian page.



const URLSET_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Escapes a value for XML text or a double- or single-quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** PUBLIC_URL without a trailing slash, so `${origin}${path}` never doubles it. */
const trimOrigin = (origin: string) => origin.replace(/\/+$/, "");

/** An absolute URL for a root-relative path; non-ASCII and spaces percent-encoded (RFC 3986). */
const absolute = (origin: string, path: string) => `${trimOrigin(origin)}${encodeURI(path)}`;

/** Normalises a stored timestamp (ISO text on SQLite, already ISO from pg) to W3C datetime. */
const w3cDate = (value: string) => new Date(value).toISOString();

/** The newest of several optional timestamps. */
const latest = (...values: (string | null | undefined)[]): string | undefined =>
  values.reduce<string | undefined>((max, v) => (v && (max === undefined || Date.parse(v) > Date.parse(max)) ? v : max), undefined);

/** One page, by its root-relative URL in each language it exists in. */
interface SitemapPage {
  urls: Partial<Record<Locale, string>>;
  lastmod?: string;
}

function urlset(pages: SitemapPage[], origin: string): string {
  const out = [XML_DECLARATION, `<urlset xmlns="${URLSET_NS}" xmlns:xhtml="${XHTML_NS}">`];
  for (const page of pages) {
    // Escaped once per page: its language versions share the date and the alternates (a products
    // file has five thousand pages).
    const versions: [hreflang: string, href: string][] = LOCALES.filter((l) => page.urls[l] !== undefined).map((l) => [l, escapeXml(absolute(origin, page.urls[l]!))]);
    // A page in one language only has no alternates to announce.
    const alternates = versions.length > 1 ? [...versions] : [];
    const fallback = versions.find(([lang]) => lang === DEFAULT_LOCALE);
    if (alternates.length && fallback) alternates.push(["x-default", fallback[1]]);
    const lastmod = page.lastmod ? `\n    <lastmod>${escapeXml(w3cDate(page.lastmod))}</lastmod>` : "";
    const links = alternates.map(([lang, href]) => `\n    <xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${href}"/>`).join("");
    for (const [, loc] of versions) out.push(`  <url>\n    <loc>${loc}</loc>${lastmod}${links}\n  </url>`);
  }
  out.push("</urlset>", "");
  return out.join("\n");
}

// ---- Queries (a fixed number per sitemap, never one per row) ----

async function listCategoryEntries(db: Kysely<Database>) {
  return db
    .selectFrom("categories as c")
    .innerJoin("category_translations as t", "t.category_id", "c.id")
    .select(["c.id", "c.updated_at as updatedAt", "t.locale", "t.path"])
    .where("c.holding", "=", 0)
    .orderBy("c.id")
    .orderBy("t.locale")
    .execute();
}

/**
 * Published products of one sitemap file (an id range) with their slug per locale and their
 * newest change, from the listing entries: one index range, whatever the catalogue's size.
 */
async function listProductEntries(db: Kysely<Database>, file: number, now: string) {
  const perFile = SITEMAP_PRODUCTS_PER_FILE;
  return db
    .selectFrom("listing_entries as e")
    .innerJoin("product_translations as t", "t.product_id", "e.product_id")
    .select(["e.product_id as id", "e.changed_at as changedAt", "e.published_at as publishedAt", "t.locale", "t.slug"])
    .where("e.depth", "=", 0)
    .where("e.product_id", ">", (file - 1) * perFile)
    .where("e.product_id", "<=", file * perFile)
    .where("e.published_at", "<=", now)
    .orderBy("e.product_id")
    .execute();
}

/**
 * Every products file with its newest change (a product's own, a variant's, or its publication),
 * kept per file with the listing entries (sitemap_files): as many rows as files. Files run by
 * product id, so a file whose products are all unpublished (or gone) stays listed, empty.
 */
async function listProductFiles(db: Kysely<Database>): Promise<{ file: number; lastmod: string | undefined }[]> {
  const [rows, last] = await Promise.all([
    db.selectFrom("sitemap_files").select(["file", "lastmod"]).orderBy("file").execute(),
    // The highest product id (one seek of the primary key) sets how many files there are.
    db.selectFrom("products").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst(),
  ]);
  const count = Math.max(1, sitemapFileOf(Number(last?.id ?? 1)));
  const dates = new Map(rows.map((row) => [Number(row.file), latest(row.lastmod)]));
  return Array.from({ length: count }, (_, i) => ({ file: i + 1, lastmod: dates.get(i + 1) }));
}

/** The newest change of the categories, in one query. */
async function latestCategoryChange(db: Kysely<Database>) {
  const row = await db.selectFrom("categories").select((s) => s.fn.max("updated_at").as("m")).executeTakeFirst();
  return latest(row?.m);
}

// ---- The sitemaps ----

/** Every category page in both languages, dated by the category's last update. */
export async function categoriesSitemap(db: Kysely<Database>, origin: string): Promise<string> {
  const rows = await listCategoryEntries(db);
  const pages = new Map<number, SitemapPage>();
  for (const row of rows) {
    const page = pages.get(row.id) ?? { urls: {}, lastmod: row.updatedAt };
    page.urls[row.locale] = categoryUrl(row.path, row.locale);
    pages.set(row.id, page);
  }
  return urlset([...pages.values()], origin);
}

/**
 * The published product pages of one products file (1 is /sitemap/products.xml) in both
 * languages. Its date is its newest change: the product, any of its variants (price, stock),
 * or its publication (a scheduled product appears then).
 */
export async function productsSitemap(db: Kysely<Database>, origin: string, { file = 1, now = new Date() }: { file?: number; now?: Date } = {}): Promise<string> {
  const rows = await listProductEntries(db, file, now.toISOString());
  const pages = new Map<number, SitemapPage>();
  for (const row of rows) {
    const page = pages.get(row.id) ?? { urls: {}, lastmod: latest(row.changedAt, row.publishedAt) };
    page.urls[row.locale] = productUrl(row.slug, row.locale);
    pages.set(row.id, page);
  }
  return urlset([...pages.values()], origin);
}

/** The products files that exist now (the index lists them; another number is a 404). */
export async function productSitemapCount(db: Kysely<Database>): Promise<number> {
  return (await listProductFiles(db)).length;
}

/** The products file a sitemap name stands for ("products" is 1, "products-2" is 2), or null. */
export function productFileOf(name: string): number | null {
  if (name === "products") return 1;
  const match = /^products-([1-9]\d{0,5})$/.exec(name);
  return match && Number(match[1]) >= 2 ? Number(match[1]) : null;
}

const productFileName = (file: number) => (file === 1 ? "products" : `products-${file}`);

/** Static pages kept out of the sitemap: the country chooser is a form, not content. */
const UNLISTED_STATIC_PAGES = new Set(["country"]);

/** The same path in every language (Italian-shaped path in, localized paths out). */
const everywhere = (path: string): SitemapPage => ({ urls: Object.fromEntries(LOCALES.map((l) => [l, localizePath(path, l)])) });

/** The pages that are not catalogue rows, each in the languages it exists in. */
function listedPages(): SitemapPage[] {
  const staticPages = Object.keys(STATIC_PAGES)
    .filter((id) => !UNLISTED_STATIC_PAGES.has(id))
    .map((id) => ({
      // Only where the page exists, and only under its canonical spelling.
      urls: Object.fromEntries(LOCALES.filter((l) => findStaticPage(id, l)?.canonicalId === id).map((l) => [l, localizePath(`/pages/${id}`, l)])),
    }))
    .filter((page) => Object.keys(page.urls).length > 0);
  return [
    everywhere("/"),
    ...staticPages,
    everywhere("/pages/newsletter"),
    everywhere("/pages/storelocator"),
    everywhere("/pages/career"),
    everywhere("/blog"),
    { urls: Object.fromEntries(LOCALES.map((l) => [l, defaultAlternatePath("/curadelcapo", l)])) },
  ];
}

/**
 * The home page, static pages, and the section landing pages. These have no stored dates, so
 * they carry no <lastmod>, except the home page when `homeUpdatedAt` is given (it shows the new
 * arrivals, so it changes with the catalogue).
 */
export function pagesSitemap(origin: string, homeUpdatedAt?: string, entries: SitemapPage[] = []): string {
  const [home, ...rest] = listedPages();
  return urlset([{ ...home, lastmod: homeUpdatedAt }, ...rest, ...entries], origin);
}

/**
 * Journal posts, care-guide articles and "inside" stories for pagesSitemap: one query, each
 * entry with its localized URLs and its latest change.
 */
export async function contentSitemapPages(db: Kysely<Database>, now = new Date()): Promise<SitemapPage[]> {
  const rows = await db
    .selectFrom("content")
    .select(["kind", "key", "locale", "slug", "updated_at"])
    .where("kind", "in", ["blog", "care", "inside"])
    .where("status", "=", "published")
    .where("published_at", "<=", now.toISOString())
    .orderBy("kind")
    .orderBy("published_at", "desc")
    .execute();
  const pages = new Map<string, SitemapPage>();
  for (const row of rows) {
    const id = `${row.kind}:${row.key}`;
    const page = pages.get(id) ?? { urls: {} };
    page.urls[row.locale] = contentUrl(row.kind, row.slug, row.locale);
    page.lastmod = latest(page.lastmod, row.updated_at);
    pages.set(id, page);
  }
  return [...pages.values()];
}

/** The home page's date for pagesSitemap: the newest change among published products. */
export async function homeLastmod(db: Kysely<Database>): Promise<string | undefined> {
  const files = await listProductFiles(db);
  return latest(...files.map((f) => f.lastmod));
}

/**
 * The sitemap index (served at /sitemap/index.xml and /sitemap.xml): categories, pages, and every
 * products file, each with its newest change.
 */
export async function indexSitemap(db: Kysely<Database>, origin: string): Promise<string> {
  const [categories, files] = await Promise.all([latestCategoryChange(db), listProductFiles(db)]);
  const products = latest(...files.map((f) => f.lastmod));
  // The pages sitemap changes when the home page does, i.e. with the products.
  const entries: [name: string, lastmod: string | undefined][] = [
    ["categories", categories],
    ["pages", products],
    ...files.map((f): [string, string | undefined] => [productFileName(f.file), f.lastmod]),
  ];
  const out = [XML_DECLARATION, `<sitemapindex xmlns="${URLSET_NS}">`];
  for (const [name, lastmod] of entries) {
    out.push("  <sitemap>", `    <loc>${escapeXml(absolute(origin, `/sitemap/${name}.xml`))}</loc>`);
    if (lastmod) out.push(`    <lastmod>${escapeXml(w3cDate(lastmod))}</lastmod>`);
    out.push("  </sitemap>");
  }
  out.push("</sitemapindex>", "");
  return out.join("\n");
}

/** Paths crawlers should skip: personal and transactional pages in both languages, and the API. */
const PRIVATE_PATHS = ["/account", "/cart", "/checkout", "/login"];

/** robots.txt: everything allowed except personal pages and the API; points to the index. */
export function robotsTxt(origin: string): string {
  const disallow = [...PRIVATE_PATHS.flatMap((p) => LOCALES.map((l) => localizePath(p, l))), "/api/"];
  return ["User-agent: *", "Allow: /", ...disallow.map((p) => `Disallow: ${p}`), "", `Sitemap: ${absolute(origin, "/sitemap.xml")}`, ""].join("\n");
}
