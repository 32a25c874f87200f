import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import client from "prom-client";
import type { DatabaseHandle } from "~/db/connection.server";
import { countOutboxByStatus } from "~/modules/mail/outbox.server";
import { mediaWriteHealth } from "~/modules/media/storage.server";
import { countOrdersAndPayments } from "~/modules/order/order-stats.repository.server";
import { currentRequest } from "~/utils/request-scope.server";
import { clusterMetrics } from "./cluster.server";

// The shop's numbers in Prometheus's text format (docs/deploy.md has a scrape config). One
// registry per process, made when this module loads: a test that creates several apps in one
// process shares it, and the database gauges read the last app's database.
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
if (cluster.isWorker) {
  // Under WEB_CONCURRENCY's supervisor (cluster.server.ts), /metrics is the sum of every worker's:
  // this worker answers the supervisor's collection with this registry.
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([registry]);
}

const httpRequests = new client.Counter({
  name: "bottega_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status class.",
  labelNames: ["method", "route", "status_class"] as const,
  registers: [registry],
});
const httpDuration = new client.Histogram({
  name: "bottega_http_request_duration_seconds",
  help: "Time from the request's arrival to the last byte of the response, by method and route pattern.",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const pageCacheAnswers = new client.Counter({
  name: "bottega_page_cache_answers_total",
  help: "Pages the anonymous page cache answered from memory (hit) or rendered and kept (miss).",
  labelNames: ["state"] as const,
  registers: [registry],
});
const queryDuration = new client.Histogram({
  name: "bottega_db_query_duration_seconds",
  help: "Database query time as Kysely measured it, by outcome.",
  labelNames: ["outcome"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

let database: DatabaseHandle | null = null;

new client.Gauge({
  name: "bottega_media_storage_writable",
  help: "1 while this process's media store takes writes; 0 from a write that found no room (ENOSPC, EDQUOT) until one succeeds.",
  registers: [registry],
  collect() {
    this.set(mediaWriteHealth().writable ? 1 : 0);
  },
});
new client.Counter({
  name: "bottega_media_storage_full_writes_total",
  help: "Media writes (uploads, image variants) refused for want of room on the store since the process started.",
  registers: [registry],
  collect() {
    this.reset();
    this.inc(mediaWriteHealth().fullFailures);
  },
});

new client.Gauge({
  name: "bottega_db_pool_connections",
  help: "PostgreSQL pool connections by state (total, idle, waiting for one); absent on SQLite.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const stats = database?.poolStats?.();
    if (!stats) return;
    this.set({ state: "total" }, stats.total);
    this.set({ state: "idle" }, stats.idle);
    this.set({ state: "waiting" }, stats.waiting);
  },
});
new client.Gauge({
  name: "bottega_mail_outbox_messages",
  help: "Messages in the mail outbox by status: pending is the queue's depth, failed the ones that gave up.",
  labelNames: ["status"] as const,
  // The database's figure, the same from every worker: not summed over them.
  aggregator: "first",
  registers: [registry],
  async collect() {
    if (!database) return;
    const counts = await countOutboxByStatus(database.db);
    for (const status of ["pending", "sent", "failed"] as const) this.set({ status }, counts[status]);
  },
});
// One query pair per scrape fills both gauges: bottega_orders, registered first, is collected
// first (a registry collects in registration order) and sets bottega_payments too.
new client.Gauge({
  name: "bottega_orders",
  help: "Orders in the database by status (the shop's total, the same from every process): their increase is the orders placed.",
  labelNames: ["status"] as const,
  // The database's figure, the same from every worker: not summed over them.
  aggregator: "first",
  registers: [registry],
  async collect() {
    if (!database) return;
    const counts = await countOrdersAndPayments(database.db);
    this.reset();
    for (const row of counts.orders) this.set({ status: row.status }, row.count);
    payments.reset();
    for (const row of counts.payments) payments.set({ status: row.status }, row.count);
  },
});
const payments = new client.Gauge({
  name: "bottega_payments",
  help: "Payment attempts in the database by status: the increase of status=\"failed\" is the payments that failed.",
  labelNames: ["status"] as const,
  aggregator: "first",
  registers: [registry],
});

/** The database whose pool, outbox, orders and payments /metrics reports. */
export function watchDatabase(handle: DatabaseHandle): void {
  database = handle;
}

/** Kysely's query log hook: every query's duration. */
export function observeQuery(durationMs: number, failed: boolean): void {
  queryDuration.observe({ outcome: failed ? "error" : "ok" }, durationMs / 1000);
}

/**
 * The route label of a finished request: React Router's pattern when a route answered, else a
 * fixed name, so the label's values stay few (never the URL: every product would be a series).
 */
function routeLabel(pattern: string | undefined, path: string, status: number): string {
  // React Router's patterns have no leading slash ("en?/products/*"): the label gets one.
  if (pattern !== undefined) return pattern.startsWith("/") ? pattern : `/${pattern}`;
  if (path.startsWith("/assets/")) return "/assets";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return path;
  return status === 404 ? "(not found)" : "(other)";
}

/** Counts and times every request once its response has gone (mounted first in server.ts). */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  const scope = currentRequest();
  res.on("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = routeLabel(scope?.routePattern, req.path, res.statusCode);
    const cache = res.getHeader("X-Cache");
    if (cache === "hit" || cache === "miss") pageCacheAnswers.inc({ state: cache });
    const method = ["GET", "HEAD", "POST"].includes(req.method) ? req.method : "OTHER";
    httpRequests.inc({ method, route, status_class: `${Math.floor(res.statusCode / 100)}xx` });
    httpDuration.observe({ method, route }, seconds);
  });
  next();
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics for a scraper that shows METRICS_TOKEN as a bearer token or comes from an address
 * in METRICS_ALLOW; server.ts mounts it only when one of the two is set.
 */
export function metricsEndpoint({ token, allow }: { token?: string; allow: string[] }): RequestHandler {
  return (req, res, next) => {
    const authorization = req.get("Authorization") ?? "";
    const bearer = /^Bearer (.+)$/.exec(authorization)?.[1];
    const allowed = (token !== undefined && bearer !== undefined && sameSecret(bearer, token)) || allow.includes(req.ip ?? "");
    res.set("Cache-Control", "no-store");
    if (!allowed) {
      if (token !== undefined) res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(token !== undefined ? 401 : 403).type("text/plain").send(token !== undefined ? "Unauthorized\n" : "Forbidden\n");
      return;
    }
    const whole = clusterMetrics() ?? registry.metrics().then((text) => ({ text, contentType: registry.contentType }));
    whole.then(({ text, contentType }) => res.type(contentType).send(text)).catch(next);
  };
}
