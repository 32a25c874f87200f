import { sql } from "kysely";
import { type MigrationDb, isPostgres, notNull, timestampType, withId } from "./helpers";

// Issue 39, search that understands Italian and English (docs/decisions/049). Additive only
// (docs/decisions/031): the old `product_search` stays for the release before this one while a
// roll lasts, and goes in a later release's contract migration.
//
// - `search_documents`: one row per product and language holding Snowball stems (computed in
//   TypeScript, the same on both databases) in four fields: the name, the category trail, the
//   colours and the rest (composition, description). An FTS5 table on SQLite; on PostgreSQL a
//   table with two generated tsvectors (the three head fields, and everything), each with a GIN
//   index. The stems are plain words, so the `simple` configuration indexes them as they are.
// - `search_vocabulary`: every word of the documents with its stem, per language: what the typo
//   pass and the prefix pass read once per process and catalogue revision.
// - `search_synonyms`: groups of words that mean one thing for a shopper, per language, edited
//   in Atelier and applied at query time (no reindex). The shop's default list is inserted here.
// - `search_queries`: what shoppers looked for, per day, language and normalised query: how many
//   times, and how many results the last one found. No person, no session; pruned after 90 days.
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  if (isPostgres(db)) {
    await sql`
      create table search_documents (
        product_id integer not null references products(id) on delete cascade,
        locale varchar(5) not null,
        name_terms text not null,
        category_terms text not null,
        color_terms text not null,
        body_terms text not null,
        head_tsv tsvector generated always as (to_tsvector('simple'::regconfig, name_terms || ' ' || category_terms || ' ' || color_terms)) stored,
        tsv tsvector generated always as (to_tsvector('simple'::regconfig, name_terms || ' ' || category_terms || ' ' || color_terms || ' ' || body_terms)) stored,
        primary key (product_id, locale)
      )`.execute(db);
    await sql`create index search_documents_head_idx on search_documents using gin (head_tsv)`.execute(db);
    await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
  } else {
    await sql`
      create virtual table search_documents using fts5(
        name_terms,
        category_terms,
        color_terms,
        body_terms,
        product_id unindexed,
        locale unindexed,
        tokenize = 'unicode61 remove_diacritics 0'
      )`.execute(db);
  }

  await db.schema
    .createTable("search_vocabulary")
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("word", "varchar(40)", notNull)
    .addColumn("stem", "varchar(40)", notNull)
    .addPrimaryKeyConstraint("search_vocabulary_pk", ["locale", "word"])
    .execute();

  await withId(db, db.schema.createTable("search_synonyms"))
    .addColumn("locale", "varchar(5)", notNull)
    /** The group's words and phrases as the owner wrote them, comma-separated. */
    .addColumn("terms", "varchar(600)", notNull)
    .addColumn("created_at", ts, notNull)
    .addColumn("updated_at", ts, notNull)
    .execute();
  await db.schema.createIndex("search_synonyms_locale_idx").on("search_synonyms").columns(["locale", "id"]).execute();

  await db.schema
    .createTable("search_queries")
    /** The UTC day, YYYY-MM-DD. */
    .addColumn("day", "varchar(10)", notNull)
    .addColumn("locale", "varchar(5)", notNull)
    .addColumn("query", "varchar(100)", notNull)
    .addColumn("searches", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("results", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("search_queries_pk", ["day", "locale", "query"])
    .execute();

  // The shop's default synonyms; an owner's later edits are never overwritten (inserted once, on
  // a database without any group).
  const existing = await db.selectFrom("search_synonyms").select("id").limit(1).executeTakeFirst();
  if (!existing) {
    const now = new Date().toISOString();
    const rows = (Object.entries(DEFAULT_SYNONYMS) as [string, string[]][]).flatMap(([locale, groups]) =>
      groups.map((terms) => ({ locale, terms, created_at: now, updated_at: now })),
    );
    for (let i = 0; i < rows.length; i += 50) await db.insertInto("search_synonyms").values(rows.slice(i, i + 50)).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("search_queries").ifExists().execute();
  await db.schema.dropIndex("search_synonyms_locale_idx").ifExists().execute();
  await db.schema.dropTable("search_synonyms").ifExists().execute();
  await db.schema.dropTable("search_vocabulary").ifExists().execute();
  await db.schema.dropTable("search_documents").ifExists().execute();
}

/** The synonyms shipped with the shop: what shoppers type against what the catalogue says. */
const DEFAULT_SYNONYMS = {
  it: [
    "vestito, abito",
    "maglione, pullover, maglia",
    "cachemire, cashmere, kashmir",
    "borsetta, borsa",
    "giubbotto, giacca, giubbino",
    "pantaloni, calzoni",
    "sneakers, sneaker, scarpe da ginnastica",
    "jeans, denim",
    "dolcevita, lupetto, collo alto",
    "gilet, panciotto, smanicato",
    "felpa, sweatshirt",
    "cintura, cinta",
    "sciarpa, stola, scialle",
    "foulard, fazzoletto, carré",
    "mocassini, loafer",
    "stivaletti, tronchetti, polacchini",
    "stivali, stivaloni",
    "décolleté, scarpe col tacco, tacchi",
    "ballerine, flat",
    "sandali, infradito",
    "cappotto, soprabito, paltò",
    "trench, impermeabile",
    "blazer, giacca",
    "camicia, camicetta, blusa",
    "gonna, gonnellina, minigonna",
    "pochette, clutch",
    "tracolla, borsa a tracolla",
    "shopper, tote, sporta",
    "pelle, cuoio, pellame",
    "camoscio, scamosciato, suede",
    "seta, silk",
    "lana, wool",
    "cotone, cotton",
    "lino, linen",
    "velluto, corduroy",
    "blu, navy, blu notte",
    "avorio, panna, crema",
    "beige, sabbia, cammello",
    "marrone, tabacco, cioccolato, testa di moro",
    "rosa, cipria",
    "bordeaux, vinaccia, amaranto",
    "azzurro, celeste",
    "grigio, melange",
    "donna, femminile",
    "uomo, maschile",
    "cardigan, golf",
    "top, canotta, canottiera",
    "chino, chinos",
    "caban, peacoat",
    "montgomery, duffle",
    "scarpe, calzature",
    "stringate, francesine, derby",
    "pantaloncini, shorts, bermuda",
  ],
  en: [
    "jumper, sweater, pullover",
    "pants, trousers, slacks",
    "trainers, sneakers, kicks",
    "handbag, bag, purse",
    "cashmere, cachemire, kashmir",
    "dress, frock, gown",
    "jacket, blazer",
    "coat, overcoat, topcoat",
    "trench, raincoat, mac",
    "jeans, denim",
    "turtleneck, roll-neck, polo neck",
    "vest, waistcoat, gilet",
    "cardigan, cardi",
    "sweatshirt, sweat",
    "scarf, stole, muffler, shawl",
    "belt, waistbelt",
    "loafers, moccasins",
    "boots, booties",
    "pumps, heels, court shoes",
    "flats, ballerinas",
    "sandals, sliders",
    "shoes, footwear",
    "clutch, pouch, evening bag",
    "tote, shopper",
    "crossbody, shoulder bag",
    "skirt, miniskirt",
    "shirt, blouse",
    "top, tank, camisole",
    "suede, nubuck",
    "leather, hide",
    "grey, gray",
    "navy, midnight blue, dark blue",
    "ivory, cream, off-white",
    "beige, sand, camel",
    "brown, tobacco, chocolate",
    "pink, powder pink, blush",
    "burgundy, maroon, wine, oxblood",
    "women, womens, ladies",
    "men, mens, gents",
    "accessories, accessory",
    "linen, flax",
    "wool, woollen, woolen",
    "knitwear, knits",
    "corduroy, cord, cords",
    "shorts, bermuda",
    "pea coat, peacoat, caban",
    "duffle, duffel, montgomery",
    "poncho, cape",
  ],
};
