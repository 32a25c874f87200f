import { createHash } from "node:crypto";
import { type Kysely, PostgresAdapter } from "kysely";
import type { Database, ListingEntriesTable } from "~/db/schema";
import { sitemapFileOf } from "~/modules/seo/sitemap-files";
import { bumpCatalogRevision } from "./catalog-cache.server";
import { pairOf, profileKey, tokenSet } from "./listing-profile";

// The listing's facts per product (migration 20261129000000): one row per category the product
// is listed in, written from its variants here and nowhere else. Callers run this in the same
// transaction as the change it follows (the stock service, the seed, the catalogue generator),
// so a listing never shows a product in stock that the same transaction sold out.

/** Products refreshed per round: bounded reads and inserts (SQLite binds at most 32 766 values). */
const BATCH = 500;
const INSERT_ROWS = 1_000;
/** Product rows locked per statement (PostgreSQL binds at most 65 535 values). */
const LOCK_BATCH = 10_000;

/** The later of two stored timestamps (ISO text on SQLite, already ISO strings from pg). */
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * Rewrites the listing entries of these products from their variants, and moves the facet value
 * counts of their categories by the difference. A product without variants, a draft and an
 * archived product are not listed (scheduled ones are, from their publication date).
 */
export async function refreshListingEntries(trx: Kysely<Database>, productIds: number[], now = new Date()): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  // Two transactions refreshing one product (two sizes of it selling out at once) take turns on
  // its row, or the second would insert entries the first just wrote. Every row is locked before
  // any count moves, in id order: a refresh of many products (a rebuild, a drop of scheduled
  // products) must not hold the shared counts while it waits for a product a checkout holds.
  // SQLite has one writer.
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    for (let start = 0; start < ids.length; start += LOCK_BATCH) {
      await trx.selectFrom("products").select("id").where("id", "in", ids.slice(start, start + LOCK_BATCH)).orderBy("id").forUpdate().execute();
    }
  }
  const categories = await trx.selectFrom("categories").select(["id", "parent_id as parentId"]).execute();
  const parents = new Map(categories.map((c) => [c.id, c.parentId]));
  for (let start = 0; start < ids.length; start += BATCH) {
    await refreshBatch(trx, ids.slice(start, start + BATCH), parents, now.toISOString());
  }
}

/** Every product's entries, written afresh (the seed, the generator, a database from before them). */
export async function rebuildListingEntries(trx: Kysely<Database>): Promise<number> {
  // Every product at once, in id order, before any count is touched (see refreshListingEntries).
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await trx.selectFrom("products").select("id").orderBy("id").forUpdate().execute();
  await trx.deleteFrom("listing_entries").execute();
  await trx.deleteFrom("listing_profiles").execute();
  await trx.deleteFrom("sitemap_files").execute();
  let count = 0;
  let after = 0;
  for (;;) {
    const rows = await trx.selectFrom("products").select("id").where("id", ">", after).orderBy("id").limit(10 * BATCH).execute();
    if (!rows.length) return count;
    await refreshListingEntries(trx, rows.map((r) => r.id));
    count += rows.length;
    after = rows[rows.length - 1].id;
  }
}

/** True when products exist but none is listed (a database from before the listing entries). */
export async function areListingEntriesMissing(db: Kysely<Database>): Promise<boolean> {
  const [product, entry] = await Promise.all([
    db.selectFrom("products").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("listing_entries").select("product_id").limit(1).executeTakeFirst(),
  ]);
  return product !== undefined && entry === undefined;
}

