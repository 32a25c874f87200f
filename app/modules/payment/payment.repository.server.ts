import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** The payments of some orders, oldest first (a data export lists them with each order). */
export function listPaymentsOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom("payments")
    .select(["order_id", "provider", "method", "status", "amount_cents", "created_at", "updated_at"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
}
