import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CONSENT_VERSION } from "~/modules/consent/consent";
import { storeConsent } from "~/modules/consent/consent.server";
import { storePreference } from "~/modules/country/preference.server";
import { pageCacheAllows } from "~/middleware/page-cache.server";
import { PageStore, inlineHashes, pageCacheKey, preparePage } from "./page-cache.server";

const URL_HOME = "http://shop.test/";
const cookiePair = (setCookie: string) => setCookie.split(";")[0];
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("PageStore", () => {
  const page = (bytes: number) => ({ bytes });

  it("evicts the least recently used page beyond the entry limit; a read makes a page recent", () => {
    const store = new PageStore<{ bytes: number }>({ maxEntries: 2, maxBytes: 1_000 });
    store.set("a", page(10));
    store.set("b", page(10));
    expect(store.get("a")).toBeDefined();
    store.set("c", page(10));
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.get("c")).toBeDefined();
    expect(store.size).toBe(2);
    expect(store.bytes).toBe(20);
  });

  it("evicts by bytes, counts a coding added later, and refuses a page bigger than the whole budget", () => {
    const store = new PageStore<{ bytes: number }>({ maxEntries: 100, maxBytes: 100 });
    const a = page(40);
    store.set("a", a);
    store.set("b", page(40));
    store.set("c", page(40));
    expect(store.get("a")).toBeUndefined();
    expect(store.bytes).toBe(80);
    const b = store.get("b")!;
    store.grow("b", b, 30);
    expect(b.bytes).toBe(70);
    // b is the most recent: c goes.
    expect(store.get("c")).toBeUndefined();
    expect(store.bytes).toBe(70);
    // A page no longer kept grows without counting.
    store.grow("a", a, 1_000);
    expect(store.bytes).toBe(70);
    expect(store.set("huge", page(101))).toBe(false);
    expect(store.get("huge")).toBeUndefined();
    expect(store.get("b")).toBe(b);
  });

  it("replacing a key counts its bytes once", () => {
    const store = new PageStore<{ bytes: number }>({ maxEntries: 10, maxBytes: 1_000 });
    store.set("a", page(100));
    store.set("a", page(50));
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(50);
    store.delete("a");
    expect(store.bytes).toBe(0);
  });
});

describe("pageCacheKey", () => {
  it("is the URL for a request without cookies, and the query string is part of it", async () => {
    const home = await pageCacheKey({ url: URL_HOME });
    expect(home).toContain(URL_HOME);
    expect(await pageCacheKey({ url: URL_HOME, cookieHeader: "" })).toBe(home);
    expect(await pageCacheKey({ url: `${URL_HOME}?q=1` })).not.toBe(home);
    expect(await pageCacheKey({ url: "http://other.test/" })).not.toBe(home);
  });

  it("is null for any cookie that may name a shopper: the session, a notice, Atelier's, an unknown one", async () => {
    for (const cookie of ["__session=abc", "__flash=abc", "__atelier=abc", "__login_redirect=x", "tracker=1", "consent=x; __session=abc"]) {
      expect(await pageCacheKey({ url: URL_HOME, cookieHeader: cookie }), cookie).toBeNull();
    }
  });

  it("tells the cookie choices apart as the pages read them: undecided, refused, accepted", async () => {
    const now = new Date().toISOString();
    const refused = cookiePair(await storeConsent({ version: CONSENT_VERSION, preferences: false, analytics: false, marketing: false, decidedAt: now }, false));
    const refusedEarlier = cookiePair(await storeConsent({ version: CONSENT_VERSION, preferences: false, analytics: false, marketing: false, decidedAt: new Date(Date.now() - 60_000).toISOString() }, false));
    const accepted = cookiePair(await storeConsent({ version: CONSENT_VERSION, preferences: false, analytics: true, marketing: true, decidedAt: now }, false));
    const none = await pageCacheKey({ url: URL_HOME });
    const keys = await Promise.all([refused, refusedEarlier, accepted, "consent=garbage"].map((cookieHeader) => pageCacheKey({ url: URL_HOME, cookieHeader })));
    expect(keys[0]).not.toBe(none);
    // The moment of the choice is not shown: one key for every shopper who refused.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[2]).not.toBe(none);
    // A cookie the pages ignore (malformed) is no choice at all.
    expect(keys[3]).toBe(none);
    // Preferences allowed: a choice of its own; the list of pieces looked at changes no shared page.
    const remembered = cookiePair(await storeConsent({ version: CONSENT_VERSION, preferences: true, analytics: false, marketing: false, decidedAt: now }, false));
    const rememberedKey = await pageCacheKey({ url: URL_HOME, cookieHeader: remembered });
    expect(rememberedKey).not.toBeNull();
    expect(new Set([rememberedKey, ...keys.slice(0, 3), none]).size).toBe(4);
    expect(await pageCacheKey({ url: URL_HOME, cookieHeader: `${remembered}; viewed=3.2.1` })).toBe(rememberedKey);
  });

  it("tells the country preference, the lite version and Save-Data apart", async () => {
    const none = await pageCacheKey({ url: URL_HOME });
    const france = cookiePair(await storePreference("FR", false));
    const italy = cookiePair(await storePreference("IT", false));
    const [fr, it, lite, liteOff, saveData, saveDataOff] = await Promise.all([
      pageCacheKey({ url: URL_HOME, cookieHeader: france }),
      pageCacheKey({ url: URL_HOME, cookieHeader: italy }),
      pageCacheKey({ url: URL_HOME, cookieHeader: "bottega_lite=1" }),
      pageCacheKey({ url: URL_HOME, cookieHeader: "bottega_lite=0" }),
      pageCacheKey({ url: URL_HOME, saveData: "on" }),
      pageCacheKey({ url: URL_HOME, saveData: "off" }),
    ]);
    expect(new Set([none, fr, it, lite, liteOff, saveData]).size).toBe(6);
    expect(saveDataOff).toBe(none);
    expect(await pageCacheKey({ url: URL_HOME, cookieHeader: `${france}; bottega_lite=1` })).not.toBe(lite);
    expect(await pageCacheKey({ url: URL_HOME, cookieHeader: "preference=%22XX%22" })).toBe(none);
  });
});

