import type { Kysely, Transaction } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { DomainError } from "~/utils/domain-error";
import type { FocalPoint } from "./image-pipeline.server";
import {
  type AssetFiles,
  type AtelierAssetState,
  type PreparedImage,
  atelierAssetState,
  deleteAsset,
  discardPreparedImage,
  imageOfState,
  ingestImage,
  prepareImage,
  removeAssetFiles,
  retryAsset,
  setAssetFocalPoint,
  widthsOf,
} from "./media.service.server";
import type { ResponsiveImage } from "./drawn-image";
import { largestPhotoUrl } from "./media-urls";
import { wakeMediaWorkers } from "./media-worker.server";
import {
  type PhotoRow,
  deletePhotoRow,
  findPhotoOfProduct,
  findProductName,
  insertPhoto,
  listPhotosOfProduct,
  listPhotosOfProducts,
  listProductColors,
  listShownPhotos,
  setCover,
  setPhotoPosition,
  updatePhotoDetails,
} from "./product-photos.repository.server";

export type { PhotoRow };
import { PHOTO_FIELD } from "./product-photos.schema";
import type { MediaStorage } from "./storage.server";

// A product's photographs: upload, colour and alt texts, order, cover, focal point, removal
// (Atelier), and what the storefront shows. Every write records an audit entry on the product in
// its transaction; a change shoppers can see (a photograph with variants) raises the catalogue
// revision in the same transaction, so every process's cached pages follow. A photograph shows
// once its variants are made: the media worker raises the revision then.

type Db = Kysely<Database>;

/** A photograph in its editor; status pending: variants being made (one with older variants keeps showing them). */
export type AtelierPhoto = Pick<PhotoRow, "id" | "colorCode" | "altIt" | "altEn"> & { isCover: boolean } & AtelierAssetState;

export interface ProductPhotosPage {
  product: { id: number; name: string };
  colors: { code: string; name: string }[];
  photos: AtelierPhoto[];
}

/** The photographs page's data, or null for an unknown product. */
export async function getProductPhotosPage(db: Db, productId: number, locale: Locale): Promise<ProductPhotosPage | null> {
  const product = await findProductName(db, productId, locale);
  if (!product) return null;
  const [colors, rows] = await Promise.all([listProductColors(db, productId, locale), listPhotosOfProduct(db, productId)]);
  return {
    product,
    colors,
    photos: rows.map((row) => ({
      id: row.id,
      colorCode: row.colorCode,
      altIt: row.altIt,
      altEn: row.altEn,
      isCover: row.isCover === 1,
      ...atelierAssetState(row),
    })),
  };
}

/** True while any of the product's photographs waits for its variants (the page polls meanwhile). */
export const isProcessing = (page: ProductPhotosPage) => page.photos.some((photo) => photo.status === "pending");

async function requireProduct(db: Db | Transaction<Database>, productId: number): Promise<void> {
  if (!(await findProductName(db, productId, "it"))) throw new DomainError("PHOTO_NOT_FOUND", `product ${productId}`);
}

async function requirePhoto(db: Db | Transaction<Database>, productId: number, photoId: number): Promise<PhotoRow> {
  const photo = await findPhotoOfProduct(db, productId, photoId);
  if (!photo) throw new DomainError("PHOTO_NOT_FOUND", `photo ${photoId} of product ${productId}`);
  return photo;
}

/** "" is every colour; anything else must be one of the product's colours. */
async function checkedColor(db: Db | Transaction<Database>, productId: number, color: string): Promise<string | null> {
  if (!color) return null;
  const colors = await listProductColors(db, productId, "it");
  if (!colors.some((c) => c.code === color)) throw new DomainError("PHOTO_COLOR", `colour ${color}`, { field: "color" });
  return color;
}

const shown = (photo: PhotoRow) => photo.variantKey !== null;
const details = (photo: { colorCode: string | null; altIt: string; altEn: string }) => ({ color: photo.colorCode, altIt: photo.altIt, altEn: photo.altEn });

export interface NewPhoto {
  productId: number;
  bytes: Uint8Array;
  color: string;
  altIt: string;
  altEn: string;
  actor: AuditActor;
  now?: Date;
}

