// Starts the production build (build/server.js) for an HTTP-level test: a free port, a fresh
// SQLite file or PostgreSQL database, both shop hosts on it (localhost and 127.0.0.1, as the
// end-to-end server does). Stops it and removes the database afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { withThreadPool } from "../../scripts/thread-pool.mjs";
import { freeLowPort } from "../support/ports";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const entry = path.join(root, "build", "server.js");

export interface BuiltServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** The PostgreSQL database's URL (postgres only). */
  databaseUrl: string;
  /** An admin connection to the PostgreSQL server (postgres only). */
  admin?: pg.Client;
  databaseName: string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * `env` adds to or overrides the server's environment (PUBLIC_URL behind a proxy, say).
 * `sharedDatabaseUrl` starts another process on a database an earlier server of the test made
 * (PostgreSQL): that server's stop() drops it, this one's leaves it.
 */
export async function startBuiltServer(
  kind: "sqlite" | "postgres",
  { logLevel = "warn", env = {} as Record<string, string>, sharedDatabaseUrl }: { logLevel?: string; env?: Record<string, string>; sharedDatabaseUrl?: string } = {},
): Promise<BuiltServer> {
  if (!fs.existsSync(entry)) throw new Error("build/server.js is missing: run `npm run build` before `npm run test:http`.");
  const port = await freeLowPort();
  const databaseName = sharedDatabaseUrl && kind === "postgres" ? new URL(sharedDatabaseUrl).pathname.slice(1) : `bottega_http_${randomBytes(6).toString("hex")}`;
  let databaseUrl: string;
  let admin: pg.Client | undefined;
  if (sharedDatabaseUrl) {
    databaseUrl = sharedDatabaseUrl;
  } else if (kind === "postgres") {
    const base = process.env.TEST_POSTGRES_URL!;
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    const url = new URL(base);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  } else {
    databaseUrl = `file:${path.join(os.tmpdir(), `${databaseName}.sqlite`)}`;
  }
  let output = "";
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: withThreadPool({
      ...process.env,
      NODE_ENV: "production",
      ALLOW_DEV_SECRET: "1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: logLevel,
      PUBLIC_URL: `http://localhost:${port}`,
      IT_SHOP_HOST: `http://localhost:${port}`,
      EU_SHOP_HOST: `http://127.0.0.1:${port}`,
      // One process unless the test asks for more (tests/http/cluster.test.ts): a test's logs,
      // signals and pid are then the server's.
      WEB_CONCURRENCY: "1",
      ...env,
    }),
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://localhost:${port}`;

  const cleanUp = async () => {
    if (sharedDatabaseUrl) return;
    if (admin) {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    } else {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databaseUrl.slice("file:".length) + suffix, { force: true });
    }
  };

  // Ready when /healthz answers 200 (the first start migrates and seeds).
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanUp();
      throw new Error(`build/server.js exited during start:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await cleanUp();
      throw new Error(`build/server.js did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    child,
    output: () => output,
    databaseUrl,
    admin,
    databaseName,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await cleanUp();
    },
  };
}

/** One raw HTTP exchange over TCP: what fetch cannot send (no Host, a bad Host, HTTP/1.0). */
export function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("end", () => resolve(received));
    socket.on("close", () => resolve(received));
    socket.on("error", (error) => (received ? resolve(received) : reject(error)));
    socket.write(text);
  });
}

/** The status code of a raw HTTP response. */
export const statusOf = (response: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1]);

/**
 * A browser-like client of a built server: redirects not followed, its cookies sent and kept
 * (set, replaced, cleared), and urlencoded form posts with the headers a test chooses.
 */
export function builtServerClient(server: { url: string }) {
  let cookie = "";
  async function send(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const response = await fetch(`${server.url}${path}`, { ...init, headers, redirect: "manual" });
    const jar = new Map(cookie ? cookie.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as [string, string]) : []);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      if (pair.slice(at + 1)) jar.set(pair.slice(0, at), pair.slice(at + 1));
      else jar.delete(pair.slice(0, at));
    }
    cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    return response;
  }
  const form = (fields: Record<string, string>, headers: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { send, form };
}
