import { type Kysely, type Transaction, sql } from "kysely";
import type { Database } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Erases the checkouts of the given bags (an erased account's bags). */
export async function deleteCheckoutsOfBags(db: Db, bagIds: number[]): Promise<void> {
  if (bagIds.length) await db.deleteFrom("checkouts").where("bag_id", "in", bagIds).execute();
}

/** Erases the checkouts whose contact is an address, whatever bag they belong to (a guest checkout of the same person). */
export async function deleteCheckoutsByEmail(db: Db, email: string): Promise<void> {
  await db.deleteFrom("checkouts").where(sql<string>`lower(email)`, "=", email.toLowerCase()).execute();
}