/**
 * Adds a photograph to a product: the image checked and its original stored (before any
 * transaction: the check decodes it), then the asset, its job and the photograph in one
 * transaction with the audit entry. The first photograph is the cover. Refused bytes throw
 * DomainError IMAGE_* at the photo field and leave nothing behind; so does an unknown product
 * or colour.
 */
export async function addProductPhoto(db: Db, storage: MediaStorage, input: NewPhoto): Promise<number> {
  const now = input.now ?? new Date();
  await requireProduct(db, input.productId);
  const colorCode = await checkedColor(db, input.productId, input.color);
  const prepared = await prepareImage(storage, input.bytes, { field: PHOTO_FIELD });
  let photoId: number;
  try {
    photoId = await db.transaction().execute(async (trx) => {
      await requireProduct(trx, input.productId);
      const photo = await addPhotoIn(trx, storage, { productId: input.productId, image: prepared, colorCode, altIt: input.altIt, altEn: input.altEn, now });
      await recordAudit(trx, {
        actor: input.actor,
        action: "product.photo.add",
        entityType: "product",
        entityId: input.productId,
        after: { photo: photo.id, ...details({ colorCode, altIt: input.altIt, altEn: input.altEn }), cover: photo.isCover, bytes: prepared.byteSize, size: `${prepared.width}×${prepared.height}` },
        summary: `photo ${photo.id}`,
        at: now,
      });
      return photo.id;
    });
  } catch (error) {
    await discardPreparedImage(db, storage, prepared);
    throw error;
  }
  wakeMediaWorkers();
  return photoId;
}

export interface PhotoPlacement {
  productId: number;
  /** Checked and stored by prepareImage, before the transaction. */
  image: PreparedImage;
  /** One of the product's colours (the caller checked it), or null: every colour. */
  colorCode: string | null;
  altIt: string;
  altEn: string;
  /** Default: after the product's last photograph. */
  position?: number;
  /** Default: the product's first photograph is its cover; true takes the cover from any other. */
  isCover?: boolean;
  /** The URL the photograph was fetched from (the Shopify import), kept to find it again. */
  sourceUrl?: string | null;
  now: Date;
}

/**
 * A prepared image as a product's photograph inside the caller's transaction: its asset (with the
 * job that makes its variants) and its place in the gallery. The caller records the audit entry,
 * raises the catalogue revision when it must, calls wakeMediaWorkers() after the commit and
 * discardPreparedImage if the transaction fails. Atelier's upload and the Shopify import use it.
 */
export async function addPhotoIn(trx: Transaction<Database>, storage: MediaStorage, input: PhotoPlacement): Promise<{ id: number; position: number; isCover: boolean }> {
  const assetId = await ingestImage(trx, storage, input.image, { now: input.now });
  return insertPhoto(trx, {
    productId: input.productId,
    assetId,
    colorCode: input.colorCode,
    altIt: input.altIt,
    altEn: input.altEn,
    position: input.position,
    isCover: input.isCover,
    sourceUrl: input.sourceUrl,
    at: input.now.toISOString(),
  });
}

/** A photograph's colour, alt texts and place, inside the caller's transaction (the import; the caller audits). */
export async function updatePhotoIn(trx: Transaction<Database>, photo: PhotoRow, change: { colorCode: string | null; altIt: string; altEn: string; position: number }, now: Date): Promise<void> {
  const at = now.toISOString();
  if (JSON.stringify(details(photo)) !== JSON.stringify(details(change))) await updatePhotoDetails(trx, photo.id, { ...change, at });
  if (photo.position !== change.position) await setPhotoPosition(trx, photo.id, change.position, at);
}

/**
 * Removes some of a product's photographs and their assets inside the caller's transaction (the
 * import: the caller audits and raises the revision); the cover passes to the first photograph
 * left. Pass the result to removeAssetFiles after the commit.
 */
