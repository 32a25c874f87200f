import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Atelier's staff: accounts of their own, apart from the shop's users, so registering in the shop
// never makes anyone staff and a shopper's session never opens the back office
// (docs/decisions/021-staff-sign-in-and-audit-log.md).
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("staff"))
    .addColumn("email", "varchar(254)", notNull)
    /** The address lowercased: one staff account per address. */
    .addColumn("email_key", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(100)", notNull)
    /** "owner" (everything) or "staff" (everything but staff, settings and large refunds). */
    .addColumn("role", "varchar(16)", notNull)
    /** The shop's scrypt hash (app/modules/account/password.server.ts). */
    .addColumn("password_hash", "text", notNull)
    /** The TOTP secret, encrypted (AES-256-GCM under a key derived from SESSION_SECRET); null until enrolled. */
    .addColumn("totp_secret", "text")
    /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused (replay). */
    .addColumn("totp_last_step", "integer")
    .addColumn("enrolled_at", ts)
    .addColumn("disabled_at", ts)
    .addColumn("last_sign_in_at", ts)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await db.schema
    .createTable("staff_sessions")
    /** SHA-256 of the cookie's random token. */
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    /** 1 once the second factor was given; until then the session opens only the sign-in steps. */
    .addColumn("second_factor", "integer", (c) => c.notNull().defaultTo(0))
    /** A TOTP secret offered at enrolment, encrypted, until the first code confirms it. */
    .addColumn("enrol_secret", "text")
    /** Recovery codes just made, encrypted, shown once by the next page and then cleared. */
    .addColumn("recovery_codes", "text")
    /** JSON array of flash notices. */
    .addColumn("flash", "text")
    .addColumn("user_agent", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, notNull)
    .addColumn("last_seen_at", ts, notNull)
    .addColumn("expires_at", ts, notNull)
    .execute();
  await db.schema.createIndex("staff_sessions_staff_idx").on("staff_sessions").column("staff_id").execute();

  await withId(db, db.schema.createTable("staff_recovery_codes"))
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    /** SHA-256 of the code (ten random characters: no slow hash needed). */
    .addColumn("code_hash", "varchar(64)", notNull)
    .addColumn("used_at", ts)
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("staff_recovery_codes_staff_idx").on("staff_recovery_codes").columns(["staff_id", "code_hash"]).execute();

  await withId(db, db.schema.createTable("staff_invites"))
    /** "setup" (the first owner's link printed at start, no address yet) or "invite". */
    .addColumn("kind", "varchar(16)", notNull)
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    /** The invited address; null for a setup link (the first owner types theirs). */
    .addColumn("email", "varchar(254)")
    .addColumn("role", "varchar(16)", notNull)
    .addColumn("locale", "varchar(2)", (c) => c.notNull().defaultTo("it"))
    /** Who invited: a staff member, or null for the command line and the start-up link. */
    .addColumn("invited_by", "integer", (c) => c.references("staff.id").onDelete("set null"))
    .addColumn("expires_at", ts, notNull)
    .addColumn("used_at", ts)
    .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("set null"))
    .addColumn("created_at", ts, notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("staff_invites").ifExists().execute();
  await db.schema.dropTable("staff_recovery_codes").ifExists().execute();
  await db.schema.dropIndex("staff_sessions_staff_idx").ifExists().execute();
  await db.schema.dropTable("staff_sessions").ifExists().execute();
  await db.schema.dropTable("staff").ifExists().execute();
}
