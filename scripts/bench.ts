// `npm run bench`: builds, starts the production server on a fresh SQLite database, measures every
// page of scripts/bench/pages.ts side by side with autocannon (requests/s, p50, p99, and the
// server's CPU time per request, as ratios to the bare control route) and the JavaScript each
// page preloads, prints a table, and exits 1 when a budget or a floor is violated or any request
// failed (2 when the benchmark itself could not run). See docs/performance.md.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createBenchAccounts, loginRequests } from "./bench/account";
import { ATELIER_CONNECTIONS, type AtelierResult, atelierTable, measureAtelier } from "./bench/atelier";
import { addToBagForm, sessionWithBag } from "./bench/bag";
import { type ImageResult, addBenchPhotograph, imageLine, measureImageVariant } from "./bench/image";
import { type PlaceOrderFigure, checkoutSession, measurePlaceOrder } from "./bench/orders";
import { httpGet } from "./bench/http";
import {
  type CpuAccount,
  type Failures,
  type WindowResult,
  addFailures,
  concatSorted,
  emptyFailures,
  failureCount,
  percentile,
  runWindow,
} from "./bench/load";
import { PAGES, type PageEntry } from "./bench/pages";
import { type FetchedJs, launchBrowser, measureFetchedJs } from "./bench/browser";
import { type PreloadedJs, measurePreloadedJs } from "./bench/preload";
import { type Align, type MachineInfo, fixed, kib, machineInfo, table } from "./bench/report";
import { runScaleBenchmark } from "./bench/scale";
import { runSearchBenchmark } from "./bench/search";
import { ServerProcess, build, freePort, snapshotBuild, withScratchPostgres } from "./bench/server";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** What current Chrome sends; the server's compression middleware then answers with Brotli. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

interface Options {
  build: boolean;
  duration: number;
  connections: number;
  rounds: number;
  warmup: number;
  encoding: string;
  json?: string;
  /** Compare the catalogue's pages at the demo's size and grown to this many products. */
  products?: number;
  /** Only Atelier's pages with 100 000 orders. */
  atelierOnly: boolean;
  /** Only a photograph's variant served from disk. */
  imageOnly: boolean;
  /** Only the search's latency, in process, at --products (100 000 by default). */
  searchOnly: boolean;
}

const USAGE = `Usage: npm run bench -- [options]

  --skip-build         reuse build/ instead of running \`npm run build\`
  --duration <s>       seconds per measured window (default 10); each page gets --rounds windows
  --connections <n>    concurrent connections (default 10)
  --rounds <n>         interleaved rounds per page (default 2; order alternates ABBA)
  --warmup <s>         total warm-up seconds before the first round, shared by the pages in
                       two interleaved passes (default 12)
  --encoding <value>   Accept-Encoding of the load (default "${BROWSER_ACCEPT_ENCODING}", like a browser;
                       "identity" measures without compression)
  --products <n>       instead of every page: the catalogue's pages (listing, a deep page, filtered
                       and sorted, product, search, sitemaps, home) on the demo catalogue and
                       grown to n products, on SQLite and on PostgreSQL when BENCH_POSTGRES_URL
                       (or TEST_POSTGRES_URL) is set; reports how each ratio changes with size
  --atelier-only       only Atelier's dashboard, order list and search with 100 000 orders, signed in as staff
  --image-only         only a photograph's variant served from disk (the product page's photograph)
  --search-only        only the search's latency (p50, p99 of distinct uncached queries and of the
                       suggestions) at --products n (default 100 000), in process, on SQLite and on
                       PostgreSQL when BENCH_POSTGRES_URL (or TEST_POSTGRES_URL) is set; no build
  --json <file>        also write the results as JSON
  -h, --help           this text`;

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      "skip-build": { type: "boolean", default: false },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      rounds: { type: "string", default: "2" },
      warmup: { type: "string", default: "12" },
      encoding: { type: "string", default: BROWSER_ACCEPT_ENCODING },
      json: { type: "string" },
      products: { type: "string" },
      "atelier-only": { type: "boolean", default: false },
      "image-only": { type: "boolean", default: false },
      "search-only": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, raw: string, min: number, integer: boolean) => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
      throw new UsageError(`--${name} must be ${integer ? "an integer" : "a number"} ≥ ${min} (got "${raw}")`);
    }
    return value;
  };
  return {
    build: !values["skip-build"],
    duration: number("duration", values.duration, 1, true),
    connections: number("connections", values.connections, 1, true),
    rounds: number("rounds", values.rounds, 1, true),
    warmup: number("warmup", values.warmup, 0, true),
    encoding: values.encoding,
    json: values.json,
    products: values.products === undefined ? undefined : number("products", values.products, 93, true),
    atelierOnly: values["atelier-only"],
    imageOnly: values["image-only"],
    searchOnly: values["search-only"],
  };
}

