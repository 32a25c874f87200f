import { type Kysely, type Transaction, sql } from "kysely";
import type { Database } from "~/db/schema";

// What the owner edits in Atelier and every page reads (the shop settings, the banner, closure
// notices, free-shipping promotions) is cached in each app process under one counter, the shop's
// revision. Every write raises it in its own transaction (`bumpShopRevision`); every read first
// reads that one row (a primary-key lookup, well under a millisecond on either database) and
// reloads only when it moved. Several processes share one PostgreSQL database, so a change made
// by one is seen by all on their very next request, and a promotion's threshold or a closure is
// never served stale at checkout. A time-to-live alone would be cheaper by that one read, but
// would leave each process wrong for its whole TTL after a change: a bag priced with the old
// threshold on one process and the order refused on another (TOTAL_MISMATCH). The same pattern
// as the catalogue's revision (app/modules/catalog/catalog-cache.server.ts).

type Db = Kysely<Database> | Transaction<Database>;

/** The current revision (one primary-key read); "0" on a database without the row. */
export async function readShopRevision(db: Db): Promise<string> {
  const row = await db.selectFrom("shop_revision").select("revision").where("id", "=", 1).executeTakeFirst();
  return String(row?.revision ?? 0);
}

/** Raises the revision: call it inside the transaction of any write to what it covers. */
export async function bumpShopRevision(db: Db): Promise<void> {
  await db
    .updateTable("shop_revision")
    .set({ revision: sql<number>`revision + 1` })
    .where("id", "=", 1)
    .execute();
}

interface Entry {
  revision: string;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * `load()`'s result for `key` at the current shop revision: this process's copy while the
 * revision has not moved, else loaded again (concurrent misses share one load; a failed load is
 * not kept). Keys name what the value is ("settings", "banner"); one map per database handle
 * (tests open several, and a transaction is its own handle). A caller that reads several values
 * for one request (the page shell) may pass the revision it read once.
 */
export async function cachedShopRead<Value>(db: Db, key: string, load: () => Promise<Value>, { revision: known }: { revision?: string } = {}): Promise<Value> {
  const revision = known ?? (await readShopRevision(db));
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  const entry = entries.get(key);
  if (entry && entry.revision === revision) return entry.value as Promise<Value>;
  const value = load();
  entries.set(key, { revision, value });
  const kept = entries;
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}

/** Forgets this handle's copies (tests; a write needs not call it: the revision moves). */
export function forgetShopReads(db: Db): void {
  caches.delete(db);
}
