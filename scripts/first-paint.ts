// `npm run first-paint [-- --dir PROJECT] [--runs 3] [--lighthouse]`: how fast the public pages
// paint and hydrate on a slow phone, measured in the real (headless) Chromium under Lighthouse's
// own "slow 4G" conditions (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower),
// with the main thread's blocking time after the first paint (Long Animation Frames), and
// optionally Lighthouse 12's mobile scores for the same pages (fetched with npx, not a dependency
// of the shop). Medians of `--runs` runs per page. `--dir` measures another checkout's
// build (for a before/after on one machine at one time). Figures: docs/performance.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Browser } from "@playwright/test";
import { sessionWithBag } from "./bench/bag";
import { launchBrowser } from "./bench/browser";
import { checkoutSession } from "./bench/orders";
import { ServerProcess, freePort } from "./bench/server";

const LIGHTHOUSE = "lighthouse@12.8.2";
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

interface Target {
  name: string;
  path: string;
  cookie?: (server: ServerProcess, databaseFile: string) => Promise<string>;
}

const TARGETS: Target[] = [
  { name: "home", path: "/" },
  { name: "listing", path: "/categories/donna" },
  { name: "product", path: "/products/cardigan-in-cashmere" },
  { name: "bag", path: "/cart", cookie: (server, file) => sessionWithBag(server.url, file, 3) },
  { name: "payment", path: "/checkout/payment", cookie: (server, file) => checkoutSession(server.url, { kind: "sqlite", file }, "payment") },
];

interface BrowserFigure {
  fcp: number;
  lcp: number;
  hydrated: number | null;
  /**
   * Main-thread blocking after the first paint: the blocking time of the Long Animation Frames
   * that start after it, summed (Chromium's own measure; Lighthouse's TBT also counts the part
   * of a task that straddles the first paint).
   */
  blocking: number;
  scripts: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measureInBrowser(browser: Browser, url: string, cookie?: string): Promise<BrowserFigure> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    if (cookie) {
      const at = cookie.indexOf("=");
      await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    let scripts = 0;
    page.on("request", (request) => void (request.resourceType() === "script" && scripts++));
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      const frames: { start: number; blocking: number }[] = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { blockingDuration: number })[]) frames.push({ start: entry.startTime, blocking: entry.blockingDuration });
      }).observe({ type: "long-animation-frame", buffered: true });
      // On the document: the <html> element does not exist yet when this runs.
      new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated && marks.hydrated === undefined) marks.hydrated = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // Hydration ends after load on a slow phone: wait for its mark (or give up after 20 s).
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 20_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    const figures = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
      const frames = (window as unknown as { __frames: { start: number; blocking: number }[] }).__frames;
      const blocking = frames.filter((frame) => frame.start >= fcp).reduce((sum, frame) => sum + frame.blocking, 0);
      return { fcp, lcp: marks.lcp ?? Number.NaN, hydrated: marks.hydrated ?? null, blocking };
    });
    return { ...figures, scripts };
  } finally {
    await context.close();
  }
}

interface LighthouseFigure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function runLighthouse(url: string, cookie: string | undefined, chromium: string): Promise<LighthouseFigure> {
  const output = path.join(os.tmpdir(), `bottega-lighthouse-${process.pid}.json`);
  const args = [
    "--yes",
    LIGHTHOUSE,
    url,
    "--form-factor=mobile",
    "--only-categories=performance,accessibility,best-practices,seo",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    "--output=json",
    `--output-path=${output}`,
    "--quiet",
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  // Lighthouse now and then fails to record its trace (NO_NAVSTART): up to three tries, whatever
  // the failure, before giving up.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)("npx", args, { env: { ...process.env, CHROME_PATH: chromium }, maxBuffer: 64 * 1024 * 1024 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const report = JSON.parse(fs.readFileSync(output, "utf8")) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number }>;
  };
  fs.rmSync(output, { force: true });
  const score = (name: string) => Math.round(report.categories[name].score * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: report.audits["first-contentful-paint"].numericValue,
    lcp: report.audits["largest-contentful-paint"].numericValue,
    tbt: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
  };
}

async function main() {
  const { values } = parseArgs({
    options: { dir: { type: "string" }, runs: { type: "string", default: "3" }, lighthouse: { type: "boolean", default: false } },
  });
  const dir = path.resolve(values.dir ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const runs = Math.max(1, Number(values.runs));
  if (!fs.existsSync(path.join(dir, "build", "server.js"))) throw new Error(`no build in ${dir}: run npm run build there first`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-first-paint-"));
  const databaseFile = path.join(scratch, "shop.sqlite");
  const server = ServerProcess.start({ dir, port: await freePort(), databaseFile });
  process.on("SIGINT", () => server.killNow());
  const browser = await launchBrowser();
  try {
    await server.waitHealthy(120_000);
    console.log(`${dir}: median of ${runs} runs per page; slow 4G (150 ms, 1.6 Mbit/s), CPU ×${CPU_SLOWDOWN}`);
    console.log("page       FCP ms  LCP ms  hydrated ms  blocking ms  scripts" + (values.lighthouse ? "  | LH perf  a11y  BP  SEO  FCP ms  LCP ms  TBT ms  CLS" : ""));
    for (const target of TARGETS) {
      const cookie = target.cookie ? await target.cookie(server, databaseFile) : undefined;
      const url = server.url + target.path;
      const figures: BrowserFigure[] = [];
      for (let run = 0; run < runs; run++) figures.push(await measureInBrowser(browser, url, cookie));
      let line = [
        target.name.padEnd(9),
        median(figures.map((f) => f.fcp)).toFixed(0).padStart(7),
        median(figures.map((f) => f.lcp)).toFixed(0).padStart(7),
        (figures.every((f) => f.hydrated !== null) ? median(figures.map((f) => f.hydrated!)).toFixed(0) : "never").padStart(12),
        median(figures.map((f) => f.blocking)).toFixed(0).padStart(12),
        String(median(figures.map((f) => f.scripts))).padStart(8),
      ].join(" ");
      if (values.lighthouse) {
        const reports: LighthouseFigure[] = [];
        for (let run = 0; run < runs; run++) reports.push(await runLighthouse(url, cookie, "/usr/bin/chromium"));
        const m = (key: keyof LighthouseFigure) => median(reports.map((r) => r[key]));
        line += `  | ${String(m("performance")).padStart(7)} ${String(m("accessibility")).padStart(5)} ${String(m("bestPractices")).padStart(3)} ${String(m("seo")).padStart(4)} ${m("fcp").toFixed(0).padStart(7)} ${m("lcp").toFixed(0).padStart(7)} ${m("tbt").toFixed(0).padStart(7)} ${m("cls").toFixed(3).padStart(5)}`;
        line += `  (perf runs: ${reports.map((r) => r.performance).join("/")})`;
      }
      console.log(line);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
