// Password checks (scrypt on libuv's thread pool) must not hold up browsing: on the production
// build, compressed pages are timed alone and then while 5 logins run at once; the logins are
// answered (none refused as busy, none failed) and the pages stay fast. Five are more than the
// hash slots of any machine up to 8 cores (HASH_LIMITS), so some wait in the queue as in a rush,
// and each costs the production hash's second or so of a core: ten took 12 of the test's 30 s.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "./built-server";

function get(port: number, path: string): Promise<{ status: number; encoding: string | undefined; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false, headers: { Host: `localhost:${port}`, "Accept-Encoding": "br, gzip" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, encoding: res.headers["content-encoding"], ms: performance.now() - started }));
    });
    req.on("error", reject);
  });
}

function login(port: number, i: number): Promise<number> {
  const body = JSON.stringify({ email: `nobody-${i}@example.it`, password: "Una-password-sbagliata-1" });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/auth/login",
        agent: false,
        // One client address each: the login rate limit is not what this measures.
        headers: { Host: `localhost:${port}`, Origin: `http://localhost:${port}`, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "X-Forwarded-For": `10.9.0.${i + 1}` },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const PAGES = ["/", "/categories/donna", "/en/search?q=lana", "/en"];
const LOGINS = 5;

describe("pages while passwords are checked", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    // At the production cost: under the test runner (VITEST) a hash costs 2^11, too little for
    // logins to overlap any page (app/modules/account/password.server.ts, hashParamsFor).
    server = await startBuiltServer("sqlite", { env: { VITEST: "" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`compressed pages stay fast while ${LOGINS} logins run`, async () => {
    // Warm up (first renders, caches), then time the pages alone.
    for (const path of PAGES) await get(server.port, path);
    const alone: number[] = [];
    for (let i = 0; i < 24; i++) {
      const page = await get(server.port, PAGES[i % PAGES.length]!);
      expect(page.status).toBe(200);
      expect(page.encoding).toMatch(/^(br|gzip)$/);
      alone.push(page.ms);
    }

    let loginsDone = false;
    const logins = Promise.all(Array.from({ length: LOGINS }, (_, i) => login(server.port, i))).finally(() => (loginsDone = true));
    const during: number[] = [];
    for (let i = 0; !loginsDone; i++) {
      const page = await get(server.port, PAGES[i % PAGES.length]!);
      expect(page.status).toBe(200);
      if (!loginsDone) during.push(page.ms);
    }
    const statuses = await logins;

    const figures = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms (${values.length} pages)`;
    console.info(`compressed pages alone: ${figures(alone)}; during ${LOGINS} logins: ${figures(during)}`);
    // Every login checked its password (401: no such account), none refused as busy.
    expect(statuses).toEqual(Array(LOGINS).fill(401));
    expect(during.length).toBeGreaterThanOrEqual(5);
    // Unbounded, the hashes held each compressed page for about half a second (p50 17 → 524 ms
    // with 4 logins). Bounded, a page competes for a core, never waits for the thread pool.
    expect(percentile(during, 50)).toBeLessThan(Math.max(150, 4 * percentile(alone, 50)));
    expect(percentile(during, 95)).toBeLessThan(Math.max(400, 6 * percentile(alone, 95)));
  });
});
