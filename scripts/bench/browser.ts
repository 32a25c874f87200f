// The JavaScript a real browser fetches: Chromium (the same binary and launch arguments as the
// end-to-end tests) opens each page in a fresh context, without any interaction, and every
// script response until the network has been idle is counted: the preloaded modules, and also
// whatever loads after hydration (dynamic imports, lazily loaded islands). The static count in
// preload.ts cannot see those.
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../../tests/e2e/e2e-env";

export interface FetchedScript {
  path: string;
  rawBytes: number;
  /** gzip level 9 of the body, as preload.ts measures it. */
  gzipBytes: number;
}

export interface FetchedJs {
  files: FetchedScript[];
  rawBytes: number;
  gzipBytes: number;
  /** Content-Security-Policy violations the page reported (console and securitypolicyviolation). */
  cspViolations: string[];
  /** Script URLs on another origin: listed, not counted. */
  external: string[];
}


export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** Opens the page like a first-time visitor and sums the scripts it fetched until network idle. */
export async function measureFetchedJs(browser: Browser, pageUrl: string, cookie?: string, timeoutMs = 60_000): Promise<FetchedJs> {
  const origin = new URL(pageUrl).origin;
  const context: BrowserContext = await browser.newContext({ serviceWorkers: "block" });
  if (cookie) {
    const at = cookie.indexOf("=");
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: origin }]);
  }
  try {
    const page = await context.newPage();
    // A first-time visitor: nothing from the HTTP cache. Chromium may otherwise answer a script an
    // earlier context of the same browser fetched from its memory cache, and the page counts 0 KiB.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const cspViolations: string[] = [];
    const pending: Promise<void>[] = [];
    const seen = new Map<string, FetchedScript>();
    const external = new Set<string>();
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.warn(`Content-Security-Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const url = new URL(response.url());
      if (url.origin !== origin) {
        external.add(url.href);
        return;
      }
      const key = url.pathname + url.search;
      if (seen.has(key)) return;
      // Playwright hands over the decoded body; gzip it like preload.ts so the figures compare.
      seen.set(key, { path: key, rawBytes: 0, gzipBytes: 0 });
      pending.push(
        response.body().then((body) => {
          seen.set(key, { path: key, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    const answer = await page.goto(pageUrl, { waitUntil: "networkidle", timeout: timeoutMs });
    if (!answer || answer.status() !== 200) throw new Error(`${new URL(pageUrl).pathname} answered ${answer?.status() ?? "nothing"} in the browser`);
    // Bodies still arriving when the network went idle: wait for them (and for any they start).
    for (let settled = 0; settled < pending.length; ) {
      const batch = pending.slice(settled);
      settled = pending.length;
      await Promise.all(batch);
    }
    const files = [...seen.values()];
    return {
      files,
      rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      cspViolations,
      external: [...external],
    };
  } finally {
    await context.close();
  }
}
