// Several app processes (`node build/server.js`, one worker each) on one PostgreSQL database
// behind HAProxy: what tests/http/balancer.test.ts, `npm run balanced` and `npm run soak` run.
// Each process can be killed (SIGKILL, as a crash or the OOM killer would) and started again on
// its port; the balancer's health check takes it out and puts it back.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freeLowPort } from "../../tests/support/ports";
import { withThreadPool } from "../thread-pool.mjs";
import { type Haproxy, startHaproxy } from "./haproxy";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const entry = path.join(root, "build", "server.js");

export interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no drain, no goodbye; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts it again on its port; resolves when it answers /readyz. */
  restart(): Promise<void>;
  /** Resident memory of the process in bytes (Linux), null once it is gone. */
  rss(): number | null;
}

export interface BalancedShop {
  /** The balancer's address: the shop's PUBLIC_URL. */
  url: string;
  apps: AppProcess[];
  haproxy: Haproxy;
  /** Where the app processes write mail (.eml files: no SMTP_URL). */
  mailDir: string;
  stop(): Promise<void>;
}

export interface BalancedShopOptions {
  databaseUrl: string;
  processes?: number;
  /** The balancer's port (a free one below 32768 if not given). */
  port?: number;
  logLevel?: string;
  env?: Record<string, string>;
}

async function waitUntilReady(port: number, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`app on port ${port} exited during start:\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`app on port ${port} did not become ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startBalancedShop({ databaseUrl, processes = 3, port, logLevel = "warn", env = {} }: BalancedShopOptions): Promise<BalancedShop> {
  if (!fs.existsSync(entry)) throw new Error("build/server.js is missing: run `npm run build` first.");
  const balancerPort = port ?? (await freeLowPort());
  const statsPort = await freeLowPort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-balanced-"));
  const mailDir = path.join(dir, "mail");
  const mediaDir = path.join(dir, "media");
  fs.mkdirSync(mailDir);

  const launch = (name: string, appPort: number) => {
    let output = "";
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: withThreadPool({
        ...process.env,
        NODE_ENV: "production",
        ALLOW_DEV_SECRET: "1",
        PORT: String(appPort),
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: logLevel,
        // The balancer's origin is the shop's: links, form posts' Origin, cookies.
        PUBLIC_URL: url,
        IT_SHOP_HOST: url,
        EU_SHOP_HOST: url,
        WEB_CONCURRENCY: "1",
        MAIL_OUTBOX_DIR: mailDir,
        // Photographs on a disk every process shares (several machines: a shared volume or S3-like store).
        MEDIA_DIR: mediaDir,
        ...env,
      }),
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return { child, output: () => output };
  };

  const apps: AppProcess[] = [];
  const ports: number[] = [];
  for (let i = 0; i < processes; i++) ports.push(await freeLowPort());
  const start = async (index: number) => {
    const name = `app${index + 1}`;
    const appPort = ports[index];
    let current = launch(name, appPort);
    await waitUntilReady(appPort, current.child, current.output);
    const app: AppProcess = {
      name,
      port: appPort,
      get child() {
        return current.child;
      },
      output: () => current.output(),
      async kill() {
        const gone = new Promise<void>((resolve) => (current.child.exitCode !== null || current.child.signalCode !== null ? resolve() : current.child.once("exit", () => resolve())));
        current.child.kill("SIGKILL");
        await gone;
      },
      async restart() {
        current = launch(name, appPort);
        await waitUntilReady(appPort, current.child, current.output);
      },
      rss() {
        try {
          const status = fs.readFileSync(`/proc/${current.child.pid}/status`, "utf8");
          const kb = /^VmRSS:\s+(\d+)/m.exec(status)?.[1];
          return kb ? Number(kb) * 1024 : null;
        } catch {
          return null;
        }
      },
    };
    apps[index] = app;
  };
  // The first process migrates and seeds an empty database; the others start once it has.
  await start(0);
  await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
  const haproxy = await startHaproxy({ port: balancerPort, statsPort, backends: apps.map((app) => ({ name: app.name, port: app.port })), dir });
  // Ready when the balancer's checks have every process UP.
  const deadline = Date.now() + 15_000;
  while (Object.values(await haproxy.stats()).some((backend) => backend.status !== "UP")) {
    if (Date.now() > deadline) throw new Error(`the balancer does not see every process up: ${JSON.stringify(await haproxy.stats())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    apps,
    haproxy,
    mailDir,
    async stop() {
      await haproxy.stop();
      await Promise.all(
        apps.map(async (app) => {
          const child = app.child;
          if (child.exitCode !== null || child.signalCode !== null) return;
          const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
          child.kill("SIGTERM");
          await gone;
        }),
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
