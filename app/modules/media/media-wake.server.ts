// This process's started media workers, and the call that wakes them. Its own module, below
// both the media service (which wakes the workers after queueing a job) and the worker (which
// uses the service's file keys), so neither imports the other (decision 038: no import circles).

/** What waking needs of a worker. */
interface Wakeable {
  nudge(): void;
}

/** The media workers started in this process (the worker adds and removes itself). */
export const startedMediaWorkers = new Set<Wakeable>();

/** Wakes this process's workers after a transaction that queued a job commits. */
export function wakeMediaWorkers(): void {
  for (const worker of startedMediaWorkers) worker.nudge();
}
