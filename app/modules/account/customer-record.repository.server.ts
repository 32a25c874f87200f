import { type Kysely, type Transaction, sql } from "kysely";
import type { Database } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Whose orders: an account's, or those placed without one under an address (any case). */
export type OrdersOf = { userId: number } | { email: string };

function ordersOf(db: Db, who: OrdersOf) {
  const query = db.selectFrom("orders");
  return "userId" in who ? query.where("user_id", "=", who.userId) : query.where("user_id", "is", null).where(sql<string>`lower(email)`, "=", who.email.trim().toLowerCase());
}

/** How many orders, what they brought in (paid, less what went back), and the last one's day. */
export async function selectCustomerFigures(db: Db, who: OrdersOf) {
  const row = await ordersOf(db, who)
    .select((eb) => [
      eb.fn.countAll<number>().as("orders"),
      eb.fn
        .sum<number>(eb.case().when("payment_status", "in", ["paid", "partially_refunded", "refunded"]).then(eb("total_cents", "-", eb.ref("refunded_cents"))).else(0).end())
        .as("valueCents"),
      eb.fn.max("placed_at").as("lastOrderAt"),
    ])
    .executeTakeFirst();
  return { orders: Number(row?.orders ?? 0), valueCents: Number(row?.valueCents ?? 0), lastOrderAt: row?.lastOrderAt ? String(row.lastOrderAt) : null };
}

/** The orders placed without an account under an address, newest first. */
export function selectGuestOrders(db: Db, email: string, limit: number) {
  return ordersOf(db, { email })
    .select(["id", "number", "placed_at as placedAt", "total_cents as totalCents", "status", "payment_status as paymentStatus", "shipping_status as shippingStatus", "first_name as firstName", "last_name as lastName", "email"])
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function selectNotes(db: Db, key: string, limit: number) {
  return db.selectFrom("customer_notes").select(["id", "author", "body", "created_at as createdAt"]).where("customer_key", "=", key).orderBy("id", "desc").limit(limit).execute();
}

export async function insertNote(db: Db, values: { key: string; staffId: number | null; author: string; body: string; at: string }): Promise<number> {
  const row = await db
    .insertInto("customer_notes")
    .values({ customer_key: values.key, staff_id: values.staffId, author: values.author, body: values.body, created_at: values.at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function selectTags(db: Db, key: string): Promise<string[]> {
  return (await db.selectFrom("customer_tags").select("tag").where("customer_key", "=", key).orderBy("tag").execute()).map((row) => row.tag);
}

export async function replaceTags(db: Db, key: string, tags: string[], at: string): Promise<void> {
  await db.deleteFrom("customer_tags").where("customer_key", "=", key).execute();
  // Two saves at once: the second's rows may meet the first's; a tag is there either way.
  if (tags.length) await db.insertInto("customer_tags").values(tags.map((tag) => ({ customer_key: key, tag, created_at: at }))).onConflict((oc) => oc.columns(["customer_key", "tag"]).doNothing()).execute();
}

/** Moves a guest's notes and tags to the account (a tag both have is kept once). */
export async function moveRecord(db: Db, from: string, to: string, at: string, maxTags: number): Promise<void> {
  await db.updateTable("customer_notes").set({ customer_key: to }).where("customer_key", "=", from).execute();
  const tags = new Set([...(await selectTags(db, to)), ...(await selectTags(db, from))]);
  await db.deleteFrom("customer_tags").where("customer_key", "=", from).execute();
  await replaceTags(db, to, [...tags].sort().slice(0, maxTags), at);
}

/** Gives the orders placed without an account under the address to the account; how many. */
export async function adoptGuestOrders(db: Db, email: string, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable("orders")
    .set({ user_id: userId, updated_at: at })
    .where("user_id", "is", null)
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Erasure: every note and tag under these keys. */
export async function deleteRecords(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.deleteFrom("customer_notes").where("customer_key", "in", keys).execute();
  await db.deleteFrom("customer_tags").where("customer_key", "in", keys).execute();
}
