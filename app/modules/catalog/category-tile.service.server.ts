import type { Kysely, Transaction } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import type { FocalPoint } from "~/modules/media/focal";
import { type AssetFiles, type AtelierAssetState, atelierAssetState, deleteAsset, discardPreparedImage, ingestImage, prepareImage, imageOfState, removeAssetFiles, setAssetFocalPoint } from "~/modules/media/media.service.server";
import type { ResponsiveImage } from "~/modules/media/drawn-image";
import { wakeMediaWorkers } from "~/modules/media/media-worker.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { DomainError } from "~/utils/domain-error";
import { bumpCatalogRevision, cachedCatalogRead } from "./catalog-cache.server";
import { getCachedMenu } from "./category.service.server";
import { TILE_FIELD } from "./category-admin.schema";
import { type TileRow, categoryExists, deleteTileRow, findTile, insertTile, listShownTiles, updateTileTexts } from "./category-tile.repository.server";

// A category's tile photograph (issue 24, docs/decisions/023): the picture of its tile on the
// home page, in place of the drawing. Upload (or replace), alt texts in both languages, focal
// point, removal — each with an audit entry on the category in its transaction. A change that
// shoppers can see (a tile with variants) raises the catalogue revision in the same transaction;
// a new tile shows once the media worker has made its variants (the worker raises it then).

type Db = Kysely<Database>;

export type AtelierTile = Pick<TileRow, "altIt" | "altEn"> & AtelierAssetState;

const shown = (tile: TileRow) => tile.variantKey !== null;

/** The editor's view of a category's tile, or null when it has none. */
export async function getCategoryTile(db: Db, categoryId: number): Promise<AtelierTile | null> {
  const tile = await findTile(db, categoryId);
  if (!tile) return null;
  return { altIt: tile.altIt, altEn: tile.altEn, ...atelierAssetState(tile) };
}

async function requireCategory(db: Db | Transaction<Database>, categoryId: number): Promise<void> {
  if (!(await categoryExists(db, categoryId))) throw new DomainError("CATEGORY_NOT_FOUND", `No category ${categoryId}`);
}

async function requireTile(db: Db | Transaction<Database>, categoryId: number): Promise<TileRow> {
  await requireCategory(db, categoryId);
  const tile = await findTile(db, categoryId);
  if (!tile) throw new DomainError("CATEGORY_TILE_MISSING", `Category ${categoryId} has no tile`);
  return tile;
}

export interface TileUpload {
  categoryId: number;
  bytes: Uint8Array;
  altIt: string;
  altEn: string;
  actor: AuditActor;
  now?: Date;
}

/**
 * Puts up a category's tile photograph, replacing the one it has (whose asset and files go).
 * The image is checked and its original stored before the transaction (refused bytes throw
 * DomainError IMAGE_* at the tile field, storing nothing); an unknown category is
 * CATEGORY_NOT_FOUND, likewise storing nothing.
 */
export async function setCategoryTile(db: Db, storage: MediaStorage, input: TileUpload): Promise<void> {
  const now = input.now ?? new Date();
  await requireCategory(db, input.categoryId);
  const prepared = await prepareImage(storage, input.bytes, { field: TILE_FIELD });
  let replaced: AssetFiles | null = null;
  try {
    replaced = await db.transaction().execute(async (trx) => {
      await requireCategory(trx, input.categoryId);
      const previous = await findTile(trx, input.categoryId);
      let files: AssetFiles | null = null;
      if (previous) {
        await deleteTileRow(trx, input.categoryId);
        files = await deleteAsset(trx, previous.assetId);
      }
      const assetId = await ingestImage(trx, storage, prepared, { now });
      await insertTile(trx, { categoryId: input.categoryId, assetId, altIt: input.altIt, altEn: input.altEn, at: now.toISOString() });
      await recordAudit(trx, {
        actor: input.actor,
        action: "category.tile.set",
        entityType: "category",
        entityId: input.categoryId,
        before: previous ? { tile: previous.assetId, altIt: previous.altIt, altEn: previous.altEn } : null,
        after: { tile: assetId, altIt: input.altIt, altEn: input.altEn, bytes: prepared.byteSize, size: `${prepared.width}×${prepared.height}` },
        summary: previous ? "tile replaced" : "tile added",
        at: now,
      });
      // The old photograph leaves the home page now (the drawing shows until the new one is ready).
      if (previous && shown(previous)) await bumpCatalogRevision(trx);
      return files;
    });
  } catch (error) {
    await discardPreparedImage(db, storage, prepared);
    throw error;
  }
  wakeMediaWorkers();
  if (replaced) await removeAssetFiles(db, storage, replaced);
}

