import { randomBytes } from "node:crypto";
import { log } from "~/utils/log.server";

// The background loop of every polling worker (the mail outbox, the media jobs, the catalogue
// import jobs): one pass at a time; a pass that says more may wait asks for another at once; a
// nudge (after a transaction that queued work commits) runs a pass now instead of at the next
// poll, or right after the pass under way. A failed pass is logged and the next poll tries again.

/**
 * The loops of one kind of worker running in this process: a service wakes them after the
 * transaction that queued their work commits, so it is done at once rather than at the next
 * poll. Workers of other processes find it at their next poll; their claims keep any two from
 * doing the same item.
 */
export interface WakeList {
  wake(): void;
}

export function createWakeList(): WakeList & { loops: Set<PollingLoop> } {
  const loops = new Set<PollingLoop>();
  return {
    loops,
    wake() {
      for (const loop of loops) loop.nudge();
    },
  };
}

/** A worker's id, unique across processes: the owner of its claims and leases. */
export const workerId = (kind: string) => `${kind}-${process.pid}-${randomBytes(6).toString("hex")}`;

/** When a failed item is tried again: after its retry delay, or never (null) once its attempts are spent. */
export function retryAtAfter(attempts: number, { maxAttempts, retryDelayMs }: { maxAttempts: number; retryDelayMs: (attempts: number) => number }, now: Date): Date | null {
  return attempts < maxAttempts ? new Date(now.getTime() + retryDelayMs(attempts)) : null;
}

/** What a queue worker (items claimed with a lease, failed ones retried later) may be given; each worker has its defaults. */
export interface QueueWorkerOptions {
  /** How often an idle worker looks for due work; a nudge after work is queued does not wait for it. */
  pollIntervalMs?: number;
  leaseMs?: number;
  /** Attempts before an item fails for good (and is kept, for someone to look at). */
  maxAttempts?: number;
  /** Items claimed at a time. */
  batchSize?: number;
  /** The wait after the n-th failed attempt. */
  retryDelayMs?: (attempts: number) => number;
  clock?: () => Date;
}

/** A queue worker: its id (unique, the owner of its claims), one pass on demand, and its background loop. */
export interface QueueWorker<Report> extends PollingLoop {
  readonly id: string;
  /** Claims one batch of due items and does everything this worker holds. */
  runOnce(now?: Date): Promise<Report>;
}

export interface PollingLoop {
  start(): void;
  nudge(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

export function createPollingLoop({
  name,
  pollIntervalMs,
  pass,
  describeError = (error) => (error instanceof Error ? error.message : String(error)),
  wakeList,
}: {
  /** For the log: "<name> run failed". */
  name: string;
  pollIntervalMs: number;
  /** One pass; true when more work may be waiting. */
  pass: () => Promise<boolean>;
  describeError?: (error: unknown) => string;
  /** Joined while started: its wake() nudges this loop. */
  wakeList?: { loops: Set<PollingLoop> };
}): PollingLoop {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;

  function schedule(delayMs: number) {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (current) {
      again = true;
      return;
    }
    current = (async () => {
      do {
        again = false;
        try {
          if (await pass()) again = true;
        } catch (error) {
          // The database may be away for a moment: the next poll tries again.
          log.warn(`${name} run failed`, { error: describeError(error) });
        }
      } while (again && running);
    })().finally(() => {
      current = undefined;
      schedule(pollIntervalMs);
    });
  }

  const loop: PollingLoop = {
    start() {
      if (running) return;
      running = true;
      wakeList?.loops.add(loop);
      schedule(0);
    },
    nudge() {
      if (!running) return;
      clearTimeout(timer);
      tick();
    },
    async stop() {
      running = false;
      wakeList?.loops.delete(loop);
      clearTimeout(timer);
      await current;
    },
  };
  return loop;
}
