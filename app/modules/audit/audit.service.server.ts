import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditRow, insertAuditRow, selectAuditRows } from "./audit.repository.server";

type Db = Kysely<Database> | Transaction<Database>;

/** Who made a change: a signed-in staff member, the back office's command line, or the shop itself (a sweep). */
export type AuditActor = { kind: "staff"; staffId: number; email: string } | { kind: "cli" } | { kind: "system" } | { kind: "visitor" };

export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  actor: AuditActor;
  /** A dotted verb: "order.ship", "staff.invite", "career.purge". */
  action: string;
  /** The record's kind ("order", "staff", "customer", "application", "settings", …) and id. */
  entityType: string;
  entityId: string | number;
  /** The fields as they were and as they are now; only the ones that differ are kept. */
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** Words to find the entry by: an order number, an e-mail. */
  summary?: string;
  at?: Date;
  /** The client's address: sign-ins, failed tries, sign-outs and exports say where from. */
  ip?: string;
}

export interface AuditRecord {
  id: number;
  at: string;
  staffId: number | null;
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  before: AuditValues | null;
  after: AuditValues | null;
  summary: string;
  ip: string | null;
}

/**
 * Records one write. Call it with the transaction that makes the write, so the change and its
 * record commit together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const { before, after } = changedValues(entry.before ?? null, entry.after ?? null);
  await insertAuditRow(db, {
    at: (entry.at ?? new Date()).toISOString(),
    staff_id: entry.actor.kind === "staff" ? entry.actor.staffId : null,
    actor: entry.actor.kind === "staff" ? entry.actor.email : entry.actor.kind,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    before: before ? JSON.stringify(before) : null,
    after: after ? JSON.stringify(after) : null,
    summary: (entry.summary ?? "").slice(0, 500),
    ip: entry.ip ? entry.ip.slice(0, 64) : null,
  });
}

/**
 * Keeps only the fields whose values differ between the two sides (a side that is null, as for
 * a creation or an erasure, keeps everything of the other).
 */
export function changedValues(before: AuditValues | null, after: AuditValues | null): { before: AuditValues | null; after: AuditValues | null } {
  if (!before || !after) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: AuditValues = {};
  const a: AuditValues = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) b[key] = before[key];
    if (key in after) a[key] = after[key];
  }
  return { before: b, after: a };
}

export interface AuditSearch {
  text?: string;
  entityType?: string;
  entityId?: string | number;
  staffId?: number;
  action?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/** One page of the log, newest first, and whether another follows. */
export async function searchAudit(db: Db, search: AuditSearch): Promise<{ entries: AuditRecord[]; hasNext: boolean }> {
  const rows = await selectAuditRows(db, {
    text: search.text?.trim() || undefined,
    entityType: search.entityType,
    entityId: search.entityId === undefined ? undefined : String(search.entityId),
    staffId: search.staffId,
    action: search.action,
    from: search.from?.toISOString(),
    to: search.to?.toISOString(),
    limit: search.pageSize,
    offset: Math.max(0, search.page - 1) * search.pageSize,
  });
  return { entries: rows.slice(0, search.pageSize).map(toRecord), hasNext: rows.length > search.pageSize };
}

/** The newest entries about one record, for its page. */
export async function auditOfRecord(db: Db, entityType: string, entityId: string | number, limit = 50): Promise<AuditRecord[]> {
  const rows = await selectAuditRows(db, { entityType, entityId: String(entityId), limit, offset: 0 });
  return rows.slice(0, limit).map(toRecord);
}

function toRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    at: row.at,
    staffId: row.staff_id,
    actor: row.actor,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: row.before ? (JSON.parse(row.before) as AuditValues) : null,
    after: row.after ? (JSON.parse(row.after) as AuditValues) : null,
    summary: row.summary,
    ip: row.ip ?? null,
  };
}