async function refreshBatch(trx: Kysely<Database>, ids: number[], parents: Map<number, number | null>, now: string) {
  const [products, variants, old] = await Promise.all([
    trx
      .selectFrom("products")
      .select(["id", "category_id as categoryId", "status", "published_at as publishedAt", "featured_rank as featuredRank", "updated_at as updatedAt"])
      .where("id", "in", ids)
      .execute(),
    trx
      .selectFrom("variants")
      .select(["product_id as productId", "size", "color_code as colorCode", "price_cents as priceCents", "compare_at_cents as compareAtCents", "stock", "updated_at as updatedAt"])
      .where("product_id", "in", ids)
      // In the product's own order, so that its "|S|M|" sets are the same however it is refreshed.
      .orderBy("product_id")
      .orderBy("position")
      .execute(),
    trx
      .selectFrom("listing_entries")
      .select(["category_id", "sizes", "colors", "stock_sizes", "stock_colors", "pairs", "stock_pairs", "in_stock", "on_sale"])
      .where("product_id", "in", ids)
      .execute(),
  ]);

  const byProduct = new Map<number, typeof variants>();
  for (const v of variants) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }

  const entries: ListingEntriesTable[] = [];
  for (const p of products) {
    const own = byProduct.get(p.id);
    // Drafts and archived products are no shopper's: not in listings, facets, search or sitemaps.
    if (p.status !== "published" || !own?.length) continue;
    const inStock = own.filter((v) => v.stock > 0);
    // Its newest change: the product's, a variant's, or its publication once that has come.
    let changedAt = String(p.updatedAt);
    for (const v of own) changedAt = later(changedAt, String(v.updatedAt));
    if (Date.parse(String(p.publishedAt)) <= Date.parse(now)) changedAt = later(changedAt, String(p.publishedAt));
    const facts = {
      product_id: p.id,
      published_at: p.publishedAt,
      featured_rank: p.featuredRank,
      price_cents: Math.min(...own.map((v) => v.priceCents)),
      max_price_cents: Math.max(...own.map((v) => v.priceCents)),
      in_stock: inStock.length ? 1 : 0,
      on_sale: own.some((v) => v.compareAtCents !== null && v.compareAtCents > v.priceCents) ? 1 : 0,
      sizes: tokenSet(own.map((v) => v.size)),
      colors: tokenSet(own.map((v) => v.colorCode)),
      stock_sizes: tokenSet(inStock.map((v) => v.size)),
      stock_colors: tokenSet(inStock.map((v) => v.colorCode)),
      pairs: tokenSet(own.map((v) => pairOf(v.size, v.colorCode))),
      stock_pairs: tokenSet(inStock.map((v) => pairOf(v.size, v.colorCode))),
      changed_at: changedAt,
    };
    const seen = new Set<number>();
    for (let at: number | null | undefined = p.categoryId, depth = 0; at != null && !seen.has(at); at = parents.get(at), depth++) {
      seen.add(at);
      entries.push({ ...facts, category_id: at, depth });
    }
  }

  // The categories' profile counts move by what the entries gained and lost.
  const delta = new Map<string, number>();
  const count = (row: Parameters<typeof profileKey>[0] & { category_id: number }, by: number) => {
    const key = `${row.category_id}\u0000${profileKey(row)}`;
    delta.set(key, (delta.get(key) ?? 0) + by);
  };
  for (const row of old) count(row, -1);
  for (const row of entries) count(row, 1);

  await trx.deleteFrom("listing_entries").where("product_id", "in", ids).execute();
  for (let start = 0; start < entries.length; start += INSERT_ROWS) {
    await trx.insertInto("listing_entries").values(entries.slice(start, start + INSERT_ROWS)).execute();
  }
  await raiseSitemapDates(trx, entries.filter((e) => e.depth === 0).map((e) => ({ productId: e.product_id, changedAt: e.changed_at })));
  await moveProfileCounts(
    trx,
    [...delta].map(([key, by]) => {
      const split = key.indexOf("\u0000");
      return { category_id: Number(key.slice(0, split)), profile: key.slice(split + 1), products: by };
    }),
  );
}

