import { type Kysely, PostgresAdapter, type Transaction, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { searchDocument, searchTokens } from "./search-text";

// Product search behind one pair of functions, on either dialect: an FTS5 virtual table on
// SQLite, a generated tsvector with a GIN index on PostgreSQL (migration 20261122010000).
// Both hold one normalised document per product and locale (see search-text.ts); queries are
// normalised the same way, so matching is accent- and case-insensitive on both.

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

const INSERT_BATCH = 200;
const SEARCH_INDEX_LOCK_ID = 7_262_012;

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Rewrites the search documents of the given products (every product when `productIds` is
 * left out) in both languages, in one transaction (the caller's, when it passes one). Reads
 * take three queries whatever the number of products; writes are batched.
 *
 * A document holds the product's name, the names of its category and of the category's
 * ancestors, its colour names, its composition and its description. The name comes twice:
 * a simple weight, so that in both engines' ranking a product called "Cardigan" comes before
 * a dress whose description suggests wearing one with a cardigan.
 */
export async function rebuildSearchIndex(db: Kysely<Database>, productIds?: number[]): Promise<number> {
  if (productIds && productIds.length === 0) return 0;
  const run = async (trx: Kysely<Database>) => {
    // Several app processes may rebuild at once against one PostgreSQL database: one at a time,
    // or two "delete, then insert" runs would collide on the primary key.
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${SEARCH_INDEX_LOCK_ID})`.execute(trx);
    let products = trx
      .selectFrom("product_translations as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .select(["t.product_id as productId", "t.locale", "t.name", "t.description", "t.composition", "p.category_id as categoryId"]);
    let colors = trx
      .selectFrom("variants as v")
      .innerJoin("color_translations as ct", "ct.color_code", "v.color_code")
      .innerJoin("colors as c", "c.code", "v.color_code")
      .select(["v.product_id as productId", "ct.locale", "ct.name", "c.position"])
      .distinct()
      .orderBy("c.position");
    if (productIds) {
      products = products.where("t.product_id", "in", productIds);
      colors = colors.where("v.product_id", "in", productIds);
    }
    // One connection inside a transaction: the three reads run one after the other.
    const productRows = await products.execute();
    const categoryRows = await trx
      .selectFrom("categories as c")
      .innerJoin("category_translations as t", "t.category_id", "c.id")
      .select(["c.id", "c.parent_id as parentId", "t.locale", "t.name"])
      .execute();
    const colorRows = await colors.execute();

    const key = (id: number, locale: Locale) => `${id}:${locale}`;
    const parents = new Map(categoryRows.map((row) => [row.id, row.parentId]));
    const categoryNames = new Map(categoryRows.map((row) => [key(row.id, row.locale), row.name]));
    /** The category's name and its ancestors' names, nearest first. */
    const categoryTrail = (id: number, locale: Locale) => {
      const names: string[] = [];
      const seen = new Set<number>();
      for (let at: number | null | undefined = id; at != null && !seen.has(at); at = parents.get(at)) {
        seen.add(at);
        const name = categoryNames.get(key(at, locale));
        if (name) names.push(name);
      }
      return names;
    };
    const colorNames = new Map<string, string[]>();
    for (const row of colorRows) {
      const list = colorNames.get(key(row.productId, row.locale)) ?? [];
      list.push(row.name);
      colorNames.set(key(row.productId, row.locale), list);
    }

    const documents = productRows.map((row) => ({
      product_id: row.productId,
      locale: row.locale,
      document: searchDocument([
        row.name,
        row.name,
        ...categoryTrail(row.categoryId, row.locale),
        ...(colorNames.get(key(row.productId, row.locale)) ?? []),
        row.composition,
        row.description,
      ]),
    }));

    if (productIds) await trx.deleteFrom("product_search").where("product_id", "in", productIds).execute();
    else await trx.deleteFrom("product_search").execute();
    for (const rows of chunk(documents, INSERT_BATCH)) await trx.insertInto("product_search").values(rows).execute();
    return documents.length;
  };
  return db.isTransaction ? run(db) : db.transaction().execute((trx: Transaction<Database>) => run(trx));
}

/** True when products exist but none has a search document (a database seeded before search). */
export async function isSearchIndexMissing(db: Kysely<Database>): Promise<boolean> {
  const [product, document] = await Promise.all([
    db.selectFrom("products").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("product_search").select("product_id").limit(1).executeTakeFirst(),
  ]);
  return product !== undefined && document === undefined;
}

/**
 * The ids of the products whose document contains every word of `text` as a word prefix
 * ("cardig" finds "cardigan"), best match first, at most `limit`. The full-text query is built
 * from sanitised words only (letters and digits, see searchTokens) and bound as a parameter;
 * a text without words returns [] without querying.
 */
export async function searchProductIds(db: Kysely<Database>, locale: Locale, text: string, limit = 500): Promise<number[]> {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return [];
  const rows = isPostgres(db)
    ? await sql<{ product_id: number }>`
        select s.product_id
        from product_search as s, to_tsquery('simple', ${tokens.map((token) => `${token}:*`).join(" & ")}) as q
        where s.locale = ${locale} and s.tsv @@ q
        order by ts_rank(s.tsv, q) desc, s.product_id
        limit ${limit}`.execute(db)
    : // FTS5: each word a quoted prefix term, all required; rank is bm25 (lower is better).
      await sql<{ product_id: number }>`
        select product_id
        from product_search
        where product_search match ${tokens.map((token) => `"${token}"*`).join(" AND ")} and locale = ${locale}
        order by rank, product_id
        limit ${limit}`.execute(db);
  return rows.rows.map((row) => Number(row.product_id));
}
