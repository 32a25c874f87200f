import type { Kysely, Transaction } from "kysely";
import type { CamelRow, ContentImageRole, ContentImagesTable, ContentTable, Database } from "~/db/schema";
import { ASSET_STATE_COLUMNS, type AssetState } from "~/modules/media/media.repository.server";

// Every query of content_images: the pictures of a journal post, care-guide entry or page (its
// cover, the images its body shows), with their assets' state (media_assets, read here joined,
// written only through the media service).

type Db = Kysely<Database> | Transaction<Database>;
type Kind = ContentTable["kind"];

export type ContentImageRow = Omit<CamelRow<ContentImagesTable>, "createdAt" | "updatedAt"> & AssetState;

function images(db: Db) {
  return db
    .selectFrom("content_images as i")
    .innerJoin("media_assets as a", "a.id", "i.asset_id")
    .select(["i.id", "i.kind", "i.key", "i.asset_id as assetId", "i.role", "i.alt_it as altIt", "i.alt_en as altEn"])
    .select(ASSET_STATE_COLUMNS);
}

/** An entry's pictures, its cover first, then the body's in the order they were added. */
export function listImagesOfEntry(db: Db, kind: Kind, key: string): Promise<ContentImageRow[]> {
  return images(db).where("i.kind", "=", kind).where("i.key", "=", key).orderBy("i.role", "asc").orderBy("i.id").execute() as Promise<ContentImageRow[]>;
}

export function findImageOfEntry(db: Db, kind: Kind, key: string, id: number): Promise<ContentImageRow | undefined> {
  return images(db).where("i.kind", "=", kind).where("i.key", "=", key).where("i.id", "=", id).executeTakeFirst() as Promise<ContentImageRow | undefined>;
}

/** The covers with variants of these entries of a kind (one query for a page of the journal). */
export function listShownCovers(db: Db, kind: Kind, keys: string[]): Promise<ContentImageRow[]> {
  if (!keys.length) return Promise.resolve([]);
  return images(db).where("i.kind", "=", kind).where("i.key", "in", keys).where("i.role", "=", "cover").where("a.variant_key", "is not", null).execute() as Promise<ContentImageRow[]>;
}

export async function insertContentImage(db: Db, values: { kind: Kind; key: string; assetId: number; role: ContentImageRole; altIt: string; altEn: string; at: string }): Promise<number> {
  const row = await db
    .insertInto("content_images")
    .values({ kind: values.kind, key: values.key, asset_id: values.assetId, role: values.role, alt_it: values.altIt, alt_en: values.altEn, created_at: values.at, updated_at: values.at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteContentImageRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("content_images").where("id", "=", id).execute();
}
