// Graceful shutdown of the production build: on SIGTERM it stops accepting, answers every
// request already received (whole, half-sent, or on a connection accepted but silent so far),
// then exits 0.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer, statusOf } from "./built-server";

/** A client connection that collects everything the server sends until it closes. */
function openConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  const closed = new Promise<string>((resolve) => {
    socket.on("close", () => resolve(received));
    socket.on("error", () => undefined);
  });
  const connected = new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  return { socket, connected, closed };
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, "127.0.0.1");
    probe.once("connect", () => {
      probe.destroy();
      resolve(false);
    });
    probe.once("error", () => resolve(true));
  });

describe("SIGTERM", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer("sqlite", { logLevel: "info" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers all 30 requests in flight, then exits", async () => {
    const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost:${server.port}\r\n\r\n`;
    const paths = ["/", "/en", "/categories/donna", "/en/search?q=lana", "/pages/newsletter"];
    const whole = Array.from({ length: 10 }, () => openConnection(server.port));
    const halfSent = Array.from({ length: 10 }, () => openConnection(server.port));
    const silent = Array.from({ length: 10 }, () => openConnection(server.port));
    const all = [...whole, ...halfSent, ...silent];
    await Promise.all(all.map((connection) => connection.connected));
    whole.forEach((connection, i) => connection.socket.write(request(paths[i % paths.length]!)));
    halfSent.forEach((connection, i) => connection.socket.write(request(paths[i % paths.length]!).slice(0, 20)));

    server.child.kill("SIGTERM");
    await expect.poll(() => server.output().includes('"msg":"shutting down"'), { timeout: 10_000 }).toBe(true);

    // The connections accepted before the signal still get their requests answered.
    halfSent.forEach((connection, i) => connection.socket.write(request(paths[i % paths.length]!).slice(20)));
    silent.forEach((connection, i) => connection.socket.write(request(paths[i % paths.length]!)));
    const responses = await Promise.all(all.map((connection) => connection.closed));
    expect(responses.map(statusOf)).toEqual(Array(30).fill(200));
    // Those answered after the signal tell the client the connection ends.
    for (const response of responses.slice(10)) expect(/\r\nConnection: close\r\n/i.test(response)).toBe(true);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(await refusesConnections(server.port)).toBe(true);
  });
});
