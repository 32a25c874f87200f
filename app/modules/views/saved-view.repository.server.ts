import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export interface SavedViewRow {
  id: number;
  area: string;
  name: string;
  query: string;
  staff_id: number | null;
}

/** A list's views, by name. */
export function listViews(db: Db, area: string, limit: number): Promise<SavedViewRow[]> {
  return db.selectFrom("saved_views").select(["id", "area", "name", "query", "staff_id"]).where("area", "=", area).orderBy("name").orderBy("id").limit(limit).execute();
}

export function findView(db: Db, id: number): Promise<SavedViewRow | undefined> {
  return db.selectFrom("saved_views").select(["id", "area", "name", "query", "staff_id"]).where("id", "=", id).executeTakeFirst();
}

/** The view of a list with this name key (the name in lower case). */
export function findViewByNameKey(db: Db, area: string, nameKey: string): Promise<{ id: number } | undefined> {
  return db.selectFrom("saved_views").select("id").where("area", "=", area).where("name_key", "=", nameKey).executeTakeFirst();
}

export async function countViews(db: Db, area: string): Promise<number> {
  const row = await db.selectFrom("saved_views").select((eb) => eb.fn.countAll<number>().as("n")).where("area", "=", area).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertView(db: Db, row: Omit<SavedViewRow, "id"> & { name_key: string; created_at: string }): Promise<number> {
  const { id } = await db.insertInto("saved_views").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}

export async function deleteView(db: Db, id: number): Promise<void> {
  await db.deleteFrom("saved_views").where("id", "=", id).execute();
}