class UsageError extends Error {}

function checkPages(pages: PageEntry[]): PageEntry {
  const controls = pages.filter((p) => p.control);
  if (controls.length !== 1) throw new UsageError(`scripts/bench/pages.ts needs exactly one control entry (found ${controls.length})`);
  const names = new Set<string>();
  for (const page of pages) {
    if (names.has(page.name)) throw new UsageError(`scripts/bench/pages.ts: duplicate page name "${page.name}"`);
    names.add(page.name);
    if (!page.path.startsWith("/")) throw new UsageError(`scripts/bench/pages.ts: the path of "${page.name}" must start with /`);
  }
  return controls[0];
}

interface PageResult {
  page: PageEntry;
  /** Why the page could not be measured at all (bad status, not HTML). */
  error?: string;
  /** Why its preloaded JavaScript could not be measured (e.g. a preload that answers 404). */
  jsError?: string;
  /** Every script a real browser fetched until the network was idle, without interaction. */
  fetched?: FetchedJs;
  fetchedError?: string;
  html?: { bytes: number; wireBytes: number; contentEncoding: string; setsCookie: boolean };
  js?: PreloadedJs;
  /** The request headers of this page (the bag's session cookie where it needs one). */
  headers: Record<string, string>;
  /** An action's form body (then each request is a POST). */
  body?: string;
  /** For actions whose every request differs (the login: the next account from the next address). */
  nextRequest?: () => { body: string; headers: Record<string, string> };
  warmups: WindowResult[];
  rounds: WindowResult[];
  failures: Failures;
  requestsPerSecond?: number;
  p50?: number;
  p99?: number;
  /** (max - min) / mean of the rounds' requests/s. */
  spread?: number;
  cpu?: CpuAccount;
  /** The server's CPU seconds per answered request, over all rounds (null off Linux). */
  cpuPerRequest?: number;
  /** (max - min) / mean of the rounds' CPU time per request. */
  cpuSpread?: number;
  ratio?: number;
  p99Ratio?: number;
  /** A cached entry's requests/s ÷ the rendered entry's of the same path. */
  speedup?: number;
  /** The rendered entry's server CPU time per request ÷ the cached entry's. */
  cpuSpeedup?: number;
  /** CPU time per request ÷ the control's: what the page costs the server, steadier than `ratio`. */
  cpuRatio?: number;
  violations: string[];
  warnings: string[];
}

const log = (line = "") => console.log(line);
const ms = (value: number | undefined) => fixed(value, 1);

/** The server's CPU seconds per 2xx answer of these windows; undefined when not measurable. */
function cpuPerRequest(windows: WindowResult[]): number | undefined {
  if (!windows.length || windows.some((w) => w.serverCpuSeconds === null)) return undefined;
  const completed = windows.reduce((s, w) => s + w.completed, 0);
  return completed ? windows.reduce((s, w) => s + w.serverCpuSeconds!, 0) / completed : undefined;
}

function describeWindow(label: string, page: PageEntry, result: WindowResult): string {
  const sorted = concatSorted([result.latencies]);
  const failed = failureCount(result.failures);
  const cpu = result.cpu;
  const cpuText =
    cpu.server === null
      ? `machine ${fixed(cpu.machine, 2)} cores busy`
      : `cpu (cores): server ${fixed(cpu.server, 2)}, autocannon ${fixed(cpu.loadGenerator, 2)}, other ${fixed(cpu.other, 2)}`;
  return (
    `  ${label.padEnd(11)} ${page.name.padEnd(14)} ${fixed(result.requestsPerSecond, 1).padStart(8)} req/s` +
    `  ${ms(toMs(cpuPerRequest([result]))).padStart(5)} ms CPU/req` +
    `  p50 ${ms(percentile(sorted, 50)).padStart(6)} ms  p99 ${ms(percentile(sorted, 99)).padStart(6)} ms  ${cpuText}` +
    (failed ? `  ${failed} FAILED` : "")
  );
}

function meanCpu(windows: WindowResult[]): CpuAccount {
  const mean = (pick: (c: CpuAccount) => number | null) => {
    const values = windows.map((w) => pick(w.cpu));
    return values.some((v) => v === null) ? null : (values as number[]).reduce((s, v) => s + v, 0) / values.length;
  };
  return {
    server: mean((c) => c.server),
    loadGenerator: mean((c) => c.loadGenerator) ?? 0,
    other: mean((c) => c.other),
    machine: mean((c) => c.machine) ?? 0,
  };
}