describe("inlineHashes", () => {
  it("hashes inline scripts and styles, not scripts loaded by URL nor JSON-LD data", () => {
    const html =
      '<html><head><style data-href="x">.a{color:red}</style><script type="application/ld+json">{"a":1}</script>' +
      '<script src="/assets/a.js"></script></head><body><script>window.a = 1;</script>' +
      '<script type="module" async="">import "/assets/b.js";</script><scripts>not a script</scripts><script\n>b()</script ></body></html>';
    const { script, style } = inlineHashes(Buffer.from(html));
    expect(style).toEqual([sha256(".a{color:red}")]);
    expect(script).toEqual([sha256("window.a = 1;"), sha256('import "/assets/b.js";'), sha256("b()")]);
  });

  it("hashes what the browser hashes: line breaks normalised, each script once", () => {
    const { script } = inlineHashes(Buffer.from("<script>a();\r\nb();</script><script>a();\nb();</script><script>é</script>"));
    expect(script).toEqual([sha256("a();\nb();"), sha256("é")]);
  });
});

describe("preparePage", () => {
  const render = (text: string) =>
    Buffer.from(
      `<!DOCTYPE html><html><head><style data-href="b">.b{}</style><link rel="modulepreload" href="/assets/a.js"/></head>` +
        `<body><p>${text}</p><script>go()</script></body></html>`,
    );
  const options = {
    headers: new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache", "Set-Cookie": "a=b", ETag: '"x"', "X-Robots-Tag": "noindex" }),
    revisions: "3.4",
    now: Date.UTC(2026, 11, 3, 10, 0, 0, 750),
    csp: ({ script, style }: { script: readonly string[]; style: readonly string[] }) => `script-src 'self' ${script.join(" ")}; style-src 'self' ${style.join(" ")}`,
  };

  it("names the document by its bytes: the same rendering, the same ETag", () => {
    const first = preparePage(render("Saldi"), options);
    expect(preparePage(render("Saldi"), { ...options, now: options.now + 5_000 }).hash).toBe(first.hash);
    expect(preparePage(render("Saldi!"), options).hash).not.toBe(first.hash);
  });

  it("allows the page's inline script and style by hash, dates it to the second, and keeps only the page's own headers", () => {
    const page = preparePage(render("Saldi"), options);
    expect(page.csp).toEqual([`script-src 'self' ${sha256("go()")}; style-src 'self' ${sha256(".b{}")}`]);
    expect(page.lastModified.toISOString()).toBe("2026-12-03T10:00:00.000Z");
    expect(page.revisions).toBe("3.4");
    expect(Object.fromEntries(page.headers)).toEqual({ "content-type": "text/html; charset=utf-8", "cache-control": "private, no-cache", "x-robots-tag": "noindex" });
  });
});

describe("pageCacheAllows", () => {
  it("keeps any URL of an 'always' route, and only the first page of a 'first-page' one", () => {
    expect(pageCacheAllows("always", new URL("http://shop.test/categories/donna?page=3"))).toBe(true);
    expect(pageCacheAllows("first-page", new URL("http://shop.test/search?q=lana"))).toBe(true);
    expect(pageCacheAllows("first-page", new URL("http://shop.test/search?q=lana&page=1"))).toBe(true);
    expect(pageCacheAllows("first-page", new URL("http://shop.test/search?q=lana&page=2"))).toBe(false);
  });
});
