import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import type { ImportReport } from "./catalog-import-report";
import { wakeImportWorkers } from "./catalog-import-jobs.server";
import {
  type UploadRow,
  countJobsBefore,
  deleteUploads,
  insertUpload,
  insertUploadChunk,
  queueUploadJob,
  selectExpiredUploadIds,
  selectUpload,
  updateUpload,
} from "./catalog-import.repository.server";

// A CSV uploaded in Atelier waits in the database between its dry run and the real run (any app
// process can take either step), in chunks of at most 1 MiB, read back as a stream: the file is
// never held whole. Both steps are background jobs (catalog-import-jobs.server.ts, issue 37): a
// request only stores the file or asks for the run, and the page shows the job's progress.
// Uploads expire after a day; each belongs to the staff member who sent it.

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export type UploadErrorCode = "IMPORT_FILE_TOO_BIG" | "IMPORT_FILE_EMPTY" | "IMPORT_FILE_NOT_CSV" | "IMPORT_UPLOAD_NOT_FOUND" | "IMPORT_ALREADY_RUN";

export interface StagedUpload {
  id: string;
  fileName: string;
  sizeBytes: number;
  state: UploadRow["state"];
  report: ImportReport | null;
  createdAt: string;
  /** While a job is to do or under way: how far it has read, whether it was taken again after a restart, how many jobs go first. */
  job: { rows: number; percent: number; resumed: boolean; waiting: number; error: string | null } | null;
}

/** A file name as data (no folders, no control characters), for the page and the audit log. */
function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const name = base
    .normalize("NFC")
    .replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>:"|?*]/gu, "")
    .trim();
  return Array.from(name || "catalogo.csv").slice(0, 150).join("");
}

/**
 * Stores an uploaded file from its stream, refusing it (and keeping nothing) past `maxBytes`,
 * when it is empty, or when its first bytes show a binary file (a NUL byte). Then asks for its
 * dry run, a background job (catalog-import-jobs.server.ts). Returns the upload.
 */
export async function stageUpload(
  db: Kysely<Database>,
  input: { file: AsyncIterable<Uint8Array>; fileName: string; staffId: number | null; actor: AuditActor; origin: string; maxBytes?: number },
  now = new Date(),
): Promise<StagedUpload> {
  await sweepExpiredUploads(db, now);
  const id = randomBytes(16).toString("hex");
  const fileName = cleanFileName(input.fileName);
  await insertUpload(db, { id, staffId: input.staffId, fileName, at: now.toISOString(), expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString() });
  const max = input.maxBytes ?? UPLOAD_MAX_BYTES;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    await insertUploadChunk(db, id, seq++, Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const part of input.file) {
      const chunk = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
      if (size < 65_536 && chunk.subarray(0, 65_536 - size).includes(0)) throw new DomainError<UploadErrorCode>("IMPORT_FILE_NOT_CSV", "The file is not a CSV (binary content).");
      size += chunk.length;
      if (size > max) throw new DomainError<UploadErrorCode>("IMPORT_FILE_TOO_BIG", `The file is larger than ${max} bytes.`);
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
    if (size === 0) throw new DomainError<UploadErrorCode>("IMPORT_FILE_EMPTY", "The file is empty.");
  } catch (error) {
    await deleteUploads(db, [id]);
    throw error;
  }
  await updateUpload(db, id, { sizeBytes: size });
  // The dry run is a job: the page shows its progress, then its report.
  await queueUploadJob(db, id, { from: null, to: "checking", actor: JSON.stringify(input.actor), origin: input.origin, at: now.toISOString() });
  wakeImportWorkers();
  return { id, fileName, sizeBytes: size, state: "checking", report: null, createdAt: now.toISOString(), job: { rows: 0, percent: 0, resumed: false, waiting: 0, error: null } };
}

async function toStaged(db: Kysely<Database>, row: UploadRow): Promise<StagedUpload> {
  const pending = row.state === "checking" || row.state === "running";
  const job = pending
    ? {
        rows: row.progressRows,
        percent: row.sizeBytes > 0 ? Math.min(100, Math.floor((row.progressBytes / row.sizeBytes) * 100)) : 0,
        resumed: row.attempts > 1,
        waiting: row.queuedAt && row.leaseOwner === null ? await countJobsBefore(db, row.queuedAt, row.id) : 0,
        error: null,
      }
    : row.state === "failed"
      ? { rows: row.progressRows, percent: 0, resumed: false, waiting: 0, error: row.error }
      : null;
  // While the real run goes, the dry run's report stays on the row: the page shows the progress instead.
  return { id: row.id, fileName: row.fileName, sizeBytes: row.sizeBytes, state: row.state, report: row.report && !pending ? (JSON.parse(row.report) as ImportReport) : null, createdAt: row.createdAt, job };
}

/** A live upload of this staff member, or null (unknown, expired, someone else's, a malformed id). */
export async function findUpload(db: Kysely<Database>, id: string, staffId: number | null, now = new Date()): Promise<StagedUpload | null> {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const row = await selectUpload(db, id, now.toISOString());
  if (!row || row.staffId !== staffId) return null;
  return toStaged(db, row);
}

/**
 * Asks for the real run of a checked upload, as a job: once only (a second click, or another
 * process, finds it running or done). Its report replaces the dry run's when it ends.
 */
export async function runUpload(db: Kysely<Database>, input: { id: string; staffId: number | null; actor: AuditActor; origin: string }, now = new Date()): Promise<void> {
  const upload = await findUpload(db, input.id, input.staffId, now);
  if (!upload) throw new DomainError<UploadErrorCode>("IMPORT_UPLOAD_NOT_FOUND", "No such upload.");
  if (!(await queueUploadJob(db, upload.id, { from: "checked", to: "running", actor: JSON.stringify(input.actor), origin: input.origin, at: now.toISOString() })))
    throw new DomainError<UploadErrorCode>("IMPORT_ALREADY_RUN", "This file was imported already.");
  wakeImportWorkers();
}

/** Forgets an upload (the page's "Annulla"). */
export async function discardUpload(db: Kysely<Database>, id: string, staffId: number | null): Promise<boolean> {
  const upload = await findUpload(db, id, staffId);
  if (!upload) return false;
  await deleteUploads(db, [upload.id]);
  return true;
}

export async function sweepExpiredUploads(db: Kysely<Database>, now = new Date()): Promise<void> {
  await deleteUploads(db, await selectExpiredUploadIds(db, now.toISOString()));
}
