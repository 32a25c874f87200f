import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { readCatalogRevision } from "~/modules/base/revision-cache.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { focalCrop, focalFromCropPoint, focalInCrop } from "./focal";
import { MAX_IMAGE_BYTES, checkImage, variantWidthsFor } from "./image-pipeline.server";
import { claimDueJobs, enqueueAssetJob, findAsset, insertAsset } from "./media.repository.server";
import { deleteAsset, ingestImage, originalKey, removeAssetFiles, setAssetFocalPoint, variantFileKey, widthsOf } from "./media.service.server";
import { createMediaWorker } from "./media-worker.server";
import { photoImage } from "./media-urls";
import { type MediaStorage, createDiskStorage, isStorageKey } from "./storage.server";

// The image pipeline, the media storage and the job queue, on both databases. Every image is
// made here with sharp: no binary fixtures.

const T0 = new Date("2026-12-02T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A picture whose left half is red and right half blue (a focal point's crop shows one). */
function halves(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#ff0000"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#0000ff"/></svg>`;
  return sharp(Buffer.from(svg));
}

const plain = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 140, b: 100 } } });

/** Every file under a directory, relative. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function tempStorage(): MediaStorage & { root: string } {
  return createDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "bottega-media-")));
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return "accepted";
}

let bomb: Buffer;
let tall: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  // 8 200 × 8 200 grey pixels (67 megapixels) in 64 KB: declared past MAX_IMAGE_PIXELS.
  bomb = await sharp({ create: { width: 8200, height: 8200, channels: 3, background: "#000" } }).toColourspace("b-w").png({ compressionLevel: 9 }).toBuffer();
  tall = await plain(1, 60_000).png().toBuffer();
  jpeg = await halves(800, 1000).jpeg().toBuffer();
});

describe("checking an upload", () => {
  it("accepts JPEG, PNG, WebP and AVIF by their bytes, with their size as seen (orientation applied)", async () => {
    expect(await checkImage(jpeg)).toEqual({ mime: "image/jpeg", width: 800, height: 1000 });
    expect(await checkImage(await plain(500, 400).png().toBuffer())).toEqual({ mime: "image/png", width: 500, height: 400 });
    expect(await checkImage(await plain(400, 500).webp().toBuffer())).toEqual({ mime: "image/webp", width: 400, height: 500 });
    expect(await checkImage(await plain(400, 500).avif().toBuffer())).toEqual({ mime: "image/avif", width: 400, height: 500 });
    // Stored 600 × 400 with EXIF orientation 6 (turn 90°): seen 400 × 600.
    const turned = await plain(600, 400).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(await checkImage(turned)).toEqual({ mime: "image/jpeg", width: 400, height: 600 });
  });

  it("refuses another type whatever its name, a truncated file, a strip, a bomb, and 20 MB + 1 byte", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    expect(await refusal(checkImage(pdf))).toBe("IMAGE_TYPE");
    expect(await refusal(checkImage(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")))).toBe("IMAGE_TYPE");
    expect(await refusal(checkImage(Buffer.alloc(0)))).toBe("IMAGE_TYPE");
    expect(await refusal(checkImage(jpeg.subarray(0, Math.floor(jpeg.length * 0.7))))).toBe("IMAGE_DAMAGED");
    const png = await plain(400, 500).png().toBuffer();
    expect(await refusal(checkImage(png.subarray(0, png.length - 40)))).toBe("IMAGE_DAMAGED");
    expect(await refusal(checkImage(tall))).toBe("IMAGE_DIMENSIONS");
    expect(await refusal(checkImage(await plain(200, 300).png().toBuffer()))).toBe("IMAGE_DIMENSIONS");
    expect(await refusal(checkImage(await plain(400, 2100).png().toBuffer()))).toBe("IMAGE_DIMENSIONS");
    expect(await refusal(checkImage(bomb))).toBe("IMAGE_TOO_MANY_PIXELS");
    const huge = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    jpeg.copy(huge);
    expect(await refusal(checkImage(huge))).toBe("IMAGE_TOO_LARGE");
    // The refusal names the form's field when asked.
    await expect(checkImage(pdf, { field: "photo" })).rejects.toMatchObject({ code: "IMAGE_TYPE", field: "photo" });
  });
});

describe("the 4:5 crop around a focal point", () => {
  it("keeps the whole short side and moves along the long one, within the edges", () => {
    expect(focalCrop(1000, 500, { x: 0.5, y: 0.5 })).toEqual({ left: 300, top: 0, width: 400, height: 500 });
    expect(focalCrop(1000, 500, { x: 0, y: 0.5 })).toEqual({ left: 0, top: 0, width: 400, height: 500 });
    expect(focalCrop(1000, 500, { x: 1, y: 0.5 })).toEqual({ left: 600, top: 0, width: 400, height: 500 });
    expect(focalCrop(400, 1000, { x: 0.5, y: 0.2 })).toEqual({ left: 0, top: 0, width: 400, height: 500 });
    expect(focalCrop(400, 1000, { x: 0.5, y: 0.7 })).toEqual({ left: 0, top: 450, width: 400, height: 500 });
    expect(focalCrop(400, 500, { x: 0.9, y: 0.9 })).toEqual({ left: 0, top: 0, width: 400, height: 500 });
  });

  it("turns a click on the crop into the picture's focal point and back", () => {
    const next = focalFromCropPoint(1000, 500, { x: 0.5, y: 0.5 }, { x: 0.25, y: 0.5 });
    expect(next).toEqual({ x: 0.4, y: 0.5 });
    // Near an edge the crop stops at it, and the point sits off the crop's centre.
    expect(focalInCrop(1000, 500, { x: 0.1, y: 0.5 })).toEqual({ x: 0.25, y: 0.5 });
    expect(focalFromCropPoint(1000, 500, { x: 0.1, y: 0.5 }, { x: 0.25, y: 0.5 })).toEqual({ x: 0.1, y: 0.5 });
  });

  it("makes the shop's widths up to the crop's, never fewer than the smallest", () => {
    expect(variantWidthsFor(800)).toEqual([320, 480, 640]);
    expect(variantWidthsFor(5000)).toEqual([320, 480, 640, 960, 1280]);
    expect(variantWidthsFor(256)).toEqual([320]);
  });

  it("names a photograph's pictures: AVIF and WebP sources, the JPEG in src", () => {
    const image = photoImage("a".repeat(40), [320, 480, 640]);
    expect(image.src).toBe(`/media/p/${"a".repeat(40)}/640.jpg`);
    expect(image.srcSet).toBe(["320", "480", "640"].map((w) => `/media/p/${"a".repeat(40)}/${w}.jpg ${w}w`).join(", "));
    expect(image.sources?.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(image.sources?.[0]!.srcSet).toContain(`/media/p/${"a".repeat(40)}/480.avif 480w`);
    expect([image.width, image.height]).toEqual([640, 800]);
  });
});

describe("the disk storage", () => {
  it("keeps bytes by key, refuses keys that could leave its folder", async () => {
    const storage = tempStorage();
    await storage.put("originals/ab/abc", Buffer.from("hello"));
    expect(await storage.exists("originals/ab/abc")).toBe(true);
    expect((await storage.get("originals/ab/abc"))?.toString()).toBe("hello");
    expect(await storage.get("originals/ab/none")).toBeNull();
    await storage.delete("originals/ab/abc");
    await storage.delete("originals/ab/abc");
    expect(await storage.exists("originals/ab/abc")).toBe(false);
    for (const key of ["../x", "/etc/passwd", "a/../../x", "A/b", "a//b", "a\\b", ""]) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.get(key)).rejects.toThrow(/Not a media storage key/);
    }
    // No temporary file is left behind.
    expect(filesUnder(storage.root)).toEqual([]);
  });
});

describeEachDatabase("media assets", (ctx) => {
  let storage: MediaStorage & { root: string };
  beforeAll(() => {
    storage = tempStorage();
  });
  afterAll(() => {
    fs.rmSync(storage.root, { recursive: true, force: true });
  });

  it("ingests an image: its original under its hash (shared by identical uploads), a pending asset and its job", async () => {
    const { db } = ctx();
    const first = await ingestImage(db, storage, jpeg, { now: T0 });
    const second = await ingestImage(db, storage, jpeg, { now: T0, focal: { x: 0.2, y: 0.8 } });
    const a = (await findAsset(db, first))!;
    const b = (await findAsset(db, second))!;
    expect(a).toMatchObject({ mime: "image/jpeg", width: 800, height: 1000, status: "pending", focal_x: 0.5, focal_y: 0.5, variant_key: null, byte_size: jpeg.length });
    expect(b).toMatchObject({ sha256: a.sha256, focal_x: 0.2, focal_y: 0.8 });
    expect(filesUnder(storage.root)).toEqual([path.join("originals", a.sha256.slice(0, 2), a.sha256)]);
    expect((await storage.get(originalKey(a.sha256)))!.equals(jpeg)).toBe(true);
    const jobs = await db.selectFrom("media_jobs").select(["asset_id", "status"]).where("asset_id", "in", [first, second]).orderBy("asset_id").execute();
    expect(jobs).toEqual([
      { asset_id: first, status: "pending" },
      { asset_id: second, status: "pending" },
    ]);
    // Cleaned for the next tests.
    for (const id of [first, second]) {
      const files = await deleteAsset(db, id);
      await removeAssetFiles(db, storage, files!);
    }
    expect(filesUnder(storage.root)).toEqual([]);
    expect(await db.selectFrom("media_jobs").select("id").execute()).toEqual([]);
  });

  it("stores nothing for a refused upload: no row, no file", async () => {
    const { db } = ctx();
    for (const bytes of [tall, bomb, jpeg.subarray(0, 2000), Buffer.from("%PDF-1.7\n%%EOF")]) {
      await expect(ingestImage(db, storage, bytes)).rejects.toBeInstanceOf(DomainError);
    }
    expect(await db.selectFrom("media_assets").select("id").execute()).toEqual([]);
    expect(filesUnder(storage.root)).toEqual([]);
  });

  it("makes the variants: every width in AVIF, WebP and JPEG, 4:5, sRGB, without EXIF or a profile; the revision moves", async () => {
    const { db } = ctx();
    // A camera's file: EXIF (with a position), a Display P3 profile, orientation 6.
    const camera = await halves(1000, 800)
      .withIccProfile("p3")
      .withExif({ IFD0: { Make: "Bottega", Copyright: "Atelier" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 27/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const source = await sharp(camera).metadata();
    expect([!!source.exif, !!source.icc, source.orientation]).toEqual([true, true, 6]);
    const id = await ingestImage(db, storage, camera, { now: T0 });
    const revision = await readCatalogRevision(db);
    const worker = createMediaWorker(db, storage, { clock: () => at(1_000) });
    expect(await worker.runOnce(at(1_000))).toEqual({ done: 1, retrying: 0, failed: 0 });
    const asset = (await findAsset(db, id))!;
    // Seen 800 × 1000 (turned): its 4:5 crop is the whole picture, 800 wide.
    expect(asset).toMatchObject({ status: "ready", width: 800, height: 1000, variant_widths: "320,480,640", error: null });
    expect(asset.variant_key).toMatch(/^[0-9a-f]{40}$/);
    expect(Number(await readCatalogRevision(db))).toBe(Number(revision) + 1);
    for (const width of widthsOf(asset.variant_widths)) {
      for (const [format, libvips] of [["avif", "heif"], ["webp", "webp"], ["jpg", "jpeg"]] as const) {
        const bytes = (await storage.get(variantFileKey(asset.variant_key!, width, format)))!;
        const meta = await sharp(bytes).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: libvips, width, height: (width * 5) / 4 });
        expect(meta.exif, `${width}.${format} EXIF`).toBeUndefined();
        expect(meta.icc, `${width}.${format} ICC`).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        expect(meta.space).toBe("srgb");
      }
    }
    // The job is done and gone.
    expect(await db.selectFrom("media_jobs").select("id").where("asset_id", "=", id).execute()).toEqual([]);
    const files = await deleteAsset(db, id);
    await removeAssetFiles(db, storage, files!);
    expect(filesUnder(storage.root)).toEqual([]);
  });

  it("crops around the focal point, and a new focal point makes new variants (the old ones go)", async () => {
    const { db } = ctx();
    // 1000 × 500: red on the left, blue on the right; the crop is 400 × 500.
    const wide = await halves(1000, 500).png().toBuffer();
    const id = await ingestImage(db, storage, wide, { focal: { x: 0.1, y: 0.5 }, now: T0 });
    const worker = createMediaWorker(db, storage);
    await worker.runOnce(at(1_000));
    const centre = async (key: string) => {
      const { data } = await sharp((await storage.get(variantFileKey(key, 320, "jpg")))!).extract({ left: 150, top: 190, width: 20, height: 20 }).raw().toBuffer({ resolveWithObject: true });
      return { r: data[0]!, b: data[2]! };
    };
    const left = (await findAsset(db, id))!;
    expect(left.variant_widths).toBe("320");
    const red = await centre(left.variant_key!);
    expect(red.r).toBeGreaterThan(200);
    expect(red.b).toBeLessThan(60);

    expect(await setAssetFocalPoint(db, id, { x: 0.9, y: 0.5 }, at(2_000))).toBe(true);
    const waiting = (await findAsset(db, id))!;
    // Processing again; the old variants still show meanwhile.
    expect(waiting).toMatchObject({ status: "pending", focal_x: 0.9, variant_key: left.variant_key });
    await worker.runOnce(at(3_000));
    const right = (await findAsset(db, id))!;
    expect(right.status).toBe("ready");
    expect(right.variant_key).not.toBe(left.variant_key);
    const blue = await centre(right.variant_key!);
    expect(blue.b).toBeGreaterThan(200);
    expect(blue.r).toBeLessThan(60);
    expect(await storage.exists(variantFileKey(left.variant_key!, 320, "jpg"))).toBe(false);
    const files = await deleteAsset(db, id);
    await removeAssetFiles(db, storage, files!);
    expect(filesUnder(storage.root)).toEqual([]);
  });

  it("lets two workers claim due jobs at once without sharing one; an expired lease frees a job", async () => {
    const { db } = ctx();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await insertAsset(db, { sha256: `${i}`.padStart(64, "0"), mime: "image/jpeg", byteSize: 1, width: 400, height: 500, focalX: 0.5, focalY: 0.5, at: T0.toISOString() });
      await enqueueAssetJob(db, id, T0.toISOString());
      ids.push(id);
    }
    const now = at(1_000);
    const [a, b] = await Promise.all([claimDueJobs(db, "worker-a", { now, leaseMs: 60_000, limit: 4 }), claimDueJobs(db, "worker-b", { now, leaseMs: 60_000, limit: 4 })]);
    expect(a + b).toBe(6);
    const claims = await db.selectFrom("media_jobs").select(["claimed_by"]).where("asset_id", "in", ids).execute();
    expect(claims.filter((c) => c.claimed_by === "worker-a")).toHaveLength(a);
    expect(claims.filter((c) => c.claimed_by === "worker-b")).toHaveLength(b);
    // Nothing is left to a third worker until the leases run out; then everything is.
    expect(await claimDueJobs(db, "worker-c", { now: at(30_000), leaseMs: 60_000, limit: 10 })).toBe(0);
    expect(await claimDueJobs(db, "worker-c", { now: at(61_001), leaseMs: 60_000, limit: 10 })).toBe(6);
    await db.deleteFrom("media_assets").where("id", "in", ids).execute();
  });

  it("retries a failing job with a growing wait, then fails it visibly on the asset", async () => {
    const { db } = ctx();
    const id = await ingestImage(db, storage, jpeg, { now: T0 });
    const asset = (await findAsset(db, id))!;
    // The original vanished from storage (a disk replaced, a bucket emptied).
    await storage.delete(originalKey(asset.sha256));
    const worker = createMediaWorker(db, storage, { maxAttempts: 2, retryDelayMs: (n) => n * 60_000 });
    expect(await worker.runOnce(at(1_000))).toEqual({ done: 0, retrying: 1, failed: 0 });
    const job = await db.selectFrom("media_jobs").selectAll().where("asset_id", "=", id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "pending", attempts: 1, claimed_by: null, next_attempt_at: at(61_000).toISOString() });
    expect(job.last_error).toMatch(/original is missing/);
    expect((await findAsset(db, id))!.status).toBe("pending");
    // Not due yet; then due, and the last attempt.
    expect(await worker.runOnce(at(30_000))).toEqual({ done: 0, retrying: 0, failed: 0 });
    expect(await worker.runOnce(at(61_000))).toEqual({ done: 0, retrying: 0, failed: 1 });
    expect(await findAsset(db, id)).toMatchObject({ status: "failed", error: expect.stringMatching(/original is missing/) });
    expect(await db.selectFrom("media_jobs").select(["status", "attempts"]).where("asset_id", "=", id).execute()).toEqual([{ status: "failed", attempts: 2 }]);
    await deleteAsset(db, id);
  });
});
