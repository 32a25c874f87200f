// The Node HTTP server's limits (app/server/http-server.server.ts): a body dribbled slower than
// the request timeout is cut off with 408, and the shop's timeouts leave room for a 5 MB CV.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CV_MAX_BYTES } from "~/modules/career/career.fields";
import { HTTP_TIMEOUTS, type HttpServer, createHttpServer } from "~/server/http-server.server";

let running: HttpServer | undefined;
afterEach(async () => {
  running?.server.closeAllConnections();
  await running?.stop();
  running = undefined;
});

describe("HTTP timeouts", () => {
  it("are far below Node's 300 s, and a 5 MB CV fits at 90 KB/s", () => {
    expect(HTTP_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(20_000);
    expect(HTTP_TIMEOUTS.requestTimeout).toBeLessThanOrEqual(60_000);
    expect(HTTP_TIMEOUTS.headersTimeout).toBeLessThan(HTTP_TIMEOUTS.requestTimeout);
    expect((CV_MAX_BYTES / (90 * 1024)) * 1000).toBeLessThan(HTTP_TIMEOUTS.requestTimeout);
  });

  it("a slow body is cut off with 408 once the request timeout passes", async () => {
    running = createHttpServer(
      (req, res) => {
        // Reads the whole body before answering, as a form action does.
        req.resume();
        req.on("end", () => res.end("read"));
      },
      { headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 300, checkInterval: 50 },
    );
    await new Promise<void>((resolve) => running!.server.listen(0, "127.0.0.1", resolve));
    const { port } = running.server.address() as net.AddressInfo;
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => undefined);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nemail=");
    // One byte at a time, far slower than the body needs: the server must end it, not wait.
    const dribble = setInterval(() => socket.writable && socket.write("a"), 100);
    await closed;
    clearInterval(dribble);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});
