import { XMLParser, XMLValidator } from "fast-xml-parser";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { catalogue } from "~/db/seed/catalogue";
import { seedDatabase } from "~/db/seed/seed.server";
import { refreshListingEntries } from "~/modules/catalog/listing-entries.server";
// The routes' own tests (serving what this module builds): they belong at the HTTP level
// (tests/http) and can move there; until then the boundary is lifted for these two lines.
// eslint-disable-next-line no-restricted-imports
import { loader as robotsLoader } from "~/routes/robots";
// eslint-disable-next-line no-restricted-imports
import { loader as sitemapLoader } from "~/routes/sitemap";
import { type AppContext, appContext } from "~/server/context.server";
import type { Env } from "~/utils/env.server";
import { categoriesSitemap, contentSitemapPages, escapeXml, indexSitemap, pagesSitemap, productsSitemap, robotsTxt } from "./sitemap.server";
import { pickCoding } from "~/utils/http-caching";

const origin = "https://shop.example";
const DAY_MS = 86_400_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  isArray: (name) => ["url", "sitemap", "xhtml:link"].includes(name),
});

interface ParsedUrl {
  loc: string;
  lastmod?: string;
  alternates: Record<string, string>;
}

/** Validates and parses a <urlset>, checking the declaration and namespaces on the way. */
function parseUrlset(xml: string): ParsedUrl[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const { urlset } = parser.parse(xml);
  expect(urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(urlset["@_xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
  const urls = (urlset.url ?? []) as Array<{ loc: string; lastmod?: string; "xhtml:link"?: Array<Record<string, string>> }>;
  return urls.map((u) => {
    const links = u["xhtml:link"] ?? [];
    for (const link of links) expect(link["@_rel"]).toBe("alternate");
    return { loc: u.loc, lastmod: u.lastmod, alternates: Object.fromEntries(links.map((l) => [l["@_hreflang"], l["@_href"]])) };
  });
}

const byLoc = (urls: ParsedUrl[]) => new Map(urls.map((u) => [u.loc, u]));

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});

describe("robotsTxt", () => {
  it("allows the shop, keeps crawlers out of personal pages in both languages and the API, and names the index", () => {
    const text = robotsTxt(`${origin}/`);
    const lines = text.split("\n");
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const path of ["/account", "/en/account", "/cart", "/en/cart", "/checkout", "/en/checkout", "/login", "/en/login", "/api/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});

describe("pagesSitemap", () => {
  const urls = parseUrlset(pagesSitemap(origin, "2026-01-02T03:04:05.000Z"));
  const pages = byLoc(urls);

  it("lists the home page in both languages, dated by the catalogue", () => {
    expect(pages.get(`${origin}/`)).toEqual({
      loc: `${origin}/`,
      lastmod: "2026-01-02T03:04:05.000Z",
      alternates: { it: `${origin}/`, en: `${origin}/en`, "x-default": `${origin}/` },
    });
    expect(pages.get(`${origin}/en`)?.alternates).toEqual(pages.get(`${origin}/`)?.alternates);
  });

  it("lists each static page under its canonical spelling, in the languages it exists in", () => {
    for (const id of ["Faq", "Returns", "Shipping", "About", "Contact", "Terms-Conditions", "Privacy-Policy", "Cookie-Policy", "Accessibility", "garment-care"]) {
      const alternates = { it: `${origin}/pages/${id}`, en: `${origin}/en/pages/${id}`, "x-default": `${origin}/pages/${id}` };
      expect(pages.get(`${origin}/pages/${id}`)?.alternates).toEqual(alternates);
      expect(pages.get(`${origin}/en/pages/${id}`)?.alternates).toEqual(alternates);
    }
    expect(urls.some((u) => u.loc.includes("Terms-and-Conditions"))).toBe(false);
    expect(urls.some((u) => u.loc.endsWith("/pages/country"))).toBe(false);
  });

  it("lists Whistleblowing in Italian only, with no English alternate", () => {
    expect(pages.get(`${origin}/pages/Whistleblowing`)).toEqual({ loc: `${origin}/pages/Whistleblowing`, alternates: {} });
    expect(urls.filter((u) => u.loc.includes("Whistleblowing"))).toHaveLength(1);
  });

  it("lists the section pages, with the care guide's translated path", () => {
    for (const path of ["/pages/newsletter", "/pages/storelocator", "/pages/career", "/blog"]) {
      expect(pages.get(`${origin}${path}`)?.alternates.en).toBe(`${origin}/en${path}`);
    }
    expect(pages.get(`${origin}/curadelcapo`)?.alternates).toEqual({
      it: `${origin}/curadelcapo`,
      en: `${origin}/en/careguide`,
      "x-default": `${origin}/curadelcapo`,
    });
    expect(pages.has(`${origin}/en/careguide`)).toBe(true);
    expect(pages.has(`${origin}/en/curadelcapo`)).toBe(false);
  });

  it("puts every URL on the origin", () => {
    for (const u of urls) {
      expect(u.loc.startsWith(`${origin}/`)).toBe(true);
      for (const href of Object.values(u.alternates)) expect(href.startsWith(`${origin}/`)).toBe(true);
    }
  });
});

describeEachDatabase("sitemaps", (ctx) => {
  const now = new Date();
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  // A category whose paths need escaping, and a product scheduled for tomorrow.
  const special = { it: "saldi-&-'outlet'", en: "sale-&-outlet" };
  const scheduled = { it: "capo-in-arrivo", en: "coming-piece" };
  let bumped: { slug: string; lastmod: string };

  beforeAll(async () => {
    const { db } = ctx();
    await seedDatabase(db, { now });
    const { id: categoryId } = await db
      .insertInto("categories")
      .values({ parent_id: null, position: 99, created_at: at(3), updated_at: at(3) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("category_translations")
      .values(
        (["it", "en"] as const).map((locale) => ({
          category_id: categoryId,
          locale,
          name: "Saldi & outlet",
          slug: special[locale],
          path: special[locale],
          meta_title: "",
          meta_description: "",
          keywords: "",
          share_image: null,
        })),
      )
      .execute();

    const { id: productId } = await db
      .insertInto("products")
      .values({ category_id: categoryId, garment: "dress", featured_rank: 9999, published_at: at(-1), created_at: at(1), updated_at: at(1) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("product_translations")
      .values(
        (["it", "en"] as const).map((locale) => ({
          product_id: productId,
          locale,
          name: scheduled[locale],
          slug: scheduled[locale],
          description: "",
          composition: "",
          care: "",
          meta_title: "",
          meta_description: "",
          keywords: "",
          share_image: null,
        })),
      )
      .execute();
    // Something to sell: a product without variants has no page, so no sitemap entry.
    await db
      .insertInto("variants")
      .values({
        product_id: productId,
        sku: "SCHEDULED-1",
        color_code: catalogue.colors[0].code,
        size: "M",
        position: 0,
        price_cents: 9900,
        compare_at_cents: null,
        stock: 1,
        created_at: at(1),
        updated_at: at(1),
      })
      .execute();
    await refreshListingEntries(db, [productId]);

    // One product changed long ago, but one of its variants changed two days ago.
    const first = await db
      .selectFrom("product_translations")
      .select(["product_id as id", "slug"])
      .where("locale", "=", "it")
      .where("slug", "=", catalogue.products[0].slug.it)
      .executeTakeFirstOrThrow();
    await db.updateTable("products").set({ published_at: at(300), updated_at: at(200) }).where("id", "=", first.id).execute();
    await db.updateTable("variants").set({ updated_at: at(250) }).where("product_id", "=", first.id).execute();
    const variant = await db.selectFrom("variants").select("id").where("product_id", "=", first.id).orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("variants").set({ updated_at: at(2) }).where("id", "=", variant.id).execute();
    // Written behind the services' back: the listing entries are told, as the services do.
    await refreshListingEntries(db, [first.id]);
    bumped = { slug: first.slug, lastmod: at(2) };
  });

  it("lists every category in both languages with alternates, dated by its update, escaping its path", async () => {
    const xml = await categoriesSitemap(ctx().db, origin);
    const urls = parseUrlset(xml);
    expect(urls).toHaveLength((catalogue.categories.length + 1) * 2);
    const pages = byLoc(urls);
    for (const c of urls) {
      expect(c.loc.startsWith(`${origin}/categories/`) || c.loc.startsWith(`${origin}/en/categories/`)).toBe(true);
      expect(Object.keys(c.alternates).sort()).toEqual(["en", "it", "x-default"]);
      expect(c.alternates["x-default"]).toBe(c.alternates.it);
      expect(c.lastmod).toBe(c.loc.includes("outlet") ? at(3) : now.toISOString());
    }
    expect(pages.get(`${origin}/categories/donna`)?.alternates.en).toBe(`${origin}/en/categories/women`);

    // The ampersand and apostrophe come back intact after parsing, and were escaped in the file.
    expect(pages.get(`${origin}/categories/${special.it}`)?.alternates).toEqual({
      it: `${origin}/categories/${special.it}`,
      en: `${origin}/en/categories/${special.en}`,
      "x-default": `${origin}/categories/${special.it}`,
    });
    expect(xml).toContain("<loc>https://shop.example/categories/saldi-&amp;-&apos;outlet&apos;</loc>");
    expect(xml).toContain('href="https://shop.example/en/categories/sale-&amp;-outlet"');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("lists each published product once per language with both alternates and x-default", async () => {
    const urls = parseUrlset(await productsSitemap(ctx().db, origin, { now }));
    const published = catalogue.products.filter((p) => p.createdDaysAgo >= 0);
    expect(urls).toHaveLength(published.length * 2);
    const pages = byLoc(urls);
    for (const p of published) {
      const alternates = {
        it: `${origin}/products/${p.slug.it}`,
        en: `${origin}/en/products/${p.slug.en}`,
        "x-default": `${origin}/products/${p.slug.it}`,
      };
      expect(pages.get(alternates.it)?.alternates).toEqual(alternates);
      expect(pages.get(alternates.en)?.alternates).toEqual(alternates);
    }
    expect(urls.some((u) => u.loc.includes(scheduled.it) || u.loc.includes(scheduled.en))).toBe(false);
    for (const u of urls) expect(u.loc.startsWith(`${origin}/`)).toBe(true);
  });

  it("dates a product by its newest change, variants included", async () => {
    const pages = byLoc(parseUrlset(await productsSitemap(ctx().db, origin, { now })));
    expect(pages.get(`${origin}/products/${bumped.slug}`)?.lastmod).toBe(bumped.lastmod);
    // Untouched products were last updated by the seed.
    const other = catalogue.products[1];
    expect(pages.get(`${origin}/products/${other.slug.it}`)?.lastmod).toBe(now.toISOString());
  });

  it("lists a product once its publication time has come", async () => {
    const later = new Date(now.getTime() + 2 * DAY_MS);
    const pages = byLoc(parseUrlset(await productsSitemap(ctx().db, origin, { now: later })));
    // Published tomorrow, last edited yesterday: dated by its publication.
    expect(pages.get(`${origin}/en/products/${scheduled.en}`)?.lastmod).toBe(at(-1));
  });

  it("indexes the other three sitemaps, each with a date", async () => {
    const xml = await indexSitemap(ctx().db, origin);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { sitemapindex } = parser.parse(xml);
    expect(sitemapindex["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const entries = sitemapindex.sitemap as Array<{ loc: string; lastmod: string }>;
    expect(entries.map((e) => e.loc)).toEqual(["categories", "pages", "products"].map((n) => `${origin}/sitemap/${n}.xml`));
    for (const e of entries) expect(Number.isNaN(Date.parse(e.lastmod))).toBe(false);
    expect(entries[0].lastmod).toBe(now.toISOString());
    expect(entries[2].lastmod).toBe(now.toISOString());
  });

  describe("routes", () => {
    const get = (headers: Record<string, string> = {}) => new Request(`${origin}/sitemap.xml`, { headers });
    const context = () => {
      const provider = new RouterContextProvider();
      provider.set(appContext, { db: ctx().db, env: { PUBLIC_URL: origin } as Env, cspNonce: "", clientIp: "127.0.0.1" } satisfies AppContext);
      return provider;
    };

    it("serves each sitemap as cacheable XML, the index also without a name, and 404s anything else", async () => {
      for (const name of ["index.xml", "categories.xml", "pages.xml", "products.xml", undefined]) {
        const response = await sitemapLoader({ request: get(), params: { name }, context: context() });
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600, no-transform");
        expect(XMLValidator.validate(await response.text())).toBe(true);
      }
      const root = await (await sitemapLoader({ request: get(), params: {}, context: context() })).text();
      expect(root).toContain("<sitemapindex");
      for (const name of ["blog.xml", "products", "products.txt", "../products.xml"]) {
        expect((await sitemapLoader({ request: get(), params: { name }, context: context() })).status).toBe(404);
      }
    });

    it("answers a crawler's repeated request with 304, by ETag or by date, and compresses once per encoding", async () => {
      const first = await sitemapLoader({ request: get({ "Accept-Encoding": "gzip, br" }), params: { name: "products.xml" }, context: context() });
      expect(first.headers.get("Content-Encoding")).toBe("br");
      expect(first.headers.get("Vary")).toBe("Accept-Encoding");
      const etag = first.headers.get("ETag")!;
      const lastModified = first.headers.get("Last-Modified")!;
      expect(etag).toMatch(/^"[\w-]+-br"$/);
      expect(Date.parse(lastModified)).toBeGreaterThan(0);
      const plain = await sitemapLoader({ request: get({ "Accept-Encoding": "identity" }), params: { name: "products.xml" }, context: context() });
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      // Each coding has its own strong validator (RFC 9110 §8.8.3), all from one content hash.
      expect(plain.headers.get("ETag")).toBe(etag.replace(/-br"$/, '"'));
      expect(await plain.text()).toContain("<urlset");
      const conditions: Record<string, string>[] = [{ "If-None-Match": etag }, { "If-None-Match": `W/${etag}, "other"` }, { "If-Modified-Since": lastModified }];
      for (const headers of conditions) {
        const again = await sitemapLoader({ request: get(headers), params: { name: "products.xml" }, context: context() });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
      }
      const changed = await sitemapLoader({ request: get({ "If-None-Match": '"stale"', "If-Modified-Since": lastModified }), params: { name: "products.xml" }, context: context() });
      expect(changed.status).toBe(200);
      // The gzip copy a crawler cached is current too.
      const gzipped = await sitemapLoader({ request: get({ "Accept-Encoding": "gzip" }), params: { name: "products.xml" }, context: context() });
      const again = await sitemapLoader({ request: get({ "If-None-Match": gzipped.headers.get("ETag")! }), params: { name: "products.xml" }, context: context() });
      expect(again.status).toBe(304);
      // Nothing acceptable: 406.
      expect((await sitemapLoader({ request: get({ "Accept-Encoding": "identity;q=0, *;q=0" }), params: { name: "products.xml" }, context: context() })).status).toBe(406);
      // Only as many products files as the catalogue fills.
      expect((await sitemapLoader({ request: get(), params: { name: "products-2.xml" }, context: context() })).status).toBe(404);
      expect((await sitemapLoader({ request: get(), params: { name: "products-1.xml" }, context: context() })).status).toBe(404);
    });

    it("serves robots.txt as text", async () => {
      const response = robotsLoader({ context: context() });
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    });
  });

  it("lists journal posts, care-guide articles and inside stories with their localized slugs", async () => {
    const pages = await contentSitemapPages(ctx().db, now);
    const care = pages.find((page) => page.urls.it === "/curadelcapo/lana-e-cashmere");
    expect(care?.urls.en).toBe("/en/careguide/wool-and-cashmere");
    expect(care?.lastmod).toBeTruthy();
    expect(pages.some((page) => page.urls.it === "/inside-atelier" && page.urls.en === "/en/inside-atelier")).toBe(true);
    expect(pages.filter((page) => page.urls.it?.startsWith("/blog/")).length).toBeGreaterThanOrEqual(5);
    const xml = pagesSitemap(origin, undefined, pages);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`${origin}/en/careguide/wool-and-cashmere`);
  });
});

describe("pickCoding", () => {
  it("takes the highest q among Brotli, gzip and none, Brotli on a tie", () => {
    expect(pickCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickCoding("br;q=0.1, gzip")).toBe("gzip");
    expect(pickCoding("br ;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickCoding("deflate")).toBe("identity");
    expect(pickCoding(null)).toBe("identity");
    expect(pickCoding("*")).toBe("br");
    expect(pickCoding("identity;q=0, *;q=0")).toBeNull();
    expect(pickCoding("gzip;q=abc")).toBe("identity");
  });
});
