import { createHash } from "node:crypto";
import fs from "node:fs";
import axe from "axe-core";
import { type Browser, type BrowserContext, type ConsoleMessage, type Page, test as base, expect } from "@playwright/test";
import { A11Y_CACHE_DIR, PORT } from "./e2e-env";

export { expect };

const octet = () => Math.floor(Math.random() * 254) + 1;

export interface E2EFixtures {
  /**
   * This test's own client address. The server trusts X-Forwarded-For from loopback and
   * rate-limits the newsletter per address (8 per 10 minutes), so tests must never share one.
   */
  clientIp: string;
  /**
   * Fails every test whose pages log an error to the console or throw one uncaught: a hydration
   * mismatch (React error #418), a refused script or style, a missing asset. It rides on the
   * tests there are, so every page they open is checked at no extra run.
   */
  noPageErrors: void;
}

/**
 * The console errors a test provokes on purpose, which are not the page's: a document or data
 * request the server answers with an error status (a 404 page, a refused form, a rate limit:
 * the tests check those statuses themselves), and a request the test aborts (a lazy chunk that
 * "never arrives"). A static asset that fails to load is a defect and still counts.
 */
function provokedByTheTest(message: ConsoleMessage): boolean {
  const text = message.text();
  if (text.startsWith("Failed to load resource: net::ERR_FAILED")) return true;
  if (!text.startsWith("Failed to load resource: the server responded with a status of")) return false;
  return !/\/assets\/|\.(?:js|css|woff2?|png|jpe?g|webp|avif|svg|ico)(?:\?|$)/.test(message.location().url);
}

export const test = base.extend<E2EFixtures>({
  clientIp: [
    async ({}, use) => {
      await use(`10.${octet()}.${octet()}.${octet()}`);
    },
    { auto: true },
  ],
  // Read by both the browser context and the `request` fixture; keeps any headers a spec adds
  // with test.use({ extraHTTPHeaders }).
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientIp });
  },
  noPageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      // The shop's pages, under either host name; not the test OpenID provider's.
      const shops = (page: Page) => new URL(page.url()).port === String(PORT);
      const watch = (page: Page) => {
        page.on("pageerror", (error) => void (shops(page) && errors.push(`${page.url()}: uncaught ${error.message}`)));
        page.on("console", (message) => {
          if (message.type() === "error" && shops(page) && !provokedByTheTest(message)) errors.push(`${page.url()}: console: ${message.text()}`);
        });
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use();
      expect(errors, "errors in the browser's console").toEqual([]);
    },
    { auto: true },
  ],
});

