// Atelier at a real shop's size (issue 23): the dashboard, the order list and the header's search, signed in as staff,
// on the benchmark's SQLite database grown to 100 000 orders (issue 42) by the demo generator
// (app/db/seed/grow-orders.server.ts). Each page's median must stay under 100 ms, each report's (issue 42 part 6) under a second. Measured as a
// back office is used: ATELIER_CONNECTIONS staff members at once, not the shop's ten
// connections (on one Node process, ten at once measure the queue: ten times a request's cost).
import { openDatabase } from "../../app/db/connection.server";
import { growOrders } from "../../app/db/seed/grow-orders.server";
import { httpGet } from "./http";
import { type Failures, addFailures, concatSorted, emptyFailures, failureCount, percentile, runWindow } from "./load";
import { fixed, table } from "./report";
import type { ServerProcess } from "./server";
import { benchStaffCookie } from "./staff";

export const ATELIER_ORDERS = 100_000;
/** The ceiling of each page's median latency under load, in ms. */
export const ATELIER_MAX_P50_MS = 100;
/** A report's ceiling (issue 42 part 6: "each answers in under a second" at 100 000 orders). */
export const REPORT_MAX_P50_MS = 1_000;

/** The reports over the demo orders' whole half-year (grow-orders.server.ts places them over 180 days). */
const halfYear = (() => {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 179 * 86_400_000).toISOString().slice(0, 10);
  return `from=${from}&to=${to}`;
})();
/** Staff members asking at once. */
export const ATELIER_CONNECTIONS = 2;

/** The control route comes first, under the same load: what the machine allows at that moment. */
export const ATELIER_PAGES = [
  { name: "control", path: "/_control", control: true },
  { name: "dashboard", path: "/atelier" },
  { name: "order list", path: "/atelier/orders" },
  // The header's search (issue 42 part 7): a name through orders, customers and products; an order number's last digits.
  { name: "search name", path: "/atelier/search?q=rossi" },
  { name: "search digit", path: "/atelier/search?q=4242" },
  // The reports (issue 42 part 6), each over the half-year of orders.
  { name: "report sales", path: `/atelier/reports?kind=sales&${halfYear}&by=week`, maxP50: REPORT_MAX_P50_MS },
  { name: "report products", path: `/atelier/reports?kind=products&${halfYear}&group=product`, maxP50: REPORT_MAX_P50_MS },
  { name: "report colours", path: `/atelier/reports?kind=products&${halfYear}&group=colour`, maxP50: REPORT_MAX_P50_MS },
  { name: "report returns", path: `/atelier/reports?kind=returns&${halfYear}&group=product`, maxP50: REPORT_MAX_P50_MS },
  { name: "report discounts", path: `/atelier/reports?kind=discounts&${halfYear}`, maxP50: REPORT_MAX_P50_MS },
  { name: "report stock", path: `/atelier/reports?kind=stock&${halfYear}`, maxP50: REPORT_MAX_P50_MS },
  { name: "report demand", path: `/atelier/reports?kind=demand&${halfYear}`, maxP50: REPORT_MAX_P50_MS },
  { name: "report csv", path: `/atelier/reports.csv?kind=products&${halfYear}&group=size`, maxP50: REPORT_MAX_P50_MS },
] as const satisfies ReadonlyArray<{ name: string; path: string; control?: true; maxP50?: number }>;

const ceilingOf = (page: (typeof ATELIER_PAGES)[number]): number => ("maxP50" in page ? page.maxP50 : ATELIER_MAX_P50_MS);

export interface AtelierFigure {
  name: string;
  path: string;
  /** Why the page was not measured (it answers 404: not built yet). */
  skipped?: string;
  requestsPerSecond?: number;
  p50?: number;
  p99?: number;
  failures: Failures;
}

export interface AtelierResult {
  orders: number;
  growSeconds: number;
  figures: AtelierFigure[];
  violations: string[];
}

