import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, TokenPurpose, UsersTable } from "~/db/schema";

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findFirstName(db: Kysely<Database>, id: number): Promise<string | undefined> {
  return (await db.selectFrom("users").select("first_name").where("id", "=", id).executeTakeFirst())?.first_name;
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email_key", "=", emailKey(email)).executeTakeFirst();
}

/** The form of an address that identifies an account: one account per address, whatever its case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function insertUser(db: Kysely<Database>, row: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto("users").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(
  db: Kysely<Database>,
  id: number,
  changes: Partial<Pick<UserRow, "email" | "email_key" | "password_hash" | "first_name" | "last_name" | "fiscal_code" | "gender" | "interests" | "locale" | "email_verified_at" | "updated_at">>,
): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}

/** Notes a sign-in's time (updated_at stays: signing in changes nothing the person entered). */
export async function recordSignIn(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable("users").set({ last_login_at: at }).where("id", "=", id).execute();
}

export async function insertResetToken(
  db: Kysely<Database>,
  row: { userId: number; tokenHash: string; expiresAt: string; at: string; purpose?: TokenPurpose; email?: string | null },
): Promise<void> {
  const purpose = row.purpose ?? "password-reset";
  // A new link replaces the older ones of its kind: only the latest e-mail works.
  await db.deleteFrom("password_reset_tokens").where("user_id", "=", row.userId).where("purpose", "=", purpose).execute();
  await db
    .insertInto("password_reset_tokens")
    .values({ user_id: row.userId, purpose, email: row.email ?? null, token_hash: row.tokenHash, expires_at: row.expiresAt, used_at: null, created_at: row.at })
    .execute();
}

/** The user of a live token of this kind (unused, unexpired) and the address it was mailed to, or undefined. */
export async function findResetToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
  purpose: TokenPurpose = "password-reset",
): Promise<{ id: number; userId: number; email: string | null } | undefined> {
  return db
    .selectFrom("password_reset_tokens")
    .select(["id", "user_id as userId", "email"])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Marks a token used; false when another request used it first (single use under a race). */
export async function consumeResetToken(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable("password_reset_tokens").set({ used_at: at }).where("id", "=", id).where("used_at", "is", null).where("expires_at", ">", at).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops a user's live links, resets and confirmations (the address they were mailed to is no longer the account's). */
export async function deleteResetTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("password_reset_tokens").where("user_id", "=", userId).execute();
}

export async function purgeResetTokens(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom("password_reset_tokens").where("expires_at", "<", before).execute();
}

/** The identities (social login) linked to a user. */
export function listIdentities(db: Kysely<Database>, userId: number) {
  return db.selectFrom("user_identities").select(["provider", "email", "created_at"]).where("user_id", "=", userId).orderBy("id").execute();
}

/**
 * Erases a user with what hangs on the row: reset links and linked identities (their foreign
 * keys cascade too; erasing them by name keeps the erasure readable).
 */
export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("password_reset_tokens").where("user_id", "=", userId).execute();
  await db.deleteFrom("user_identities").where("user_id", "=", userId).execute();
  await db.deleteFrom("users").where("id", "=", userId).execute();
}
