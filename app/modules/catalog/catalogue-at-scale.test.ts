import { CompiledQuery, type Kysely, sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryId, type RootOperationNode } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { growCatalogue } from "~/db/seed/grow.server";
import { seedDatabase } from "~/db/seed/seed.server";
import type { Database } from "~/db/schema";
import { indexSitemap, productsSitemap } from "~/modules/seo/sitemap.server";
import { sitemapResponse } from "~/modules/seo/sitemap-response.server";
import { SITEMAP_PRODUCTS_PER_FILE } from "~/modules/seo/sitemap-files";
import { getCategoryPage } from "./category.service.server";
import { listDuePublications, rebuildListingEntries } from "./listing-entries.server";
import { parseListingQuery } from "./listing.schema";
import { getListing } from "./listing.service.server";
import { getNewArrivals, getProductPage } from "./product.service.server";
import { searchCatalogue } from "./search.service.server";
import { setVariantStock } from "./stock.service.server";

// The catalogue past the demo's 92 products: one more than a sitemap file holds, grown by the
// generator, with planner statistics. Big enough that both planners choose their plans for real.
const SIZE = SITEMAP_PRODUCTS_PER_FILE + 60;
/** Tables that grow with the catalogue: no request may read one of them whole. */
const GROWING = ["products", "product_translations", "variants", "price_history", "product_images", "listing_entries", "product_search", "search_documents"];

/** Records the SQL of every statement a handle runs (not the subqueries it is built from). */
class StatementLog implements KyselyPlugin {
  readonly statements: CompiledQuery[] = [];
  private readonly nodes = new Map<QueryId, RootOperationNode>();
  constructor(private readonly compile: (node: RootOperationNode, id: QueryId) => CompiledQuery) {}
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.set(queryId, node);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    const node = this.nodes.get(queryId);
    if (node) this.statements.push(this.compile(node, queryId));
    return result;
  }
}

/** The tables a statement reads in full, by its plan. */
async function fullScans(db: Kysely<Database>, kind: "sqlite" | "postgres", query: CompiledQuery): Promise<string[]> {
  if (kind === "postgres") {
    // With sequential scans priced out, PostgreSQL reads a table whole only when no index can
    // serve the query: on this test's catalogue it may rightly prefer a scan that a real one's
    // size would not, so the test asks whether an index exists, not what this size chooses.
    const rows = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return (await trx.executeQuery<{ "QUERY PLAN": unknown }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]))).rows;
    });
    const scans: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node["Node Type"] === "Seq Scan") scans.push(String(node["Relation Name"]));
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const plan = rows[0]["QUERY PLAN"] as { Plan: Record<string, unknown> }[];
    walk(plan[0].Plan);
    return scans.filter((table) => GROWING.includes(table));
  }
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  // SQLite names a table by its alias: `from "products" as "p"` reads "SCAN p".
  const aliases = new Map<string, string>();
  for (const [, table, alias] of query.sql.matchAll(/"(\w+)" as "(\w+)"/g)) aliases.set(alias, table);
  return rows
    .map((row) => /^SCAN (\w+)(?! VIRTUAL TABLE INDEX)/.exec(row.detail)?.[1])
    .filter((name): name is string => name !== undefined)
    .map((name) => aliases.get(name) ?? name)
    .filter((table) => GROWING.includes(table));
}

