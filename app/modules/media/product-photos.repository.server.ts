import type { Kysely, Transaction } from "kysely";
import type { CamelRow, Database, Locale, ProductPhotosTable } from "~/db/schema";
import { ASSET_STATE_COLUMNS, type AssetState } from "./media.repository.server";

// Every query of product_photos, and the two reads of the catalogue the photographs page needs
// (the product's name and its colours: what a photograph may be tagged with).

type Db = Kysely<Database> | Transaction<Database>;

/** A photograph with its asset's state; sourceUrl: the URL the Shopify import fetched it from, null when uploaded in Atelier. */
export type PhotoRow = Omit<CamelRow<ProductPhotosTable>, "createdAt" | "updatedAt"> & AssetState;

function photos(db: Db) {
  return db
    .selectFrom("product_photos as p")
    .innerJoin("media_assets as a", "a.id", "p.asset_id")
    .select([
      "p.id",
      "p.product_id as productId",
      "p.asset_id as assetId",
      "p.color_code as colorCode",
      "p.alt_it as altIt",
      "p.alt_en as altEn",
      "p.position",
      "p.is_cover as isCover",
      "p.source_url as sourceUrl",
    ])
    .select(ASSET_STATE_COLUMNS);
}

/** A product's photographs in gallery order (position, then age). */
export function listPhotosOfProduct(db: Db, productId: number): Promise<PhotoRow[]> {
  return photos(db).where("p.product_id", "=", productId).orderBy("p.position").orderBy("p.id").execute();
}

/** The photographs with variants of these products, in gallery order (one query for a page of cards). */
export function listShownPhotos(db: Db, productIds: number[]): Promise<PhotoRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return photos(db)
    .where("p.product_id", "in", productIds)
    .where("a.variant_key", "is not", null)
    .orderBy("p.product_id")
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
}

/** The photographs of several products in gallery order (the Shopify import and export: one query a batch). */
export function listPhotosOfProducts(db: Db, productIds: number[]): Promise<PhotoRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return photos(db).where("p.product_id", "in", productIds).orderBy("p.product_id").orderBy("p.position").orderBy("p.id").execute();
}

/** One photograph of one product (a photo id under another product is none). */
export function findPhotoOfProduct(db: Db, productId: number, photoId: number): Promise<PhotoRow | undefined> {
  return photos(db).where("p.product_id", "=", productId).where("p.id", "=", photoId).executeTakeFirst();
}

export async function insertPhoto(
  db: Db,
  values: {
    productId: number;
    assetId: number;
    colorCode: string | null;
    altIt: string;
    altEn: string;
    at: string;
    /** Default: after the product's last photograph. */
    position?: number;
    /** Default: the product's first photograph is its cover. Making one the cover takes it from any other. */
    isCover?: boolean;
    sourceUrl?: string | null;
  },
): Promise<{ id: number; position: number; isCover: boolean }> {
  const last = await db
    .selectFrom("product_photos")
    .select((eb) => [eb.fn.max("position").as("position"), eb.fn.countAll<number>().as("n")])
    .where("product_id", "=", values.productId)
    .executeTakeFirst();
  const position = values.position ?? (last?.position == null ? 0 : Number(last.position) + 1);
  const isCover = values.isCover ?? Number(last?.n ?? 0) === 0;
  if (isCover && Number(last?.n ?? 0) > 0) {
    await db.updateTable("product_photos").set({ is_cover: 0, updated_at: values.at }).where("product_id", "=", values.productId).where("is_cover", "=", 1).execute();
  }
  const { id } = await db
    .insertInto("product_photos")
    .values({
      product_id: values.productId,
      asset_id: values.assetId,
      color_code: values.colorCode,
      alt_it: values.altIt,
      alt_en: values.altEn,
      position,
      is_cover: isCover ? 1 : 0,
      source_url: values.sourceUrl ?? null,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, position, isCover };
}

export async function updatePhotoDetails(db: Db, photoId: number, values: { colorCode: string | null; altIt: string; altEn: string; at: string }): Promise<void> {
  await db
    .updateTable("product_photos")
    .set({ color_code: values.colorCode, alt_it: values.altIt, alt_en: values.altEn, updated_at: values.at })
    .where("id", "=", photoId)
    .execute();
}

export async function setPhotoPosition(db: Db, photoId: number, position: number, at: string): Promise<void> {
  await db.updateTable("product_photos").set({ position, updated_at: at }).where("id", "=", photoId).execute();
}

/** Makes one photograph the product's cover, and no other. */
export async function setCover(db: Db, productId: number, photoId: number, at: string): Promise<void> {
  await db.updateTable("product_photos").set({ is_cover: 0, updated_at: at }).where("product_id", "=", productId).where("is_cover", "=", 1).where("id", "!=", photoId).execute();
  await db.updateTable("product_photos").set({ is_cover: 1, updated_at: at }).where("id", "=", photoId).execute();
}

export async function deletePhotoRow(db: Db, photoId: number): Promise<void> {
  await db.deleteFrom("product_photos").where("id", "=", photoId).execute();
}

/** The product's name in `locale`, or undefined when there is no such product. */
export async function findProductName(db: Db, productId: number, locale: Locale): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom("products as p")
    .leftJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
    .select(["p.id", "t.name"])
    .where("p.id", "=", productId)
    .executeTakeFirst()
    .then((row) => (row ? { id: row.id, name: row.name ?? `#${row.id}` } : undefined));
}

/** The colours the product's variants come in, in the catalogue's colour order, named in `locale`. */
export function listProductColors(db: Db, productId: number, locale: Locale): Promise<{ code: string; name: string }[]> {
  return db
    .selectFrom("colors as c")
    .innerJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "c.code").on("ct.locale", "=", locale))
    .select(["c.code", "ct.name"])
    .where("c.code", "in", (eb) => eb.selectFrom("variants").select("color_code").where("product_id", "=", productId))
    .orderBy("c.position")
    .orderBy("c.code")
    .execute();
}
