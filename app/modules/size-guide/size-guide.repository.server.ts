import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, SizeGuideRowsTable, SizeGuidesTable } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export type SizeGuideRecord = Selectable<SizeGuidesTable>;
export type SizeGuideRowRecord = Selectable<SizeGuideRowsTable>;
export type SizeGuideRowInsert = Omit<Insertable<SizeGuideRowsTable>, "guide_id" | "position">;

/** Every guide, by name. */
export function listSizeGuides(db: Db): Promise<SizeGuideRecord[]> {
  return db.selectFrom("size_guides").selectAll().orderBy("name_it").orderBy("id").execute();
}

export function findSizeGuide(db: Db, id: number): Promise<SizeGuideRecord | undefined> {
  return db.selectFrom("size_guides").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A guide's sizes, smallest first. */
export function listSizeGuideRows(db: Db, guideId: number): Promise<SizeGuideRowRecord[]> {
  return db.selectFrom("size_guide_rows").selectAll().where("guide_id", "=", guideId).orderBy("position").execute();
}

/** How many sizes each guide has. */
export async function countSizeGuideRows(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("size_guide_rows")
    .select((eb) => ["guide_id", eb.fn.countAll<number | string | bigint>().as("sizes")])
    .groupBy("guide_id")
    .execute();
  return new Map(rows.map((row) => [row.guide_id, Number(row.sizes)]));
}

export async function insertSizeGuide(db: Db, row: Insertable<SizeGuidesTable>): Promise<number> {
  const { id } = await db.insertInto("size_guides").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateSizeGuideRow(db: Db, id: number, row: Pick<SizeGuideRecord, "kind" | "name_it" | "name_en" | "updated_at">): Promise<void> {
  await db.updateTable("size_guides").set(row).where("id", "=", id).execute();
}

export async function deleteSizeGuideRecord(db: Db, id: number): Promise<void> {
  // The categories' and products' references clear themselves (on delete set null), the rows go with it.
  await db.deleteFrom("size_guide_rows").where("guide_id", "=", id).execute();
  await db.updateTable("categories").set({ size_guide_id: null }).where("size_guide_id", "=", id).execute();
  await db.updateTable("products").set({ size_guide_id: null }).where("size_guide_id", "=", id).execute();
  await db.deleteFrom("size_guides").where("id", "=", id).execute();
}

/** Replaces a guide's sizes with these, in this order. */
export async function replaceSizeGuideRows(db: Db, guideId: number, rows: SizeGuideRowInsert[]): Promise<void> {
  await db.deleteFrom("size_guide_rows").where("guide_id", "=", guideId).execute();
  if (rows.length) await db.insertInto("size_guide_rows").values(rows.map((row, position) => ({ ...row, guide_id: guideId, position }))).execute();
}

/** The categories a guide is named by. */
export async function listGuideCategoryIds(db: Db, guideId: number): Promise<number[]> {
  const rows = await db.selectFrom("categories").select("id").where("size_guide_id", "=", guideId).orderBy("id").execute();
  return rows.map((row) => row.id);
}

/** Names the guide on exactly these categories (others that named it name none). */
export async function setGuideCategories(db: Db, guideId: number, categoryIds: number[]): Promise<void> {
  let clear = db.updateTable("categories").set({ size_guide_id: null }).where("size_guide_id", "=", guideId);
  if (categoryIds.length) clear = clear.where("id", "not in", categoryIds);
  await clear.execute();
  if (categoryIds.length) await db.updateTable("categories").set({ size_guide_id: guideId }).where("id", "in", categoryIds).execute();
}

/** Every category with its parent and guide: the tree a product's guide is inherited through. */
export function listCategoryGuides(db: Db): Promise<{ id: number; parent_id: number | null; size_guide_id: number | null }[]> {
  return db.selectFrom("categories").select(["id", "parent_id", "size_guide_id"]).execute();
}

/** What a product says about its size: its own guide, fit and model. */
export function findProductSizing(db: Db, productId: number) {
  return db
    .selectFrom("products")
    .select(["id", "category_id", "size_guide_id", "fit", "model_height_cm", "model_size", "model_chest_cm", "model_waist_cm", "model_hips_cm"])
    .where("id", "=", productId)
    .executeTakeFirst();
}

export type ProductSizingRecord = NonNullable<Awaited<ReturnType<typeof findProductSizing>>>;

export async function updateProductSizing(db: Db, productId: number, values: Omit<ProductSizingRecord, "id" | "category_id">, updatedAt: string): Promise<void> {
  await db
    .updateTable("products")
    .set({ ...values, updated_at: updatedAt })
    .where("id", "=", productId)
    .execute();
}

