import { log } from "~/utils/log.server";

// The background loop of every polling worker (the mail outbox, the media jobs, the catalogue
// import jobs): one pass at a time; a pass that says more may wait asks for another at once; a
// nudge (after a transaction that queued work commits) runs a pass now instead of at the next
// poll, or right after the pass under way. A failed pass is logged and the next poll tries again.

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
}: {
  /** For the log: "<name> run failed". */
  name: string;
  pollIntervalMs: number;
  /** One pass; true when more work may be waiting. */
  pass: () => Promise<boolean>;
  describeError?: (error: unknown) => string;
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

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    nudge() {
      if (!running) return;
      clearTimeout(timer);
      tick();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
