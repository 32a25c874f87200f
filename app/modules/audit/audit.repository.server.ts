import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { AuditLogTable, Database } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export type AuditRow = Selectable<AuditLogTable>;

export async function insertAuditRow(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

export interface AuditQuery {
  /** Words found in the actor, the action, the record's id or the summary. */
  text?: string;
  entityType?: string;
  entityId?: string;
  staffId?: number;
  /** An action or an action's prefix ("order." matches every order action). */
  action?: string;
  /** ISO instants, from inclusive, to exclusive. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** Newest first; one row more than asked, so the caller knows whether a next page exists. */
export async function selectAuditRows(db: Db, query: AuditQuery): Promise<AuditRow[]> {
  let q = db.selectFrom("audit_log").selectAll();
  if (query.entityType) q = q.where("entity_type", "=", query.entityType);
  if (query.entityId) q = q.where("entity_id", "=", query.entityId);
  if (query.staffId !== undefined) q = q.where("staff_id", "=", query.staffId);
  if (query.action) q = query.action.endsWith(".") ? q.where("action", "like", `${escapeLike(query.action)}%`) : q.where("action", "=", query.action);
  if (query.from) q = q.where("at", ">=", query.from);
  if (query.to) q = q.where("at", "<", query.to);
  if (query.text) {
    const pattern = `%${escapeLike(query.text.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["actor"]), "like", pattern),
        eb(eb.fn("lower", ["action"]), "like", pattern),
        eb(eb.fn("lower", ["entity_id"]), "like", pattern),
        eb(eb.fn("lower", ["summary"]), "like", pattern),
      ]),
    );
  }
  return q.orderBy("id", "desc").limit(query.limit + 1).offset(query.offset).execute();
}

/** The search is for words: LIKE's wildcards and its escape character are dropped from them (the two dialects escape differently). */
function escapeLike(value: string): string {
  return value.replace(/[%_\\]/g, "");
}
