import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { type QueueWorker, type QueueWorkerOptions, createPollingLoop, retryAtAfter, workerId } from "~/modules/schedule/polling-loop.server";
import { log } from "~/utils/log.server";
import { renderVariants, variantKeyOf, variantWidthsFor, focalCrop } from "./image-pipeline.server";
import { claimDueJobs, failJobAttempt, findAsset, finishJob, listClaimedJobs, markAssetFailed, markAssetReady, renewJobLease, type JobRow } from "./media.repository.server";
import { PHOTO_FORMATS } from "./media-urls";
import { mediaLoops, wakeMediaWorkers } from "./media-wake.server";
import { originalKey, removeVariantSet, variantFileKey, widthsOf } from "./media.service.server";
import type { MediaStorage } from "./storage.server";

// Makes assets' variants off the request path: the media_jobs queue, claimed with a lease like
// the mail outbox (app/modules/mail/mail-worker.server.ts), so any number of app processes may
// run a worker; each job is done by one of them, and a worker that dies mid-job leaves it to
// another once its lease runs out. One job at a time per worker: sharp already uses the cores.

/** A job failed for good leaves its asset "failed", with the reason. */
export type MediaWorkerOptions = QueueWorkerOptions;

export interface MediaReport {
  done: number;
  retrying: number;
  failed: number;
}

export type MediaWorker = QueueWorker<MediaReport>;

export const MEDIA_LEASE_MS = 5 * 60_000;
export const DEFAULT_MEDIA_ATTEMPTS = 5;

/** 30 s after the first failure, then 2, 8 and 32 minutes: five attempts span about 45 minutes. */
export function mediaRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** (attempts - 1), 3_600_000);
}

// Callers that queue jobs (photos, tiles, the import) wake the workers through here too.
export { wakeMediaWorkers };

export function createMediaWorker(db: Kysely<Database>, storage: MediaStorage, options: MediaWorkerOptions = {}): MediaWorker {
  const {
    pollIntervalMs = 5_000,
    leaseMs = MEDIA_LEASE_MS,
    maxAttempts = DEFAULT_MEDIA_ATTEMPTS,
    batchSize = 4,
    retryDelayMs = mediaRetryDelayMs,
    clock = () => new Date(),
  } = options;
  const id = workerId("media");

  /** Makes (or finds already made) the variants of the asset's current focal point, and shows them. */
  async function makeVariants(job: JobRow): Promise<void> {
    const asset = await findAsset(db, job.asset_id);
    if (!asset) return;
    const focal = { x: asset.focal_x, y: asset.focal_y };
    const key = variantKeyOf(asset.sha256, focal);
    const widths = variantWidthsFor(focalCrop(asset.width, asset.height, focal).width);
    const files = widths.flatMap((w) => PHOTO_FORMATS.map((format) => variantFileKey(key, w, format)));
    // Another asset (the same file uploaded twice) may have made this set already.
    const present = await Promise.all(files.map((file) => storage.exists(file)));
    let made = widths;
    if (present.some((p) => !p)) {
      const original = await storage.get(originalKey(asset.sha256));
      if (!original) throw new Error("the original is missing from storage");
      const rendered = await renderVariants(original, focal);
      for (const variant of rendered.variants) await storage.put(variantFileKey(key, variant.width, variant.format), variant.bytes);
      made = rendered.widths;
    }
    const previous = asset.variant_key && asset.variant_key !== key ? { key: asset.variant_key, widths: widthsOf(asset.variant_widths) } : null;
    const shown = await db.transaction().execute(async (trx) => {
      // Shown only if the focal point is still the one made (a newer one has its own job).
      if (!(await markAssetReady(trx, asset.id, focal, { key, widths: made }, clock().toISOString()))) return false;
      await bumpCatalogRevision(trx);
      return true;
    });
    if (!shown) await removeVariantSet(db, storage, key, made);
    else if (previous) await removeVariantSet(db, storage, previous.key, previous.widths);
  }

  async function runJob(job: JobRow, now: Date, report: MediaReport): Promise<void> {
    if (!(await renewJobLease(db, job.id, id, new Date(now.getTime() + leaseMs)))) return;
    const context = { jobId: job.id, assetId: job.asset_id, attempt: job.attempts + 1 };
    try {
      await makeVariants(job);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const attempts = job.attempts + 1;
      const retryAt = retryAtAfter(attempts, { maxAttempts, retryDelayMs }, now);
      if (await failJobAttempt(db, job, id, { error: reason, retryAt })) {
        if (retryAt) {
          report.retrying++;
          log.warn("image not processed, will retry", { ...context, retryAt: retryAt.toISOString(), error: reason });
        } else {
          report.failed++;
          await markAssetFailed(db, job.asset_id, reason, clock().toISOString());
          log.error("image not processed, giving up", { ...context, error: reason });
        }
      }
      return;
    }
    await finishJob(db, job, id);
    report.done++;
    log.info("image processed", context);
  }

  async function runOnce(now = clock()): Promise<MediaReport> {
    await claimDueJobs(db, id, { now, leaseMs, limit: batchSize });
    const report: MediaReport = { done: 0, retrying: 0, failed: 0 };
    for (const job of await listClaimedJobs(db, id)) await runJob(job, now, report);
    return report;
  }

  // The background loop (app/modules/schedule/polling-loop.server.ts): a full batch means more may be waiting.
  const loop = createPollingLoop({
    name: "media worker",
    pollIntervalMs,
    wakeList: mediaLoops,
    pass: async () => {
      const report = await runOnce();
      return report.done + report.retrying + report.failed >= batchSize;
    },
  });

  return { id, runOnce, ...loop };
}