function summarize(result: PageResult) {
  const rounds = result.rounds;
  if (!rounds.length) return;
  const completed = rounds.reduce((s, r) => s + r.completed, 0);
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  result.requestsPerSecond = completed / seconds;
  const sorted = concatSorted(rounds.map((r) => r.latencies));
  result.p50 = percentile(sorted, 50);
  result.p99 = percentile(sorted, 99);
  const rates = rounds.map((r) => r.requestsPerSecond);
  result.spread = (Math.max(...rates) - Math.min(...rates)) / result.requestsPerSecond;
  result.cpu = meanCpu(rounds);
  result.cpuPerRequest = cpuPerRequest(rounds);
  const costs = rounds.map((r) => cpuPerRequest([r]));
  if (result.cpuPerRequest !== undefined && costs.every((c) => c !== undefined)) {
    result.cpuSpread = (Math.max(...(costs as number[])) - Math.min(...(costs as number[]))) / result.cpuPerRequest;
  }
}

function evaluate(result: PageResult, control: PageResult, results: PageResult[]) {
  const { page } = result;
  if (result.error) result.violations.push(result.error);
  if (result.jsError) result.violations.push(result.jsError);
  if (result.fetchedError) result.violations.push(result.fetchedError);
  if (result.fetched?.cspViolations.length) {
    result.violations.push(`the browser reported ${result.fetched.cspViolations.length} Content-Security-Policy violation(s): ${result.fetched.cspViolations.join("; ")}`);
  }
  const failed = failureCount(result.failures);
  if (failed) {
    const f = result.failures;
    const statuses = Object.entries(f.statuses).map(([s, n]) => `${n}× ${s}`).join(", ");
    result.violations.push(
      `${failed} failed requests (${f.errors} connection errors incl. ${f.timeouts} timeouts, ${f.non2xx} non-2xx${statuses ? `: ${statuses}` : ""}, ${f.resets} resets)`,
    );
  }
  if (result.requestsPerSecond !== undefined && control.requestsPerSecond) {
    result.ratio = result.requestsPerSecond / control.requestsPerSecond;
    if (result.p99 !== undefined && control.p99) result.p99Ratio = result.p99 / control.p99;
  }
  if (result.cpuPerRequest !== undefined && control.cpuPerRequest) result.cpuRatio = result.cpuPerRequest / control.cpuPerRequest;
  if (page.jsBudgetKiB !== undefined) {
    if (result.js && result.js.gzipBytes > page.jsBudgetKiB * 1024) {
      result.violations.push(`preloads ${fixed(kib(result.js.gzipBytes), 1)} KiB of gzipped JavaScript, budget ${page.jsBudgetKiB} KiB`);
    }
    if (result.fetched && result.fetched.gzipBytes > page.jsBudgetKiB * 1024) {
      const extra = result.js ? result.fetched.files.filter((f) => !result.js!.files.some((p) => p.path === f.path)).map((f) => f.path) : [];
      result.violations.push(
        `a browser fetched ${fixed(kib(result.fetched.gzipBytes), 1)} KiB of gzipped JavaScript until idle, budget ${page.jsBudgetKiB} KiB` +
          (extra.length ? ` (not preloaded: ${extra.join(", ")})` : ""),
      );
    }
  }
  if (page.minSpeedup !== undefined) {
    const rendered = results.find((r) => r.page.path === page.path && !r.page.cached);
    if (result.requestsPerSecond !== undefined && rendered?.requestsPerSecond) result.speedup = result.requestsPerSecond / rendered.requestsPerSecond;
    const [cached, slow] = [result.cpuPerRequest, rendered?.cpuPerRequest];
    if (cached && slow) result.cpuSpeedup = slow / cached;
    // On the server's CPU time per request where the machine reports it: far steadier than
    // requests/s when the load generator and other processes share the cores.
    const speedup = result.cpuSpeedup ?? result.speedup;
    if (speedup === undefined) result.violations.push(`speed-up over the rendered page not measured (minimum ${page.minSpeedup}×)`);
    else if (speedup < page.minSpeedup) {
      result.violations.push(`${fixed(speedup, 1)}× the rendered page's ${result.cpuSpeedup ? "server CPU time per request" : "requests/s"}, minimum ${page.minSpeedup}×`);
    }
  }
  if (page.minThroughputRatio !== undefined) {
    if (result.ratio === undefined) result.violations.push(`throughput ratio not measured (minimum ${pct(page.minThroughputRatio)} of control)`);
    else if (result.ratio < page.minThroughputRatio) {
      result.violations.push(`throughput ${pct(result.ratio)} of the control route, minimum ${pct(page.minThroughputRatio)}`);
    }
  }
  if (page.maxCpuRatio !== undefined) {
    if (result.cpuRatio === undefined) result.violations.push(`CPU time per request not measured (maximum ${page.maxCpuRatio}× the control's; it needs /proc)`);
    else if (result.cpuRatio > page.maxCpuRatio) {
      result.violations.push(
        `costs the server ${ms(toMs(result.cpuPerRequest))} ms of CPU per request, ${fixed(result.cpuRatio, 2)}× the control route's, maximum ${page.maxCpuRatio}×`,
      );
    }
  }
  if (result.js?.notPreloaded.length) {
    result.warnings.push(`imports JavaScript it does not preload (counted; a request waterfall): ${result.js.notPreloaded.join(", ")}`);
  }
  if (result.js?.external.length) result.warnings.push(`loads scripts from other origins (not counted): ${result.js.external.join(", ")}`);
  if (result.html?.setsCookie) result.warnings.push("sets a cookie on a plain GET without a session (browsing should create no session)");
  if (result.spread !== undefined && result.spread > 0.1) {
    result.warnings.push(`requests/s varied by ${pct(result.spread)} between rounds: noisy, run again or lengthen --duration`);
  }
  if (result.cpuSpread !== undefined && result.cpuSpread > 0.1) {
    result.warnings.push(`CPU time per request varied by ${pct(result.cpuSpread)} between rounds: the machine was busy, run again`);
  }
}

