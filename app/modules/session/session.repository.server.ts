import { type Kysely, sql } from "kysely";
import type { Database, NewSession, SessionRow } from "~/db/schema";

export function findSession(db: Kysely<Database>, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertSession(db: Kysely<Database>, row: NewSession): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

export async function updateSession(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<SessionRow, "flash" | "last_seen_at" | "user_id" | "cart_id" | "is_guest" | "guest_email" | "expires_at">>,
): Promise<void> {
  await db.updateTable("sessions").set(changes).where("id", "=", id).execute();
}

/** Sets the session's bag only if it still holds `expected`; true when this call changed it. */
export async function claimSessionCart(db: Kysely<Database>, id: string, cartId: number, expected: number | null): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ cart_id: cartId })
    .where("id", "=", id)
    .where("cart_id", expected === null ? "is" : "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a session to a new id (login rotates it, so a fixated id becomes worthless). */
export async function renameSession(db: Kysely<Database>, oldId: string, newId: string, at: string): Promise<void> {
  await db.updateTable("sessions").set({ id: newId, last_seen_at: at }).where("id", "=", oldId).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/** Removes sessions past their absolute expiry or idle for longer than `idleBefore`. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<", idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's sessions: when they began and were last used, and the bag each holds. */
export function listUserSessions(db: Kysely<Database>, userId: number) {
  return db.selectFrom("sessions").select(["cart_id", "created_at", "last_seen_at", "expires_at"]).where("user_id", "=", userId).orderBy("created_at").execute();
}

/** Ends every session of a user but `exceptId`; how many ended. */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, exceptId: string | null = null): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends the guest sessions that carry an address (a guest's checkout identity). */
export async function deleteGuestSessions(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom("sessions").where(sql<string>`lower(guest_email)`, "=", email.toLowerCase()).execute();
}
