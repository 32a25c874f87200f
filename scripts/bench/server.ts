// Building, snapshotting, starting and stopping the production server for the benchmark.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { withThreadPool } from "../thread-pool.mjs";
import { freeLowPort } from "../../tests/support/ports";
import { httpGet } from "./http";

/** Runs `npm run build`; its output is shown only when it fails. */
export function build(projectRoot: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: projectRoot, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve((performance.now() - started) / 1000);
      else reject(new Error(`npm run build failed (exit ${code}):\n${output.trim()}`));
    });
  });
}

/**
 * Copies build/ into a private temporary directory and returns that directory. Other people (or
 * the end-to-end tests) may rebuild build/ while the benchmark runs; the snapshot keeps the
 * server and the assets it serves consistent for the whole run. `buildDir` snapshots another
 * copy of build/ (scripts/bench/compare.ts), run with this project's node_modules.
 */
export function snapshotBuild(projectRoot: string, buildDir = path.join(projectRoot, "build")): string {
  for (const required of ["server.js", "server/index.js", "client/assets"]) {
    if (!fs.existsSync(path.join(buildDir, required))) {
      throw new Error(`${path.relative(projectRoot, buildDir) || buildDir}/${required} is missing: run \`npm run bench\` without --skip-build (or \`npm run build\`).`);
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-bench-"));
  fs.cpSync(buildDir, path.join(dir, "build"), { recursive: true });
  // build/server.js is an ES module and imports its dependencies by name.
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/** The bench's servers listen below 32768: its load's outgoing connections take the ports above. */
export const freePort = freeLowPort;

/**
 * The development-secret warning (ALLOW_DEV_SECRET=1 is deliberate here), however many lines it
 * spans, and Atelier's first-owner set-up link, printed while a fresh database has no staff.
 */
const EXPECTED_NOISE = /SESSION_SECRET|Atelier: no staff yet/;

export class ServerProcess {
  /** Warnings and errors the server logged (LOG_LEVEL=warn keeps the request log off). */
  readonly problems: string[] = [];
  private readonly tail: string[] = [];
  private exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : null))));
    for (const stream of [child.stdout, child.stderr]) {
      let pending = "";
      stream?.on("data", (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) this.onLine(line);
      });
    }
  }

  /** `databaseUrl` (postgres://…) instead of the SQLite file, for the figures on PostgreSQL. */
  static start(options: { dir: string; port: number; databaseFile: string; databaseUrl?: string }): ServerProcess {
    const url = `http://localhost:${options.port}`;
    const child = spawn(process.execPath, [path.join(options.dir, "build", "server.js")], {
      cwd: options.dir,
      stdio: ["ignore", "pipe", "pipe"],
      env: withThreadPool({
        ...process.env,
        NODE_ENV: "production",
        ALLOW_DEV_SECRET: "1",
        PORT: String(options.port),
        DATABASE_URL: options.databaseUrl ?? `file:${options.databaseFile}`,
        LOG_LEVEL: "warn",
        PUBLIC_URL: url,
      }),
    });
    return new ServerProcess(child, url);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private onLine(raw: string) {
    // eslint-disable-next-line no-control-regex -- strips the ANSI colour codes (ESC [ … m) of the log.
    const line = raw.replace(/\x1b\[[0-9;]*m/g, "").trim();
    if (!line) return;
    this.tail.push(line);
    if (this.tail.length > 40) this.tail.shift();
    let entry: { level?: string } | undefined;
    try {
      entry = JSON.parse(line) as { level?: string };
    } catch {
      // unstructured output: a stack trace, a console.warn…
    }
    if (entry) {
      if (entry.level === "warn" || entry.level === "error") this.problems.push(line);
    } else if (!EXPECTED_NOISE.test(line)) this.problems.push(line);
  }

  /** The last lines of output, for error messages. */
  lastOutput(): string {
    return this.tail.join("\n");
  }

  /** Waits until GET /healthz answers 200; fails early when the process exits. */
  async waitHealthy(timeoutMs = 30_000): Promise<number> {
    const started = performance.now();
    let exited = false;
    void this.exited.then(() => (exited = true));
    while (performance.now() - started < timeoutMs) {
      if (exited) throw new Error(`the server exited during start-up:\n${this.lastOutput()}`);
      try {
        const response = await httpGet(`${this.url}/healthz`, {}, 2_000);
        if (response.status === 200) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s:\n${this.lastOutput()}`);
  }

  /** CPU seconds (user + system, all threads) the server has used so far; null off Linux. */
  cpuSeconds(): number | null {
    if (!this.child.pid) return null;
    try {
      const stat = fs.readFileSync(`/proc/${this.child.pid}/stat`, "utf8");
      // Fields after the command name: state is field 3, utime 14, stime 15 (in clock ticks).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      return null;
    }
  }

  /** SIGTERM (graceful shutdown), SIGKILL after 12 s. Returns the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 12_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  /** Last resort on the way out (e.g. Ctrl-C): never leave the server running. */
  killNow() {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGTERM");
  }
}

/** USER_HZ: 100 on every mainstream Linux build (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

/** Runs `use` with the URL of a fresh database on the PostgreSQL server at `base`, dropped afterwards. */
export async function withScratchPostgres<T>(base: string, prefix: string, use: (url: string) => Promise<T>): Promise<T> {
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `${prefix}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