export async function removePhotosIn(trx: Transaction<Database>, productId: number, photos: readonly PhotoRow[], now: Date): Promise<AssetFiles[]> {
  const files: AssetFiles[] = [];
  for (const photo of photos) {
    await deletePhotoRow(trx, photo.id);
    const removed = await deleteAsset(trx, photo.assetId);
    if (removed) files.push(removed);
  }
  if (photos.some((p) => p.isCover === 1)) {
    const next = (await listPhotosOfProduct(trx, productId))[0];
    if (next && next.isCover !== 1) await setCover(trx, productId, next.id, now.toISOString());
  }
  return files;
}

/** The photographs of several products in gallery order (one query), with their export URL. */
export async function listPhotosOfProductsForExchange(db: Db | Transaction<Database>, productIds: number[]): Promise<(PhotoRow & { path: string | null })[]> {
  const rows = await listPhotosOfProducts(db, productIds);
  return rows.map((row) => ({ ...row, path: row.variantKey ? largestPhotoUrl(row.variantKey, widthsOf(row.variantWidths)) : null }));
}

interface PhotoChange {
  productId: number;
  photoId: number;
  actor: AuditActor;
  now?: Date;
}

/** A photograph's colour and alt texts. */
export async function updateProductPhoto(db: Db, input: PhotoChange & { color: string; altIt: string; altEn: string }): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, input.productId, input.photoId);
    const colorCode = await checkedColor(trx, input.productId, input.color);
    const after = { colorCode, altIt: input.altIt, altEn: input.altEn };
    if (JSON.stringify(details(photo)) === JSON.stringify(details(after))) return;
    await updatePhotoDetails(trx, photo.id, { ...after, at: now.toISOString() });
    await recordAudit(trx, { actor: input.actor, action: "product.photo.update", entityType: "product", entityId: input.productId, before: details(photo), after: details(after), summary: `photo ${photo.id}`, at: now });
    if (shown(photo)) await bumpCatalogRevision(trx);
  });
}

/** Swaps a photograph with its neighbour before (up) or after (down) it; at an end, nothing moves. */
export async function moveProductPhoto(db: Db, input: PhotoChange & { direction: "up" | "down" }): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, input.productId, input.photoId);
    const all = await listPhotosOfProduct(trx, input.productId);
    const index = all.findIndex((p) => p.id === photo.id);
    const other = all[input.direction === "up" ? index - 1 : index + 1];
    if (!other) return;
    const at = now.toISOString();
    // Positions may have gaps or ties (a photograph removed, two added at once): renumber in order.
    const order = all.map((p) => p.id);
    [order[index], order[all.indexOf(other)]] = [other.id, photo.id];
    for (const [position, id] of order.entries()) {
      const before = all.find((p) => p.id === id)!;
      if (before.position !== position) await setPhotoPosition(trx, id, position, at);
    }
    await recordAudit(trx, {
      actor: input.actor,
      action: "product.photo.move",
      entityType: "product",
      entityId: input.productId,
      before: { order: all.map((p) => p.id) },
      after: { order },
      summary: `photo ${photo.id} ${input.direction}`,
      at: now,
    });
    if (shown(photo) || shown(other)) await bumpCatalogRevision(trx);
  });
}

/** Makes a photograph the product's cover (its first picture on cards and the product page). */
export async function setProductPhotoCover(db: Db, input: PhotoChange): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, input.productId, input.photoId);
    if (photo.isCover === 1) return;
    const previous = (await listPhotosOfProduct(trx, input.productId)).find((p) => p.isCover === 1);
    await setCover(trx, input.productId, photo.id, now.toISOString());
    await recordAudit(trx, { actor: input.actor, action: "product.photo.cover", entityType: "product", entityId: input.productId, before: { cover: previous?.id ?? null }, after: { cover: photo.id }, summary: `photo ${photo.id}`, at: now });
    if (shown(photo) || (previous && shown(previous))) await bumpCatalogRevision(trx);
  });
}

/** Moves the crop's focal point (0..1 each): new variants are made, the current ones show meanwhile. */
export async function setProductPhotoFocus(db: Db, input: PhotoChange & { focal: FocalPoint }): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, input.productId, input.photoId);
    await setAssetFocalPoint(trx, photo.assetId, input.focal, now);
    const after = (await findPhotoOfProduct(trx, input.productId, photo.id))!;
    if (after.focalX === photo.focalX && after.focalY === photo.focalY && photo.status !== "failed") return;
    await recordAudit(trx, {
      actor: input.actor,
      action: "product.photo.focus",
      entityType: "product",
      entityId: input.productId,
      before: { focalX: photo.focalX, focalY: photo.focalY },
      after: { focalX: after.focalX, focalY: after.focalY },
      summary: `photo ${photo.id}`,
      at: now,
    });
  });
  wakeMediaWorkers();
}

