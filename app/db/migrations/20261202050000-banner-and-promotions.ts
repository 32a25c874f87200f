import { type MigrationDb, notNull, timestampType, withId } from "./helpers";

// Issue 24, the shop's words run by the owner:
// - the banner's messages become rows (both languages, a link each, their own colours, an order
//   and optional dates) instead of one JSON list per language in `global_settings`; the rows
//   already there are carried over (message i of Italian and of English become one message);
// - closure notices (dates, text in both languages, the day orders ship from) and dated
//   free-shipping promotions (a threshold in cents and dates);
// - `shop_revision`: one counter every write to the shop settings, the banner, the closures and
//   the promotions raises in its own transaction, so every app process sees the change on its
//   next read (app/modules/base/revision-cache.server.ts).

interface OldRow {
  locale: string;
  messages: string;
  message_links: string;
  background: string;
  color: string;
  updated_at: string;
}

function list(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : null);
const link = (value: unknown) => (typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : null);

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable("banner_messages"))
    .addColumn("position", "integer", notNull)
    .addColumn("text_it", "varchar(200)", notNull)
    .addColumn("text_en", "varchar(200)", notNull)
    .addColumn("link_it", "varchar(300)")
    .addColumn("link_en", "varchar(300)")
    .addColumn("background", "varchar(7)", notNull)
    .addColumn("color", "varchar(7)", notNull)
    // Shown from starts_at (inclusive) until ends_at (exclusive); null: no limit on that side.
    .addColumn("starts_at", ts)
    .addColumn("ends_at", ts)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await withId(db, db.schema.createTable("closure_notices"))
    .addColumn("starts_at", ts, notNull)
    .addColumn("ends_at", ts, notNull)
    // The day (YYYY-MM-DD, Italy) orders placed during the notice ship from.
    .addColumn("ships_from", "varchar(10)", notNull)
    .addColumn("text_it", "varchar(200)", notNull)
    .addColumn("text_en", "varchar(200)", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await withId(db, db.schema.createTable("free_shipping_promotions"))
    .addColumn("threshold_cents", "integer", notNull)
    .addColumn("starts_at", ts, notNull)
    .addColumn("ends_at", ts, notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();

  await db.schema
    .createTable("shop_revision")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("revision", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("shop_revision").values({ id: 1, revision: 0 }).execute();

  // The messages a shop already has, in their order, Italian and English side by side.
  const old = (await db.selectFrom("global_settings").selectAll().execute()) as OldRow[];
  const it = old.find((row) => row.locale === "it");
  const en = old.find((row) => row.locale === "en");
  const itTexts = it ? list(it.messages) : [];
  const enTexts = en ? list(en.messages) : [];
  const itLinks = it ? list(it.message_links) : [];
  const enLinks = en ? list(en.message_links) : [];
  const colours = it ?? en;
  const now = new Date().toISOString();
  const rows = [];
  for (let i = 0; i < Math.max(itTexts.length, enTexts.length); i++) {
    const textIt = text(itTexts[i]) ?? text(enTexts[i]);
    const textEn = text(enTexts[i]) ?? textIt;
    if (!textIt || !textEn) continue;
    rows.push({
      position: rows.length + 1,
      text_it: textIt.slice(0, 200),
      text_en: textEn.slice(0, 200),
      link_it: link(itLinks[i]),
      link_en: link(enLinks[i]),
      background: /^#[0-9a-fA-F]{6}$/.test(colours?.background ?? "") ? colours!.background.toUpperCase() : "#1B1B1B",
      color: /^#[0-9a-fA-F]{6}$/.test(colours?.color ?? "") ? colours!.color.toUpperCase() : "#FAF8F5",
      starts_at: null,
      ends_at: null,
      created_at: colours?.updated_at ? new Date(colours.updated_at).toISOString() : now,
      updated_at: now,
    });
  }
  if (rows.length) await db.insertInto("banner_messages").values(rows).execute();
  await db.schema.dropTable("global_settings").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable("global_settings")
    .addColumn("locale", "varchar(5)", (c) => c.primaryKey())
    .addColumn("messages", "text", notNull)
    .addColumn("message_links", "text", notNull)
    .addColumn("background", "varchar(20)", notNull)
    .addColumn("color", "varchar(20)", notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  // Back to one list per language (dates dropped, the first message's colours for the bar).
  const rows = (await db.selectFrom("banner_messages").selectAll().orderBy("position").orderBy("id").execute()) as Array<{
    text_it: string;
    text_en: string;
    link_it: string | null;
    link_en: string | null;
    background: string;
    color: string;
  }>;
  if (rows.length) {
    const now = new Date().toISOString();
    await db
      .insertInto("global_settings")
      .values(
        (["it", "en"] as const).map((locale) => ({
          locale,
          messages: JSON.stringify(rows.map((row) => (locale === "it" ? row.text_it : row.text_en))),
          message_links: JSON.stringify(rows.map((row) => (locale === "it" ? row.link_it : row.link_en))),
          background: rows[0]!.background,
          color: rows[0]!.color,
          updated_at: now,
        })),
      )
      .execute();
  }
  await db.schema.dropTable("shop_revision").ifExists().execute();
  await db.schema.dropTable("free_shipping_promotions").ifExists().execute();
  await db.schema.dropTable("closure_notices").ifExists().execute();
  await db.schema.dropTable("banner_messages").ifExists().execute();
}
