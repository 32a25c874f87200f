import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/**
 * Claims one run of the task `name` at `now` for `owner`, and says whether this caller won it: the
 * row is created due at once the first time, then one UPDATE moves `next_run_at` a period on only
 * where it is already due. On either database that compare-and-set lets exactly one of several
 * processes asking at the same moment win a period; the others see the row already moved.
 */
export async function claimScheduledRun(
  db: Kysely<Database>,
  name: string,
  { now, periodMs, owner }: { now: Date; periodMs: number; owner: string },
): Promise<boolean> {
  const at = now.toISOString();
  await db
    .insertInto("scheduled_tasks")
    .values({ name, next_run_at: at, last_run_at: null, last_run_by: null })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const result = await db
    .updateTable("scheduled_tasks")
    .set({ next_run_at: new Date(now.getTime() + periodMs).toISOString(), last_run_at: at, last_run_by: owner })
    .where("name", "=", name)
    .where("next_run_at", "<=", at)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export interface ScheduledTaskRow {
  name: string;
  nextRunAt: Date;
  lastRunAt: Date | null;
  lastRunBy: string | null;
}

/** Every task's row (an operator's view, and tests). */
export async function listScheduledTasks(db: Kysely<Database>): Promise<ScheduledTaskRow[]> {
  const rows = await db.selectFrom("scheduled_tasks").selectAll().orderBy("name").execute();
  return rows.map((row) => ({
    name: row.name,
    nextRunAt: new Date(row.next_run_at),
    lastRunAt: row.last_run_at === null ? null : new Date(row.last_run_at),
    lastRunBy: row.last_run_by,
  }));
}

/**
 * A lease on the row `name` for `owner` until now + leaseMs: taken when free (its time passed) or
 * already this owner's (a renewal). One compare-and-set UPDATE, so of several processes asking at
 * once exactly one holds it, on either database; a holder that dies lets it lapse. Work that
 * must run once at a time for the whole shop (the catalogue import's jobs) holds it while it runs.
 */
export async function claimLease(db: Kysely<Database>, name: string, { now, leaseMs, owner }: { now: Date; leaseMs: number; owner: string }): Promise<boolean> {
  await db
    .insertInto("scheduled_tasks")
    .values({ name, next_run_at: new Date(0).toISOString(), last_run_at: null, last_run_by: null })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const result = await db
    .updateTable("scheduled_tasks")
    .set({ next_run_at: new Date(now.getTime() + leaseMs).toISOString(), last_run_at: now.toISOString(), last_run_by: owner })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("next_run_at", "<=", now.toISOString()), eb("last_run_by", "=", owner)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives a lease back (only its owner can). */
export async function releaseLease(db: Kysely<Database>, name: string, owner: string, now = new Date()): Promise<void> {
  await db.updateTable("scheduled_tasks").set({ next_run_at: now.toISOString() }).where("name", "=", name).where("last_run_by", "=", owner).execute();
}
