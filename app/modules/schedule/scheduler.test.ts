import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { claimScheduledRun, listScheduledTasks } from "./scheduled-task.repository.server";
import { createScheduler } from "./scheduler.server";

const T0 = new Date("2026-12-03T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describeEachDatabase("scheduled tasks", (ctx) => {
  it("lets exactly one of several claimants asking at once win a period, then none until the next", async () => {
    const { db } = ctx();
    // On PostgreSQL the pool holds several connections, so these claims really race.
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimScheduledRun(db, "race", { now: T0, periodMs: 60_000, owner: `process-${i}` })),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimScheduledRun(db, "race", { now: at(59_999), periodMs: 60_000, owner: "late" })).toBe(false);
    const next = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimScheduledRun(db, "race", { now: at(60_000), periodMs: 60_000, owner: `process-${i}` })),
    );
    expect(next.filter(Boolean)).toHaveLength(1);
    const [row] = (await listScheduledTasks(db)).filter((task) => task.name === "race");
    expect(row.nextRunAt.toISOString()).toBe(at(120_000).toISOString());
    expect(row.lastRunAt?.toISOString()).toBe(at(60_000).toISOString());
    expect(row.lastRunBy).toMatch(/^process-\d$/);
  });

  it("runs each task once per period across schedulers, and a failing task neither stops the others nor the next period", async () => {
    const { db } = ctx();
    const runs: string[] = [];
    const tasks = (owner: string) => [
      { name: "sweep-a", periodMs: 60_000, run: async () => void runs.push(`a by ${owner}`) },
      {
        name: "sweep-b",
        periodMs: 3_600_000,
        run: async () => {
          runs.push(`b by ${owner}`);
          throw new Error("provider down");
        },
      },
    ];
    const first = createScheduler(db, tasks("one"), { owner: "one" });
    const second = createScheduler(db, tasks("two"), { owner: "two" });
    await Promise.all([first.tick(T0), second.tick(T0)]);
    expect(runs.filter((run) => run.startsWith("a "))).toHaveLength(1);
    expect(runs.filter((run) => run.startsWith("b "))).toHaveLength(1);

    runs.length = 0;
    await Promise.all([first.tick(at(30_000)), second.tick(at(30_000))]);
    expect(runs).toEqual([]);

    await Promise.all([first.tick(at(60_000)), second.tick(at(60_000))]);
    // sweep-a is due again; sweep-b (hourly, and it failed) only at its next period.
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatch(/^a by (one|two)$/);

    runs.length = 0;
    await Promise.all([first.tick(at(3_600_000)), second.tick(at(3_600_000))]);
    expect(runs.sort().map((run) => run.slice(0, 1))).toEqual(["a", "b"]);
  });
});

describe("scheduler", () => {
  it("does not start a task again in a process while its earlier run is still going", async () => {
    const { createTestDatabase } = await import("../../../tests/support/databases");
    const { db, destroy } = await createTestDatabase("sqlite");
    let release!: () => void;
    let started = 0;
    const scheduler = createScheduler(db, [
      {
        name: "slow",
        periodMs: 1_000,
        run: () => {
          started += 1;
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    ]);
    const firstTick = scheduler.tick(T0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await scheduler.tick(at(5_000))).toEqual([]);
    expect(started).toBe(1);
    release();
    expect(await firstTick).toEqual(["slow"]);
    await scheduler.stop();
    await destroy();
  });
});
