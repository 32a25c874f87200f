// The outside probe's HTTP faults, replayed against the production build on both databases:
// bad Host and URLs, bodies of the wrong type or size, foreign origins, non-ASCII redirects,
// and (PostgreSQL) the database going away under load. Never a 500, never a stack trace.
import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, rawRequest, startBuiltServer, statusOf } from "./built-server";

const DIALECTS = ["sqlite", ...(process.env.TEST_POSTGRES_URL ? (["postgres"] as const) : [])] as const;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request with any headers (Host included) and, with `chunked`, a body of unknown length. A
 * POST comes from the shop's own page (its Origin) unless `headers` says otherwise; a header
 * given as undefined is left out.
 */
function send(
  port: number,
  { method = "POST", path, headers = {}, body, chunked = false }: { method?: string; path: string; headers?: Record<string, string | undefined>; body?: string | Buffer; chunked?: boolean },
): Promise<Answer> {
  const origin = method === "GET" ? {} : { Origin: `http://localhost:${port}` };
  const sent = Object.entries({ Host: `localhost:${port}`, ...origin, ...headers }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: Object.fromEntries(sent) }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    // A refused body may be cut off while it is being sent: the answer is what counts.
    req.on("error", reject);
    if (body !== undefined) {
      const bytes = Buffer.from(body);
      if (chunked) {
        for (let at = 0; at < bytes.length; at += 16 * 1024) req.write(bytes.subarray(at, at + 16 * 1024));
      } else {
        req.setHeader("Content-Length", bytes.length);
        req.write(bytes);
      }
    }
    req.end();
  });
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "Content-Type": "application/json" };

/** A short answer of the server's own, not an error page with a stack trace. */
function expectCalmRefusal(answer: Answer, status: number | number[]) {
  expect(Array.isArray(status) ? status : [status]).toContain(answer.status);
  expect(answer.body).not.toMatch(/\n\s+at |Error:/);
}

