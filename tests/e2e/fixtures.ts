import { createHash } from "node:crypto";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { type Browser, type Page, test as base, expect } from "@playwright/test";
import { A11Y_CACHE_DIR } from "./e2e-env";

export { expect };

const octet = () => Math.floor(Math.random() * 254) + 1;

export interface E2EFixtures {
  /**
   * This test's own client address. The server trusts X-Forwarded-For from loopback and
   * rate-limits the newsletter per address (8 per 10 minutes), so tests must never share one.
   */
  clientIp: string;
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
 * Chromium cannot evaluate scripts in a page whose JavaScript is disabled, so in the no-JS
 * project axe runs on a mirror: the same document (as rendered now, scripts removed) in a
 * scripted page of the same size, with the app's own styles and fonts.
 *
 * A document found clean once in this run is not analysed again: the key covers the markup
 * (which names the fingerprinted CSS), viewport, scripting, hover/focus and reduced motion, and
 * axe's verdict depends on nothing else. Both workers share the record (A11Y_CACHE_DIR, emptied
 * by scripts/e2e-server.mjs when the run starts).
 */
export async function expectAccessible(page: Page, { knownViolations = [] }: AccessibilityOptions = {}) {
  const scripted = scriptsRun();
  const html = await page.content();
  // What the markup does not show: hover and focus (they open menus), reduced motion.
  const state = scripted
    ? await page.evaluate(() => [
        Array.from(document.querySelectorAll(":hover, :focus-within"), (e) => `${e.tagName}#${e.id}.${e.className}`).join("|"),
        matchMedia("(prefers-reduced-motion: reduce)").matches,
      ])
    : null;
  const key = createHash("sha1")
    .update(JSON.stringify([scripted, page.viewportSize(), knownViolations, state, html]))
    .digest("hex");
  const record = `${A11Y_CACHE_DIR}/${key}`;
  if (fs.existsSync(record)) return;

  const target = scripted ? page : await mirrorWithoutScripts(page, html);
  // Colours mid-animation (a fade-in, a menu panel's transition) are not the page's colours.
  await target.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // AxeBuilder evaluates the axe-core source (half a megabyte) twice per analysis; inject it
  // once per document instead and hand the builder an empty source.
  if (!(await target.evaluate(() => typeof (window as { axe?: unknown }).axe === "object"))) await target.evaluate(axe.source);
  const results = await new AxeBuilder({ page: target, axeSource: ";" })
    .withTags(WCAG_TAGS)
    // One frame, no cross-origin iframes: the single-pass run needs no helper page.
    .setLegacyMode(true)
    // Only violations are reported, so axe need not collect every passing node.
    .options({ resultTypes: ["violations"] })
    .analyze();
  const blocking = results.violations.filter(
    (v) => (v.impact === "serious" || v.impact === "critical") && !knownViolations.includes(v.id),
  );
  const report = blocking
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `      ${n.target.join(" ")}`).join("\n")}`)
    .join("\n");
  expect(blocking.map((v) => v.id), `Accessibility violations on ${page.url()}:\n${report}`).toEqual([]);
  fs.mkdirSync(A11Y_CACHE_DIR, { recursive: true });
  fs.writeFileSync(record, page.url());
}

const mirrors = new WeakMap<Browser, Promise<Page>>();

/**
 * The no-JS document, copied into a scripted page of the shop's origin (so that its styles and
 * fonts load), without scripts or images; hover and focus are not carried over. One mirror page
 * per browser, kept for the worker's life (a context per check costs more than the checks);
 * document.write keeps its window, so axe is injected once.
 */
async function mirrorWithoutScripts(page: Page, rendered: string): Promise<Page> {
  const browser = page.context().browser();
  if (!browser) throw new Error("expectAccessible: the page has no browser");
  let mirror = mirrors.get(browser);
  if (!mirror || (await mirror).isClosed()) {
    mirror = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true, baseURL: new URL(page.url()).origin });
      const copy = await context.newPage();
      // No scripts, as in the real page; no images either (axe reads their markup, not pixels).
      await copy.route("**/*", (route) => (["script", "image"].includes(route.request().resourceType()) ? route.abort() : route.continue()));
      await copy.goto("/healthz");
      return copy;
    })();
    mirrors.set(browser, mirror);
  }
  const copy = await mirror;
  const html = rendered.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  await copy.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await copy.setContent(html, { waitUntil: "load" });
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
