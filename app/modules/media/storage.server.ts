import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { DomainError } from "~/utils/domain-error";
import { log } from "~/utils/log.server";

// Where image bytes live (docs/decisions/023): one small interface by key, so the disk store
// below and an S3-compatible one (put = PutObject, get = GetObject, exists = HeadObject,
// delete = DeleteObject) are interchangeable. Keys are relative paths of lower-case letters,
// digits, dots, dashes and slashes (`originals/ab/<sha256>`, `variants/<set>/640.avif`), never
// ".." or absolute: a key can name nothing outside the store.

export interface MediaStorage {
  /** Writes the bytes under `key` (replacing what was there: keys name their content, so it is the same). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; a missing key is no error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** True when `key` is a key the stores accept. */
export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a media storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files under `root`, one per key. A write goes to a temporary file first and is renamed into
 * place, so a reader (another process serving the same key) never sees half a file.
 */
export function createDiskStorage(root: string): MediaStorage & { root: string } {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, ...checkedKey(key).split("/"));
  return {
    root: base,
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

const stores = new Map<string, MediaStorage>();

/** The shop's media store: files under MEDIA_DIR (one instance per directory in the process), its writes guarded. */
export function getMediaStorage(env: { MEDIA_DIR: string }): MediaStorage {
  let store = stores.get(env.MEDIA_DIR);
  if (!store) stores.set(env.MEDIA_DIR, (store = guardMediaStorage(createDiskStorage(env.MEDIA_DIR))));
  return store;
}

/** What a write that failed for want of room says (a full disk, a user's quota reached). */
const NO_ROOM = new Set(["ENOSPC", "EDQUOT"]);

/** This process's media writes: whether the last one failed for want of room, and how many did so far. */
const writes: { failing: { code: string; since: string } | null; fullFailures: number; probedAt: number } = { failing: null, fullFailures: 0, probedAt: 0 };

/** Whether this process can write its media (false from a write that found no room until one succeeds), and how many writes found none. */
export function mediaWriteHealth(): { writable: boolean; since: string | null; fullFailures: number } {
  return { writable: writes.failing === null, since: writes.failing?.since ?? null, fullFailures: writes.fullFailures };
}

/**
 * A store whose writes say what a full disk is: the write that finds no room (ENOSPC, EDQUOT)
 * is logged as such, counted (/metrics), marks this process not writable (/readyz) and is
 * thrown as the error table's MEDIA_STORAGE_FULL (a message for the staff member, not a 500);
 * the next write that succeeds marks it writable again.
 */
export function guardMediaStorage(store: MediaStorage): MediaStorage {
  const guarded: MediaStorage = {
    async put(key, bytes) {
      try {
        await store.put(key, bytes);
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code !== "string" || !NO_ROOM.has(code)) throw error;
        writes.fullFailures++;
        writes.failing ??= { code, since: new Date().toISOString() };
        log.error("media storage full: nothing written", { code, key, bytes: bytes.byteLength, since: writes.failing.since });
        throw new DomainError("MEDIA_STORAGE_FULL", `${code} writing ${key}`);
      }
      if (writes.failing) {
        log.info("media storage writable again", { since: writes.failing.since });
        writes.failing = null;
      }
    },
    get: (key) => store.get(key),
    exists: (key) => store.exists(key),
    delete: (key) => store.delete(key),
  };
  unguarded.set(guarded, store);
  return guarded;
}

/** Each guarded store's own store: readiness probes write to it directly (a failed probe is no upload to log and count). */
const unguarded = new WeakMap<MediaStorage, MediaStorage>();

/** How often, at most, a store marked full is tried again by mediaStorageWritable. */
const PROBE_INTERVAL_MS = 5_000;

/**
 * Whether the store can take uploads, for /readyz: true while no write has found it full;
 * once one has, a one-byte write (at most every five seconds) tells whether room came back.
 */
export async function mediaStorageWritable(store: MediaStorage, now = Date.now()): Promise<boolean> {
  if (!writes.failing) return true;
  if (now - writes.probedAt < PROBE_INTERVAL_MS) return false;
  writes.probedAt = now;
  const key = `probes/${process.pid}`;
  const own = unguarded.get(store) ?? store;
  try {
    await own.put(key, new Uint8Array([0]));
    await own.delete(key);
  } catch {
    return false;
  }
  log.info("media storage writable again", { since: writes.failing.since });
  writes.failing = null;
  return true;
}
