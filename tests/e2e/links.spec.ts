import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

// A link crawler at the HTTP level, no browser: the pages to read are both home pages and every
// URL the sitemaps list (their <loc> and the hreflang alternates, so both languages). Every
// same-origin <a href> on those pages is then requested once with GET. None may answer 4xx/5xx.
// Links are not followed further: the sitemaps already list every page a shopper can reach, and
// one level of links covers the filters, the language switch and the links written in content.
// A link with a query to a page already read (a product's colour × size choices, a listing's
// next page) is checked by its shape: one per section and set of parameter names, e.g. one
// "/en/products/*?color&size". Links with the same path and parameter names (the country link
// carrying each page's path) are one shape too. That keeps the crawl to the pages plus a few
// dozen requests instead of two thousand.

const CONCURRENCY = 4;

/** Runs `work` on every item with at most `limit` requests in flight. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = items[Symbol.iterator]();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let next = queue.next(); !next.done; next = queue.next()) await work(next.value);
    }),
  );
}

const decodeEntities = (value: string) => value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

async function sitemapUrls(request: APIRequestContext, origin: string): Promise<string[]> {
  const index = await request.get(`${origin}/sitemap.xml`);
  expect(index.status()).toBe(200);
  const maps = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]));
  expect(maps.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const map of maps) {
    const response = await request.get(map);
    expect(response.status(), map).toBe(200);
    for (const m of (await response.text()).matchAll(/<loc>([^<]+)<\/loc>|<xhtml:link [^>]*href="([^"]+)"/g)) urls.push(decodeEntities(m[1] ?? m[2]));
  }
  return urls;
}

test("every internal link on the home pages and the pages the sitemaps list answers without an error", async ({ request, baseURL }) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const pages = new Set([`${origin}/`, `${origin}/en`, ...(await sitemapUrls(request, origin))].filter((url) => new URL(url).origin === origin));
  expect(pages.has(`${origin}/en/careguide`)).toBe(true);

  const status = new Map<string, number>();
  const foundOn = new Map<string, string>();
  await eachLimited([...pages], CONCURRENCY, async (url) => {
    const response = await request.get(url, { maxRedirects: 5 });
    status.set(url, response.status());
    if (!response.headers()["content-type"]?.includes("text/html")) return;
    for (const m of (await response.text()).matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
      let target: URL;
      try {
        target = new URL(decodeEntities(m[1]), url);
      } catch {
        continue;
      }
      if (target.origin !== origin) continue;
      target.hash = "";
      if (!foundOn.has(target.href)) foundOn.set(target.href, url);
    }
  });

  const shapes = new Set<string>();
  const unvisited = [...foundOn.keys()].filter((url) => {
    if (status.has(url)) return false;
    const { pathname, searchParams } = new URL(url);
    const section = status.has(`${origin}${pathname}`) ? pathname.replace(/\/[^/]+$/, "/*") : pathname;
    const shape = `${section}?${[...searchParams.keys()].sort().join("&")}`;
    if (shapes.has(shape)) return false;
    shapes.add(shape);
    return true;
  });
  await eachLimited(unvisited, CONCURRENCY, async (url) => {
    const response = await request.get(url, { maxRedirects: 5 });
    status.set(url, response.status());
    await response.dispose();
  });

  const broken = [...status].filter(([, code]) => code >= 400).map(([url, code]) => `${code} ${url} (linked from ${foundOn.get(url) ?? "the sitemap"})`);
  expect(broken).toEqual([]);
  // The crawl really read the shop: both languages' product pages and their links.
  expect(status.size).toBeGreaterThan(pages.size);
});