for (const kind of DIALECTS) {
  describe(`HTTP faults [${kind}]`, () => {
    let server: BuiltServer;
    beforeAll(async () => {
      server = await startBuiltServer(kind);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("a request without a valid Host is a 400 with a short plain body", async () => {
      for (const request of [
        "GET / HTTP/1.0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: evil.com/x\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: [nope\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop.example:99999\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
      ]) {
        const response = await rawRequest(server.port, request);
        expect(statusOf(response), request).toBe(400);
        expect(response).not.toMatch(/\n\s+at /);
      }
      // A well-formed Host the shop does not know still gets the page (a proxy may rewrite it).
      expect((await send(server.port, { method: "GET", path: "/", headers: { Host: "shop.internal:8080" } })).status).toBe(200);
      // A balancer's health check (HAProxy sends HTTP/1.0 without Host by default) gets its answer.
      for (const path of ["/healthz", "/readyz"]) {
        expect(statusOf(await rawRequest(server.port, `GET ${path} HTTP/1.0\r\n\r\n`)), path).toBe(200);
        expect(statusOf(await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: [nope\r\nConnection: close\r\n\r\n`)), path).toBe(200);
      }
    });

    it("a NUL or control character in a path segment is a 400 or 404, never a 500", async () => {
      for (const path of ["/products/%00", "/en/products/%00", "/products/a%00b", "/categories/%00", "/blog/%00", "/curadelcapo/%00", "/pages/%01", "/%7F", "/products/%E0%A4%A", "/search?q=%00"]) {
        const answer = await send(server.port, { method: "GET", path });
        expect([400, 404], path).toContain(answer.status);
      }
      expectCalmRefusal(await send(server.port, { method: "GET", path: "/products/%00" }), 400);
    });

    it("a POST whose body the route cannot read is a 400 or 415, never a 500", async () => {
      const cases: Array<[string, Record<string, string>, string | undefined, number]> = [
        ["/pages/newsletter", { "Content-Type": "text/plain" }, "email=a@b.it", 415],
        ["/pages/newsletter", JSON_TYPE, '{"email":"a@b.it"}', 415],
        ["/pages/newsletter", {}, undefined, 400],
        ["/pages/newsletter", { "Content-Type": "multipart/form-data" }, "email=a@b.it", 400],
        ["/pages/newsletter", { "Content-Type": "multipart/form-data; boundary=x" }, "not multipart", 400],
        ["/pages/newsletter.data", { "Content-Type": "text/plain" }, "x", 415],
        ["/pages/cookies", { "Content-Type": "text/plain" }, "intent=accept", 415],
        ["/en/pages/country", {}, undefined, 400],
        ["/products/x", { "Content-Type": "application/xml" }, "<x/>", 415],
        ["/api/newsletter", { "Content-Type": "text/plain" }, '{"email":"a@b.it"}', 415],
        ["/api/backstock/create", FORM, "sku=x", 415],
        ["/api/newsletter", {}, undefined, 400],
        ["/pages/career", { "Content-Type": "text/plain" }, "x", 400],
        ["/pages/career", { "Content-Type": "multipart/form-data" }, "x", 400],
      ];
      for (const [path, headers, body, status] of cases) {
        const answer = await send(server.port, { path, headers, body });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
        expect(answer.body).not.toMatch(/\n\s+at /);
      }
    });

    it("bodies past 64 KB are refused with 413, by Content-Length or while streaming; the CV upload keeps its own limit", async () => {
      const bigForm = `email=a%40b.it&privacy=on&padding=${"a".repeat(100 * 1024)}`;
      expectCalmRefusal(await send(server.port, { path: "/pages/newsletter", headers: FORM, body: bigForm }), 413);
      expectCalmRefusal(await send(server.port, { path: "/pages/cookies.data", headers: FORM, body: bigForm, chunked: true }), 413);
      const bigJson = JSON.stringify({ email: "a@b.it", privacy: true, padding: "a".repeat(100 * 1024) });
      expectCalmRefusal(await send(server.port, { path: "/api/newsletter", headers: JSON_TYPE, body: bigJson }), 413);
      expectCalmRefusal(await send(server.port, { path: "/api/backstock/create", headers: JSON_TYPE, body: bigJson, chunked: true }), 413);
      // Within the limit, a padded form still reaches its action (which answers it as usual).
      const fits = await send(server.port, { path: "/pages/cookies", headers: FORM, body: `intent=accept&padding=${"a".repeat(60 * 1024)}` });
      expect(fits.status).toBe(200);
      // A CV larger than 64 KB is the career action's to judge (here: not a PDF, so a 400 form).
      const boundary = "----bottega";
      const multipart = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        Buffer.alloc(200 * 1024, 0x41),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await send(server.port, { path: "/en/pages/career", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body: multipart });
      expect(upload.status).toBe(400);
      expect(upload.body).toContain("<html");
    });

    it("a redirect target above U+00FF comes back percent-encoded", async () => {
      const answer = await send(server.port, { path: "/pages/cookies", headers: FORM, body: `intent=accept&redirectTo=${encodeURIComponent("/€?q=più")}` });
      expect([302, 303]).toContain(answer.status);
      expect(answer.headers.location).toBe("/%E2%82%AC?q=pi%C3%B9");
    });

    it("no inline style but the banner's, allowed by the CSP nonce (a rendered page) or its hash (a cached page): style-src has no 'unsafe-inline'", async () => {
      for (const path of ["/", "/en/search?q=lana", "/categories/donna", "/products/camicia-a-righe-in-cotone-oxford", "/cart", "/pages/Faq"]) {
        const answer = await send(server.port, { method: "GET", path });
        expect(answer.status, path).toBe(200);
        const sources = /style-src ([^;]*)/.exec(String(answer.headers["content-security-policy"]))?.[1].split(" ") ?? [];
        expect(sources[0], path).toBe("'self'");
        expect(sources, path).not.toContain("'unsafe-inline'");
        expect(answer.body, path).not.toMatch(/<[a-z][^>]*\sstyle=/i);
        const styles = [...answer.body.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi)];
        expect(styles.length, path).toBeGreaterThan(0);
        for (const [, attributes, content] of styles) {
          const nonce = /\snonce="([^"]+)"/.exec(attributes)?.[1];
          const allowed = nonce ? `'nonce-${nonce}'` : `'sha256-${createHash("sha256").update(content).digest("base64")}'`;
          expect(sources, path).toContain(allowed);
        }
      }
    });

    it("a redirect target too long for a Location header goes to the default target", async () => {
      const long = `/pages/cookies?redirectTo=/${"€".repeat(5000)}`;
      const answer = await send(server.port, { path: "/pages/cookies", headers: FORM, body: `intent=accept&redirectTo=${encodeURIComponent(long)}` });
      expect([302, 303]).toContain(answer.status);
      expect(answer.headers.location).toBe("/");
      // The stored login target too: an /account page asked for with a 10 KB query.
      const account = await send(server.port, { method: "GET", path: `/account?q=${"a".repeat(10_000)}` });
      expect(account.status).toBe(302);
      expect(JSON.stringify(account.headers).length).toBeLessThan(4_096);
    });

    it("routine 404 and 405 answers are not logged as errors", async () => {
      const before = server.output().length;
      expect((await send(server.port, { method: "GET", path: "/products/nope" })).status).toBe(404);
      expect((await send(server.port, { path: "/pages/storelocator", headers: FORM, body: "a=b" })).status).toBe(405);
      expect((await send(server.port, { method: "PUT", path: "/", headers: FORM, body: "a=b" })).status).toBe(405);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The server logs at warn level here: a routine answer writes nothing.
      expect(server.output().slice(before)).toBe("");
    });

    it("POSTs are checked against the shop's configured origins, not against Host", async () => {
      const body = JSON.stringify({ email: "origin@example.it", privacy: true, language: "en" });
      const post = (headers: Record<string, string | undefined>) => send(server.port, { path: "/api/newsletter", headers: { ...JSON_TYPE, ...headers }, body });
      expectCalmRefusal(await post({ Origin: "null" }), 403);
      expectCalmRefusal(await post({ Origin: "http://evil.example", Host: "evil.example" }), 403);
      expectCalmRefusal(await post({ Origin: `http://localhost:${server.port + 1}` }), 403);
      expectCalmRefusal(await post({ "Sec-Fetch-Site": "cross-site" }), 403);
      // The shop's own origins, the second shop host included, and a proxy that rewrites Host.
      expect((await post({ Origin: `http://localhost:${server.port}` })).status).toBe(200);
      expect((await post({ Origin: `http://127.0.0.1:${server.port}`, "Sec-Fetch-Site": "same-site" })).status).toBe(200);
      expect((await post({ Origin: `http://localhost:${server.port}`, Host: "10.0.0.7:3000" })).status).toBe(200);
      // No Origin at all, but a JSON body (a server-side client): allowed (decision record 019).
      expect((await post({ Origin: undefined })).status).toBe(200);
    });

    if (kind === "postgres") {
      it("the database dropping its connections under load: 503 while it is away, never a crash, back by itself", async () => {
        const admin = server.admin!;
        const terminate = () => admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [server.databaseName]);
        const pages = ["/", "/en", "/categories/donna", "/api/categories?lang=en", "/pages/newsletter"];
        // Connections cut while requests run: each answers 200 or 503, none 500.
        for (let round = 0; round < 2; round++) {
          const load = Array.from({ length: 16 }, (_, i) => fetch(`${server.url}${pages[i % pages.length]}`).then((res) => res.status));
          await terminate();
          for (const status of await Promise.all(load)) expect([200, 503]).toContain(status);
        }
        expect(server.child.exitCode).toBeNull();
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

        // Away: connections refused.
        await admin.query(`alter database ${server.databaseName} allow_connections false`);
        try {
          await terminate();
          // Alive, not ready: a balancer takes the process out, a supervisor does not restart it.
          expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
          const readiness = await fetch(`${server.url}/readyz`);
          expect(readiness.status).toBe(503);
          expect(await readiness.json()).toMatchObject({ status: "unavailable", database: false });
          const page = await fetch(`${server.url}/en`);
          expect(page.status).toBe(503);
          expect(page.headers.get("retry-after")).toBe("5");
          const html = await page.text();
          expect(html).toContain("503");
          expect(html).not.toContain("not currently accepting connections");
          const api = await fetch(`${server.url}/api/categories?lang=en`);
          expect(api.status).toBe(503);
          expect(await api.json()).toEqual({ message: expect.stringMatching(/unavailable/) });
          const post = await send(server.port, { path: "/pages/cookies", headers: FORM, body: "intent=accept" });
          expect(post.status).toBe(503);
        } finally {
          await admin.query(`alter database ${server.databaseName} allow_connections true`);
        }
        // Back: the same process answers again.
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        expect((await fetch(`${server.url}/en`)).status).toBe(200);
        expect(server.child.exitCode).toBeNull();
      });
    }
  });
}
