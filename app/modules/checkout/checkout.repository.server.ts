import { type Kysely, type Selectable, type Transaction, type Updateable, sql } from "kysely";
import type { CheckoutsTable, Database } from "~/db/schema";

// The checkout domain's SQL: one row per bag with what the shopper chose at each step.

type Db = Kysely<Database> | Transaction<Database>;

export function findCheckoutOfBag(db: Db, bagId: number): Promise<Selectable<CheckoutsTable> | undefined> {
  return db.selectFrom("checkouts").selectAll().where("bag_id", "=", bagId).executeTakeFirst();
}

/** Creates the bag's checkout unless it has one (two tabs creating it at once make one). */
export async function insertCheckoutIfMissing(db: Db, bagId: number, orderKey: string, at: string): Promise<void> {
  await db
    .insertInto("checkouts")
    .values({ bag_id: bagId, order_key: orderKey, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("bag_id").doNothing())
    .execute();
}

export async function updateCheckoutOfBag(db: Db, bagId: number, changes: Updateable<CheckoutsTable>, at: string): Promise<void> {
  await db
    .updateTable("checkouts")
    .set({ ...changes, updated_at: at })
    .where("bag_id", "=", bagId)
    .execute();
}

export async function setOrderKey(db: Db, checkoutId: number, orderKey: string, at: string): Promise<void> {
  await db.updateTable("checkouts").set({ order_key: orderKey, updated_at: at }).where("id", "=", checkoutId).execute();
}

/**
 * Touches the bag's checkout if its order key is still `orderKey`; false otherwise (spent, or a
 * stale page). A write: it locks the row on PostgreSQL and takes SQLite's write lock.
 */
export async function touchCheckoutWithKey(db: Db, bagId: number, orderKey: string, at: string): Promise<boolean> {
  const result = await db.updateTable("checkouts").set({ updated_at: at }).where("bag_id", "=", bagId).where("order_key", "=", orderKey).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Erases the checkouts of the given bags (an erased account's bags). */
export async function deleteCheckoutsOfBags(db: Db, bagIds: number[]): Promise<void> {
  if (bagIds.length) await db.deleteFrom("checkouts").where("bag_id", "in", bagIds).execute();
}

/** Erases the checkouts whose contact is an address, whatever bag they belong to (a guest checkout of the same person). */
export async function deleteCheckoutsByEmail(db: Db, email: string): Promise<void> {
  await db.deleteFrom("checkouts").where(sql<string>`lower(email)`, "=", email.toLowerCase()).execute();
}
