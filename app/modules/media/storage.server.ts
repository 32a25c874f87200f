import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

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

/** The shop's media store: files under MEDIA_DIR (one instance per directory in the process). */
export function getMediaStorage(env: { MEDIA_DIR: string }): MediaStorage {
  let store = stores.get(env.MEDIA_DIR);
  if (!store) stores.set(env.MEDIA_DIR, (store = createDiskStorage(env.MEDIA_DIR)));
  return store;
}