const pct = (ratio: number) => `${Math.round(ratio * 100)} %`;
const toMs = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

function budgetText(page: PageEntry): string {
  const parts: string[] = [];
  if (page.jsBudgetKiB !== undefined) parts.push(`JS ≤ ${page.jsBudgetKiB} KiB`);
  if (page.minThroughputRatio !== undefined) parts.push(`≥ ${pct(page.minThroughputRatio)} ctrl`);
  if (page.minSpeedup !== undefined) parts.push(`≥ ${page.minSpeedup}× rendered`);
  if (page.maxCpuRatio !== undefined) parts.push(`CPU ≤ ${page.maxCpuRatio}× ctrl`);
  return parts.join(", ") || "—";
}

/** The results table's columns, in order: a column is its header, its alignment and its cell. */
const RESULT_COLUMNS: { header: string; align: Align; cell: (r: PageResult) => string }[] = [
  { header: "page", align: "left", cell: (r) => (r.page.control ? `${r.page.name} *` : r.page.name) },
  { header: "path", align: "left", cell: (r) => r.page.path },
  { header: "req/s", align: "right", cell: (r) => fixed(r.requestsPerSecond, 0) },
  { header: "ratio", align: "right", cell: (r) => fixed(r.ratio, 2) },
  { header: "CPU ms/req", align: "right", cell: (r) => fixed(toMs(r.cpuPerRequest), 2) },
  { header: "CPU ratio", align: "right", cell: (r) => fixed(r.cpuRatio, 2) },
  { header: "p50 ms", align: "right", cell: (r) => ms(r.p50) },
  { header: "p99 ms", align: "right", cell: (r) => ms(r.p99) },
  { header: "p99 ratio", align: "right", cell: (r) => fixed(r.p99Ratio, 2) },
  { header: "JS gz KiB", align: "right", cell: (r) => (r.js ? fixed(kib(r.js.gzipBytes), 1) : "—") },
  { header: "fetched gz KiB", align: "right", cell: (r) => (r.fetched ? fixed(kib(r.fetched.gzipBytes), 1) : "—") },
  { header: "JS raw KiB", align: "right", cell: (r) => (r.js ? fixed(kib(r.js.rawBytes), 1) : "—") },
  { header: "budget", align: "left", cell: (r) => budgetText(r.page) },
  { header: "result", align: "left", cell: (r) => (r.violations.length ? "FAIL" : "ok") },
];

function resultsTable(results: PageResult[]): string {
  return table(
    RESULT_COLUMNS.map((c) => c.header),
    results.map((r) => RESULT_COLUMNS.map((c) => c.cell(r))),
    RESULT_COLUMNS.map((c) => c.align),
  );
}

