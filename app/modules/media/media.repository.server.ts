import { type Kysely, PostgresAdapter, type Selectable, type Transaction } from "kysely";
import type { CamelRow, Database, MediaAssetsTable, MediaJobsTable } from "~/db/schema";

// Every query of media_assets and media_jobs. The job queue copies the mail outbox's claims
// (app/modules/mail/outbox.server.ts): a lease per worker, FOR UPDATE SKIP LOCKED on PostgreSQL,
// one UPDATE on SQLite.

type Db = Kysely<Database> | Transaction<Database>;

export type AssetRow = Selectable<MediaAssetsTable>;
export type JobRow = Selectable<MediaJobsTable>;

/**
 * A picture's asset state as its owner's queries read it (category tiles, product photographs,
 * content images): the owner's table joins `media_assets as a` and selects these beside its own
 * columns, so the three read one shape.
 */
export const ASSET_STATE_COLUMNS = [
  "a.status",
  "a.error",
  "a.focal_x as focalX",
  "a.focal_y as focalY",
  "a.width",
  "a.height",
  "a.variant_key as variantKey",
  "a.variant_widths as variantWidths",
] as const;

export type AssetState = Pick<CamelRow<MediaAssetsTable>, "status" | "error" | "focalX" | "focalY" | "width" | "height" | "variantKey" | "variantWidths">;

export async function insertAsset(
  db: Db,
  values: { sha256: string; mime: string; byteSize: number; width: number; height: number; focalX: number; focalY: number; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto("media_assets")
    .values({
      sha256: values.sha256,
      mime: values.mime,
      byte_size: values.byteSize,
      width: values.width,
      height: values.height,
      focal_x: values.focalX,
      focal_y: values.focalY,
      status: "pending",
      created_at: values.at,
      updated_at: values.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export function findAsset(db: Db, id: number): Promise<AssetRow | undefined> {
  return db.selectFrom("media_assets").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findAssets(db: Db, ids: number[]): Promise<AssetRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("media_assets").selectAll().where("id", "in", ids).execute();
}

/** A new focal point: the asset waits for new variants (its current ones stay shown meanwhile). */
export async function updateAssetFocal(db: Db, id: number, focal: { x: number; y: number }, at: string): Promise<void> {
  await db.updateTable("media_assets").set({ focal_x: focal.x, focal_y: focal.y, status: "pending", error: null, updated_at: at }).where("id", "=", id).execute();
}

export async function markAssetPending(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable("media_assets").set({ status: "pending", error: null, updated_at: at }).where("id", "=", id).execute();
}

/**
 * The variants of the asset's focal point `focal` are stored: it shows them. Only while that is
 * still its focal point (compare and set): a newer one has its own job. Says whether it changed.
 */
export async function markAssetReady(db: Db, id: number, focal: { x: number; y: number }, variants: { key: string; widths: number[] }, at: string): Promise<boolean> {
  const result = await db
    .updateTable("media_assets")
    .set({ status: "ready", variant_key: variants.key, variant_widths: variants.widths.join(","), error: null, updated_at: at })
    .where("id", "=", id)
    .where("focal_x", "=", focal.x)
    .where("focal_y", "=", focal.y)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markAssetFailed(db: Db, id: number, error: string, at: string): Promise<void> {
  await db.updateTable("media_assets").set({ status: "failed", error: error.slice(0, 500), updated_at: at }).where("id", "=", id).execute();
}

export async function deleteAssetRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("media_assets").where("id", "=", id).execute();
}

/** Whether any asset still holds this original (by hash) or shows this variant set. */
export async function isOriginalUsed(db: Db, sha256: string): Promise<boolean> {
  return (await db.selectFrom("media_assets").select("id").where("sha256", "=", sha256).limit(1).executeTakeFirst()) !== undefined;
}

export async function isVariantSetUsed(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom("media_assets").select("id").where("variant_key", "=", key).limit(1).executeTakeFirst()) !== undefined;
}

// --- Jobs ---

/**
 * A job for the asset, due now: the asset's pending or failed job is reset (and released: a
 * worker busy with its previous state can no longer finish it), else one is added.
 */
export async function enqueueAssetJob(db: Db, assetId: number, at: string): Promise<void> {
  const reset = await db
    .updateTable("media_jobs")
    .set({ status: "pending", attempts: 0, next_attempt_at: at, last_error: null, claimed_by: null, lease_until: null })
    .where("asset_id", "=", assetId)
    .executeTakeFirst();
  if (reset.numUpdatedRows > 0n) return;
  await db.insertInto("media_jobs").values({ asset_id: assetId, status: "pending", attempts: 0, next_attempt_at: at, created_at: at }).execute();
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function dueJobs(db: Db, at: string) {
  return db
    .selectFrom("media_jobs")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]));
}

/** Claims up to `limit` due jobs for `owner` until `now + leaseMs` (see claimDueMail for the two dialects). */
export async function claimDueJobs(db: Kysely<Database>, owner: string, { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number }): Promise<number> {
  const at = now.toISOString();
  const claim = { claimed_by: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString() };
  if (!(await dueJobs(db, at).select("id").limit(1).executeTakeFirst())) return 0;
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const rows = await dueJobs(trx, at).select("id").orderBy("next_attempt_at").orderBy("id").limit(limit).forUpdate().skipLocked().execute();
      if (!rows.length) return 0;
      await trx.updateTable("media_jobs").set(claim).where("id", "in", rows.map((r) => r.id)).execute();
      return rows.length;
    });
  }
  const result = await db
    .updateTable("media_jobs")
    .set(claim)
    .where("id", "in", dueJobs(db, at).select("id").orderBy("next_attempt_at").orderBy("id").limit(limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listClaimedJobs(db: Db, owner: string): Promise<JobRow[]> {
  return db.selectFrom("media_jobs").selectAll().where("claimed_by", "=", owner).where("status", "=", "pending").orderBy("id").execute();
}

/** Extends `owner`'s lease on a job, and says whether `owner` still holds it. */
export async function renewJobLease(db: Db, id: number, owner: string, until: Date): Promise<boolean> {
  const result = await db
    .updateTable("media_jobs")
    .set({ lease_until: until.toISOString() })
    .where("id", "=", id)
    .where("claimed_by", "=", owner)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Done: the job goes, while `owner` still holds it (a job reset meanwhile was released, and stays). */
export async function finishJob(db: Db, job: JobRow, owner: string): Promise<boolean> {
  const result = await db.deleteFrom("media_jobs").where("id", "=", job.id).where("claimed_by", "=", owner).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** A failed attempt: the job waits until `retryAt`, or is failed for good without one. */
export async function failJobAttempt(db: Db, job: JobRow, owner: string, { error, retryAt }: { error: string; retryAt: Date | null }): Promise<boolean> {
  const result = await db
    .updateTable("media_jobs")
    .set({
      status: retryAt ? "pending" : "failed",
      attempts: job.attempts + 1,
      next_attempt_at: retryAt ? retryAt.toISOString() : job.next_attempt_at,
      claimed_by: null,
      lease_until: null,
      last_error: error.slice(0, 500),
    })
    .where("id", "=", job.id)
    .where("claimed_by", "=", owner)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Counts of jobs by state (the bench, an operator). */
export async function countJobs(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db.selectFrom("media_jobs").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: count("pending"), failed: count("failed") };
}
