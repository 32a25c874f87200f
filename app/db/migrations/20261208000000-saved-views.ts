import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Issue 42 part 5: saved views. Additive only (docs/decisions/031).
//
// A named filter of one of Atelier's lists (orders, customers, products), shared by the staff:
// the list's query string as its GET form writes it (the page left out). The shop starts with
// the two every desk asks for.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("saved_views"))
    .addColumn("area", "varchar(20)", notNull)
    .addColumn("name", "varchar(60)", notNull)
    // The name in lower case, as the application folds it (SQLite's lower() folds ASCII only): one name per list, whatever its case.
    .addColumn("name_key", "varchar(240)", notNull)
    .addColumn("query", "text", notNull)
    .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("set null"))
    .addColumn("created_at", ts, notNull)
    .execute();
  await db.schema.createIndex("saved_views_area_name_idx").on("saved_views").columns(["area", "name_key"]).unique().execute();
  const now = new Date().toISOString();
  await db
    .insertInto("saved_views")
    .values([
      { area: "orders", name: "Da spedire", name_key: "da spedire", query: "status=confirmed&sort=date&dir=asc", staff_id: null, created_at: now },
      { area: "orders", name: "Bonifici in attesa", name_key: "bonifici in attesa", query: "status=pending_payment&payment=awaiting_transfer", staff_id: null, created_at: now },
    ])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("saved_views").execute();
}
