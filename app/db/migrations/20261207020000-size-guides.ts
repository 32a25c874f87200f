import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Issue 41 part 2, the size guide. Additive only (docs/decisions/031).
//
// A guide is a table of sizes for a kind of garment ("Donna — abbigliamento", "Scarpe uomo"):
// per size its names in the other systems (IT, EU, US, UK), the body's measurements it is cut
// for, the garment's own, and the height and weight it usually fits (what "Trova la tua taglia"
// reads). Lengths in millimetres, so "23,5 cm" of a foot is an integer. A category names its
// guide (its sub-categories inherit it); a product may name another, and carries its fit
// ("veste piccola / regolare / ampia") and the measurements of the model its photographs show.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("size_guides"))
    .addColumn("kind", "varchar(16)", notNull)
    .addColumn("name_it", "varchar(120)", notNull)
    .addColumn("name_en", "varchar(120)", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await withId(db, db.schema.createTable("size_guide_rows"))
    .addColumn("guide_id", "integer", (c) => c.notNull().references("size_guides.id").onDelete("cascade"))
    .addColumn("position", "integer", notNull)
    .addColumn("size", "varchar(16)", notNull)
    .addColumn("size_it", "varchar(16)", (c) => c.notNull().defaultTo(""))
    .addColumn("size_eu", "varchar(16)", (c) => c.notNull().defaultTo(""))
    .addColumn("size_us", "varchar(16)", (c) => c.notNull().defaultTo(""))
    .addColumn("size_uk", "varchar(16)", (c) => c.notNull().defaultTo(""))
    .addColumn("chest_mm", "integer")
    .addColumn("waist_mm", "integer")
    .addColumn("hips_mm", "integer")
    .addColumn("inseam_mm", "integer")
    .addColumn("foot_mm", "integer")
    .addColumn("garment_chest_mm", "integer")
    .addColumn("garment_length_mm", "integer")
    .addColumn("height_from_cm", "integer")
    .addColumn("height_to_cm", "integer")
    .addColumn("weight_from_kg", "integer")
    .addColumn("weight_to_kg", "integer")
    .addUniqueConstraint("size_guide_rows_guide_size_unique", ["guide_id", "size"])
    .execute();
  await db.schema
    .alterTable("categories")
    .addColumn("size_guide_id", "integer", (c) => c.references("size_guides.id").onDelete("set null"))
    .execute();
  for (const [column, type] of [
    ["size_guide_id", "integer"],
    ["fit", "varchar(16)"],
    ["model_height_cm", "integer"],
    ["model_size", "varchar(16)"],
    ["model_chest_cm", "integer"],
    ["model_waist_cm", "integer"],
    ["model_hips_cm", "integer"],
  ] as const) {
    await db.schema
      .alterTable("products")
      .addColumn(column, type, (c) => (column === "size_guide_id" ? c.references("size_guides.id").onDelete("set null") : c))
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ["model_hips_cm", "model_waist_cm", "model_chest_cm", "model_size", "model_height_cm", "fit", "size_guide_id"]) {
    await db.schema.alterTable("products").dropColumn(column).execute();
  }
  await db.schema.alterTable("categories").dropColumn("size_guide_id").execute();
  await db.schema.dropTable("size_guide_rows").execute();
  await db.schema.dropTable("size_guides").execute();
}
