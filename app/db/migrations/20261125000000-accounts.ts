import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Accounts: the people who registered, and the single-use tokens of a lost password. A session
// row points to its user (sessions.user_id); ending every session of a user reads that index.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("users"))
    /** As typed (shown back to its owner). */
    .addColumn("email", "varchar(254)", notNull)
    /** Lower case: one account per address, whatever its case. */
    .addColumn("email_key", "varchar(254)", (c) => c.notNull().unique())
    /** `$scrypt$ln=…,r=…,p=…$salt$hash`: the parameters travel with each hash so they can rise. */
    .addColumn("password_hash", "varchar(255)")
    .addColumn("first_name", "varchar(100)", notNull)
    .addColumn("last_name", "varchar(100)", notNull)
    /** YYYY-MM-DD. */
    .addColumn("birth_date", "varchar(10)")
    .addColumn("gender", "varchar(10)")
    .addColumn("interests", "varchar(10)")
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("privacy_consent_at", ts, notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await withId(db, db.schema.createTable("password_reset_tokens"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    /** SHA-256 of the token the e-mail carries: a leaked table resets nobody's password. */
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("expires_at", ts, notNull)
    .addColumn("used_at", ts)
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("password_reset_tokens_user_idx").on("password_reset_tokens").column("user_id").execute();

  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("sessions_user_idx").ifExists().execute();
  await db.schema.dropTable("password_reset_tokens").ifExists().execute();
  await db.schema.dropTable("users").ifExists().execute();
}
