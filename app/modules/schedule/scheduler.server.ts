import os from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { log } from "~/utils/log.server";
import { claimScheduledRun } from "./scheduled-task.repository.server";

// Periodic work once per period for the whole shop, not once per process (issue 27,
// docs/decisions/032): every process ticks, and on each tick claims each due task through its row
// in `scheduled_tasks`; only the claim's winner runs it. A process that dies mid-run loses that
// period's run, which is harmless here: every task is a sweep that the next period repeats.

export interface ScheduledTask {
  /** The row's key; stable across releases. */
  name: string;
  periodMs: number;
  run: (now: Date) => Promise<unknown>;
}

export interface Scheduler {
  start(): void;
  /** Stops ticking and waits for the runs in progress. */
  stop(): Promise<void>;
  /** One tick now: claims and runs whatever is due (tests; the timer calls it too). */
  tick(now?: Date): Promise<string[]>;
}

export function createScheduler(
  db: Kysely<Database>,
  tasks: ScheduledTask[],
  { tickMs = 15_000, owner = `${os.hostname()}:${process.pid}`, clock = () => new Date() }: { tickMs?: number; owner?: string; clock?: () => Date } = {},
): Scheduler {
  let timer: NodeJS.Timeout | null = null;
  const running = new Set<Promise<unknown>>();
  // A task still running from an earlier period is not started again by this process.
  const busy = new Set<string>();

  async function runIfClaimed(task: ScheduledTask, now: Date): Promise<boolean> {
    if (busy.has(task.name)) return false;
    const won = await claimScheduledRun(db, task.name, { now, periodMs: task.periodMs, owner });
    if (!won) return false;
    busy.add(task.name);
    try {
      await task.run(now);
    } catch (error) {
      log.warn("scheduled task failed", { task: task.name, error: (error as Error).message });
    } finally {
      busy.delete(task.name);
    }
    return true;
  }

  async function tick(now = clock()): Promise<string[]> {
    const ran: string[] = [];
    await Promise.all(
      tasks.map(async (task) => {
        try {
          if (await runIfClaimed(task, now)) ran.push(task.name);
        } catch (error) {
          // The claim itself failed (database away): the next tick tries again.
          log.warn("scheduled task not claimed", { task: task.name, error: (error as Error).message });
        }
      }),
    );
    return ran;
  }

  return {
    start() {
      if (timer) return;
      const beat = () => {
        const pass = tick();
        running.add(pass);
        void pass.finally(() => running.delete(pass));
      };
      timer = setInterval(beat, tickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...running]);
    },
    tick,
  };
}
