import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import { bumpCatalogRevision } from "./catalog-cache.server";
import {
  type QueryCountRow,
  type SynonymGroupRow,
  deleteQueryCountsBefore,
  deleteSynonymGroup as deleteSynonymRow,
  insertSynonymGroup,
  selectQueryCounts,
  selectSynonymGroup,
  selectSynonymGroups,
  updateSynonymGroup,
} from "./search-admin.repository.server";
import { dayOf } from "./search.service.server";

// What the owner does about search (issue 39): the synonym groups, applied at query time (a
// change raises the catalogue's revision, so every process's lexicon and cached search pages
// renew on their next request: no reindex), and the report of what shoppers looked for. Every
// write is in the audit log.

export type { QueryCountRow, SynonymGroupRow };

/** How long the counts of what shoppers looked for are kept. */
export const SEARCH_QUERY_RETENTION_DAYS = 90;
/** The report's window: the last seven days, today included. */
export const SEARCH_REPORT_DAYS = 7;
/** Rows each list of the report shows. */
export const SEARCH_REPORT_ROWS = 50;

export const listSynonymGroups = (db: Kysely<Database>) => selectSynonymGroups(db);

export const getSynonymGroup = (db: Kysely<Database>, id: number) => selectSynonymGroup(db, id);

async function existing(db: Kysely<Database>, id: number): Promise<SynonymGroupRow> {
  const group = await selectSynonymGroup(db, id);
  if (!group) throw new DomainError("NOT_FOUND", `no synonym group ${id}`);
  return group;
}

/** A new group (without `id`) or a group's new words; returns its id. */
export async function saveSynonymGroup(
  db: Kysely<Database>,
  { id, locale, terms }: { id?: number; locale: Locale; terms: string },
  actor: AuditActor,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    if (id === undefined) {
      const made = await insertSynonymGroup(trx, locale, terms, at);
      await recordAudit(trx, { actor, action: "search-synonym.create", entityType: "search-synonym", entityId: made, after: { locale, terms }, summary: terms, at: now });
      await bumpCatalogRevision(trx);
      return made;
    }
    const before = await existing(trx, id);
    if (before.terms === terms) return id;
    await updateSynonymGroup(trx, id, terms, at);
    await recordAudit(trx, { actor, action: "search-synonym.update", entityType: "search-synonym", entityId: id, before: { terms: before.terms }, after: { terms }, summary: terms, at: now });
    await bumpCatalogRevision(trx);
    return id;
  });
}

export async function deleteSynonymGroup(db: Kysely<Database>, id: number, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await existing(trx, id);
    await deleteSynonymRow(trx, id);
    await recordAudit(trx, {
      actor,
      action: "search-synonym.delete",
      entityType: "search-synonym",
      entityId: id,
      before: { locale: before.locale, terms: before.terms },
      summary: before.terms,
      at: now,
    });
    await bumpCatalogRevision(trx);
  });
}

export interface SearchReport {
  /** The first day counted (YYYY-MM-DD, UTC). */
  since: string;
  top: QueryCountRow[];
  zero: QueryCountRow[];
}

/** The week's most searched queries, and those that found nothing, with their counts. */
export async function getSearchReport(db: Kysely<Database>, now = new Date()): Promise<SearchReport> {
  const since = dayOf(new Date(now.getTime() - (SEARCH_REPORT_DAYS - 1) * 86_400_000));
  const [top, zero] = await Promise.all([
    selectQueryCounts(db, since, { zeroOnly: false, limit: SEARCH_REPORT_ROWS }),
    selectQueryCounts(db, since, { zeroOnly: true, limit: SEARCH_REPORT_ROWS }),
  ]);
  return { since, top, zero };
}

/** Forgets the counts older than 90 days (the scheduler's housekeeping); returns how many rows went. */
export function pruneSearchQueries(db: Kysely<Database>, now = new Date()): Promise<number> {
  return deleteQueryCountsBefore(db, dayOf(new Date(now.getTime() - SEARCH_QUERY_RETENTION_DAYS * 86_400_000)));
}
