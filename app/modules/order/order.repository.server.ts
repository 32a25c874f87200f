import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

// Reads of an account's orders as a whole (the data export). The rest of the order module's SQL
// still lives in its services (STYLE.md, "Where we slipped"); it moves here as it is touched.

type Db = Kysely<Database> | Transaction<Database>;

/** The ids of the orders an account placed, oldest first. */
export async function listOrderIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("orders").select("id").where("user_id", "=", userId).orderBy("placed_at").orderBy("id").execute();
  return rows.map((row) => row.id);
}

export function listRefundsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom("refunds")
    .select(["order_id", "return_id", "amount_cents", "status", "created_at", "done_at"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
}

export function listWithdrawalsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom("withdrawals")
    .select(["order_id", "email", "outcome", "return_id", "received_at"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
}
