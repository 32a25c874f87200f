import { type Kysely, PostgresAdapter, type Transaction, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { meaningfulWords, stemWord } from "./search-terms";

// The search index behind a few functions, on either dialect (docs/decisions/049): an FTS5 table
// on SQLite, a table with two generated tsvectors and their GIN indexes on PostgreSQL (migration
// 20261207000000). Both hold the same Snowball stems per product, language and field, computed
// in TypeScript (search-terms.ts), and answer the same term queries: which products hold these
// terms. Ranking is done by the caller on what the candidates return, alike on both.

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
 * left out) in both languages, and adds their new words to the vocabulary, in one transaction
 * (the caller's, when it passes one). Reads take three queries whatever the number of products;
 * writes are batched. A full rebuild also forgets words no product uses any more.
 *
 * A document's fields: the product's name; its category's name and its ancestors'; its colours'
 * names; its composition and description.
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

    const vocabulary = new Map<string, { locale: Locale; word: string; stem: string }>();
    const field = (locale: Locale, parts: Array<string | null | undefined>) => {
      const stems: string[] = [];
      for (const part of parts) {
        if (!part) continue;
        for (const word of meaningfulWords(locale, part)) {
          const stem = stemWord(locale, word);
          stems.push(stem);
          if (!vocabulary.has(`${locale}:${word}`)) vocabulary.set(`${locale}:${word}`, { locale, word, stem });
        }
      }
      return stems.join(" ");
    };
    const documents = productRows.map((row) => ({
      product_id: row.productId,
      locale: row.locale,
      name_terms: field(row.locale, [row.name]),
      category_terms: field(row.locale, categoryTrail(row.categoryId, row.locale)),
      color_terms: field(row.locale, colorNames.get(key(row.productId, row.locale)) ?? []),
      body_terms: field(row.locale, [row.composition, row.description]),
    }));

    if (productIds) await trx.deleteFrom("search_documents").where("product_id", "in", productIds).execute();
    else {
      await trx.deleteFrom("search_documents").execute();
      await trx.deleteFrom("search_vocabulary").execute();
    }
    for (const rows of chunk(documents, INSERT_BATCH)) await trx.insertInto("search_documents").values(rows).execute();
    for (const rows of chunk([...vocabulary.values()], INSERT_BATCH)) {
      await trx
        .insertInto("search_vocabulary")
        .values(rows)
        .onConflict((oc) => oc.columns(["locale", "word"]).doNothing())
        .execute();
    }
    return documents.length;
  };
  return db.isTransaction ? run(db) : db.transaction().execute((trx: Transaction<Database>) => run(trx));
}

/** True when products exist but none has a search document (a database indexed before issue 39). */
export async function isSearchIndexMissing(db: Kysely<Database>): Promise<boolean> {
  const [product, document] = await Promise.all([
    db.selectFrom("products").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("search_documents").select("product_id").limit(1).executeTakeFirst(),
  ]);
  return product !== undefined && document === undefined;
}

/** The words of the documents in one language, with their stems. */
export function selectVocabulary(db: Kysely<Database>, locale: Locale): Promise<{ word: string; stem: string }[]> {
  return db.selectFrom("search_vocabulary").select(["word", "stem"]).where("locale", "=", locale).execute();
}

/**
 * A term query: every group must match; a group matches when any of its alternatives does; an
 * alternative is one or more terms, all required (a synonym of two words). Terms are stems made
 * of letters and digits only (searchWords), so they never carry query syntax.
 */
export type TermQuery = string[][][];

function ftsExpression(query: TermQuery): string {
  const term = (t: string) => `"${t}"`;
  return query.map((group) => `(${group.map((alt) => (alt.length === 1 ? term(alt[0]) : `(${alt.map(term).join(" AND ")})`)).join(" OR ")})`).join(" AND ");
}

function tsqueryText(query: TermQuery): string {
  return query.map((group) => `(${group.map((alt) => `(${alt.join(" & ")})`).join(" | ")})`).join(" & ");
}

export interface SearchCandidate {
  productId: number;
  nameTerms: string;
  categoryTerms: string;
  colorTerms: string;
}

/**
 * Up to `limit` products whose document matches the query, with their head fields: those whose
 * name, category or colours hold every group (`where: "head"`), or anywhere (`"all"`). Without
 * an order: the caller ranks; the limit bounds the work whatever the catalogue's size.
 */
export async function findSearchCandidates(
  db: Kysely<Database>,
  locale: Locale,
  query: TermQuery,
  where: "head" | "all",
  limit: number,
): Promise<SearchCandidate[]> {
  if (query.length === 0 || query.some((group) => group.length === 0)) return [];
  const rows = isPostgres(db)
    ? await sql<{ product_id: number; name_terms: string; category_terms: string; color_terms: string }>`
        select s.product_id, s.name_terms, s.category_terms, s.color_terms
        from search_documents as s
        where s.locale = ${locale} and ${where === "head" ? sql`s.head_tsv` : sql`s.tsv`} @@ to_tsquery('simple', ${tsqueryText(query)})
        limit ${limit}`.execute(db)
    : await sql<{ product_id: number; name_terms: string; category_terms: string; color_terms: string }>`
        select product_id, name_terms, category_terms, color_terms
        from search_documents
        where search_documents match ${where === "head" ? `{name_terms category_terms color_terms} : (${ftsExpression(query)})` : ftsExpression(query)}
          and locale = ${locale}
        limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({
    productId: Number(row.product_id),
    nameTerms: row.name_terms,
    categoryTerms: row.category_terms,
    colorTerms: row.color_terms,
  }));
}

/** Of these products, the ones listed (published by `now`): whether each is in stock, and its featured rank. */
export async function findListedFlags(db: Kysely<Database>, productIds: number[], now: string): Promise<Map<number, { inStock: boolean; featuredRank: number }>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom("listing_entries")
    .select(["product_id", "in_stock", "featured_rank"])
    .where("depth", "=", 0)
    .where("product_id", "in", productIds)
    .where("published_at", "<=", now)
    .execute();
  return new Map(rows.map((row) => [Number(row.product_id), { inStock: Number(row.in_stock) === 1, featuredRank: Number(row.featured_rank) }]));
}

/** Of these products, listed by `now`, each category they are listed under (their own and its ancestors). */
export async function findListedCategories(db: Kysely<Database>, productIds: number[], now: string): Promise<{ productId: number; categoryId: number }[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom("listing_entries")
    .select(["product_id", "category_id"])
    .where("product_id", "in", productIds)
    .where("published_at", "<=", now)
    .execute();
  return rows.map((row) => ({ productId: Number(row.product_id), categoryId: Number(row.category_id) }));
}
