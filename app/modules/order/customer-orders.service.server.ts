import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { countOrdersOfUsers, selectOrderersWithoutAccount } from "./customer-orders.repository.server";

/** How many orders each of these accounts placed (an account absent from the map placed none). */
export async function orderCountsOf(db: Kysely<Database>, userIds: number[]): Promise<Map<number, number>> {
  const rows = await countOrdersOfUsers(db, userIds);
  return new Map(rows.map((row) => [Number(row.userId), Number(row.n)]));
}

export interface OrdererWithoutAccount {
  email: string;
  firstName: string;
  lastName: string;
  orders: number;
  lastOrderAt: string;
  lastOrderId: number;
}

/**
 * People who ordered without an account (guests, and accounts erased since: the orders stay for
 * the tax records), found by the words of a search in the order's address or name. Only for a
 * search: without words, nothing.
 */
export async function searchOrderersWithoutAccount(db: Kysely<Database>, words: string[], limit = 10): Promise<OrdererWithoutAccount[]> {
  if (!words.length) return [];
  return selectOrderersWithoutAccount(db, { words, limit });
}