/** Raises each products sitemap file's date to its products' newest change (never lowers it). */
export async function raiseSitemapDates(trx: Kysely<Database>, changes: { productId: number; changedAt: string }[]): Promise<void> {
  const newest = new Map<number, string>();
  for (const { productId, changedAt } of changes) {
    const file = sitemapFileOf(productId);
    const known = newest.get(file);
    newest.set(file, known === undefined ? changedAt : later(known, changedAt));
  }
  await raiseFileDates(trx, [...newest].map(([file, lastmod]) => ({ file, lastmod })));
}

/** Raises products sitemap files' dates (a file's row is made on its first product). */
export async function raiseFileDates(trx: Kysely<Database>, files: { file: number; lastmod: string }[]): Promise<void> {
  if (!files.length) return;
  await trx
    .insertInto("sitemap_files")
    .values([...files].sort((a, b) => a.file - b.file))
    .onConflict((oc) =>
      oc.column("file").doUpdateSet((eb) => ({
        lastmod: eb.case().when("excluded.lastmod", ">", eb.ref("sitemap_files.lastmod")).then(eb.ref("excluded.lastmod")).else(eb.ref("sitemap_files.lastmod")).end(),
      })),
    )
    .execute();
}

/**
 * Products whose publication time has come since they were last listed (within the last week: the
 * minute sweep runs far more often). Refreshing them dates them by their publication, so the
 * sitemaps announce them, and raises the catalogue's revision. Returns how many.
 */
export async function listDuePublications(db: Kysely<Database>, now = new Date(), windowDays = 7): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("listing_entries as e", (join) => join.onRef("e.product_id", "=", "p.id").on("e.depth", "=", 0))
    .select("p.id")
    .where("p.published_at", "<=", at)
    .where("p.published_at", ">", new Date(now.getTime() - windowDays * 86_400_000).toISOString())
    .whereRef("e.changed_at", "<", "p.published_at")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The minute sweep's part: lists the products whose publication came (see listDuePublications).
 * At start-up the window is ten years, for publications that came while no server ran.
 */
export async function publishDueProducts(db: Kysely<Database>, now = new Date(), windowDays?: number): Promise<number> {
  const due = await listDuePublications(db, now, windowDays);
  if (!due.length) return 0;
  await db.transaction().execute(async (trx) => {
    await refreshListingEntries(trx, due, now);
    await bumpCatalogRevision(trx);
  });
  return due.length;
}

/** Adds to (or takes from) categories' profile counts; a count that reaches 0 goes. */
export async function moveProfileCounts(trx: Kysely<Database>, moves: { category_id: number; profile: string; products: number }[]): Promise<void> {
  // One row per count (an upsert may not touch a row twice), in a fixed order: two transactions
  // moving the same counts lock them in the same order.
  const merged = new Map<string, { category_id: number; profile: string; products: number }>();
  for (const move of moves) {
    const key = `${move.category_id}\u0000${move.profile}`;
    const into = merged.get(key);
    if (into) into.products += move.products;
    else merged.set(key, { ...move });
  }
  const changes = [...merged.values()]
    .filter((move) => move.products !== 0)
    .map((move) => ({ ...move, profile_hash: createHash("sha1").update(move.profile).digest("hex") }))
    .sort((a, b) => a.category_id - b.category_id || (a.profile_hash < b.profile_hash ? -1 : a.profile_hash > b.profile_hash ? 1 : 0));
  for (let start = 0; start < changes.length; start += INSERT_ROWS) {
    await trx
      .insertInto("listing_profiles")
      .values(changes.slice(start, start + INSERT_ROWS))
      .onConflict((oc) => oc.columns(["category_id", "profile_hash"]).doUpdateSet((eb) => ({ products: eb("listing_profiles.products", "+", eb.ref("excluded.products")) })))
      .execute();
  }
  const shrunk = [...new Set(changes.filter((c) => c.products < 0).map((c) => c.category_id))];
  if (shrunk.length) await trx.deleteFrom("listing_profiles").where("category_id", "in", shrunk).where("products", "<=", 0).execute();
}
