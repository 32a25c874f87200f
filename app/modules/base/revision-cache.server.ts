import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "~/db/schema";

// One revision-keyed cache for what shoppers read far more often than it changes. A counter row
// (a revision) is raised inside the transaction of every write to what it covers; every read
// first reads that one row (a primary-key lookup) and serves this process's copy while the
// revision has not moved. Several processes share one PostgreSQL database, so a change made by
// one is seen by all on their very next request. Two revisions use it:
//
// - the catalogue's (listing and product pages, the menu, the sitemaps), with a time to live
//   that bounds what no write announces (a product whose publication date passes) and a cap on
//   entries, since filters and sorts make many keys;
// - the shop's (what the owner edits in Atelier and every page reads: the shop settings, the
//   banner, closure notices, free-shipping promotions), without either: a time-to-live alone
//   would leave each process wrong for its whole TTL after a change (a bag priced with the old
//   threshold on one process and the order refused on another, TOTAL_MISMATCH).
//
// It lives in the base level (app/modules/base/, decision 038), below every domain that raises or
// reads a revision, so that media, content and the catalogue do not import each other for it.

type Db = Kysely<Database> | Transaction<Database>;

/** The tables holding one revision counter (row id 1); both have the same shape. */
type RevisionTable = "catalog_revision" | "shop_revision";

interface Entry {
  revision: string;
  at: number;
  value: Promise<unknown>;
}

export interface RevisionCacheOptions {
  /** How long an entry may serve without a write (none: until the revision moves). */
  ttlMs?: number;
  /** Entries per database handle; the oldest go first (none: no cap). */
  maxEntries?: number;
}

export interface RevisionCache {
  /** The current revision (one primary-key read); "0" on a database without the row. */
  read(db: Db): Promise<string>;
  /** Raises the revision: call it inside the transaction of any write to what it covers. */
  bump(db: Db): Promise<void>;
  /**
   * `load()`'s result for `key` at the current revision: this process's copy while the revision
   * has not moved (and the entry is younger than the time to live), else loaded (concurrent
   * misses share one load; a failed load is not kept). Keys name everything the result depends
   * on except the revision and the time; one map per database handle (tests open several, and a
   * transaction is its own handle). A caller that reads several values for one request may pass
   * the revision it read once.
   */
  cached<Value>(db: Db, key: string, load: () => Promise<Value>, options?: { revision?: string; now?: number }): Promise<Value>;
  /** Forgets this handle's entries (tests; a write needs not call it: the revision moves). */
  forget(db: Db): void;
}

export function revisionCache(table: RevisionTable, { ttlMs = Infinity, maxEntries = Infinity }: RevisionCacheOptions = {}): RevisionCache {
  // Both tables have the same columns; Kysely's builders want one table name to type them.
  const name = table as "catalog_revision";
  const caches = new WeakMap<object, Map<string, Entry>>();

  async function read(db: Db): Promise<string> {
    const row = await db.selectFrom(name).select("revision").where("id", "=", 1).executeTakeFirst();
    return String(row?.revision ?? 0);
  }

  async function bump(db: Db): Promise<void> {
    await db
      .updateTable(name)
      .set({ revision: sql<number>`revision + 1` })
      .where("id", "=", 1)
      .execute();
  }

  async function cached<Value>(db: Db, key: string, load: () => Promise<Value>, { revision, now = Date.now() }: { revision?: string; now?: number } = {}): Promise<Value> {
    const current = revision ?? (await read(db));
    let entries = caches.get(db);
    if (!entries) {
      entries = new Map();
      caches.set(db, entries);
    }
    const entry = entries.get(key);
    if (entry && entry.revision === current && now - entry.at < ttlMs) return entry.value as Promise<Value>;
    const value = load();
    // Re-inserting moves the key to the end of the Map's order: the oldest entry is always first.
    entries.delete(key);
    entries.set(key, { revision: current, at: now, value });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    const kept = entries;
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  }

  return { read, bump, cached, forget: (db) => void caches.delete(db) };
}

// ---------------------------------------------------------------------------------------------
// The catalogue's revision: every catalogue write raises it (`bumpCatalogRevision`), so a stock
// change made by any process, or by `npm run stock`, shows on the very next page.

/** How long an entry may serve without a catalogue write: publication dates are minute-precise. */
export const CATALOG_CACHE_TTL_MS = 60_000;
/** Entries per database handle; filters and sorts make many keys, so the oldest go first. */
export const CATALOG_CACHE_MAX_ENTRIES = 1_000;

const catalog = revisionCache("catalog_revision", { ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: CATALOG_CACHE_MAX_ENTRIES });

/** The catalogue's current revision (one primary-key read). */
export const readCatalogRevision: (db: Db) => Promise<string> = catalog.read;
/** Raises the catalogue's revision: call it inside the transaction of any write that changes what shoppers see. */
export const bumpCatalogRevision: (db: Db) => Promise<void> = catalog.bump;
/** `load()`'s result for `key` at the catalogue's current revision, younger than CATALOG_CACHE_TTL_MS. */
export const cachedCatalogRead = catalog.cached;
/** Forgets this handle's entries (tests). */
export const clearCatalogCache: (db: Db) => void = catalog.forget;

// ---------------------------------------------------------------------------------------------
// The shop's revision: every write to the settings, the banner, closures and promotions raises it.

const shop = revisionCache("shop_revision");

/** The shop's current revision (one primary-key read); "0" on a database without the row. */
export const readShopRevision: (db: Db) => Promise<string> = shop.read;
/** Raises the shop's revision: call it inside the transaction of any write to what it covers. */
export const bumpShopRevision: (db: Db) => Promise<void> = shop.bump;
/** `load()`'s result for `key` at the shop's current revision ("settings", "banner"). */
export const cachedShopRead = shop.cached;
/** Forgets this handle's copies (tests; a write needs not call it: the revision moves). */
export const forgetShopReads: (db: Db) => void = shop.forget;
