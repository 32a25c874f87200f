import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { type FocalPoint, checkImage, roundFocal, variantKeyOf } from "./image-pipeline.server";
import {
  type AssetRow,
  type AssetState,
  deleteAssetRow,
  enqueueAssetJob,
  findAssets,
  insertAsset,
  isOriginalUsed,
  isVariantSetUsed,
  markAssetPending,
  updateAssetFocal,
} from "./media.repository.server";
import type { ResponsiveImage } from "./drawn-image";
import { PHOTO_FORMATS, photoImage } from "./media-urls";
import type { MediaStorage } from "./storage.server";
import { wakeMediaWorkers } from "./media-wake.server";
import { DomainError, isDomainError } from "~/utils/domain-error";

// Images any part of the shop can use (docs/decisions/023): ingest the bytes of an upload (a
// product's photograph, a category tile, a journal picture) into an asset, and render a ready
// asset as a responsive picture. The caller owns the asset it created (its own table holds the
// id) and deletes it with deleteAsset when its picture goes.

type Db = Kysely<Database> | Transaction<Database>;

export const originalKey = (sha256: string) => `originals/${sha256.slice(0, 2)}/${sha256}`;
export const variantFileKey = (variantKey: string, width: number, format: string) => `variants/${variantKey}/${width}.${format}`;

export interface IngestOptions {
  /** Where the 4:5 crop centres, 0..1 each (default: the middle). */
  focal?: FocalPoint;
  /** The form field the image came from: a refusal's DomainError names it. */
  field?: string;
  now?: Date;
}

/** An image checked and its original stored, not yet an asset (see prepareImage). */
export interface PreparedImage {
  sha256: string;
  mime: string;
  byteSize: number;
  width: number;
  height: number;
}

/**
 * Checks an uploaded image (image-pipeline.server.ts checkImage: type from the bytes, size,
 * dimensions, bombs, truncation) and stores its original by content hash (identical uploads
 * share the file). Throws DomainError IMAGE_* (with `field`) and stores nothing when refused.
 * The check decodes the whole image: do it before opening a transaction, then ingestImage the
 * result inside it (and discardPreparedImage if that transaction fails).
 */
export async function prepareImage(storage: MediaStorage, bytes: Uint8Array, { field }: { field?: string } = {}): Promise<PreparedImage> {
  const checked = await checkImage(bytes, { field });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const key = originalKey(sha256);
  if (!(await storage.exists(key))) {
    try {
      await storage.put(key, bytes);
    } catch (error) {
      // No room for it (storage.server.ts guardMediaStorage): said at the file's field.
      if (isDomainError(error) && error.code === "MEDIA_STORAGE_FULL") throw new DomainError("MEDIA_STORAGE_FULL", error.message, { field });
      throw error;
    }
  }
  return { sha256, mime: checked.mime, byteSize: bytes.byteLength, width: checked.width, height: checked.height };
}

/** Removes a prepared image's original if no asset holds it (its transaction failed). */
export async function discardPreparedImage(db: Kysely<Database>, storage: MediaStorage, image: PreparedImage): Promise<void> {
  if (!(await isOriginalUsed(db, image.sha256))) await storage.delete(originalKey(image.sha256));
}

/**
 * Adds an image as a pending asset, with a job to make its variants, in `db` (a transaction of
 * the caller's, or the database), and returns the asset's id. `image` is the upload's bytes
 * (checked and stored here: prepareImage) or an image prepareImage already returned. Throws
 * DomainError IMAGE_* (with `field`), storing nothing, when the bytes are refused. In a
 * transaction, call wakeMediaWorkers() once it commits so the variants are made at once
 * (otherwise at a worker's next poll, within seconds).
 */
export async function ingestImage(
  db: Db,
  storage: MediaStorage,
  image: Uint8Array | PreparedImage,
  { focal = { x: 0.5, y: 0.5 }, field, now = new Date() }: IngestOptions = {},
): Promise<number> {
  const prepared = image instanceof Uint8Array ? await prepareImage(storage, image, { field }) : image;
  const at = now.toISOString();
  const id = await insertAsset(db, {
    sha256: prepared.sha256,
    mime: prepared.mime,
    byteSize: prepared.byteSize,
    width: prepared.width,
    height: prepared.height,
    focalX: roundFocal(focal.x),
    focalY: roundFocal(focal.y),
    at,
  });
  await enqueueAssetJob(db, id, at);
  if (!db.isTransaction) wakeMediaWorkers();
  return id;
}

/**
 * Moves an asset's focal point: new variants are made (the current ones stay shown until then).
 * Returns false for an unknown asset; a point equal to the current one changes nothing (true).
 */
