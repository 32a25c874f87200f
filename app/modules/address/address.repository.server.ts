import type { Kysely, Selectable } from "kysely";
import type { AddressesTable, Database } from "~/db/schema";

export type AddressRow = Selectable<AddressesTable>;

export function listAddresses(db: Kysely<Database>, userId: number): Promise<AddressRow[]> {
  return db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("is_default", "desc").orderBy("id").execute();
}

export function findAddress(db: Kysely<Database>, userId: number, id: number): Promise<AddressRow | undefined> {
  return db.selectFrom("addresses").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export async function countAddresses(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom("addresses").select((eb) => eb.fn.countAll<number | string>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

type AddressValues = Omit<AddressRow, "id" | "user_id" | "created_at" | "updated_at" | "is_default">;

export async function insertAddress(db: Kysely<Database>, userId: number, values: AddressValues, at: string): Promise<number> {
  const { id } = await db
    .insertInto("addresses")
    .values({ ...values, user_id: userId, is_default: 0, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates one of the user's addresses; false when it is not theirs (or gone). */
export async function updateAddress(db: Kysely<Database>, userId: number, id: number, values: AddressValues, at: string): Promise<boolean> {
  const result = await db.updateTable("addresses").set({ ...values, updated_at: at }).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAddress(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("addresses").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Makes one address the default and every other address of the user not. */
export async function setDefaultAddress(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await db
    .updateTable("addresses")
    .set((eb) => ({ is_default: eb.case().when("id", "=", id).then(1).else(0).end() }))
    .where("user_id", "=", userId)
    .execute();
}

/** Erases every address of a user (account deletion). */
export async function deleteAllAddresses(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("addresses").where("user_id", "=", userId).execute();
}
