// Watching a running shop (issue 27): the request id on every response and log line, liveness
// and readiness apart, and /metrics in Prometheus's format for a scraper with the token only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "./built-server";

const DIALECTS = ["sqlite", ...(process.env.TEST_POSTGRES_URL ? (["postgres"] as const) : [])] as const;
const TOKEN = "metrics-token-for-the-test-0123456789";

/** The value of one series in a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

describe.each(DIALECTS)("observability on %s", (kind) => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer(kind, { logLevel: "info", env: { METRICS_TOKEN: TOKEN, SLOW_REQUEST_MS: "1" } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("gives every response an id, keeps a sane one from the proxy, and logs the request's lines with it", async () => {
    const fresh = await fetch(`${server.url}/products/cardigan-in-cashmere`);
    const id = fresh.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.url}/en`, { headers: { "X-Request-Id": "lb-7f3a9c21.42" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a9c21.42");
    const replaced = await fetch(`${server.url}/en`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => server.output()).toContain(`"requestId":"${id}"`);
    const lines = server.output().split("\n").filter((line) => line.includes(`"requestId":"${id}"`));
    // The access line and, past SLOW_REQUEST_MS (1 ms here), the slow-request warning.
    expect(lines.some((line) => line.includes('"msg":"request"') && line.includes('"path":"/products/cardigan-in-cashmere"'))).toBe(true);
    expect(lines.some((line) => line.includes('"msg":"slow request"'))).toBe(true);
  });

  it("answers /healthz while alive and /readyz when the database answers and the schema is current", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok", database: kind });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: true, pendingMigrations: [], media: true });
  });

  it("serves /metrics only with the token, with request, database, outbox, order and process series", async () => {
    const anonymous = await fetch(`${server.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(401);

    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/en/products/cashmere-cardigan`)).text();
    await (await fetch(`${server.url}/no/such/page`)).text();
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    // By route pattern, never by URL: both languages' product pages are one series, whether
    // rendered or answered by the page cache (the repeated English page).
    const productRequests = sample(text, "bottega_http_requests_total", { method: "GET", route: "/en?/products/*", status_class: "2xx" });
    expect(productRequests).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain("cashmere-cardigan");
    expect(sample(text, "bottega_http_request_duration_seconds_count", { method: "GET", route: "/en?/products/*" })).toBeGreaterThanOrEqual(4);
    expect(sample(text, "bottega_http_requests_total", { status_class: "4xx" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "bottega_page_cache_answers_total", { state: "hit" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "bottega_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    expect(sample(text, "bottega_mail_outbox_messages", { status: "pending" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "bottega_mail_outbox_messages", { status: "failed" })).toBe(0);
    expect(text).toContain("# TYPE bottega_orders gauge");
    expect(text).toContain("# TYPE bottega_payments gauge");
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    if (kind === "postgres") expect(sample(text, "bottega_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    else expect(text).not.toContain("bottega_db_pool_connections{");
  });
});

describe("/metrics without METRICS_TOKEN or METRICS_ALLOW", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer("sqlite");
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("is off: the shop's 404 page", async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("answers an address METRICS_ALLOW lists without a token", async () => {
    const allowed = await startBuiltServer("sqlite", { env: { METRICS_ALLOW: "127.0.0.1, ::1, ::ffff:127.0.0.1" } });
    try {
      const response = await fetch(`${allowed.url.replace("localhost", "127.0.0.1")}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("bottega_http_requests_total");
    } finally {
      await allowed.stop();
    }
  }, 120_000);
});