/** Another round of processing for a photograph whose processing failed. */
export async function retryProductPhoto(db: Db, input: PhotoChange): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, input.productId, input.photoId);
    if (photo.status !== "failed") return;
    await retryAsset(trx, photo.assetId, now);
    await recordAudit(trx, { actor: input.actor, action: "product.photo.retry", entityType: "product", entityId: input.productId, after: { photo: photo.id }, summary: `photo ${photo.id}`, at: now });
  });
  wakeMediaWorkers();
}

/**
 * Removes a photograph and its asset; the cover passes to the first photograph left. Its files
 * go once the transaction commits, unless another asset shares them.
 */
export async function deleteProductPhoto(db: Db, storage: MediaStorage, input: PhotoChange): Promise<void> {
  const now = input.now ?? new Date();
  const files: AssetFiles | null = await db.transaction().execute(async (trx) => {
    const photo = await requirePhoto(trx, input.productId, input.photoId);
    await deletePhotoRow(trx, photo.id);
    const removed = await deleteAsset(trx, photo.assetId);
    if (photo.isCover === 1) {
      const next = (await listPhotosOfProduct(trx, input.productId))[0];
      if (next) await setCover(trx, input.productId, next.id, now.toISOString());
    }
    await recordAudit(trx, { actor: input.actor, action: "product.photo.delete", entityType: "product", entityId: input.productId, before: { photo: photo.id, ...details(photo), cover: photo.isCover === 1 }, summary: `photo ${photo.id}`, at: now });
    if (shown(photo)) await bumpCatalogRevision(trx);
    return removed;
  });
  if (files) await removeAssetFiles(db, storage, files);
}

/**
 * Every photograph of a product and its assets, for a service deleting the product (in its
 * transaction, which records the audit entry). Pass the result to removeAssetFiles after the
 * commit: product_photos rows would go with the product (ON DELETE CASCADE), but not the assets
 * and their files.
 */
export async function deletePhotosOfProduct(trx: Transaction<Database>, productId: number): Promise<AssetFiles[]> {
  const files: AssetFiles[] = [];
  for (const photo of await listPhotosOfProduct(trx, productId)) {
    await deletePhotoRow(trx, photo.id);
    const removed = await deleteAsset(trx, photo.assetId);
    if (removed) files.push(removed);
  }
  if (files.length) await bumpCatalogRevision(trx);
  return files;
}

// --- The storefront ---

export interface ShownPhoto {
  productId: number;
  colorCode: string | null;
  alt: string;
  isCover: boolean;
  image: ResponsiveImage;
}

/** The photographs shoppers see of these products (those with variants), in gallery order, one query. */
export async function listShownProductPhotos(db: Kysely<Database>, productIds: number[], locale: Locale): Promise<Map<number, ShownPhoto[]>> {
  const rows = await listShownPhotos(db, productIds);
  const byProduct = new Map<number, ShownPhoto[]>();
  for (const row of rows) {
    const image = imageOfState(row);
    if (!image) continue;
    const list = byProduct.get(row.productId) ?? [];
    list.push({ productId: row.productId, colorCode: row.colorCode, alt: locale === "en" ? row.altEn : row.altIt, isCover: row.isCover === 1, image });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/**
 * The photographs of one colour: those tagged with it and those for every colour, the cover
 * first, then in gallery order. Empty when none fits: the colour's drawings show instead.
 */
export function photosForColor(photos: ShownPhoto[] | undefined, colorCode: string): ShownPhoto[] {
  const fitting = (photos ?? []).filter((photo) => photo.colorCode === null || photo.colorCode === colorCode);
  const cover = fitting.findIndex((photo) => photo.isCover);
  return cover > 0 ? [fitting[cover]!, ...fitting.slice(0, cover), ...fitting.slice(cover + 1)] : fitting;
}
