import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Database, FreeShippingPromotionsTable } from "~/db/schema";

// Every query of the free-shipping promotions: a handful of rows, read whole (cached per process
// under the shop's revision) and filtered by date in the service.

type Db = Kysely<Database> | Transaction<Database>;

export type PromotionRow = Selectable<FreeShippingPromotionsTable>;

/** Every promotion, the latest start first. */
export function listPromotionRows(db: Db): Promise<PromotionRow[]> {
  return db.selectFrom("free_shipping_promotions").selectAll().orderBy("starts_at", "desc").orderBy("id", "desc").execute();
}

export function findPromotionRow(db: Db, id: number): Promise<PromotionRow | undefined> {
  return db.selectFrom("free_shipping_promotions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPromotionRow(db: Db, row: Insertable<FreeShippingPromotionsTable>): Promise<number> {
  const inserted = await db.insertInto("free_shipping_promotions").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updatePromotionRow(db: Db, id: number, values: Updateable<FreeShippingPromotionsTable>): Promise<void> {
  await db.updateTable("free_shipping_promotions").set(values).where("id", "=", id).execute();
}

export async function deletePromotionRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("free_shipping_promotions").where("id", "=", id).execute();
}
