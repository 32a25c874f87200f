import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { createDiskStorage } from "~/modules/media/storage.server";
import { claimLease } from "~/modules/schedule/scheduled-task.repository.server";
import { describeEachDatabase } from "../../../tests/support/databases";
import { IMPORT_LEASE, createImportWorker } from "./catalog-import-jobs.server";
import { findUpload, runUpload, stageUpload } from "./catalog-import-uploads.service.server";

// Issue 37, item 8: the check and the real run of an uploaded file are background jobs, one at a
// time for the shop (a lease row: several processes on PostgreSQL), with their progress in the
// database, and a job a dead process held is taken again once its lease lapses.

const CLI: AuditActor = { kind: "cli" };
const ORIGIN = "http://localhost:3000";
const file = (handle: string, rows = 3) =>
  ["Handle,Title,Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price"]
    .concat(Array.from({ length: rows }, (_, i) => `${handle},${i ? "" : "Lavoro"},${i ? "" : "Donna > Abiti"},${i ? "" : "Colore"},Nero,${i ? "" : "Taglia"},${["S", "M", "L", "XL", "XS"][i % 5]}${i >= 5 ? i : ""},${handle.toUpperCase()}-${i},10`))
    .join("\n");
async function* bytesOf(text: string) {
  yield Buffer.from(text);
}

describeEachDatabase("Catalogue import jobs", (ctx) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-import-jobs-"));
  const storage = createDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const stage = (text: string) => stageUpload(ctx().db, { file: bytesOf(text), fileName: "lavoro.csv", staffId: null, actor: CLI, origin: ORIGIN });
  const row = (id: string) => ctx().db.selectFrom("catalog_import_uploads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const products = async (handle: string) =>
    Number((await ctx().db.selectFrom("product_translations").where("locale", "=", "it").where("slug", "=", handle).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("checks an upload as a job, then runs it as another, with its progress and report kept", async () => {
    const staged = await stage(file("lavoro-uno"));
    expect(staged.state).toBe("checking");
    expect((await findUpload(ctx().db, staged.id, null))!.job).toMatchObject({ rows: 0, percent: 0 });
    const worker = createImportWorker(ctx().db, storage);
    expect(await worker.runOnce()).toBe(true);
    const checked = (await findUpload(ctx().db, staged.id, null))!;
    expect(checked.state).toBe("checked");
    expect(checked.job).toBeNull();
    expect(checked.report).toMatchObject({ dryRun: true, rows: 3, products: { create: 1 } });
    expect(Number((await row(staged.id)).progress_rows)).toBe(3);
    expect(await products("lavoro-uno")).toBe(0);
    await runUpload(ctx().db, { id: staged.id, staffId: null, actor: CLI, origin: ORIGIN });
    expect((await findUpload(ctx().db, staged.id, null))!.state).toBe("running");
    expect(await worker.runOnce()).toBe(true);
    const done = (await findUpload(ctx().db, staged.id, null))!;
    expect(done.state).toBe("done");
    expect(done.report).toMatchObject({ dryRun: false, products: { create: 1 } });
    expect(await products("lavoro-uno")).toBe(1);
    // Nothing more to do.
    expect(await worker.runOnce()).toBe(false);
  });

  it("runs one job at a time for the shop: a second process waits while the first holds the lease", async () => {
    const staged = await stage(file("lavoro-due"));
    const first = createImportWorker(ctx().db, storage);
    const second = createImportWorker(ctx().db, storage);
    // The first process holds the shop's import lease (it is running another job).
    expect(await claimLease(ctx().db, IMPORT_LEASE, { now: new Date(), leaseMs: 60_000, owner: first.id })).toBe(true);
    expect(await second.runOnce()).toBe(false);
    expect((await row(staged.id)).state).toBe("checking");
    // Once the first gives it back, the second takes the job.
    await ctx().db.updateTable("scheduled_tasks").set({ next_run_at: new Date(Date.now() - 1000).toISOString() }).where("name", "=", IMPORT_LEASE).execute();
    expect(await second.runOnce()).toBe(true);
    expect((await row(staged.id)).state).toBe("checked");
  });

  it("takes again a job a dead process held, once its lease lapsed, and finishes it (resumed)", async () => {
    const staged = await stage(file("lavoro-tre", 7));
    const worker = createImportWorker(ctx().db, storage);
    await worker.runOnce();
    await runUpload(ctx().db, { id: staged.id, staffId: null, actor: CLI, origin: ORIGIN });
    // A process took the real run and died mid-way: its leases are still live for a while.
    const dead = "import-dead-process";
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    await ctx().db.updateTable("scheduled_tasks").set({ next_run_at: future, last_run_by: dead }).where("name", "=", IMPORT_LEASE).execute();
    await ctx().db.updateTable("catalog_import_uploads").set({ lease_owner: dead, lease_until: future, attempts: 1, progress_rows: 3 }).where("id", "=", staged.id).execute();
    expect(await worker.runOnce()).toBe(false);
    expect((await findUpload(ctx().db, staged.id, null))!.job).toMatchObject({ rows: 3, resumed: false });
    // Its leases lapse: the next poll takes the job again and finishes it.
    await ctx().db.updateTable("scheduled_tasks").set({ next_run_at: past }).where("name", "=", IMPORT_LEASE).execute();
    await ctx().db.updateTable("catalog_import_uploads").set({ lease_until: past }).where("id", "=", staged.id).execute();
    expect(await worker.runOnce()).toBe(true);
    const done = await row(staged.id);
    expect(done.state).toBe("done");
    expect(Number(done.attempts)).toBe(2);
    expect(done.lease_owner).toBeNull();
    expect(await products("lavoro-tre")).toBe(1);
  });
});
