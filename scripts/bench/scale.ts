// `npm run bench -- --products N`: the catalogue's pages on the demo catalogue and grown to N
// products (app/db/seed/grow.server.ts), in one run, each as a ratio to the control route of the
// same server, on SQLite and (when BENCH_POSTGRES_URL or TEST_POSTGRES_URL is set) PostgreSQL.
// Reports how each ratio changes with size, and fails when a page keeps less of its ratio than
// its floor, its p99 under load passes its ceiling, or any request fails. See docs/performance.md.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/db/connection.server";
import { growCatalogue } from "../../app/db/seed/grow.server";
import { growOrders } from "../../app/db/seed/grow-orders.server";
import { httpGet } from "./http";
import { type Failures, type WindowResult, addFailures, concatSorted, emptyFailures, failureCount, percentile, runWindow } from "./load";
import { fixed, table } from "./report";
import { ServerProcess, freePort, withScratchPostgres } from "./server";

export interface ScalePage {
  name: string;
  path: string;
  control?: boolean;
  /** The share of its ratio at the demo's size the page must keep at N (0.8 = 80 %). */
  keep?: number;
  /** The p99 under load it must stay below at N, in ms. */
  maxP99Ms: number;
  /** A deep page: page 50, or the listing's last page when it has fewer. */
  deep?: boolean;
}

export const SCALE_PAGES: ScalePage[] = [
  { name: "control", path: "/_control", control: true, maxP99Ms: 500 },
  { name: "home", path: "/", keep: 0.8, maxP99Ms: 500 },
  { name: "listing", path: "/categories/donna", keep: 0.8, maxP99Ms: 500 },
  { name: "deep page", path: "/categories/donna?page=50", keep: 0.8, maxP99Ms: 500, deep: true },
  { name: "filtered", path: "/categories/donna?size=M&instock=1&sort=price-asc", keep: 0.8, maxP99Ms: 500 },
  { name: "product", path: "/products/cardigan-in-cashmere", keep: 0.8, maxP99Ms: 500 },
  { name: "search", path: "/search?q=lana", keep: 0.5, maxP99Ms: 500 },
  { name: "sitemap", path: "/sitemap.xml", maxP99Ms: 200 },
  { name: "products.xml", path: "/sitemap/products.xml", maxP99Ms: 200 },
];

export interface ScaleOptions {
  products: number;
  duration: number;
  connections: number;
  rounds: number;
  warmup: number;
  encoding: string;
}

interface Measured {
  path: string;
  /** The first request after the server started (nothing cached), in ms. */
  coldMs: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: Failures;
  ratio?: number;
}

interface SizeRun {
  products: number;
  growSeconds?: number;
  pages: Map<string, Measured>;
}

export interface ScaleDatabaseResult {
  database: "sqlite" | "postgres";
  sizes: SizeRun[];
  violations: string[];
}

const log = (line = "") => console.log(line);

/** The deep page's path at this size: page 50, or the last page when the listing has fewer. */
async function resolvePath(url: string, page: ScalePage, headers: Record<string, string>): Promise<string> {
  if (!page.deep) return page.path;
  const probe = await httpGet(url + page.path, headers);
  if (probe.status === 200) return page.path;
  const base = page.path.replace(/[?&]page=\d+/, "");
  const first = (await httpGet(url + base, headers)).body.toString("utf8");
  const last = Math.max(1, ...[...first.matchAll(/[?&;]page=(\d+)/g)].map((m) => Number(m[1])));
  return `${base}${base.includes("?") ? "&" : "?"}page=${last}`;
}

