import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type QueueWorker, type QueueWorkerOptions, createPollingLoop, createWakeList, retryAtAfter, workerId } from "~/modules/schedule/polling-loop.server";
import { log } from "~/utils/log.server";
import type { Mailer } from "./mail.server";
import {
  MAIL_LEASE_MS,
  SENT_MAIL_RETENTION_MS,
  claimDueMail,
  listClaimedMail,
  markAttemptFailed,
  markSent,
  purgeSentMail,
  renewLease,
  type OutboxRow,
} from "./outbox.server";

export type MailWorkerOptions = QueueWorkerOptions;

export interface DeliveryReport {
  sent: number;
  /** Failed this time, retried later. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

export interface MailWorker extends QueueWorker<DeliveryReport> {
  /** Sends only what this worker already holds (mail queued claimed by it), claiming nothing. */
  deliverClaimed(now?: Date): Promise<DeliveryReport>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** 30 s after the first failure, doubling up to an hour: ten attempts span about three hours. */
export function defaultRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
}

const PURGE_EVERY_MS = 3_600_000;

// The workers started in this process (polling-loop.server.ts's wake list).
const mailLoops = createWakeList();

/** Wakes this process's running workers after the transaction that queued mail commits. */
export function wakeMailWorkers(): void {
  mailLoops.wake();
}

export function createMailWorker(db: Kysely<Database>, mailer: Mailer, options: MailWorkerOptions = {}): MailWorker {
  const {
    pollIntervalMs = 5_000,
    leaseMs = MAIL_LEASE_MS,
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
    batchSize = 20,
    retryDelayMs = defaultRetryDelayMs,
    clock = () => new Date(),
  } = options;
  const id = workerId("mail");

  async function deliver(row: OutboxRow, now: Date, report: DeliveryReport): Promise<void> {
    if (!(await renewLease(db, row.id, id, { now, leaseMs }))) return;
    const context = { outboxId: row.id, template: row.template, attempt: row.attempts + 1 };
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body, headers: storedHeaders(row.headers) });
    } catch (error) {
      const reason = describeSendError(error);
      const attempts = row.attempts + 1;
      const retryAt = retryAtAfter(attempts, { maxAttempts, retryDelayMs }, now);
      await markAttemptFailed(db, row, id, { error: reason, retryAt });
      if (retryAt) {
        report.retrying++;
        log.warn("mail not sent, will retry", { ...context, retryAt: retryAt.toISOString(), error: reason });
      } else {
        report.failed++;
        log.error("mail not sent, giving up", { ...context, error: reason });
      }
      return;
    }
    await markSent(db, row, id, now);
    report.sent++;
    log.info("mail sent", context);
  }

  async function deliverClaimed(now = clock()): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
    for (const row of await listClaimedMail(db, id)) await deliver(row, now, report);
    return report;
  }

  let lastPurge = 0;
  async function runOnce(now = clock()): Promise<DeliveryReport> {
    await claimDueMail(db, id, { now, leaseMs, limit: batchSize });
    const report = await deliverClaimed(now);
    if (now.getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now.getTime();
      const purged = await purgeSentMail(db, new Date(now.getTime() - SENT_MAIL_RETENTION_MS));
      if (purged) log.info("sent mail purged", { messages: purged });
    }
    return report;
  }

  // The background loop (app/modules/schedule/polling-loop.server.ts): a full batch means more may be waiting.
  const loop = createPollingLoop({
    name: "mail worker",
    pollIntervalMs,
    describeError: describeSendError,
    wakeList: mailLoops,
    pass: async () => {
      const report = await runOnce();
      return report.sent + report.retrying + report.failed >= batchSize;
    },
  });

  return { id, runOnce, deliverClaimed, ...loop };
}

/** The extra headers an outbox row carries (a JSON object of strings), or none. */
function storedHeaders(json: string | null): Record<string, string> | undefined {
  if (!json) return undefined;
  const parsed: unknown = JSON.parse(json);
  if (!parsed || typeof parsed !== "object") return undefined;
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/**
 * What went wrong, for the row and the log: the error's code and SMTP status with its message,
 * every e-mail address in it replaced (an SMTP server's rejection often quotes the recipient).
 */
export function describeSendError(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const prefix = [code, responseCode].filter((part) => typeof part === "string" || typeof part === "number").join(" ");
  const text = String(typeof message === "string" ? message : error)
    .replace(ADDRESS, "[address]")
    .replace(/\s+/g, " ")
    .trim();
  return (prefix ? `${prefix}: ${text}` : text).slice(0, 500);
}
