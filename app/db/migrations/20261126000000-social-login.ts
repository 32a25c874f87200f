import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Social login (OpenID Connect): the provider identities linked to an account, and the sign-ins
// under way (state, nonce and PKCE verifier of each, until the provider sends the shopper back).
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("user_identities"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    /** The provider's id in the shop's configuration (OIDC_PROVIDERS). */
    .addColumn("provider", "varchar(40)", notNull)
    /** The provider's `sub` claim: stable for the person, unlike the email. */
    .addColumn("subject", "varchar(255)", notNull)
    /** The verified email the provider gave when the identity was linked. */
    .addColumn("email", "varchar(254)", notNull)
    .addColumn("created_at", ts, notNull)
    .addUniqueConstraint("user_identities_provider_subject_key", ["provider", "subject"])
    .execute();
  await db.schema.createIndex("user_identities_user_idx").on("user_identities").column("user_id").execute();

  await withId(db, db.schema.createTable("social_login_flows"))
    /** SHA-256 of the `state` sent to the provider: the callback finds its flow by it. */
    .addColumn("state_hash", "varchar(64)", (c) => c.notNull().unique())
    /** The browser session that started it: a callback in another browser finds nothing. */
    .addColumn("session_id", "varchar(64)", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("provider", "varchar(40)", notNull)
    .addColumn("code_verifier", "varchar(128)", notNull)
    .addColumn("nonce", "varchar(128)", notNull)
    .addColumn("locale", "varchar(5)", notNull)
    /** The local path to go to afterwards, when the form carried one. */
    .addColumn("redirect_to", "varchar(2048)")
    .addColumn("expires_at", ts, notNull)
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("social_login_flows_session_idx").on("social_login_flows").column("session_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("social_login_flows").ifExists().execute();
  await db.schema.dropTable("user_identities").ifExists().execute();
}
