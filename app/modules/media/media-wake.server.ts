// This process's started media workers, and the call that wakes them. Its own module, below
// both the media service (which wakes the workers after queueing a job) and the worker (which
// uses the service's file keys), so neither imports the other (decision 038: no import circles).
import { createWakeList } from "~/modules/schedule/polling-loop.server";

/** The media workers' polling loops started in this process (each loop adds and removes itself). */
export const mediaLoops = createWakeList();

/** Wakes this process's workers after a transaction that queued a job commits. */
export function wakeMediaWorkers(): void {
  mediaLoops.wake();
}