describeEachDatabase("catalogue at scale", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    await growCatalogue(ctx().db, SIZE);
  }, 180_000);

  it("grows the demo catalogue deterministically: product 93 is the second copy of product 1", async () => {
    const { db } = ctx();
    const count = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(SIZE);
    const slugs = await db.selectFrom("product_translations").select(["product_id", "locale", "slug"]).where("product_id", "in", [1, 93]).orderBy("product_id").orderBy("locale").execute();
    const of = (id: number, locale: string) => slugs.find((s) => s.product_id === id && s.locale === locale)!.slug;
    expect(of(93, "it")).toBe(`${of(1, "it")}-2`);
    expect(of(93, "en")).toBe(`${of(1, "en")}-2`);
    const variants = await db.selectFrom("variants").select(["product_id", "size", "color_code", "stock", "price_cents"]).where("product_id", "in", [1, 93]).orderBy("id").execute();
    const strip = (id: number) => variants.filter((v) => v.product_id === id).map(({ product_id: _, ...rest }) => rest);
    expect(strip(93)).toEqual(strip(1));
    // Growing again to the same size adds nothing.
    expect(await growCatalogue(db, SIZE)).toMatchObject({ before: SIZE, after: SIZE });
    // The copies are found by search.
    const search = await searchCatalogue(db, "it", "cardigan", parseListingQuery(new URLSearchParams()));
    expect(search.listing!.total).toBeGreaterThan(100);
  });

  it("counts every facet as the variants say, with and without filters", async () => {
    const { db } = ctx();
    const donna = (await getCategoryPage(db, "it", "donna"))!;
    const listing = await getListing(db, "it", { categoryId: donna.id }, parseListingQuery(new URLSearchParams()));
    const products = (eb: Kysely<Database>) =>
      eb.selectFrom("variants as v").innerJoin("products as p", "p.id", "v.product_id").where("p.category_id", "in", donna.subtreeIds);
    const distinct = async (query: ReturnType<typeof products>) =>
      Number((await query.select((eb) => eb.fn.count("v.product_id").distinct().as("n")).executeTakeFirstOrThrow()).n);
    expect(listing.total).toBe(await distinct(products(db)));
    expect(listing.facets.inStock).toBe(await distinct(products(db).where("v.stock", ">", 0)));
    expect(listing.facets.sizes.find((f) => f.value === "M")!.count).toBe(await distinct(products(db).where("v.size", "=", "M")));
    const color = listing.facets.colors[0];
    expect(color.count).toBe(await distinct(products(db).where("v.color_code", "=", color.value)));

    const filtered = await getListing(db, "it", { categoryId: donna.id }, parseListingQuery(new URLSearchParams("size=M&instock=1&max=200")));
    expect(filtered.total).toBe(await distinct(products(db).where("v.size", "=", "M").where("v.stock", ">", 0).where("v.price_cents", "<=", 20_000)));
    // Size and colour on one variant, in stock: the count (from the profiles) and the pages (SQL) agree with the variants.
    const pair = `size=M&color=${color.value}&instock=1`;
    const paired = await getListing(db, "it", { categoryId: donna.id }, parseListingQuery(new URLSearchParams(pair)));
    expect(paired.total).toBe(await distinct(products(db).where("v.size", "=", "M").where("v.color_code", "=", color.value).where("v.stock", ">", 0)));
    const lastPage = await getListing(db, "it", { categoryId: donna.id }, parseListingQuery(new URLSearchParams(`${pair}&page=${paired.pageCount}`)));
    expect(lastPage.products).toHaveLength(paired.total - 24 * (paired.pageCount - 1));
    const deep = await getListing(db, "it", { categoryId: donna.id }, parseListingQuery(new URLSearchParams("page=50&sort=price-desc")));
    expect(deep.products).toHaveLength(24);
    const prices = deep.products.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("keeps the entries and profiles as a rebuild would make them when stock moves", async () => {
    const { db } = ctx();
    const skus = await db.selectFrom("variants").select(["sku", "stock"]).where("product_id", "=", 5_000).execute();
    for (const { sku } of skus) await setVariantStock(db, { sku, quantity: 0, origin: "https://shop.example" });
    const snapshot = async () => ({
      entries: await db.selectFrom("listing_entries").selectAll().where("product_id", "=", 5_000).orderBy("category_id").execute(),
      profiles: await db.selectFrom("listing_profiles").selectAll().orderBy("category_id").orderBy("profile").execute(),
    });
    const kept = await snapshot();
    expect(kept.entries.every((e) => e.in_stock === 0 && e.stock_sizes === "")).toBe(true);
    await db.transaction().execute((trx) => rebuildListingEntries(trx));
    expect(await snapshot()).toEqual(kept);
    for (const { sku, stock } of skus) await setVariantStock(db, { sku, quantity: stock, origin: "https://shop.example" });
  });

  it("splits the products sitemap into files of at most 5 000 products, each dated in the index", async () => {
    const { db } = ctx();
    const origin = "https://shop.example";
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const [first, second] = await Promise.all([productsSitemap(db, origin, { file: 1 }), productsSitemap(db, origin, { file: 2 })]);
    expect(locs(first)).toHaveLength(SITEMAP_PRODUCTS_PER_FILE * 2);
    expect(locs(second)).toHaveLength((SIZE - SITEMAP_PRODUCTS_PER_FILE) * 2);
    expect(locs(second)).toContain(`${origin}/products/${(await db.selectFrom("product_translations").select("slug").where("product_id", "=", SIZE).where("locale", "=", "it").executeTakeFirstOrThrow()).slug}`);
    const index = locs(await indexSitemap(db, origin));
    expect(index).toEqual(["categories", "pages", "products", "products-2"].map((name) => `${origin}/sitemap/${name}.xml`));
    const request = new Request(`${origin}/sitemap/products-2.xml`, { headers: { "Accept-Encoding": "gzip" } });
    const answer = await sitemapResponse(request, db, origin, "products-2");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("ETag")).toMatch(/-gz"$/);
    // Its date is the newest <lastmod> it holds.
    const newest = Math.max(...[...second.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => Date.parse(m[1])));
    expect(Date.parse(answer.headers.get("Last-Modified")!)).toBe(Math.floor(newest / 1000) * 1000);
    expect((await sitemapResponse(request, db, origin, "products-3")).status).toBe(404);
  });

  describe("query plans", () => {
    it("no listing, product, search, home or sitemap query reads a growing table in full", async () => {
      const { db, kind } = ctx();
      const log = new StatementLog((node, id) => db.getExecutor().compileQuery(node, id));
      const logged = db.withPlugin(log);
      const donna = (await getCategoryPage(db, "it", "donna"))!;
      const now = new Date();
      for (const search of ["", "page=50", "size=M&color=nero&instock=1&sort=price-asc", "sale=1&sort=newest", "min=50&max=150&sort=price-desc"]) {
        await getListing(logged, "it", { categoryId: donna.id }, parseListingQuery(new URLSearchParams(search)), now);
      }
      await searchCatalogue(logged, "it", "lana", parseListingQuery(new URLSearchParams("sort=price-asc")), now);
      await searchCatalogue(logged, "en", "wool", parseListingQuery(new URLSearchParams()), now);
      expect(await getProductPage(logged, "it", "cardigan-in-cashmere-50", {}, now)).not.toBeNull();
      await getNewArrivals(logged, "it", 8, now);
      await indexSitemap(logged, "https://shop.example");
      await productsSitemap(logged, "https://shop.example", { file: 2, now });
      await listDuePublications(logged, now);
      const sku = (await db.selectFrom("variants").select("sku").where("product_id", "=", 4_000).executeTakeFirstOrThrow()).sku;
      await setVariantStock(logged, { sku, quantity: 4, origin: "https://shop.example" });

      expect(log.statements.length).toBeGreaterThan(30);
      const offenders: string[] = [];
      for (const statement of log.statements) {
        const scans = await fullScans(db, kind, statement);
        if (scans.length) offenders.push(`${scans.join(", ")} in full: ${statement.sql.slice(0, 300)}`);
      }
      expect(offenders).toEqual([]);
    }, 60_000);
  });
});