async function measureSize(server: ServerProcess, options: ScaleOptions, headers: Record<string, string>, products: number): Promise<SizeRun> {
  const run: SizeRun = { products, pages: new Map() };
  const windows = new Map<string, WindowResult[]>();
  const failures = new Map<string, Failures>();
  for (const page of SCALE_PAGES) {
    const resolved = await resolvePath(server.url, page, headers);
    const started = performance.now();
    const first = await httpGet(server.url + resolved, headers, 30_000);
    const coldMs = performance.now() - started;
    if (first.status !== 200) throw new Error(`GET ${resolved} answers ${first.status} with ${products} products`);
    run.pages.set(page.name, { path: resolved, coldMs, requestsPerSecond: 0, p50: NaN, p99: NaN, failures: emptyFailures() });
    windows.set(page.name, []);
    failures.set(page.name, emptyFailures());
  }
  const window = (page: ScalePage, seconds: number) =>
    runWindow({
      url: server.url + run.pages.get(page.name)!.path,
      connections: options.connections,
      seconds,
      headers,
      serverCpuSeconds: () => server.cpuSeconds(),
    });
  if (options.warmup > 0) {
    const slice = Math.max(1, Math.round(options.warmup / SCALE_PAGES.length));
    for (const page of SCALE_PAGES) addFailures(failures.get(page.name)!, (await window(page, slice)).failures);
  }
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? SCALE_PAGES : [...SCALE_PAGES].reverse();
    for (const page of order) {
      const result = await window(page, options.duration);
      windows.get(page.name)!.push(result);
      addFailures(failures.get(page.name)!, result.failures);
      log(
        `  ${String(products).padStart(7)} products  round ${round + 1}/${options.rounds}  ${page.name.padEnd(13)} ${fixed(result.requestsPerSecond, 1).padStart(8)} req/s` +
          `  p99 ${fixed(percentile(concatSorted([result.latencies]), 99), 1).padStart(7)} ms${failureCount(result.failures) ? `  ${failureCount(result.failures)} FAILED` : ""}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  const control = SCALE_PAGES.find((p) => p.control)!;
  for (const page of SCALE_PAGES) {
    const list = windows.get(page.name)!;
    const measured = run.pages.get(page.name)!;
    const completed = list.reduce((s, w) => s + w.completed, 0);
    const seconds = list.reduce((s, w) => s + w.seconds, 0);
    const sorted = concatSorted(list.map((w) => w.latencies));
    Object.assign(measured, { requestsPerSecond: completed / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failures: failures.get(page.name)! });
  }
  const controlRate = run.pages.get(control.name)!.requestsPerSecond;
  for (const measured of run.pages.values()) measured.ratio = controlRate ? measured.requestsPerSecond / controlRate : undefined;
  return run;
}

/** Starts a server on the database, measures, stops; grows the catalogue; measures again. */
async function measureDatabase(
  dir: string,
  database: ScaleDatabaseResult["database"],
  databaseUrl: string,
  options: ScaleOptions,
  headers: Record<string, string>,
): Promise<ScaleDatabaseResult> {
  const result: ScaleDatabaseResult = { database, sizes: [], violations: [] };
  const start = async () => {
    const server = ServerProcess.start({ dir, port: await freePort(), databaseFile: "", databaseUrl });
    await server.waitHealthy(120_000);
    return server;
  };
  let server = await start();
  try {
    log(`${database}: the demo catalogue`);
    result.sizes.push(await measureSize(server, options, headers, 92));
  } finally {
    await server.stop();
  }
  log(`${database}: growing the catalogue to ${options.products} products…`);
  const handle = openDatabase(databaseUrl);
  let growSeconds: number;
  try {
    growSeconds = (await growCatalogue(handle.db, options.products)).seconds;
    // The orders grow with the catalogue, as `npm run db:seed -- --products N` grows them.
    growSeconds += (await growOrders(handle.db, 10_000)).seconds;
  } finally {
    await handle.close();
  }
  log(`${database}: grown in ${fixed(growSeconds, 1)} s`);
  server = await start();
  try {
    const grown = await measureSize(server, options, headers, options.products);
    grown.growSeconds = growSeconds;
    result.sizes.push(grown);
  } finally {
    await server.stop();
  }
  if (server.problems.length) result.violations.push(`the server logged ${server.problems.length} warning/error lines, first: ${server.problems[0]}`);
  evaluate(result);
  return result;
}

function evaluate(result: ScaleDatabaseResult) {
  const [small, large] = result.sizes;
  for (const page of SCALE_PAGES) {
    const before = small.pages.get(page.name)!;
    const after = large.pages.get(page.name)!;
    for (const [size, measured] of [
      [small.products, before],
      [large.products, after],
    ] as const) {
      const failed = failureCount(measured.failures);
      if (failed) result.violations.push(`${page.name} at ${size} products: ${failed} failed requests (${measured.failures.timeouts} timeouts)`);
    }
    if (page.keep !== undefined && before.ratio && after.ratio !== undefined && after.ratio / before.ratio < page.keep) {
      result.violations.push(`${page.name} kept ${Math.round((after.ratio / before.ratio) * 100)} % of its ratio, floor ${Math.round(page.keep * 100)} %`);
    }
    if (after.p99 >= page.maxP99Ms) result.violations.push(`${page.name} p99 ${fixed(after.p99, 1)} ms at ${large.products} products, ceiling ${page.maxP99Ms} ms`);
  }
}

function report(result: ScaleDatabaseResult): string {
  const [small, large] = result.sizes;
  const rows = SCALE_PAGES.map((page) => {
    const before = small.pages.get(page.name)!;
    const after = large.pages.get(page.name)!;
    const kept = before.ratio && after.ratio !== undefined ? `${Math.round((after.ratio / before.ratio) * 100)} %` : "—";
    const floor = [page.keep !== undefined ? `≥ ${Math.round(page.keep * 100)} %` : "", `p99 < ${page.maxP99Ms}`].filter(Boolean).join(", ");
    return [
      page.control ? `${page.name} *` : page.name,
      after.path,
      fixed(before.requestsPerSecond, 0),
      fixed(after.requestsPerSecond, 0),
      fixed(before.ratio, 2),
      fixed(after.ratio, 2),
      kept,
      fixed(before.p99, 1),
      fixed(after.p99, 1),
      fixed(before.coldMs, 1),
      fixed(after.coldMs, 1),
      floor,
    ];
  });
  return table(
    ["page", `path (at ${large.products})`, "req/s 92", `req/s ${large.products}`, "ratio 92", `ratio ${large.products}`, "kept", "p99 92", `p99 ${large.products}`, "cold ms 92", `cold ms ${large.products}`, "floor"],
    rows,
    ["left", "left", "right", "right", "right", "right", "right", "right", "right", "right", "right", "left"],
  );
}

/** Runs the comparison on SQLite and, when a PostgreSQL server is named, on PostgreSQL; returns the exit code. */
export async function runScaleBenchmark(dir: string, options: ScaleOptions, headers: Record<string, string>, json?: string): Promise<number> {
  const results: ScaleDatabaseResult[] = [];
  results.push(await measureDatabase(dir, "sqlite", `file:${path.join(dir, "scale.sqlite")}`, options, headers));
  const postgresBase = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  if (postgresBase) {
    results.push(await withScratchPostgres(postgresBase, "bottega_scale", (url) => measureDatabase(dir, "postgres", url, options, headers)));
  } else log("note: PostgreSQL not measured: set BENCH_POSTGRES_URL (or TEST_POSTGRES_URL)");

  log();
  for (const result of results) {
    log(`${result.database}: grown from 92 to ${options.products} products in ${fixed(result.sizes[1].growSeconds, 1)} s`);
    log(report(result));
    for (const violation of result.violations) log(`FAIL ${result.database}: ${violation}`);
    log();
  }
  log("* ratio = req/s ÷ the control route's req/s on the same server at the same size; kept = ratio at N ÷ ratio at 92;");
  log("  cold = the first request after the server started (nothing cached yet); p99 under load with the run's connections.");
  const passed = results.every((r) => r.violations.length === 0);
  log(passed ? "PASS" : "FAIL");
  if (json) {
    const serialize = (run: SizeRun) => ({ products: run.products, growSeconds: run.growSeconds ?? null, pages: Object.fromEntries(run.pages) });
    fs.writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), options, passed, results: results.map((r) => ({ ...r, sizes: r.sizes.map(serialize) })) }, null, 2) + "\n");
  }
  return passed ? 0 : 1;
}
