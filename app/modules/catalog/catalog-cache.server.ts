import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "~/db/schema";

// Listing and product pages are read far more often than the catalogue changes. Their data is
// kept in this process under the catalogue's revision: a counter every catalogue write raises in
// its own transaction (`bumpCatalogRevision`). Each request still reads that one row, so a stock
// change made by any process, or by `npm run stock`, shows on the very next page; the time to
// live only bounds what no write announces (a product whose publication date passes).

/** How long an entry may serve without a catalogue write: publication dates are minute-precise. */
export const CATALOG_CACHE_TTL_MS = 60_000;
/** Entries per database handle; filters and sorts make many keys, so the oldest go first. */
export const CATALOG_CACHE_MAX_ENTRIES = 1_000;

interface Entry {
  revision: string;
  at: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

/** The catalogue's current revision (one primary-key read). */
export async function readCatalogRevision(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("catalog_revision").select("revision").where("id", "=", 1).executeTakeFirst();
  return String(row?.revision ?? 0);
}

/** Raises the revision: call it inside the transaction of any write that changes what shoppers see. */
export async function bumpCatalogRevision(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await trx
    .updateTable("catalog_revision")
    .set({ revision: sql<number>`revision + 1` })
    .where("id", "=", 1)
    .execute();
}

/**
 * `load()`'s result for `key` at the catalogue's current revision: from this process's cache when
 * an entry of that revision is younger than the time to live, else loaded (concurrent misses
 * share one load; a failed load is not kept). Keys must name everything the result depends on
 * except the revision and the time.
 */
export async function cachedCatalogRead<Value>(
  db: Kysely<Database>,
  key: string,
  load: () => Promise<Value>,
  { revision, now = Date.now() }: { revision?: string; now?: number } = {},
): Promise<Value> {
  const current = revision ?? (await readCatalogRevision(db));
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  const entry = entries.get(key);
  if (entry && entry.revision === current && now - entry.at < CATALOG_CACHE_TTL_MS) return entry.value as Promise<Value>;
  const value = load();
  // Re-inserting moves the key to the end of the Map's order: the oldest entry is always first.
  entries.delete(key);
  entries.set(key, { revision: current, at: now, value });
  if (entries.size > CATALOG_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Forgets this handle's entries (tests). */
export function clearCatalogCache(db: Kysely<Database>): void {
  caches.delete(db);
}
