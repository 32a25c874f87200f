import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LITE_COOKIE, LITE_MODE_PATH } from "~/utils/lite-mode";
import { DIALECTS } from "../support/databases";
import { type HttpClient, describeEachApp } from "../support/http";
import { tags, textOf } from "../support/markup";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";

// Lite mode (docs/decisions/027): with `Save-Data: on`, or after the footer's "Versione
// leggera", every page goes out with no script at all (the shop works without JavaScript); the
// shopper's explicit "full version" wins over Save-Data. The routes through React Router's
// handler first, then what Express adds on the wire (the Vary header beside compression's, the
// same-origin check on the form's post).

/** Script types a browser neither fetches nor runs: data blocks. */
const DATA_SCRIPT_TYPES = new Set(["application/ld+json", "application/json"]);

/** What in a document would make a browser fetch or run JavaScript. */
function javaScriptIn(html: string) {
  const scripts = tags(html, "script");
  return {
    withSrc: scripts.filter((tag) => /\ssrc=/.test(tag)),
    executable: scripts.filter((tag) => !DATA_SCRIPT_TYPES.has(/\stype="([^"]*)"/.exec(tag)?.[1]?.toLowerCase() ?? "")),
    modulePreloads: tags(html, "link").filter((tag) => /rel="modulepreload"/.test(tag)),
    // Inline handlers and javascript: URLs run script too.
    handlers: html.match(/<[a-z][^>]*\son[a-z]+=/gi) ?? [],
    javascriptUrls: html.match(/(?:href|action|src|formaction)="\s*javascript:/gi) ?? [],
  };
}

function expectNoJavaScript(html: string, what: string) {
  expect(javaScriptIn(html), what).toEqual({ withSrc: [], executable: [], modulePreloads: [], handlers: [], javascriptUrls: [] });
}

function expectFullVersion(html: string, what: string) {
  const found = javaScriptIn(html);
  expect(found.executable.length, `${what}: the app's scripts`).toBeGreaterThan(0);
  // The full page preloads no module in its head either (docs/decisions/025): its module script imports them.
  expect(html, `${what}: the module script`).toMatch(/<script[^>]*type="module"[^>]*>[^<]*import\(/);
  expect(html, what).not.toContain('data-testid="lite-mode-notice"');
}

const varyOf = (response: Response | { headers: Headers }) =>
  (response.headers.get("Vary") ?? "")
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

/** A form of the page by its submit button's test id: its action and fields, as a browser without JavaScript posts them. */
function formWithButton(html: string, testId: string): { action: string; fields: [string, string][] } {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find((match) => match[2].includes(`data-testid="${testId}"`));
  expect(form, `the form of ${testId}`).toBeDefined();
  expect(form![1]).toMatch(/method="post"/);
  const fields = tags(form![2], "input")
    .filter((tag) => /type="hidden"/.test(tag))
    .map((tag) => [/name="([^"]*)"/.exec(tag)![1], /value="([^"]*)"/.exec(tag)?.[1] ?? ""] as [string, string]);
  return { action: /action="([^"]*)"/.exec(form![1])![1], fields };
}

describeEachApp("lite mode", (app) => {
  const SAVE_DATA = { "Save-Data": "on" };

  it("with Save-Data: on, every kind of page goes out without a script, says it is the lite version and how to leave it", async () => {
    const visitor = app().client();
    for (const path of ["/", "/categories/donna", "/products/cardigan-in-cashmere", "/cart", "/search?q=lana", "/pages/Faq", "/login", "/pagina-inesistente"]) {
      const response = await visitor.get(path, { headers: SAVE_DATA });
      expect([200, 404], path).toContain(response.status);
      expect(varyOf(response), path).toContain("save-data");
      // A second policy the browser enforces with the first: no script runs, whatever the markup.
      expect(response.headers.get("Content-Security-Policy"), path).toContain("script-src 'none'");
      const html = await response.text();
      expectNoJavaScript(html, path);
      const text = textOf(html);
      expect(text, path).toContain("Versione leggera: nessun JavaScript.");
      const leave = formWithButton(html, "lite-mode-off");
      expect(leave.action).toBe(LITE_MODE_PATH);
      expect(leave.fields).toEqual([
        ["lite", "0"],
        ["redirectTo", path.replace(/&/g, "&amp;")],
      ]);
      // The footer offers no way in: this is it already.
      expect(html, path).not.toContain('data-testid="lite-mode-on"');
    }
    // The data a crawler reads stays: JSON-LD is not JavaScript.
    const product = await (await visitor.get("/products/cardigan-in-cashmere", { headers: SAVE_DATA })).text();
    expect(tags(product, "script").some((tag) => tag.includes("application/ld+json"))).toBe(true);
    // English pages say it in English.
    const english = textOf(await (await visitor.get("/en/cart", { headers: SAVE_DATA })).text());
    expect(english).toContain("Lite version: no JavaScript.");
    expect(english).toContain("Switch to the full version");
    // Saving data sets no cookie: the browser's header decides on every request.
    expect(visitor.cookies.has(LITE_COOKIE)).toBe(false);
  });

  it("without Save-Data the page is the full one, with the footer's way into the lite version", async () => {
    const response = await app().client().get("/products/cardigan-in-cashmere");
    expect(varyOf(response)).toContain("save-data");
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
    const html = await response.text();
    expectFullVersion(html, "full product page");
    const enter = formWithButton(html, "lite-mode-on");
    expect(enter).toEqual({
      action: LITE_MODE_PATH,
      fields: [
        ["lite", "1"],
        ["redirectTo", "/products/cardigan-in-cashmere"],
      ],
    });
    expect(textOf(html)).toContain("Versione leggera");
  });

  it("the footer's form turns lite mode on for a year and goes back to the page (303); the notice's turns it off, even against Save-Data", async () => {
    const shopper = app().client();
    const page = await (await shopper.get("/en/cart")).text();
    const enter = formWithButton(page, "lite-mode-on");
    const on = await shopper.postForm(enter.action, enter.fields);
    expect(on.status).toBe(303);
    expect(on.headers.get("Location")).toBe("/en/cart");
    expect(on.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = on.headers.getSetCookie().find((line) => line.startsWith(`${LITE_COOKIE}=`));
    expect(cookie).toMatch(/^bottega_lite=1;/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie!)?.[1])).toBe(365 * 86_400);
    expect(shopper.cookies.get(LITE_COOKIE)).toBe("1");

    // The cookie alone: lite on every page, in both languages, with no Save-Data.
    for (const path of ["/en/cart", "/", "/products/cardigan-in-cashmere"]) expectNoJavaScript(await (await shopper.get(path)).text(), `${path} with the cookie`);

    const lite = await (await shopper.get("/products/cardigan-in-cashmere")).text();
    const leave = formWithButton(lite, "lite-mode-off");
    const off = await shopper.postForm(leave.action, leave.fields, { headers: SAVE_DATA });
    expect(off.status).toBe(303);
    expect(off.headers.get("Location")).toBe("/products/cardigan-in-cashmere");
    expect(shopper.cookies.get(LITE_COOKIE)).toBe("0");
    // The shopper chose the full version: it stays so though the browser saves data.
    expectFullVersion(await (await shopper.get("/products/cardigan-in-cashmere", { headers: SAVE_DATA })).text(), "Save-Data with bottega_lite=0");
  });

  it("a cookie with another value is no choice: Save-Data decides", async () => {
    for (const value of ["", "2", "yes", "1x"]) {
      const headers = { Cookie: `${LITE_COOKIE}=${value}`, ...SAVE_DATA };
      expectNoJavaScript(await (await app().client().get("/cart", { headers })).text(), `${LITE_COOKIE}=${value} with Save-Data`);
      expectFullVersion(await (await app().client().get("/cart", { headers: { Cookie: `${LITE_COOKIE}=${value}` } })).text(), `${LITE_COOKIE}=${value}`);
    }
    // A cookie whose name merely ends the same is someone else's.
    expectFullVersion(await (await app().client().get("/cart", { headers: { Cookie: `not_${LITE_COOKIE}=1` } })).text(), `not_${LITE_COOKIE}=1`);
  });

  it("sends the shopper back only to a local path, refuses a broken choice, and has nothing to show on GET", async () => {
    const shopper: HttpClient = app().client();
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", ""]) {
      const answer = await shopper.postForm(LITE_MODE_PATH, { lite: "1", redirectTo: target });
      expect(answer.status, target).toBe(303);
      expect(answer.headers.get("Location"), target).toBe("/");
    }
    const kept = await shopper.postForm(LITE_MODE_PATH, { lite: "0", redirectTo: "/search?q=lana&page=2" });
    expect(kept.headers.get("Location")).toBe("/search?q=lana&page=2");

    const visitor = app().client();
    const broken: Record<string, string>[] = [{ lite: "yes", redirectTo: "/" }, { redirectTo: "/" }, {}];
    for (const fields of broken) {
      const answer = await visitor.postForm(LITE_MODE_PATH, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.headers.getSetCookie(), JSON.stringify(fields)).toEqual([]);
    }
    const get = await visitor.get(LITE_MODE_PATH);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

// What Express adds: compression's Vary beside the page's, both Content-Security-Policy headers,
// and the same-origin check every form post meets.
for (const kind of DIALECTS) {
  describe(`lite mode on the built server [${kind}]`, () => {
    let server: BuiltServer;
    beforeAll(async () => {
      server = await startBuiltServer(kind);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("varies on Save-Data and Accept-Encoding, and a lite page carries both policies", async () => {
      const { send } = builtServerClient(server);
      const lite = await send("/products/cardigan-in-cashmere", { headers: { "Save-Data": "on", "Accept-Encoding": "br, gzip" } });
      expect(lite.status).toBe(200);
      expect(varyOf(lite)).toEqual(expect.arrayContaining(["save-data", "accept-encoding"]));
      const policies = lite.headers.get("Content-Security-Policy") ?? "";
      // A nonce, or the hashes of a page the anonymous cache keeps (docs/decisions/028).
      expect(policies).toMatch(/script-src 'self'( 'nonce-| 'sha256-|;)/);
      expect(policies).toContain("script-src 'none'");
      expectNoJavaScript(await lite.text(), "lite product page on the wire");

      const full = await send("/products/cardigan-in-cashmere", { headers: { "Accept-Encoding": "br, gzip" } });
      expect(varyOf(full)).toEqual(expect.arrayContaining(["save-data", "accept-encoding"]));
      expect(full.headers.get("Content-Security-Policy")).not.toContain("script-src 'none'");
      expectFullVersion(await full.text(), "full product page on the wire");
    });

    it("takes the footer's post from the shop's own page and refuses another site's (403, no cookie)", async () => {
      const own = `http://localhost:${server.port}`;
      const { send, form } = builtServerClient(server);
      const fields = { lite: "1", redirectTo: "/cart" };
      const foreign: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Origin: "null" }, { Referer: "https://evil.example/page" }, {}];
      for (const headers of foreign) {
        const refused = await send(LITE_MODE_PATH, form(fields, headers));
        expect(refused.status, JSON.stringify(headers)).toBe(403);
        expect(refused.headers.getSetCookie(), JSON.stringify(headers)).toEqual([]);
      }
      const taken = await send(LITE_MODE_PATH, form(fields, { Origin: own }));
      expect(taken.status).toBe(303);
      expect(taken.headers.get("Location")).toBe("/cart");
      expect(taken.headers.getSetCookie()[0]).toMatch(/^bottega_lite=1;/);
      // The client keeps the cookie: the next page is the lite one.
      expectNoJavaScript(await (await send("/cart")).text(), "the bag after the footer's post");
    });
  });
}