function jsDetails(js: PreloadedJs): string {
  const files = [...js.files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const name = (p: string) => path.basename(p).replace(/-[\w-]{8}\.js$/, "");
  return files.map((f) => `${name(f.path)} ${fixed(kib(f.gzipBytes), 1)}`).join(", ");
}

interface RunSettings extends Options {
  pages: PageEntry[];
}

function toJson(startedAt: Date, machine: MachineInfo, settings: RunSettings, results: PageResult[], passed: boolean, notes: string[]) {
  const round = (v: number | undefined | null, digits = 2) => (v === undefined || v === null ? null : Number(v.toFixed(digits)));
  return {
    date: startedAt.toISOString(),
    machine,
    settings: {
      duration: settings.duration,
      connections: settings.connections,
      rounds: settings.rounds,
      warmup: settings.warmup,
      acceptEncoding: settings.encoding,
      built: settings.build,
    },
    passed,
    notes,
    pages: results.map((r) => ({
      name: r.page.name,
      path: r.page.path,
      control: Boolean(r.page.control),
      jsBudgetKiB: r.page.jsBudgetKiB ?? null,
      minThroughputRatio: r.page.minThroughputRatio ?? null,
      maxCpuRatio: r.page.maxCpuRatio ?? null,
      requestsPerSecond: round(r.requestsPerSecond, 1),
      ratio: round(r.ratio, 3),
      cpuMsPerRequest: round(toMs(r.cpuPerRequest), 3),
      cpuRatio: round(r.cpuRatio, 3),
      cpuSpread: round(r.cpuSpread, 3),
      p50Ms: round(r.p50),
      p99Ms: round(r.p99),
      p99Ratio: round(r.p99Ratio, 3),
      speedup: round(r.speedup, 1),
      cpuSpeedup: round(r.cpuSpeedup, 1),
      spread: round(r.spread, 3),
      cpuCores: r.cpu ? { server: round(r.cpu.server), autocannon: round(r.cpu.loadGenerator), other: round(r.cpu.other) } : null,
      html: r.html ?? null,
      js: r.js
        ? { gzipBytes: r.js.gzipBytes, rawBytes: r.js.rawBytes, gzipKiB: round(kib(r.js.gzipBytes), 1), files: r.js.files, notPreloaded: r.js.notPreloaded }
        : null,
      fetchedJs: r.fetched
        ? { gzipBytes: r.fetched.gzipBytes, rawBytes: r.fetched.rawBytes, gzipKiB: round(kib(r.fetched.gzipBytes), 1), files: r.fetched.files, cspViolations: r.fetched.cspViolations }
        : null,
      rounds: r.rounds.map((w) => ({
        requestsPerSecond: round(w.requestsPerSecond, 1),
        completed: w.completed,
        seconds: w.seconds,
        cpuMsPerRequest: round(toMs(cpuPerRequest([w])), 3),
        p50Ms: round(percentile(concatSorted([w.latencies]), 50)),
        p99Ms: round(percentile(concatSorted([w.latencies]), 99)),
        cpuCores: { server: round(w.cpu.server), autocannon: round(w.cpu.loadGenerator), other: round(w.cpu.other) },
      })),
      failures: r.failures,
      failedRequests: failureCount(r.failures),
      error: r.error ?? null,
      violations: r.violations,
      warnings: r.warnings,
    })),
  };
}

async function main(): Promise<number> {
  const options = parseOptions();
  if (options.searchOnly) {
    const json = options.json ? path.resolve(process.env.INIT_CWD ?? process.cwd(), options.json) : undefined;
    return runSearchBenchmark({ products: options.products ?? 100_000, rounds: options.rounds, json });
  }
  const controlPage = checkPages(PAGES);
  const machine = machineInfo();
  const startedAt = new Date();
  const clock = performance.now();
  // A hard reload (no-cache): every page is rendered, not taken from the anonymous page cache;
  // the `cached` entries leave it out (scripts/bench/pages.ts).
  // A browser's navigation: its Fetch Metadata too (a client without it gets a page of its own, with a form proof: docs/decisions/036).
  const headers: Record<string, string> = {
    "Accept-Encoding": options.encoding,
    Accept: "text/html,application/xhtml+xml",
    "User-Agent": "bottega-bench",
    "Cache-Control": "no-cache",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "none",
    "Sec-Fetch-Dest": "document",
  };
  const { "Cache-Control": _rendered, ...cachedHeaders } = headers;

  log(`Bottega benchmark — ${startedAt.toISOString()}`);
  log(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}`);
  log(
    `Load: ${options.connections} connections, ${options.rounds} interleaved rounds × ${options.duration} s per page after ${options.warmup} s of interleaved warm-up; ` +
      `GET with Accept-Encoding "${options.encoding}", no cookies except on the bag entries; the "add" entry POSTs the add-to-bag form as a fetcher does.`,
  );
  log(
    `Caveat: autocannon runs on this machine and competes with the server for its ${machine.cores} cores; ` +
      "absolute req/s are specific to this machine and this setup, the ratios to the control route are what to compare.",
  );
  const notes: string[] = [];
  // The load average lags by a minute or more; the CPU account of each window is the real check.
  if (machine.loadAverage1m > machine.cores) {
    notes.push(`the machine was busy shortly before the run started (1-minute load average ${machine.loadAverage1m} on ${machine.cores} cores)`);
  }
  log();

  let dir: string | undefined;
  let server: ServerProcess | undefined;
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server.`);
    server?.killNow();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  try {
    if (options.build) {
      process.stdout.write("Building (npm run build)… ");
      log(`done in ${fixed(await build(ROOT), 1)} s.`);
    } else log("Reusing build/ (--skip-build).");
    dir = snapshotBuild(ROOT);
    if (options.products !== undefined) {
      const json = options.json ? path.resolve(process.env.INIT_CWD ?? process.cwd(), options.json) : undefined;
      const code = await runScaleBenchmark(dir, { ...options, products: options.products }, headers, json);
      log(`Done in ${fixed((performance.now() - clock) / 1000, 0)} s.`);
      return code;
    }
    // BENCH_PORT pins the port (e.g. to keep clear of other servers on a shared machine).
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    server = ServerProcess.start({ dir, port, databaseFile: path.join(dir, "bench.sqlite") });
    const readyIn = await server.waitHealthy();
    log(`Server: production build from a snapshot of build/, fresh SQLite database, ${server.url}, ready in ${fixed(readyIn, 1)} s.`);
    log();
    // The product page's product gets a photograph (scripts/bench/image.ts): its budget holds with one.
    const productPage = PAGES.find((page) => page.name === "product");
    let variantPath: string | undefined;
    let image: ImageResult | undefined;
    if (!options.atelierOnly && productPage) {
      try {
        variantPath = await addBenchPhotograph(path.join(dir, "bench.sqlite"), productPage.path);
        log(`A photograph uploaded to ${productPage.path} and processed by the server: ${variantPath}.`);
      } catch (error) {
        image = { failures: emptyFailures(), violations: [`could not be added: ${(error as Error).message}`] };
      }
    }
    if (options.imageOnly) {
      if (variantPath) image = await measureImageVariant(server, variantPath, options, headers);
      log(imageLine(image!));
      for (const violation of image!.violations) log(`FAIL image ${violation}`);
      return image!.violations.length ? 1 : 0;
    }
    if (options.atelierOnly) {
      const atelier = await measureAtelier(server, path.join(dir, "bench.sqlite"), options, headers, log);
      log();
      log(atelierTable(atelier));
      for (const figure of atelier.figures) if (figure.skipped) log(`note: Atelier ${figure.name}: ${figure.skipped}`);
      for (const violation of atelier.violations) log(`FAIL atelier ${violation}`);
      const passed = atelier.violations.length === 0;
      log(`${passed ? "PASS" : "FAIL"} — Atelier in ${fixed((performance.now() - clock) / 1000, 0)} s.`);
      return passed ? 0 : 1;
    }

    // What each page is and what it preloads, before any load.
    const results: PageResult[] = [];
    for (const page of PAGES) {
      const result: PageResult = { page, headers: page.cached ? cachedHeaders : headers, warmups: [], rounds: [], failures: emptyFailures(), violations: [], warnings: [] };
      results.push(result);
      const url = server.url + page.path;
      try {
        if (page.lite) result.headers = { ...headers, Cookie: "bottega_lite=1" };
        if (page.bagLines) result.headers = { ...headers, Cookie: await sessionWithBag(server.url, path.join(dir, "bench.sqlite"), page.bagLines) };
        if (page.checkoutStep) result.headers = { ...headers, Cookie: await checkoutSession(server.url, { kind: "sqlite", file: path.join(dir, "bench.sqlite") }, page.checkoutStep) };
        if (page.action === "login") {
          // A <Form> post with JavaScript: same origin, the answer is route data (a redirect).
          result.nextRequest = loginRequests(await createBenchAccounts(path.join(dir, "bench.sqlite"), 2000));
          result.headers = { ...result.headers, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Accept: "*/*" };
          const first = result.nextRequest();
          const answer = await fetch(url, { method: "POST", headers: { ...result.headers, ...first.headers }, body: first.body, redirect: "manual" });
          if (answer.status >= 300) throw new Error(`POST ${page.path} answers ${answer.status}`);
          continue;
        }
        if (page.action) {
          // A fetcher's post: same origin (the shop refuses others), the answer is route data.
          const form = addToBagForm(path.join(dir, "bench.sqlite"));
          result.headers = { ...result.headers, ...form.headers, Origin: server.url, Accept: "*/*" };
          result.body = form.body;
          const answer = await fetch(url, { method: "POST", headers: result.headers, body: result.body });
          if (answer.status !== 200) throw new Error(`POST ${page.path} answers ${answer.status}`);
          continue;
        }
        const response = await httpGet(url, result.headers);
        const type = String(response.headers["content-type"] ?? "");
        if (response.status !== 200) throw new Error(`GET ${page.path} answers ${response.status}`);
        if (!type.startsWith("text/html")) throw new Error(`GET ${page.path} answers ${type || "no content type"}, not HTML`);
        const html = response.body.toString("utf8");
        result.html = {
          bytes: response.body.length,
          wireBytes: response.wireBytes,
          contentEncoding: String(response.headers["content-encoding"] ?? "identity"),
          setsCookie: response.headers["set-cookie"] !== undefined,
        };
        try {
          result.js = await measurePreloadedJs(url, html);
        } catch (error) {
          result.jsError = `the preloaded JavaScript could not be measured: ${(error as Error).message}`;
        }
      } catch (error) {
        result.error = (error as Error).message;
      }
    }
    // What a real browser fetches until the network is idle, without interaction (lazily loaded
    // chunks included), before any load: Chromium must not compete with the measurement.
    process.stdout.write("Opening each page in Chromium… ");
    const browser = await launchBrowser();
    try {
      for (const result of results) {
        if (result.error || result.page.action) continue;
        try {
          result.fetched = await measureFetchedJs(browser, server.url + result.page.path, result.headers.Cookie);
        } catch (error) {
          result.fetchedError = `the JavaScript a browser fetches could not be measured: ${(error as Error).message}`;
        }
      }
    } finally {
      await browser.close();
    }
    log("done.");
    log();

    const control = results.find((r) => r.page === controlPage)!;
    const measurable = results.filter((r) => !r.error);

    const run = async (result: PageResult, seconds: number) =>
      runWindow({
        url: server!.url + result.page.path,
        connections: options.connections,
        seconds,
        headers: result.headers,
        body: result.body,
        nextRequest: result.nextRequest,
        serverCpuSeconds: () => server!.cpuSeconds(),
      });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

    // Warm-up, not measured: the pages share the shell, and the server keeps getting faster for
    // its first ~10–20 s under load (V8 tiers up, the heap grows), so the warm-up budget is shared:
    // two interleaved passes (A B | B A) ending on the page that the first round starts with.
    if (options.warmup > 0 && measurable.length) {
      const slice = Math.max(1, Math.round(options.warmup / (2 * measurable.length)));
      for (const order of [measurable, [...measurable].reverse()]) {
        for (const result of order) {
          const window = await run(result, slice);
          result.warmups.push(window);
          addFailures(result.failures, window.failures);
          log(describeWindow("warm-up", result.page, window));
          await pause();
        }
      }
    }
    for (let round = 0; round < options.rounds; round++) {
      // ABBA: alternate the order so that a slow drift weighs on every page alike.
      const order = round % 2 === 0 ? measurable : [...measurable].reverse();
      for (const result of order) {
        const window = await run(result, options.duration);
        result.rounds.push(window);
        addFailures(result.failures, window.failures);
        log(describeWindow(`round ${round + 1}/${options.rounds}`, result.page, window));
        await pause();
      }
    }

    for (const result of results) summarize(result);
    for (const result of results) evaluate(result, control, results);

    // The order button, on this server's SQLite database and, when a PostgreSQL server is at
    // hand (BENCH_POSTGRES_URL, else TEST_POSTGRES_URL), on a second server over PostgreSQL.
    const orderFigures: PlaceOrderFigure[] = [];
    try {
      orderFigures.push(await measurePlaceOrder(server.url, { kind: "sqlite", file: path.join(dir, "bench.sqlite") }));
      const postgresBase = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
      if (postgresBase) orderFigures.push(await placeOrderOnPostgres(dir, postgresBase));
      else notes.push("place order was measured on SQLite only: set BENCH_POSTGRES_URL (or TEST_POSTGRES_URL) for PostgreSQL");
    } catch (error) {
      notes.push(`place order could not be measured: ${(error as Error).message}`);
    }
    for (const figure of orderFigures) if (figure.failed) notes.push(`place order on ${figure.database}: ${figure.failed} posts did not place an order`);

    // Atelier with 100 000 orders on this server's SQLite database (scripts/bench/atelier.ts).
    let atelier: AtelierResult | undefined;
    try {
      atelier = await measureAtelier(server, path.join(dir, "bench.sqlite"), options, headers, log);
    } catch (error) {
      atelier = { orders: 0, growSeconds: 0, figures: [], violations: [`could not be measured: ${(error as Error).message}`] };
    }

    // A photograph's variant from disk (scripts/bench/image.ts).
    if (variantPath) image = await measureImageVariant(server, variantPath, options, headers);

    const cpu = meanCpu(results.flatMap((r) => r.rounds));
    if (cpu.other !== null && cpu.other > 0.25) {
      notes.push(`other processes used ${fixed(cpu.other, 2)} cores on average during the measurement: figures are noisy`);
    }
    const serverExit = await server.stop();
    if (serverExit !== 0) notes.push(`the server did not shut down cleanly (exit ${serverExit})`);
    if (server.problems.length) {
      notes.push(`the server logged ${server.problems.length} warning/error lines, first ones:\n      ${server.problems.slice(0, 5).join("\n      ")}`);
    }

    log();
    log(resultsTable(results));
    log(
      `* the control route: shell and static markup without database or session. ratio = req/s ÷ control req/s; p99 ratio = p99 ÷ control p99; ` +
        `CPU ms/req = the server process's CPU time (user + system, all threads, from /proc) ÷ requests answered, CPU ratio = that ÷ the control's.`,
    );
    log(
      `  p50/p99 pooled over the ${options.rounds} rounds (${options.connections} connections); JS = gzip -9 of every preloaded script, summed; fetched = the same for every script Chromium fetched until the network was idle, without interaction; ` +
        `CPU averaged over the rounds: server ${fixed(cpu.server, 2)} cores, autocannon ${fixed(cpu.loadGenerator, 2)}, other ${fixed(cpu.other, 2)}.`,
    );
    for (const result of results) {
      const rendered = results.find((r) => r.page.path === result.page.path && !r.page.cached);
      if (!result.page.cached || !rendered) continue;
      const cpuMs = (r: PageResult) => fixed((r.cpuPerRequest ?? Number.NaN) * 1000, 2);
      log(
        `${result.page.name}: ${fixed(result.speedup, 1)}× the rendered page's requests/s (${fixed(result.requestsPerSecond, 0)} vs ${fixed(rendered.requestsPerSecond, 0)}), ` +
          `${fixed(result.cpuSpeedup, 1)}× less server CPU time per request (${cpuMs(result)} vs ${cpuMs(rendered)} ms).`,
      );
    }
    log();
    if (orderFigures.length) {
      log(
        table(
          ["place order", "buyers", "orders", "orders/s", "p50 ms", "p99 ms"],
          orderFigures.map((f) => [f.database, String(f.buyers), String(f.orders), fixed(f.ordersPerSecond, 1), ms(f.p50), ms(f.p99)]),
          ["left", "right", "right", "right", "right", "right"],
        ),
      );
      log("* each buyer posts the review's order button (no JavaScript) for its own product, one checkout after another; orders/s over the whole run.");
      log();
    }
    if (atelier) {
      log(atelierTable(atelier));
      log(`* signed in as staff, ${ATELIER_CONNECTIONS} connections (staff at once); p50 pooled over the ${options.rounds} rounds, after a short warm-up.`);
      for (const figure of atelier.figures) if (figure.skipped) notes.push(`Atelier ${figure.name}: ${figure.skipped}`);
      log();
    }
    if (image) {
      log(imageLine(image));
      log();
    }
    for (const result of results) {
      if (result.html) {
        log(
          `${result.page.name}: HTML ${fixed(kib(result.html.bytes), 1)} KiB (${fixed(kib(result.html.wireBytes), 1)} KiB as ${result.html.contentEncoding}); ` +
            (result.js ? `${result.js.files.length} scripts, gz KiB: ${jsDetails(result.js)}` : "scripts not measured") +
            (result.fetched && result.js
              ? `; a browser fetched ${result.fetched.files.length} scripts` +
                (result.fetched.files.length > result.js.files.length ? ` (${result.fetched.files.length - result.js.files.length} more than preloaded)` : "")
              : ""),
        );
      }
    }

    const passed = results.every((r) => r.violations.length === 0) && !atelier?.violations.length && !image?.violations.length;
    const problems = [
      ...results.flatMap((r) => r.violations.map((v) => `FAIL ${r.page.name}: ${v}`)),
      ...(atelier?.violations ?? []).map((v) => `FAIL atelier ${v}`),
      ...(image?.violations ?? []).map((v) => `FAIL image ${v}`),
    ];
    const warnings = [...results.flatMap((r) => r.warnings.map((w) => `note ${r.page.name}: ${w}`)), ...notes.map((n) => `note: ${n}`)];
    if (problems.length || warnings.length) log();
    for (const line of [...problems, ...warnings]) log(line);
    log();
    log(`${passed ? "PASS" : "FAIL"} — ${PAGES.length} pages in ${fixed((performance.now() - clock) / 1000, 0)} s.`);

    if (options.json) {
      const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), options.json);
      const settings: RunSettings = { ...options, pages: PAGES };
      fs.writeFileSync(file, JSON.stringify({ ...toJson(startedAt, machine, settings, results, passed, notes), placeOrder: orderFigures, atelier: atelier ?? null, image: image ?? null }, null, 2) + "\n");
      const shown = path.relative(process.cwd(), file);
      log(`Results written to ${shown.startsWith("..") ? file : shown}.`);
    }
    return passed ? 0 : 1;
  } finally {
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Place order against a second server over a fresh PostgreSQL database (dropped afterwards). */
async function placeOrderOnPostgres(dir: string, base: string): Promise<PlaceOrderFigure> {
  return withScratchPostgres(base, "bottega_bench", async (url) => {
    const server = ServerProcess.start({ dir, port: await freePort(), databaseFile: "", databaseUrl: url });
    try {
      await server.waitHealthy(60_000);
      return await measurePlaceOrder(server.url, { kind: "postgres", url });
    } finally {
      await server.stop();
    }
  });
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    if (error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${error.message}\n\n${USAGE}`);
    } else {
      console.error(`\nThe benchmark could not run: ${error.stack ?? error.message}`);
    }
    process.exit(2);
  },
);
