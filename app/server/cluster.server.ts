// WEB_CONCURRENCY worker processes under one supervisor (node:cluster): the workers share the
// listening port, the supervisor restarts one that dies and stops them all gracefully.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import client from "prom-client";
import type { Env } from "~/utils/env.server";
import { log } from "~/utils/log.server";

/**
 * How many processes serve: WEB_CONCURRENCY, else every core with PostgreSQL and one with
 * SQLite. SQLite takes one writer at a time for the whole file; several processes on it would
 * queue on its lock (busy_timeout) for every bag and order instead of working in parallel, and
 * one process already fills a core per shop of SQLite's size (docs/deploy.md).
 */
export function workerCount(env: Pick<Env, "WEB_CONCURRENCY" | "databaseKind">): number {
  if (env.WEB_CONCURRENCY !== undefined) return env.WEB_CONCURRENCY;
  return env.databaseKind === "postgres" ? os.availableParallelism() : 1;
}

/** Messages between a worker and the supervisor about /metrics (the cluster's sum, not one worker's). */
export const METRICS_REQUEST = "bottega:metrics-request";
export const METRICS_REPLY = "bottega:metrics-reply";

/**
 * Runs in the primary process: forks `count` workers, forks a new one when one dies (a worker that
 * dies within 10 s of its start waits longer each time, up to 30 s, so a crash at start does not
 * spin), and on SIGTERM/SIGINT passes the signal on and exits once every worker has stopped.
 */
export function superviseWorkers(count: number, { drainMs }: { drainMs: number }): void {
  // The workers accept from the one listening socket themselves, rather than the supervisor
  // accepting and handing each connection over (Node's round robin): a connection handed to a
  // worker killed a moment earlier would hang unanswered, while one waiting in the shared
  // socket's queue is taken by a live worker.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // Collects every worker's registry when one of them is asked for /metrics.
  const aggregator = new client.AggregatorRegistry();
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.on("message", (message: { type?: string; id?: number }) => {
      if (message?.type !== METRICS_REQUEST) return;
      aggregator
        .clusterMetrics()
        .then((text) => worker.send({ type: METRICS_REPLY, id: message.id, text, contentType: aggregator.contentType }))
        .catch((error: Error) => worker.send({ type: METRICS_REPLY, id: message.id, error: error.message }));
    });
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("all workers stopped");
        process.exit(0);
      }
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const delay = Math.min(30_000, quickDeaths > 1 ? 1_000 * 2 ** (quickDeaths - 2) : 0);
    log.warn("worker died: starting another", { pid: worker.process.pid, code, signal, restartInMs: delay });
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info("stopping workers", { signal, workers: Object.keys(cluster.workers ?? {}).length });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each worker drains and stops on its own (server.ts); this only bounds the wait.
    setTimeout(() => {
      log.warn("workers still running after the shutdown's limit: exiting");
      process.exit(1);
    }, 35_000 + drainMs).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  log.info("starting workers", { workers: count });
  for (let i = 0; i < count; i++) fork();
}

/**
 * In a worker, at once: answer the supervisor's collection of metrics from the start (with an
 * empty registry until the application's is set, metrics.server.ts), so that a scrape while a
 * new worker is still starting is not left waiting for it.
 */
export function answerMetricsCollection(): void {
  if (cluster.isWorker) new client.AggregatorRegistry();
}

let nextRequest = 0;

/** In a worker: the whole cluster's metrics, from the supervisor (null outside a cluster). */
export function clusterMetrics(timeoutMs = 5_000): Promise<{ text: string; contentType: string }> | null {
  if (!cluster.isWorker || !process.send) return null;
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; id?: number; text?: string; contentType?: string; error?: string }) => {
      if (message?.type !== METRICS_REPLY || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve({ text: message.text ?? "", contentType: message.contentType ?? "text/plain" });
    };
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the supervisor did not answer for the metrics"));
    }, timeoutMs);
    process.on("message", onMessage);
    process.send!({ type: METRICS_REQUEST, id });
  });
}
