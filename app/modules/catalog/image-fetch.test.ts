import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_FETCH_LIMITS, fetchImage, isPrivateAddress } from "./image-fetch.server";

// The bounds of fetching an `Image Src`, against a local server (the tests' flag lets the fetch
// reach this machine; without it, the same URLs are refused).
describe("fetching an import's photographs", () => {
  let server: http.Server;
  let base: string;
  let png: Buffer;
  const limits = { ...IMAGE_FETCH_LIMITS, allowPrivateHosts: true, maxBytes: 64 * 1024, timeoutMs: 800 };

  beforeAll(async () => {
    png = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#804020" } })
      .png()
      .toBuffer();
    server = http.createServer((req, res) => {
      const url = req.url ?? "/";
      if (url === "/photo.png") return res.writeHead(200, { "content-type": "image/png" }).end(png);
      if (url === "/declared-big") return res.writeHead(200, { "content-length": String(10 * 1024 * 1024) }).end();
      if (url === "/streamed-big") {
        // No length announced: the limit is counted as the bytes arrive.
        res.writeHead(200, { "content-type": "image/png" });
        const chunk = Buffer.alloc(16 * 1024, 1);
        let sent = 0;
        const push = () => {
          while (sent < 1024 * 1024 && res.write(chunk)) sent += chunk.length;
          if (sent < 1024 * 1024) res.once("drain", push);
          else res.end();
        };
        res.on("error", () => undefined);
        return push();
      }
      if (url === "/slow") {
        res.writeHead(200, { "content-type": "image/png" });
        res.write(png.subarray(0, 10));
        const timer = setTimeout(() => res.end(png.subarray(10)), 3_000);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      if (url === "/page.html") return res.writeHead(200, { "content-type": "image/png" }).end("<html><body>not an image</body></html>");
      if (url === "/missing") return res.writeHead(404).end();
      if (url.startsWith("/loop")) return res.writeHead(302, { location: `/loop${url.length}` }).end();
      if (url === "/moved") return res.writeHead(301, { location: "/photo.png" }).end();
      res.writeHead(404).end();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("fetches an image, follows a redirect, and reads its type and size from the bytes", async () => {
    expect(await fetchImage(`${base}/photo.png`, limits)).toMatchObject({ ok: true, mimeType: "image/png", width: 30, height: 40 });
    expect(await fetchImage(`${base}/moved`, limits)).toMatchObject({ ok: true, width: 30 });
  });

  it("refuses a file over the limit, announced or not", async () => {
    expect(await fetchImage(`${base}/declared-big`, limits)).toMatchObject({ ok: false, reason: "tooBig" });
    expect(await fetchImage(`${base}/streamed-big`, limits)).toMatchObject({ ok: false, reason: "tooBig" });
  });

  it("gives up on a server too slow for the time limit", async () => {
    const started = Date.now();
    expect(await fetchImage(`${base}/slow`, limits)).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("refuses what is not an image by its bytes, an error status, endless redirects, other schemes", async () => {
    expect(await fetchImage(`${base}/page.html`, limits)).toMatchObject({ ok: false, reason: "notImage" });
    expect(await fetchImage(`${base}/missing`, limits)).toMatchObject({ ok: false, reason: "httpStatus" });
    expect(await fetchImage(`${base}/loop`, limits)).toMatchObject({ ok: false, reason: "tooManyRedirects" });
    expect(await fetchImage("ftp://example.com/a.png", limits)).toMatchObject({ ok: false, reason: "badUrl" });
    expect(await fetchImage("file:///etc/passwd", limits)).toMatchObject({ ok: false, reason: "badUrl" });
    expect(await fetchImage("not a url", limits)).toMatchObject({ ok: false, reason: "badUrl" });
  });

  it("never reaches this machine or the private network without the tests' flag", async () => {
    const strict = { ...limits, allowPrivateHosts: false };
    expect(await fetchImage(`${base}/photo.png`, strict)).toMatchObject({ ok: false, reason: "privateAddress" });
    expect(await fetchImage(`http://localhost:${new URL(base).port}/photo.png`, strict)).toMatchObject({ ok: false, reason: "privateAddress" });
    expect(await fetchImage("http://[::1]/x.png", strict)).toMatchObject({ ok: false, reason: "privateAddress" });
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "0.0.0.0"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "2606:4700::1111", "8.8.8.8"]) expect(isPrivateAddress(address), address).toBe(false);
  });
});
