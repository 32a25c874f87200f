// One measurement window: autocannon against one URL, with exact latencies and a CPU account.
import os from "node:os";
import autocannon from "autocannon";

export interface Failures {
  /** Connection errors, including timeouts. */
  errors: number;
  timeouts: number;
  non2xx: number;
  resets: number;
  /** Status code → count, for the non-2xx answers. */
  statuses: Record<string, number>;
}

/** CPU use during the window, in cores (1 = one core fully busy). */
export interface CpuAccount {
  server: number | null;
  loadGenerator: number;
  /** Everything else on the machine (other processes, the kernel's share not billed to the two). */
  other: number | null;
  /** Busy share of the whole machine, 0…cores. */
  machine: number;
}

export interface WindowResult {
  /** 2xx responses. */
  completed: number;
  seconds: number;
  requestsPerSecond: number;
  /** Latency of every 2xx response in ms (float, unlike autocannon's integer histogram). */
  latencies: Float64Array;
  failures: Failures;
  cpu: CpuAccount;
  /**
   * CPU seconds the server process used during the window (user + system, all its threads:
   * JavaScript, the garbage collector, compression in libuv's pool); null off Linux. Divided by
   * `completed` it is the server's CPU time per request, which the load generator sharing the
   * cores does not change the way it changes requests/s.
   */
  serverCpuSeconds: number | null;
}

export interface WindowOptions {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** A POST with this body instead of a GET. */
  body?: string;
  /** A POST whose body and extra headers change with every request (overrides `body`). */
  nextRequest?: () => { body: string; headers: Record<string, string> };
  serverCpuSeconds: () => number | null;
}

function machineTimes() {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return { busy, total };
}

export function failureCount(f: Failures): number {
  // autocannon counts timeouts among errors too.
  return f.errors + f.non2xx + f.resets;
}

export function emptyFailures(): Failures {
  return { errors: 0, timeouts: 0, non2xx: 0, resets: 0, statuses: {} };
}

export function addFailures(into: Failures, from: Failures): Failures {
  into.errors += from.errors;
  into.timeouts += from.timeouts;
  into.non2xx += from.non2xx;
  into.resets += from.resets;
  for (const [status, count] of Object.entries(from.statuses)) into.statuses[status] = (into.statuses[status] ?? 0) + count;
  return into;
}

export function runWindow(options: WindowOptions): Promise<WindowResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cores = os.cpus().length;
  const machineBefore = machineTimes();
  const selfBefore = process.cpuUsage();
  const serverBefore = options.serverCpuSeconds();
  const started = performance.now();

  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        duration: options.seconds,
        timeout: 10,
        headers: options.headers,
        ...(options.body === undefined ? {} : { method: "POST" as const, body: options.body }),
        ...(options.nextRequest
          ? {
              requests: [
                {
                  method: "POST" as const,
                  setupRequest: (request: autocannon.Request) => {
                    const next = options.nextRequest!();
                    return { ...request, method: "POST" as const, body: next.body, headers: { ...options.headers, ...(request.headers as Record<string, string>), ...next.headers } };
                  },
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const wall = (performance.now() - started) / 1000;
        const machineAfter = machineTimes();
        const self = process.cpuUsage(selfBefore);
        const serverAfter = options.serverCpuSeconds();

        const machine = Math.min(cores, ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) * cores);
        const loadGenerator = (self.user + self.system) / 1e6 / wall;
        const server = serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / wall;
        const other = server === null ? null : Math.max(0, machine - server - loadGenerator);

        const seconds = result.duration || wall;
        resolve({
          completed: latencies.length,
          seconds,
          requestsPerSecond: latencies.length / seconds,
          latencies: Float64Array.from(latencies),
          failures: { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, resets: result.resets ?? 0, statuses },
          cpu: { server, loadGenerator, other, machine },
          serverCpuSeconds: serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** Nearest-rank percentile of a sorted sample. */
export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function concatSorted(parts: Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all.sort();
}
