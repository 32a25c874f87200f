import type { Kysely, Transaction } from "kysely";
import type { CamelRow, CategoryTilesTable, Database } from "~/db/schema";
import { ASSET_STATE_COLUMNS, type AssetState } from "~/modules/media/media.repository.server";

// Every query of category_tiles: a category's tile photograph, with its asset's state (the
// media pipeline's media_assets, read here joined, written only through the media service).

type Db = Kysely<Database> | Transaction<Database>;

export type TileRow = Pick<CamelRow<CategoryTilesTable>, "categoryId" | "assetId" | "altIt" | "altEn"> & AssetState;

function tiles(db: Db) {
  return db
    .selectFrom("category_tiles as t")
    .innerJoin("media_assets as a", "a.id", "t.asset_id")
    .select(["t.category_id as categoryId", "t.asset_id as assetId", "t.alt_it as altIt", "t.alt_en as altEn"])
    .select(ASSET_STATE_COLUMNS);
}

export function findTile(db: Db, categoryId: number): Promise<TileRow | undefined> {
  return tiles(db).where("t.category_id", "=", categoryId).executeTakeFirst();
}

/** The tiles with variants of these categories (one query). */
export function listShownTiles(db: Db, categoryIds: number[]): Promise<TileRow[]> {
  if (!categoryIds.length) return Promise.resolve([]);
  return tiles(db).where("t.category_id", "in", categoryIds).where("a.variant_key", "is not", null).execute();
}

export async function categoryExists(db: Db, categoryId: number): Promise<boolean> {
  return (await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst()) !== undefined;
}

export async function insertTile(db: Db, values: { categoryId: number; assetId: number; altIt: string; altEn: string; at: string }): Promise<void> {
  await db
    .insertInto("category_tiles")
    .values({ category_id: values.categoryId, asset_id: values.assetId, alt_it: values.altIt, alt_en: values.altEn, created_at: values.at, updated_at: values.at })
    .execute();
}

export async function updateTileTexts(db: Db, categoryId: number, values: { altIt: string; altEn: string; at: string }): Promise<void> {
  await db.updateTable("category_tiles").set({ alt_it: values.altIt, alt_en: values.altEn, updated_at: values.at }).where("category_id", "=", categoryId).execute();
}

export async function deleteTileRow(db: Db, categoryId: number): Promise<void> {
  await db.deleteFrom("category_tiles").where("category_id", "=", categoryId).execute();
}
