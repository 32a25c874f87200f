import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { createPollingLoop } from "~/modules/schedule/polling-loop.server";
import { claimLease, releaseLease } from "~/modules/schedule/scheduled-task.repository.server";
import { log } from "~/utils/log.server";
import { type UploadRow, claimUploadJob, finishUploadJob, releaseUploadJob, renewUploadJob, selectUploadChunk } from "./catalog-import.repository.server";
import { importCatalogue } from "./catalog-import.service.server";

// The catalogue import's check and real run as background jobs (issue 37, docs/decisions/024):
// an upload's row is its job ("checking": the dry run to do; "running": the real run). Every app
// process runs a worker on the shared polling loop; a worker first takes the shop's import lease
// (a row of scheduled_tasks, compare-and-set: one process at a time on either database), then the
// oldest job, and renews both while it runs (a heartbeat, and after each batch with the job's
// progress). A process that dies mid-job lets both leases lapse; the next worker takes the job
// again from the start of its file: the check writes nothing, and the real run is idempotent (the
// products written before the restart are found equal), so starting over is resuming.

export const IMPORT_LEASE = "catalog-import";
export const IMPORT_LEASE_MS = 30_000;
/** Times a job is taken before it is failed for good (a file that kills its process, say). */
export const IMPORT_MAX_ATTEMPTS = 3;

export interface ImportWorkerOptions {
  pollIntervalMs?: number;
  leaseMs?: number;
  /** How often the lease is renewed while a job runs (besides after each batch). */
  heartbeatMs?: number;
  clock?: () => Date;
}

export interface ImportWorker {
  readonly id: string;
  /** Takes the shop's lease and runs the next job, if any; true when one ran. */
  runOnce(): Promise<boolean>;
  start(): void;
  nudge(): void;
  stop(): Promise<void>;
}

class LeaseLost extends Error {}
class Stopping extends Error {}

/** The upload's bytes as a stream, a chunk at a time. */
export function uploadStream(db: Kysely<Database>, id: string): Readable {
  let seq = 0;
  return Readable.from(
    (async function* () {
      for (;;) {
        const chunk = await selectUploadChunk(db, id, seq++);
        if (!chunk) return;
        yield chunk;
      }
    })(),
  );
}

const started = new Set<ImportWorker>();

/** Wakes this process's import workers (after a job is asked for); others find it at their next poll. */
export function wakeImportWorkers(): void {
  for (const worker of started) worker.nudge();
}

export function createImportWorker(db: Kysely<Database>, storage: MediaStorage, options: ImportWorkerOptions = {}): ImportWorker {
  const { pollIntervalMs = 2_000, leaseMs = IMPORT_LEASE_MS, heartbeatMs = Math.max(1_000, Math.floor(leaseMs / 4)), clock = () => new Date() } = options;
  const id = `import-${process.pid}-${randomBytes(6).toString("hex")}`;
  let stopping = false;

  /** Renews the shop's lease and the job's; false once another process holds either. */
  async function renew(job: UploadRow, progress?: { rows: number; bytes: number }): Promise<boolean> {
    const now = clock();
    if (!(await claimLease(db, IMPORT_LEASE, { now, leaseMs, owner: id }))) return false;
    return renewUploadJob(db, job.id, id, { leaseUntil: new Date(now.getTime() + leaseMs).toISOString(), ...progress });
  }

  async function runJob(job: UploadRow): Promise<void> {
    const context = { uploadId: job.id, state: job.state, attempt: job.attempts };
    if (job.attempts > IMPORT_MAX_ATTEMPTS) {
      await finishUploadJob(db, job.id, id, { state: "failed", error: job.error ?? "too many attempts" });
      log.error("catalogue import job failed for good", context);
      return;
    }
    if (job.attempts > 1) log.info("catalogue import job resumed", context);
    let lost = false;
    const beat = setInterval(() => {
      void renew(job).then(
        (held) => (lost ||= !held),
        () => undefined,
      );
    }, heartbeatMs);
    beat.unref();
    const actor: AuditActor = job.actor ? (JSON.parse(job.actor) as AuditActor) : { kind: "cli" };
    const dryRun = job.state === "checking";
    try {
      const report = await importCatalogue(db, uploadStream(db, job.id), {
        dryRun,
        actor,
        origin: job.origin ?? "",
        source: job.fileName,
        storage: dryRun ? undefined : storage,
        onProgress: async (progress) => {
          if (stopping) throw new Stopping();
          if (lost || !(await renew(job, progress))) throw new LeaseLost();
        },
      });
      const ended = await finishUploadJob(db, job.id, id, { state: dryRun ? "checked" : "done", report: JSON.stringify(report), error: null });
      log.info(ended ? "catalogue import job done" : "catalogue import job done, but another process holds it now", { ...context, rows: report.rows });
    } catch (error) {
      if (error instanceof Stopping) {
        // The process is shutting down: the job goes back at once (another process, or this one
        // after its restart, takes it again from the start of its file).
        await releaseUploadJob(db, job.id, id, "stopped");
        log.info("catalogue import job handed back: the process stops", context);
        return;
      }
      if (error instanceof LeaseLost) {
        log.warn("catalogue import job lost its lease: another process takes it over", context);
        return;
      }
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 280);
      log.error("catalogue import job failed", { ...context, error: reason });
      if (job.attempts >= IMPORT_MAX_ATTEMPTS) await finishUploadJob(db, job.id, id, { state: "failed", error: reason });
      else await releaseUploadJob(db, job.id, id, reason);
    } finally {
      clearInterval(beat);
    }
  }

  async function runOnce(): Promise<boolean> {
    const now = clock();
    if (!(await claimLease(db, IMPORT_LEASE, { now, leaseMs, owner: id }))) return false;
    try {
      const job = await claimUploadJob(db, id, { now: now.toISOString(), leaseUntil: new Date(now.getTime() + leaseMs).toISOString() });
      if (!job) return false;
      await runJob(job);
      return true;
    } finally {
      await releaseLease(db, IMPORT_LEASE, id, clock());
    }
  }

  const loop = createPollingLoop({ name: "catalogue import worker", pollIntervalMs, pass: runOnce });
  const worker: ImportWorker = {
    id,
    runOnce,
    start() {
      stopping = false;
      started.add(worker);
      loop.start();
    },
    nudge: () => loop.nudge(),
    /** Stops polling; a job under way stops after its current batch and is handed back. */
    async stop() {
      stopping = true;
      started.delete(worker);
      await loop.stop();
    },
  };
  return worker;
}
