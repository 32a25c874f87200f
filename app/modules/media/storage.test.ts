// The media store's guard (issue 37, item 21) with an injected store whose writes fail as a full
// disk's do (ENOSPC): the write is the error table's MEDIA_STORAGE_FULL (at the upload's field
// when it came through prepareImage), the process is marked not writable, and a probe that
// finds room again marks it writable.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareImage } from "./media.service.server";
import { type MediaStorage, guardMediaStorage, mediaStorageWritable, mediaWriteHealth } from "./storage.server";
import { DomainError } from "~/utils/domain-error";

function memoryStorage(): MediaStorage & { full: boolean; files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const store = {
    full: false,
    files,
    async put(key: string, bytes: Uint8Array) {
      if (store.full) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
      files.set(key, bytes);
    },
    get: async (key: string) => (files.has(key) ? Buffer.from(files.get(key)!) : null),
    exists: async (key: string) => files.has(key),
    delete: async (key: string) => void files.delete(key),
  };
  return store;
}

describe("a media store without room", () => {
  it("refuses the write as MEDIA_STORAGE_FULL at the upload's field, and is not writable until a write succeeds", async () => {
    const inner = memoryStorage();
    const storage = guardMediaStorage(inner);
    const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#b4785a" } }).jpeg().toBuffer();
    expect(mediaWriteHealth()).toMatchObject({ writable: true, fullFailures: 0 });

    inner.full = true;
    const refused = await prepareImage(storage, jpeg, { field: "photo" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "MEDIA_STORAGE_FULL", field: "photo", status: 507, messageKey: "atelier-photos:errors.storageFull" });
    expect(inner.files.size).toBe(0);
    expect(mediaWriteHealth()).toMatchObject({ writable: false, fullFailures: 1 });
    expect(await mediaStorageWritable(storage, Date.now() + 60_000)).toBe(false);
    // The probe's failure is no upload: not counted again.
    expect(mediaWriteHealth().fullFailures).toBe(1);

    // Any other failure is not a full disk: passed on as it is, and changes nothing.
    const other = guardMediaStorage({ ...inner, put: () => Promise.reject(Object.assign(new Error("EACCES"), { code: "EACCES" })) });
    await expect(other.put("originals/aa/x", new Uint8Array([1]))).rejects.toMatchObject({ code: "EACCES" });
    expect(mediaWriteHealth().fullFailures).toBe(1);

    inner.full = false;
    expect(await mediaStorageWritable(storage, Date.now() + 120_000)).toBe(true);
    expect(mediaWriteHealth().writable).toBe(true);
    // The probe cleaned up after itself.
    expect([...inner.files.keys()]).toEqual([]);
    await prepareImage(storage, jpeg, { field: "photo" });
    expect(inner.files.size).toBe(1);
  });
});
