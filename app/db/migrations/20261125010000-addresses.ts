import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// The account's address book (spec §3 Address), and the guest identity a session may hold (the
// email a shopper gives at checkout to continue without an account).
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("addresses"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("first_name", "varchar(100)", notNull)
    .addColumn("last_name", "varchar(100)", notNull)
    .addColumn("street", "varchar(200)", notNull)
    .addColumn("street_number", "varchar(20)", notNull)
    .addColumn("additional_info", "varchar(200)")
    .addColumn("city", "varchar(100)", notNull)
    /** Two-letter code of the Italian province (app/modules/address/provinces.ts). */
    .addColumn("province", "varchar(2)", notNull)
    /** ISO 3166-1 alpha-2; the shop ships to Italy only. */
    .addColumn("country", "varchar(2)", notNull)
    .addColumn("zip", "varchar(10)", notNull)
    .addColumn("phone_prefix", "varchar(5)", notNull)
    .addColumn("phone", "varchar(20)", notNull)
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("addresses_user_idx").on("addresses").column("user_id").execute();

  await db.schema.alterTable("sessions").addColumn("guest_email", "varchar(254)").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("guest_email").execute();
  await db.schema.dropTable("addresses").ifExists().execute();
}
