import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { BannerMessagesTable, ClosureNoticesTable, Database } from "~/db/schema";

// Every query of the banner's messages and the closure notices. Both tables hold a handful of
// rows: they are read whole and filtered by date in the service (cached per process under the
// shop's revision).

type Db = Kysely<Database> | Transaction<Database>;

export type BannerMessageRow = Selectable<BannerMessagesTable>;
export type ClosureRow = Selectable<ClosureNoticesTable>;

/** Every message, in the banner's order. */
export function listMessageRows(db: Db): Promise<BannerMessageRow[]> {
  return db.selectFrom("banner_messages").selectAll().orderBy("position").orderBy("id").execute();
}

export function findMessageRow(db: Db, id: number): Promise<BannerMessageRow | undefined> {
  return db.selectFrom("banner_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The next position at the end of the banner. */
export async function nextMessagePosition(db: Db): Promise<number> {
  const row = await db.selectFrom("banner_messages").select((eb) => eb.fn.max("position").as("last")).executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertMessageRow(db: Db, row: Insertable<BannerMessagesTable>): Promise<number> {
  const inserted = await db.insertInto("banner_messages").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateMessageRow(db: Db, id: number, values: Updateable<BannerMessagesTable>): Promise<void> {
  await db.updateTable("banner_messages").set(values).where("id", "=", id).execute();
}

export async function deleteMessageRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("banner_messages").where("id", "=", id).execute();
}

/** Every closure notice, earliest first. */
export function listClosureRows(db: Db): Promise<ClosureRow[]> {
  return db.selectFrom("closure_notices").selectAll().orderBy("starts_at").orderBy("id").execute();
}

export function findClosureRow(db: Db, id: number): Promise<ClosureRow | undefined> {
  return db.selectFrom("closure_notices").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertClosureRow(db: Db, row: Insertable<ClosureNoticesTable>): Promise<number> {
  const inserted = await db.insertInto("closure_notices").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateClosureRow(db: Db, id: number, values: Updateable<ClosureNoticesTable>): Promise<void> {
  await db.updateTable("closure_notices").set(values).where("id", "=", id).execute();
}

export async function deleteClosureRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("closure_notices").where("id", "=", id).execute();
}