export async function setAssetFocalPoint(db: Db, assetId: number, focal: FocalPoint, now = new Date()): Promise<boolean> {
  const [asset] = await findAssets(db, [assetId]);
  if (!asset) return false;
  const next = { x: roundFocal(focal.x), y: roundFocal(focal.y) };
  if (next.x === asset.focal_x && next.y === asset.focal_y && asset.status !== "failed") return true;
  const at = now.toISOString();
  await updateAssetFocal(db, assetId, next, at);
  await enqueueAssetJob(db, assetId, at);
  return true;
}

/** Another round of attempts for an asset whose processing failed. */
export async function retryAsset(db: Db, assetId: number, now = new Date()): Promise<boolean> {
  const [asset] = await findAssets(db, [assetId]);
  if (!asset) return false;
  const at = now.toISOString();
  await markAssetPending(db, assetId, at);
  await enqueueAssetJob(db, assetId, at);
  return true;
}

/** What deleteAsset leaves to remove from storage once its transaction commits. */
export interface AssetFiles {
  sha256: string;
  variantKeys: { key: string; widths: number[] }[];
}

/** Deletes the asset's row (its job with it). Call removeAssetFiles with the result after the commit. */
export async function deleteAsset(db: Db, assetId: number): Promise<AssetFiles | null> {
  const [asset] = await findAssets(db, [assetId]);
  if (!asset) return null;
  await deleteAssetRow(db, assetId);
  return { sha256: asset.sha256, variantKeys: asset.variant_key ? [{ key: asset.variant_key, widths: widthsOf(asset.variant_widths) }] : [] };
}

/** Removes the files of deleted assets that no other asset uses (identical uploads share them). */
export async function removeAssetFiles(db: Kysely<Database>, storage: MediaStorage, files: AssetFiles): Promise<void> {
  if (!(await isOriginalUsed(db, files.sha256))) await storage.delete(originalKey(files.sha256));
  for (const set of files.variantKeys) await removeVariantSet(db, storage, set.key, set.widths);
}

/** Removes a set of variants unless an asset still shows it. */
export async function removeVariantSet(db: Kysely<Database>, storage: MediaStorage, key: string, widths: number[]): Promise<void> {
  if (await isVariantSetUsed(db, key)) return;
  for (const width of widths) for (const format of PHOTO_FORMATS) await storage.delete(variantFileKey(key, width, format));
}

export function widthsOf(text: string | null): number[] {
  return (text ?? "")
    .split(",")
    .map(Number)
    .filter((w) => Number.isInteger(w) && w > 0);
}

/**
 * A ready asset as a `<picture>`: `{ src, srcSet, width, height, sources }` (AVIF and WebP
 * sources, the JPEG in src/srcSet, 4:5), or null while it has no variants yet. Pure: give it
 * the asset's row (or its two variant columns).
 */
export function assetImage(asset: Pick<AssetRow, "variant_key" | "variant_widths">): ResponsiveImage | null {
  const widths = widthsOf(asset.variant_widths);
  return asset.variant_key && widths.length ? photoImage(asset.variant_key, widths) : null;
}

/** The picture of an owner's joined asset state (ASSET_STATE_COLUMNS), once its variants are made. */
export const imageOfState = (state: Pick<AssetState, "variantKey" | "variantWidths">) => assetImage({ variant_key: state.variantKey, variant_widths: state.variantWidths });

/** An asset's state as Atelier's editors show it: the focal point in percent (as the form reads it), the picture once made. */
export type AtelierAssetState = Omit<AssetState, "variantKey" | "variantWidths"> & { image: ResponsiveImage | null };

const percent = (value: number) => Math.round(value * 1000) / 10;

export function atelierAssetState(state: AssetState): AtelierAssetState {
  return {
    status: state.status,
    error: state.error,
    focalX: percent(state.focalX),
    focalY: percent(state.focalY),
    width: state.width,
    height: state.height,
    image: imageOfState(state),
  };
}

/** The pictures of several assets by id (one query); assets without variants yet are absent. */
export async function getAssetImages(db: Db, assetIds: number[]): Promise<Map<number, ResponsiveImage>> {
  const rows = await findAssets(db, [...new Set(assetIds)]);
  const images = new Map<number, ResponsiveImage>();
  for (const row of rows) {
    const image = assetImage(row);
    if (image) images.set(row.id, image);
  }
  return images;
}

/** The variant key an asset's current focal point will have (tests, the worker). */
export function expectedVariantKey(asset: Pick<AssetRow, "sha256" | "focal_x" | "focal_y">): string {
  return variantKeyOf(asset.sha256, { x: asset.focal_x, y: asset.focal_y });
}