/** Grows the orders, signs a staff member in, and measures each Atelier page (warm-up, then `rounds` windows). */
export async function measureAtelier(
  server: ServerProcess,
  databaseFile: string,
  options: { duration: number; rounds: number },
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<AtelierResult> {
  const handle = openDatabase(`file:${databaseFile}`);
  let grown;
  let cookie: string;
  try {
    grown = await growOrders(handle.db, ATELIER_ORDERS);
    cookie = await benchStaffCookie(handle.db, server.url);
  } finally {
    await handle.close();
  }
  log(`Atelier: ${grown.after} orders (${grown.after - grown.before} generated in ${fixed(grown.seconds, 1)} s), a staff member signed in.`);
  const result: AtelierResult = { orders: grown.after, growSeconds: grown.seconds, figures: [], violations: [] };
  const pageHeaders = { ...headers, Cookie: cookie };
  for (const page of ATELIER_PAGES) {
    const figure: AtelierFigure = { name: page.name, path: page.path, failures: emptyFailures() };
    result.figures.push(figure);
    const first = await httpGet(server.url + page.path, pageHeaders, 30_000);
    if (first.status === 404) {
      figure.skipped = `GET ${page.path} answers 404: the page is not built yet, skipped`;
      log(`Atelier: ${figure.skipped}.`);
      continue;
    }
    if (first.status !== 200) {
      result.violations.push(`${page.name}: GET ${page.path} answers ${first.status} signed in as staff`);
      figure.skipped = `answers ${first.status}`;
      continue;
    }
    const window = (seconds: number) =>
      runWindow({ url: server.url + page.path, connections: ATELIER_CONNECTIONS, seconds, headers: pageHeaders, serverCpuSeconds: () => server.cpuSeconds() });
    addFailures(figure.failures, (await window(Math.min(5, options.duration))).failures);
    const rounds = [];
    for (let round = 0; round < options.rounds; round++) {
      const measured = await window(options.duration);
      addFailures(figure.failures, measured.failures);
      rounds.push(measured);
      log(
        `  atelier    ${page.name.padEnd(16)} ${fixed(measured.requestsPerSecond, 1).padStart(8)} req/s  p50 ${fixed(percentile(concatSorted([measured.latencies]), 50), 1).padStart(6)} ms` +
          `  p99 ${fixed(percentile(concatSorted([measured.latencies]), 99), 1).padStart(6)} ms`,
      );
    }
    const sorted = concatSorted(rounds.map((r) => r.latencies));
    figure.requestsPerSecond = rounds.reduce((s, r) => s + r.completed, 0) / rounds.reduce((s, r) => s + r.seconds, 0);
    figure.p50 = percentile(sorted, 50);
    figure.p99 = percentile(sorted, 99);
    const failed = failureCount(figure.failures);
    if (failed) result.violations.push(`${page.name}: ${failed} failed requests`);
    if (!("control" in page) && figure.p50 >= ceilingOf(page)) result.violations.push(`${page.name}: median ${fixed(figure.p50, 1)} ms with ${result.orders} orders, ceiling ${ceilingOf(page)} ms`);
  }
  return result;
}

export function atelierTable(result: AtelierResult): string {
  return table(
    ["atelier page", "path", "orders", "req/s", "p50 ms", "p99 ms", "ceiling", "result"],
    result.figures.map((f) => [
      f.name,
      f.path,
      String(result.orders),
      fixed(f.requestsPerSecond, 0),
      fixed(f.p50, 1),
      fixed(f.p99, 1),
      f.name === "control" ? "(yardstick)" : `p50 < ${ceilingOf(ATELIER_PAGES.find((page) => page.name === f.name)!)}`,
      f.skipped ? "skipped" : result.violations.some((v) => v.startsWith(`${f.name}:`)) ? "FAIL" : "ok",
    ]),
    ["left", "left", "right", "right", "right", "right", "left", "left"],
  );
}