/** The tile's alt texts and focal point (0..1 each; a new point makes new variants, the current ones show meanwhile). */
export async function updateCategoryTile(
  db: Db,
  input: { categoryId: number; altIt: string; altEn: string; focal: FocalPoint; actor: AuditActor; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  let refocused = false;
  await db.transaction().execute(async (trx) => {
    const tile = await requireTile(trx, input.categoryId);
    await setAssetFocalPoint(trx, tile.assetId, input.focal, now);
    const after = (await findTile(trx, input.categoryId))!;
    const textsChanged = tile.altIt !== input.altIt || tile.altEn !== input.altEn;
    refocused = after.focalX !== tile.focalX || after.focalY !== tile.focalY || (tile.status === "failed" && after.status !== "failed");
    if (!textsChanged && !refocused) return;
    if (textsChanged) await updateTileTexts(trx, input.categoryId, { altIt: input.altIt, altEn: input.altEn, at: now.toISOString() });
    await recordAudit(trx, {
      actor: input.actor,
      action: "category.tile.update",
      entityType: "category",
      entityId: input.categoryId,
      before: { altIt: tile.altIt, altEn: tile.altEn, focalX: tile.focalX, focalY: tile.focalY },
      after: { altIt: input.altIt, altEn: input.altEn, focalX: after.focalX, focalY: after.focalY },
      summary: "tile",
      at: now,
    });
    if (textsChanged && shown(tile)) await bumpCatalogRevision(trx);
  });
  if (refocused) wakeMediaWorkers();
}

/** Takes the tile photograph down (the drawing shows again); its files go unless another asset shares them. */
export async function removeCategoryTile(db: Db, storage: MediaStorage, input: { categoryId: number; actor: AuditActor; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const files = await db.transaction().execute(async (trx) => {
    const tile = await requireTile(trx, input.categoryId);
    await deleteTileRow(trx, input.categoryId);
    const removed = await deleteAsset(trx, tile.assetId);
    await recordAudit(trx, { actor: input.actor, action: "category.tile.remove", entityType: "category", entityId: input.categoryId, before: { tile: tile.assetId, altIt: tile.altIt, altEn: tile.altEn }, after: null, summary: "tile removed", at: now });
    if (shown(tile)) await bumpCatalogRevision(trx);
    return removed;
  });
  if (files) await removeAssetFiles(db, storage, files);
}

/**
 * For the category service deleting a category, in its transaction: the tile's row and asset.
 * Pass the result to removeAssetFiles after the commit.
 */
export async function deleteTileOfCategory(trx: Transaction<Database>, categoryId: number): Promise<AssetFiles | null> {
  const tile = await findTile(trx, categoryId);
  if (!tile) return null;
  await deleteTileRow(trx, categoryId);
  return deleteAsset(trx, tile.assetId);
}

// --- The storefront ---

export interface ShownTile {
  image: ResponsiveImage;
  alt: string;
}

/** The tile photographs shoppers see of these categories (those with variants), one query. */
export async function getCategoryTileImages(db: Db, categoryIds: number[], locale: Locale): Promise<Map<number, ShownTile>> {
  const out = new Map<number, ShownTile>();
  for (const tile of await listShownTiles(db, categoryIds)) {
    const image = imageOfState(tile);
    if (image) out.set(tile.categoryId, { image, alt: locale === "en" ? tile.altEn : tile.altIt });
  }
  return out;
}

export interface HomeTile {
  categoryId: number;
  image: ResponsiveImage;
  /** The photograph's alt text; "" for a drawing (decorative: the tile's link names the category). */
  alt: string;
}

/**
 * The tile photographs of the home page's categories (the menu's first `count` top categories),
 * through the catalogue cache: a tile put up, changed or taken down raises the revision, so every
 * process shows it. Categories without a shown photograph are absent (their drawing shows).
 */
export async function getCachedHomeTilePhotos(db: Db, locale: Locale, count = 3): Promise<HomeTile[]> {
  const menu = await getCachedMenu(db, locale);
  const ids = menu.slice(0, count).map((top) => top.id);
  return cachedCatalogRead(db, `home-tiles|${locale}|${ids.join(",")}`, async () => {
    const shownTiles = await getCategoryTileImages(db, ids, locale);
    return ids.flatMap((categoryId) => {
      const tile = shownTiles.get(categoryId);
      return tile ? [{ categoryId, image: tile.image, alt: tile.alt }] : [];
    });
  });
}
