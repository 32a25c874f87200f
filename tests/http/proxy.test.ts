// Behind a TLS proxy that forwards the Host but no X-Forwarded-Proto, the production build sees
// plain HTTP; PUBLIC_URL (https) is the authority for its host's scheme, so same-origin form posts
// pass React Router's own origin check instead of answering 400.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "./built-server";

const SHOP = "https://shop.example";

function post(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; location?: string }> {
  const body = "intent=accept";
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method: "POST", path, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length, ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("behind a TLS proxy without X-Forwarded-Proto", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer("sqlite", { env: { PUBLIC_URL: SHOP, IT_SHOP_HOST: SHOP, EU_SHOP_HOST: "https://eu.shop.example" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("takes a same-origin form post whose Host is the shop's: page and single-fetch URL, both shop hosts", async () => {
    for (const [host, path] of [
      ["shop.example", "/pages/cookies"],
      ["shop.example", "/en/pages/cookies.data"],
      ["eu.shop.example", "/en/pages/cookies"],
    ] as const) {
      const answer = await post(server.port, `${path}${path.endsWith(".data") ? "" : "?redirectTo=/"}`, { Host: host, Origin: `https://${host}` });
      expect(answer.status, `${host}${path}`).not.toBe(400);
      expect([200, 202, 204, 302, 303], `${host}${path}`).toContain(answer.status);
    }
    // A proxy that does send X-Forwarded-Proto (from loopback, trusted) works as before.
    expect((await post(server.port, "/pages/cookies", { Host: "shop.example", Origin: SHOP, "X-Forwarded-Proto": "https" })).status).toBe(200);
  });

  it("leaves other hosts alone: a proxy that rewrites Host must send X-Forwarded-Host", async () => {
    expect((await post(server.port, "/pages/cookies", { Host: "10.0.0.7:3000", Origin: SHOP })).status).toBe(400);
    expect((await post(server.port, "/pages/cookies", { Host: "10.0.0.7:3000", "X-Forwarded-Host": "shop.example", "X-Forwarded-Proto": "https", Origin: SHOP })).status).toBe(200);
  });
});
