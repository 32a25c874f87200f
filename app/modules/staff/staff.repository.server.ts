import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Database, StaffInvitesTable, StaffRole, StaffSessionsTable, StaffTable } from "~/db/schema";

// Every query of Atelier's staff, their sessions, recovery codes and invitations.

type Db = Kysely<Database> | Transaction<Database>;

export type StaffRow = Selectable<StaffTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;
export type StaffInviteRow = Selectable<StaffInvitesTable>;

export const emailKey = (email: string) => email.trim().toLowerCase();

export function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db.selectFrom("staff").selectAll().where("email_key", "=", emailKey(email)).executeTakeFirst();
}

export function findStaffById(db: Db, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom("staff").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Whether any staff account exists (the start-up setup link is printed only when none does). */
export async function anyStaff(db: Db): Promise<boolean> {
  return (await db.selectFrom("staff").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Owners not disabled: the last one can be neither disabled nor demoted. */
export async function countActiveOwners(db: Db): Promise<number> {
  const row = await db.selectFrom("staff").select((eb) => eb.fn.countAll<number>().as("n")).where("role", "=", "owner").where("disabled_at", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes the active owners' row locks (PostgreSQL) for the rest of the transaction; SQLite writes one at a time anyway. */
export async function lockActiveOwners(db: Db): Promise<void> {
  await db.updateTable("staff").set((eb) => ({ role: eb.ref("role") })).where("role", "=", "owner").where("disabled_at", "is", null).execute();
}

export async function insertStaff(db: Db, row: Insertable<StaffTable>): Promise<number> {
  const { id } = await db.insertInto("staff").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateStaff(db: Db, id: number, changes: Updateable<StaffTable>): Promise<void> {
  await db.updateTable("staff").set(changes).where("id", "=", id).execute();
}

/**
 * Stores the second factor of an account not yet enrolled; false when it is enrolled already (a
 * sign-in started before the enrolment, or two enrolments at once: the first one stands).
 */
export async function enrolStaff(db: Db, id: number, changes: { totp_secret: string; totp_last_step: number; enrolled_at: string; updated_at: string }): Promise<boolean> {
  const result = await db.updateTable("staff").set(changes).where("id", "=", id).where("enrolled_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a code's step unless that step or a later one was used already; true when this call did. */
export async function advanceTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("staff")
    .set({ totp_last_step: step })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface StaffListRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  enrolled_at: string | null;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  capabilities: string | null;
  refund_cap_cents: number | null;
}

export function listStaffRows(db: Db): Promise<StaffListRow[]> {
  return db
    .selectFrom("staff")
    .select(["id", "email", "name", "role", "enrolled_at", "disabled_at", "last_sign_in_at", "created_at", "capabilities", "refund_cap_cents"])
    .orderBy("disabled_at", (ob) => ob.asc().nullsFirst())
    .orderBy("name")
    .orderBy("id")
    .execute();
}

// Sessions

/** A session with the account it belongs to: one read per Atelier request. */
export function findSessionWithStaff(db: Db, id: string) {
  return db
    .selectFrom("staff_sessions")
    .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
    .select([
      "staff_sessions.id",
      "staff_sessions.staff_id",
      "staff_sessions.second_factor",
      "staff_sessions.enrol_secret",
      "staff_sessions.recovery_codes",
      "staff_sessions.flash",
      "staff_sessions.created_at",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
      "staff.email",
      "staff.name",
      "staff.role",
      "staff.capabilities",
      "staff.refund_cap_cents",
      "staff.enrolled_at",
      "staff.disabled_at",
    ])
    .where("staff_sessions.id", "=", id)
    .executeTakeFirst();
}

export async function insertStaffSession(db: Db, row: Insertable<StaffSessionsTable>): Promise<void> {
  await db.insertInto("staff_sessions").values(row).execute();
}

export async function updateStaffSession(db: Db, id: string, changes: Updateable<StaffSessionsTable>): Promise<void> {
  await db.updateTable("staff_sessions").set(changes).where("id", "=", id).execute();
}

/** Moves a session to a new id, unless another request moved or ended it first; true when this call did. */
export async function renameStaffSession(db: Db, oldId: string, changes: Updateable<StaffSessionsTable> & { id: string }): Promise<boolean> {
  const result = await db.updateTable("staff_sessions").set(changes).where("id", "=", oldId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteStaffSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id", "=", id).execute();
}

export async function deleteSessionsOfStaff(db: Db, staffId: number): Promise<number> {
  const result = await db.deleteFrom("staff_sessions").where("staff_id", "=", staffId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends one session of the given account; true when it existed. */
export async function deleteStaffSessionOf(db: Db, staffId: number, id: string): Promise<boolean> {
  const result = await db.deleteFrom("staff_sessions").where("id", "=", id).where("staff_id", "=", staffId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Signed-in sessions still alive (second factor given, neither idle nor past expiry), newest first. */
export function listLiveSessions(db: Db, idleSince: string, now: string) {
  return db
    .selectFrom("staff_sessions")
    .select(["id", "staff_id", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("second_factor", "=", 1)
    .where("last_seen_at", ">=", idleSince)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .execute();
}

export async function deleteExpiredStaffSessions(db: Db, now: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom("staff_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<", idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Recovery codes

export async function replaceRecoveryCodes(db: Db, staffId: number, hashes: string[], at: string): Promise<void> {
  await db.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
  await db.insertInto("staff_recovery_codes").values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: at }))).execute();
}

/** Uses a recovery code once: true when it was the account's and unused. */
export async function useRecoveryCode(db: Db, staffId: number, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: at })
    .where("staff_id", "=", staffId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, staffId: number): Promise<number> {
  const row = await db.selectFrom("staff_recovery_codes").select((eb) => eb.fn.countAll<number>().as("n")).where("staff_id", "=", staffId).where("used_at", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

// Invitations and the set-up link

export async function insertInvite(db: Db, row: Insertable<StaffInvitesTable>): Promise<number> {
  const { id } = await db.insertInto("staff_invites").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function findInviteByHash(db: Db, tokenHash: string): Promise<StaffInviteRow | undefined> {
  return db.selectFrom("staff_invites").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks an invitation used unless it was used or expired meanwhile; true when this call did. */
export async function claimInvite(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable("staff_invites").set({ used_at: at }).where("id", "=", id).where("used_at", "is", null).where("expires_at", ">", at).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks every open set-up link used, in one statement, and returns their ids: of two first
 * owners set up at once (links of two processes), the second finds none left.
 */
export async function claimSetupInvites(db: Db, at: string): Promise<number[]> {
  const rows = await db
    .updateTable("staff_invites")
    .set({ used_at: at })
    .where("kind", "=", "setup")
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

export async function setInviteStaff(db: Db, id: number, staffId: number): Promise<void> {
  await db.updateTable("staff_invites").set({ staff_id: staffId }).where("id", "=", id).execute();
}

/** Invitations neither used nor expired, newest first. */
export function listOpenInvites(db: Db, now: string) {
  return db
    .selectFrom("staff_invites")
    .select(["id", "email", "role", "expires_at", "created_at"])
    .where("kind", "=", "invite")
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .execute();
}

/** The open invitations (neither used nor expired) a staff member sent. */
export function listOpenInvitesSentBy(db: Db, staffId: number, now: string) {
  return db
    .selectFrom("staff_invites")
    .select(["id", "email", "role"])
    .where("kind", "=", "invite")
    .where("invited_by", "=", staffId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id")
    .execute();
}

/** Withdraws an open invitation; true when it was open. */
export async function revokeInvite(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable("staff_invites").set({ used_at: at, expires_at: at }).where("id", "=", id).where("kind", "=", "invite").where("used_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findInviteById(db: Db, id: number) {
  return db.selectFrom("staff_invites").selectAll().where("id", "=", id).executeTakeFirst();
}

// Forms kept across a session's end (issue 37)

export async function insertFormDraft(db: Db, row: { id: string; path: string; fields: string; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto("staff_form_drafts").values(row).execute();
}

/** Takes a draft once: it is deleted as it is read (null when unknown or expired). */
export async function takeFormDraft(db: Db, id: string, now: string): Promise<{ path: string; fields: string } | null> {
  const row = await db.selectFrom("staff_form_drafts").select(["path", "fields", "expires_at"]).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom("staff_form_drafts").where("id", "=", id).execute();
  return Date.parse(row.expires_at) > Date.parse(now) ? { path: row.path, fields: row.fields } : null;
}

export async function deleteExpiredFormDrafts(db: Db, now: string): Promise<void> {
  await db.deleteFrom("staff_form_drafts").where("expires_at", "<=", now).execute();
}
