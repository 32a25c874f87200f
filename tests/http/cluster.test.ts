// WEB_CONCURRENCY (issue 27): a supervisor and its workers on one port and one PostgreSQL
// database; a worker killed with SIGKILL is replaced while the others serve; /metrics adds up
// every worker's requests; SIGTERM stops them all gracefully.
import { execFileSync } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "./built-server";

const TOKEN = "metrics-token-for-the-cluster-test";

function workerPids(primary: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(primary)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** A GET on a connection of its own (no keep-alive pool that could hold one to a killed worker): its status. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 30_000 }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("timeout", () => reject(new Error(`no answer from ${url} in 30 s`)))
      .on("error", reject);
  });
}

describe.skipIf(!process.env.TEST_POSTGRES_URL)("two workers on PostgreSQL", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer("postgres", { logLevel: "info", env: { WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("serves from two workers, replaces one killed with SIGKILL, and sums their metrics", async () => {
    const primary = server.child.pid!;
    await expect.poll(() => workerPids(primary).length, { timeout: 60_000 }).toBe(2);
    const [victim, survivor] = workerPids(primary);
    // Both workers must be listening before one is killed (the second may still be migrating).
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 60_000 }).toBe(200);

    const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => statusOf(`${server.url}${i % 2 ? "/en" : "/categories/donna"}`)));
    expect(statuses.every((status) => status === 200)).toBe(true);

    process.kill(victim!, "SIGKILL");
    // The survivor answers new connections meanwhile; the supervisor forks a replacement.
    const during = await Promise.all(Array.from({ length: 10 }, () => statusOf(`${server.url}/en`)));
    expect(during.every((status) => status === 200)).toBe(true);
    await expect.poll(() => workerPids(primary).filter((pid) => pid !== victim).length, { timeout: 60_000 }).toBe(2);
    expect(workerPids(primary)).toContain(survivor);
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"msg":"worker died: starting another"');

    // The metrics are the cluster's: the requests of the surviving and the new worker together,
    // whichever worker the scrape reached (the killed worker's count died with it).
    await expect.poll(() => statusOf(`${server.url}/readyz`), { timeout: 60_000 }).toBe(200);
    for (let i = 0; i < 10; i++) expect(await statusOf(`${server.url}/en`)).toBe(200);
    const scrape = () =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`${server.url}/metrics`, { agent: false, headers: { Authorization: `Bearer ${TOKEN}` } }, (response) => {
            let body = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (body += chunk));
            response.on("end", () => resolve(body));
          })
          .on("error", reject);
      });
    const homeRequests = (text: string) =>
      text
        .split("\n")
        .filter((line) => line.startsWith("bottega_http_requests_total{") && line.includes('route="/en?"'))
        .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
    let text = "";
    await expect
      .poll(
        async () => {
          text = await scrape();
          return homeRequests(text);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(10);
    // A database gauge is the database's figure once, not once per worker.
    expect(text.match(/^bottega_mail_outbox_messages\{status="failed"\} 0$/m)).not.toBeNull();
  }, 180_000);

  it("stops every worker on SIGTERM and exits 0", async () => {
    const primary = server.child.pid!;
    const workers = workerPids(primary);
    expect(workers.length).toBe(2);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
