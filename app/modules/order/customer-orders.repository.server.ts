import { type Kysely, sql } from "kysely";
import { containsEveryWord } from "~/db/contains-words.server";
import type { Database } from "~/db/schema";

// The orders seen from Atelier's customer desk: how many each account placed, and the people
// who ordered without an account (guests, and accounts since erased: their orders stay).

/** Orders per account, for a page of accounts (one query, by the orders_user_idx index). */
export function countOrdersOfUsers(db: Kysely<Database>, userIds: number[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .selectFrom("orders")
    .select((eb) => ["user_id as userId", eb.fn.countAll<number | string>().as("n")])
    .where("user_id", "in", userIds)
    .groupBy("user_id")
    .execute();
}

/**
 * The addresses that ordered without an account and match every word (in the address or the
 * name on an order), one row per address (any case) with its latest name, order count and latest
 * order; the most recent first, at most `limit` of them.
 */
export async function selectOrderersWithoutAccount(db: Kysely<Database>, query: { words: string[]; limit: number }) {
  const email = sql<string>`lower(email)`;
  const matching = db
    .selectFrom("orders")
    .select([email.as("emailKey"), "id", "placed_at"])
    .where("user_id", "is", null)
    .where((eb) => containsEveryWord(eb, [sql.ref("email"), sql.ref("first_name"), sql.ref("last_name")], query.words));
  const groups = await db
    .selectFrom(matching.as("m"))
    .select((eb) => ["m.emailKey", eb.fn.countAll<number | string>().as("orders"), eb.fn.max("m.placed_at").as("lastOrderAt"), eb.fn.max("m.id").as("lastOrderId")])
    .groupBy("m.emailKey")
    .orderBy("lastOrderAt", "desc")
    .orderBy("m.emailKey")
    .limit(query.limit)
    .execute();
  if (!groups.length) return [];
  const latest = await db
    .selectFrom("orders")
    .select(["id", "email", "first_name as firstName", "last_name as lastName"])
    .where(
      "id",
      "in",
      groups.map((g) => Number(g.lastOrderId)),
    )
    .execute();
  const byId = new Map(latest.map((row) => [row.id, row]));
  return groups.map((g) => {
    const order = byId.get(Number(g.lastOrderId))!;
    return { email: order.email, firstName: order.firstName, lastName: order.lastName, orders: Number(g.orders), lastOrderAt: String(g.lastOrderAt), lastOrderId: order.id };
  });
}
