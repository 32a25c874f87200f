import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

// Every query of category_tiles: a category's tile photograph, with its asset's state (the
// media pipeline's media_assets, read here joined, written only through the media service).

type Db = Kysely<Database> | Transaction<Database>;

export interface TileRow {
  categoryId: number;
  assetId: number;
  altIt: string;
  altEn: string;
  status: "pending" | "ready" | "failed";
  error: string | null;
  focalX: number;
  focalY: number;
  width: number;
  height: number;
  variantKey: string | null;
  variantWidths: string | null;
}

function tiles(db: Db) {
  return db
    .selectFrom("category_tiles as t")
    .innerJoin("media_assets as a", "a.id", "t.asset_id")
    .select([
      "t.category_id as categoryId",
      "t.asset_id as assetId",
      "t.alt_it as altIt",
      "t.alt_en as altEn",
      "a.status",
      "a.error",
      "a.focal_x as focalX",
      "a.focal_y as focalY",
      "a.width",
      "a.height",
      "a.variant_key as variantKey",
      "a.variant_widths as variantWidths",
    ]);
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