/** Whether the running test's browser executes the page's JavaScript (project "js" or "no-js"). */
function scriptsRun(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface AccessibilityOptions {
  /**
   * Rule ids of known app bugs, each tracked by its own test.fixme: they are left out here so
   * that the rest of the page is still checked.
   */
  knownViolations?: string[];
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails on any serious or critical
 * violation, listing rule id, help text and failing elements. Call it after every navigation that
 * shows a new page.
 *
 * With JavaScript axe runs in the page itself, once it has settled (nothing aria-busy) and with
 * its animations held still: finite ones are finished (a fade-in at its end, not half way), and
 * one still in its delay is paused for the check (a notice that starts fading after 8 s is
 * checked whole, never mid-fade, and with no wait). Chromium cannot evaluate scripts in a page
 * whose JavaScript is disabled, so in the no-JS project axe runs on a mirror: the same document
 * (as rendered now, scripts removed) in a scripted page of the same size, with the app's own
 * styles and fonts, and animations off.
 *
 * A page like one found clean in this run is not analysed again (an analysis is most of a visit's
 * cost on CI's two cores). Its key is the page's kind of markup: its title, and the set of its
 * element shapes — each tag with the values of the attributes axe judges by (class, role, type,
 * name, states such as aria-invalid, aria-expanded or open, an alt or label empty or not) and
 * only the names of the others — with viewport, scripting and hover/focus. So the same listing
 * filtered another way, or another product on the same template, is not checked twice, while a
 * field in error, an open dialog, a new kind of control or colour (a class) is. Scripting is not
 * part of it: the no-JS mirror is a scripted page too, so the server's markup, checked once with
 * JavaScript (its hydrated copy, where nothing was hovered or focused and no island changed it),
 * is not checked again without. Both workers share the record (A11Y_CACHE_DIR, emptied by
 * scripts/e2e-server.mjs when the run starts).
 */
export async function expectAccessible(page: Page, { knownViolations = [] }: AccessibilityOptions = {}) {
  const scripted = scriptsRun();
  // A page still updating (a listing dimmed while its next results load) is not the page yet.
  if (scripted) await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const html = withoutScripts(await page.content());
  // What the markup does not show: hover and focus (they open menus).
  const hoverAndFocus = scripted
    ? await page.evaluate(() => Array.from(document.querySelectorAll(":hover, :focus-within"), (e) => `${e.tagName}#${e.id}.${e.className}`).join("|"))
    : null;
  const key = createHash("sha1")
    .update(JSON.stringify([page.viewportSize(), knownViolations, hoverAndFocus ?? "", markupShapes(html)]))
    .digest("hex");
  const record = `${A11Y_CACHE_DIR}/${key}`;
  if (fs.existsSync(record)) return;

  const target = scripted ? page : await mirror(page, html);
  if (scripted) await holdAnimations(page);
  let blocking: Array<{ id: string; impact: string; help: string; targets: string[] }>;
  try {
    // axe-core's source (half a megabyte) is evaluated once per document, and axe runs in the
    // page with only what fails coming back: serialising every result (as @axe-core/playwright's
    // builder did) cost as much as the analysis. One frame, no cross-origin iframes.
    if (!(await target.evaluate(() => typeof (window as { axe?: unknown }).axe === "object"))) await target.evaluate(axe.source);
    blocking = await target.evaluate(
      async ({ tags, known }) => {
        const { axe: page } = window as unknown as { axe: typeof axe };
        // Only violations are reported, so axe need not collect every passing node.
        const results = await page.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
        return results.violations
          .filter((v) => (v.impact === "serious" || v.impact === "critical") && !known.includes(v.id))
          .map((v) => ({ id: v.id, impact: String(v.impact), help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
      },
      { tags: WCAG_TAGS, known: knownViolations },
    );
  } finally {
    if (scripted) await releaseAnimations(page);
  }
  const report = blocking.map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.targets.map((t) => `      ${t}`).join("\n")}`).join("\n");
  expect(blocking.map((v) => v.id), `Accessibility violations on ${page.url()}:\n${report}`).toEqual([]);
  fs.mkdirSync(A11Y_CACHE_DIR, { recursive: true });
  fs.writeFileSync(record, page.url());
}

/** Attributes whose values decide axe's verdict (a contrast by its class, a control by its type and state). */
const JUDGED_ATTRIBUTES = new Set(["class", "role", "type", "name", "lang", "dir", "open", "disabled", "hidden", "tabindex", "scope", "colspan", "rowspan", "headers", "autocomplete", "rel", "target"]);
/** Attributes judged by being empty or not (a name, a text alternative). */
const PRESENCE_ATTRIBUTES = new Set(["alt", "aria-label", "aria-labelledby", "aria-describedby", "title", "for", "id", "href", "value", "placeholder"]);

/** The page's title and the set of its element shapes (see expectAccessible): its text and repeats left out. */
function markupShapes(html: string): string[] {
  const shapes = new Set<string>([html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? ""]);
  for (const [, tag, attributes] of html.matchAll(/<([a-zA-Z][\w-]*)\b([^>]*)>/g)) {
    const parts = [tag.toLowerCase()];
    for (const [, rawName, value = ""] of attributes.matchAll(/([^\s=/"']+)(?:\s*=\s*"([^"]*)")?/g)) {
      const name = rawName.toLowerCase();
      // Data attributes are the app's own bookkeeping (data-hydrated, data-discover), never axe's.
      if (name.startsWith("data-")) continue;
      if (JUDGED_ATTRIBUTES.has(name) || (name.startsWith("aria-") && !PRESENCE_ATTRIBUTES.has(name))) parts.push(`${name}=${value}`);
      else if (PRESENCE_ATTRIBUTES.has(name)) parts.push(`${name}${value.trim() ? "+" : "-"}`);
      else parts.push(name);
    }
    shapes.add(parts.sort().join(" "));
  }
  return [...shapes].sort();
}

type HeldWindow = Window & { __heldAnimations?: Animation[] };

/** Finishes the page's finite animations and pauses those still in their delay (see expectAccessible). */
function holdAnimations(page: Page): Promise<void> {
  return page.evaluate(() => {
    const held: Animation[] = [];
    for (const animation of document.getAnimations()) {
      const timing = animation.effect?.getComputedTiming();
      if (animation.playState !== "running" || !timing || !Number.isFinite(Number(timing.endTime))) continue;
      if (Number(animation.currentTime ?? 0) < Number(animation.effect?.getTiming().delay ?? 0)) {
        animation.pause();
        held.push(animation);
      } else {
        animation.finish();
      }
    }
    (window as HeldWindow).__heldAnimations = held;
  });
}

function releaseAnimations(page: Page): Promise<void> {
  return page
    .evaluate(() => {
      for (const animation of (window as HeldWindow).__heldAnimations ?? []) animation.play();
      (window as HeldWindow).__heldAnimations = [];
    })
    .catch(() => undefined);
}

/** The document without its scripts and module preloads: what the no-JS mirror shows. */
function withoutScripts(rendered: string): string {
  return rendered
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

const AT_REST = "<style>*,*::before,*::after{animation:none!important;transition:none!important}</style>";
const mirrorContexts = new WeakMap<Browser, Promise<BrowserContext>>();
let lastMirror: Page | null = null;
/** The document the next mirror shows (a worker checks one page at a time). */
let mirrorHtml = "";

/**
 * The no-JS mirror of the page, showing `html`: a fresh scripted page of the shop's origin (so
 * that its styles and fonts load) that loads no scripts or images (axe reads the markup of
 * images, not their pixels); hover and focus are not carried over. The context is kept for the
 * worker's life (one per check costs more than the checks); the page is new for each check, as
 * a reused one carried the last document's scroll and layout into axe's contrast readings.
 */
async function mirror(page: Page, html: string): Promise<Page> {
  const browser = page.context().browser();
  if (!browser) throw new Error("expectAccessible: the page has no browser");
  let pending = mirrorContexts.get(browser);
  if (!pending) {
    pending = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true, baseURL: new URL(page.url()).origin });
      await context.route("**/*", (route) => (["script", "image"].includes(route.request().resourceType()) ? route.abort() : route.continue()));
      // The mirror's document, served at an address of the shop's origin: one navigation to a
      // fresh document (a /healthz visit and then setContent cost 200 ms more per check).
      await context.route("**/__a11y-mirror", (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: mirrorHtml }));
      return context;
    })();
    mirrorContexts.set(browser, pending);
  }
  await lastMirror?.close().catch(() => undefined);
  const copy = await (await pending).newPage();
  lastMirror = copy;
  await copy.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  mirrorHtml = html.replace(/<\/head>/i, `${AT_REST}</head>`);
  await copy.goto("/__a11y-mirror", { waitUntil: "load" });
  return copy;
}

/** Opens a path, checks its status, waits for hydration when JavaScript runs, then checks accessibility. */
export async function visit(page: Page, path: string, { status = 200, ...a11y }: { status?: number } & AccessibilityOptions = {}) {
  const response = await page.goto(path);
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response!.status(), `status of ${path}`).toBe(status);
  await waitForHydration(page);
  await expectAccessible(page, a11y);
  return response!;
}

/**
 * With JavaScript, waits until React has hydrated the page (the root marks <html
 * data-hydrated="true"> in an effect); without JavaScript the page is ready once loaded. (The
 * footer's newsletter form stays the server's plain form until the shopper first uses it: see
 * activateFooterNewsletter in newsletter.spec.ts.) Bounded by the test's timeout.
 */
export async function waitForHydration(page: Page) {
  await page.waitForLoadState("load");
  if (!scriptsRun()) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * After a click that navigates: waits for the navigation to reach the URL (a client-side one, or
 * a full document load after a form post or a redirect to the other host), then for hydration,
 * and checks accessibility. The wait follows the navigation, so a slow machine only makes it
 * later, never a failure.
 */
export async function arrived(page: Page, url: string | RegExp, a11y: AccessibilityOptions = {}) {
  // A string is an exact address (as in toHaveURL), not a glob.
  const expected = typeof url === "string" ? new URL(url, test.info().project.use.baseURL).href : null;
  await page.waitForURL(expected ? (current) => current.href === expected : (url as RegExp));
  await waitForHydration(page);
  await expectAccessible(page, a11y);
}
