// HAProxy (Debian's package) in front of the shop's app processes, for the load-balancer test
// (tests/http/balancer.test.ts), `npm run balanced` and `npm run soak`: round robin, a health
// check on /readyz every half second (two failures take a process out, two successes put it
// back), and a stats page whose CSV says which process is UP.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface Backend {
  name: string;
  port: number;
}

export interface BackendStats {
  /** "UP", "DOWN", "MAINT", or a transition such as "UP 1/2". */
  status: string;
  /** Requests (HTTP sessions) sent to it so far. */
  sessions: number;
}

export interface Haproxy {
  url: string;
  statsUrl: string;
  child: ChildProcess;
  output(): string;
  /** Each backend's state and the requests it got, by name. */
  stats(): Promise<Record<string, BackendStats>>;
  stop(): Promise<void>;
}

/** haproxy's path, or null when it is not installed (`apt-get install haproxy`). */
export function haproxyPath(): string | null {
  for (const candidate of ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"]) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

export function haproxyConfig({ port, statsPort, backends }: { port: number; statsPort: number; backends: Backend[] }): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A busy process answers its check late but answers: only a silent one (killed, hung) is out.
  timeout check 3s
  # A request whose connection to a process failed (it was killed, or is restarting) goes to
  # another one: safe for every method, since the process never saw it. A request a process was
  # answering when it died is not retried (a payment must not be sent twice): the client sees it fail.
  retries 3
  retry-on conn-failure
  option redispatch 1

frontend shop
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # A process that stops answering is out after two failed checks, back after two good ones. A
  # killed process refuses the check's connection at once, so it is out within a second; the
  # requests it was answering are left to finish or fail on their own (no shutdown-sessions:
  # a process marked down while merely slow must not have its answers cut).
  default-server inter 500ms fall 2 rise 2
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join("\n")}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
  stats refresh 5s
`;
}

export async function startHaproxy({ port, statsPort, backends, dir }: { port: number; statsPort: number; backends: Backend[]; dir: string }): Promise<Haproxy> {
  const binary = haproxyPath();
  if (!binary) throw new Error("haproxy is not installed: apt-get install -y haproxy");
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, haproxyConfig({ port, statsPort, backends }));
  execFileSync(binary, ["-c", "-q", "-f", file]);
  let output = "";
  // -db: stay in the foreground, so the child is haproxy itself and stops with it.
  const child = spawn(binary, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  const stats = async () => {
    const csv = await (await fetch(`${statsUrl};csv`)).text();
    const [header, ...rows] = csv.replace(/^# /, "").trim().split("\n");
    const columns = header.split(",");
    const at = (name: string) => columns.indexOf(name);
    const result: Record<string, BackendStats> = {};
    for (const row of rows) {
      const cells = row.split(",");
      if (cells[at("pxname")] !== "apps" || ["FRONTEND", "BACKEND"].includes(cells[at("svname")])) continue;
      result[cells[at("svname")]] = { status: cells[at("status")], sessions: Number(cells[at("stot")]) };
    }
    return result;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${output}`);
    try {
      await stats();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    statsUrl,
    child,
    output: () => output,
    stats,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}
