import { sql } from "kysely";
import type { MigrationDb } from "./helpers";

// The return deadline says one thing everywhere (issue 22): 14 working days, as the order page
// and the e-mails enforce. The demo content and the announcement bar are written into the
// database when it is seeded, so a database seeded before this change still says "14 giorni" /
// "14 days": its texts get the words the seed now writes. A fresh database has no rows yet
// here (the seed runs after the migrations) and gets the new texts from the seed itself.

/** Content bodies, excerpts and meta descriptions: the placeholder with its unit. */
const CONTENT_WORDING: Array<[before: string, after: string]> = [
  ["{{returnDays}} giorni", "{{returnDays}} giorni lavorativi"],
  ["{{returnDays}} days", "{{returnDays}} working days"],
];
const CONTENT_COLUMNS = ["body", "excerpt", "meta_description"] as const;

/** The announcement bar's messages, stored as a JSON array (the quotes match whole messages). */
const BANNER_WORDING: Array<[before: string, after: string]> = [
  ['"Resi entro 14 giorni"', '"Resi entro 14 giorni lavorativi"'],
  ['"Returns within 14 days"', '"Returns within 14 working days"'],
];

export async function up(db: MigrationDb): Promise<void> {
  const now = new Date().toISOString();
  for (const [before, after] of CONTENT_WORDING) {
    // New wording back to old first, then old to new: a text already (or partly) in the new
    // words never becomes "giorni lavorativi lavorativi".
    const reworded = (column: string) => sql`replace(replace(${sql.ref(column)}, ${after}, ${before}), ${before}, ${after})`;
    const updates = Object.fromEntries(CONTENT_COLUMNS.map((column) => [column, reworded(column)]));
    await db
      .updateTable("content")
      .set({ ...updates, updated_at: now })
      .where((eb) => eb.or(CONTENT_COLUMNS.map((column) => eb(reworded(column), "<>", sql.ref(column)))))
      .execute();
  }
  for (const [before, after] of BANNER_WORDING) {
    await sql`update global_settings set messages = replace(messages, ${before}, ${after}), updated_at = ${now} where messages like ${`%${before}%`}`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [before, after] of CONTENT_WORDING) {
    const updates = Object.fromEntries(CONTENT_COLUMNS.map((column) => [column, sql`replace(${sql.ref(column)}, ${after}, ${before})`]));
    await db.updateTable("content").set(updates).execute();
  }
  for (const [before, after] of BANNER_WORDING) {
    await sql`update global_settings set messages = replace(messages, ${after}, ${before})`.execute(db);
  }
}
