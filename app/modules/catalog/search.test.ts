import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Locale } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { parseListingQuery } from "./listing.schema";
import { PageOutOfRangeError } from "./listing.service.server";
import { isSearchIndexMissing, rebuildSearchIndex, searchProductIds } from "./search.repository.server";
import { searchCatalogue } from "./search.service.server";

const query = (search = "") => parseListingQuery(new URLSearchParams(search));

/** Counts the statements a database handle runs. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

describeEachDatabase("product search", (ctx) => {
  let names: Record<Locale, Map<number, string>>;

  beforeAll(async () => {
    const { db } = ctx();
    await seedDatabase(db);
    const rows = await db.selectFrom("product_translations").select(["product_id", "locale", "name"]).execute();
    names = { it: new Map(), en: new Map() };
    for (const row of rows) names[row.locale].set(row.product_id, row.name);
  });

  const search = (text: string, locale: Locale = "it") => searchProductIds(ctx().db, locale, text);
  const named = (locale: Locale, pattern: RegExp) => [...names[locale]].filter(([, name]) => pattern.test(name)).map(([id]) => id);
  const withColor = async (code: string) =>
    (await ctx().db.selectFrom("variants").select("product_id").distinct().where("color_code", "=", code).execute()).map((r) => r.product_id);

  it("the seed writes one document per product and language", async () => {
    const { db } = ctx();
    const count = async (table: "product_search" | "product_translations") =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(await count("product_search")).toBe(await count("product_translations"));
    expect(await isSearchIndexMissing(db)).toBe(false);
  });

  it("finds a word whatever its case, products named with it first", async () => {
    const knits = named("it", /\bmaglia\b/i);
    expect(knits.length).toBeGreaterThanOrEqual(2);
    const hits = await search("maglia");
    expect(hits).toEqual(expect.arrayContaining(knits));
    expect(hits.slice(0, knits.length).sort()).toEqual([...knits].sort());
    expect(await search("MAGLIA")).toEqual(hits);
    expect(await search("  Maglia  ")).toEqual(hits);
  });

  it("an accent-free query finds accented words, and the accented query the same", async () => {
    const pleated = named("it", /plissé/i);
    const crepe = named("it", /crêpe/i);
    const pumps = named("it", /décolleté/i);
    expect(pleated.length && crepe.length && pumps.length).toBeTruthy();
    expect(await search("plisse")).toEqual(expect.arrayContaining(pleated));
    expect(await search("crepe")).toEqual(expect.arrayContaining(crepe));
    expect(await search("decollete")).toEqual(expect.arrayContaining(pumps));
    expect(await search("PLISSÉ")).toEqual(await search("plisse"));
    expect(await search("Crêpe", "en")).toEqual(expect.arrayContaining(named("en", /crêpe/i)));
  });

  it("matches word prefixes: 'cardig' finds the cardigans first", async () => {
    const cardigans = named("it", /^cardigan/i);
    expect(cardigans.length).toBeGreaterThanOrEqual(2);
    const hits = await search("cardig");
    expect(hits.slice(0, cardigans.length).sort()).toEqual([...cardigans].sort());
    expect(await search("cardig", "en")).toEqual(expect.arrayContaining(named("en", /cardigan/i)));
  });

  it("a colour name finds the products in that colour, one-word or two", async () => {
    expect(await search("salvia")).toEqual(expect.arrayContaining(await withColor("salvia")));
    expect(await search("sage", "en")).toEqual(expect.arrayContaining(await withColor("salvia")));
    const forest = await withColor("verde-bosco");
    expect(await search("verde bosco")).toEqual(expect.arrayContaining(forest));
    expect(await search("forest green", "en")).toEqual(expect.arrayContaining(forest));
  });

  it("a category name finds its products, and a top category's name its whole subtree", async () => {
    const { db } = ctx();
    const knitwear = await db
      .selectFrom("products as p")
      .innerJoin("category_translations as t", (join) => join.onRef("t.category_id", "=", "p.category_id").on("t.locale", "=", "it"))
      .select("p.id")
      .where("t.name", "=", "Maglieria")
      .execute();
    expect(knitwear.length).toBeGreaterThan(0);
    expect(await search("maglieria")).toEqual(expect.arrayContaining(knitwear.map((r) => r.id)));

    const women = await db
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .innerJoin("category_translations as parent", (join) => join.onRef("parent.category_id", "=", "c.parent_id").on("parent.locale", "=", "en"))
      .select("p.id")
      .where("parent.name", "=", "Women")
      .execute();
    expect(women.length).toBeGreaterThan(0);
    expect(await search("women", "en")).toEqual(expect.arrayContaining(women.map((r) => r.id)));
  });

  it("searches the language asked for, every word required", async () => {
    const wool = named("en", /\bwool\b/i);
    expect(wool.length).toBeGreaterThan(0);
    const hits = await search("wool", "en");
    expect(hits).toEqual(expect.arrayContaining(wool));
    // "Wool" is no Italian word: the Italian documents say "lana".
    expect(await search("wool")).toEqual([]);
    const both = await search("wool black", "en");
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(hits.length);
    for (const id of both) expect(hits).toContain(id);
    expect(await search("maglia zzzzqx")).toEqual([]);
  });

  it("never lets query syntax or SQL through, whatever is typed", async () => {
    const { db } = ctx();
    const nasty = [
      `"`,
      `"maglia`,
      `maglia"*`,
      `*`,
      `-lana`,
      `lana -cotone`,
      `OR`,
      `lana OR`,
      `AND NOT`,
      `NEAR(lana cotone, 2)`,
      `NEAR(`,
      `'; drop table products; --`,
      `lana' or '1'='1`,
      `document:lana`,
      `locale:it`,
      `{document}: lana`,
      `^lana`,
      `lana:* & !cotone | (seta <-> nero)`,
      `\\`,
      `%_`,
      `\u0000lana`,
      `😀 maglia`,
    ];
    for (const text of nasty) {
      await expect(search(text)).resolves.toBeInstanceOf(Array);
      await expect(search(text, "en")).resolves.toBeInstanceOf(Array);
    }
    expect(await search("lana OR")).toEqual(await search("lana or"));
    expect(await db.selectFrom("products").select("id").limit(1).execute()).toHaveLength(1);
  });

  it("answers [] to a query without words, without asking the database", async () => {
    const counter = new QueryCounter();
    for (const text of ["", "   ", "***", `"" -- ()`]) expect(await searchProductIds(ctx().db.withPlugin(counter), "it", text)).toEqual([]);
    expect(counter.count).toBe(0);
  });

  it("honours the limit", async () => {
    expect(await searchProductIds(ctx().db, "it", "in", 3)).toHaveLength(3);
  });

  it("a search is a listing: relevance order by default, with the listing's filters and sorts", async () => {
    const { db } = ctx();
    const empty = await searchCatalogue(db, "it", "   ", query());
    expect(empty).toEqual({ q: "", listing: null });

    const { q, listing } = await searchCatalogue(db, "it", "  maglia ", query());
    expect(q).toBe("maglia");
    const hits = await search("maglia");
    expect(listing!.total).toBe(hits.length);
    expect(listing!.products.map((p) => p.id)).toEqual(hits.slice(0, listing!.products.length));

    const color = listing!.facets.colors.find((f) => f.count > 0 && f.count < listing!.total)!;
    const filtered = await searchCatalogue(db, "it", "maglia", query(`color=${color.value}&sort=price-asc`));
    expect(filtered.listing!.total).toBe(color.count);
    const prices = filtered.listing!.products.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const none = await searchCatalogue(db, "it", "zzzzqx", query());
    expect(none.listing!.total).toBe(0);
    await expect(searchCatalogue(db, "it", "maglia", query("page=99"))).rejects.toBeInstanceOf(PageOutOfRangeError);
  });

  it("keeps at most 100 characters of a query", async () => {
    const { q } = await searchCatalogue(ctx().db, "it", `maglia ${"x".repeat(200)}`, query());
    expect(q).toHaveLength(100);
  });

  it("rebuilds the documents of some products, or fills a missing index", async () => {
    const { db } = ctx();
    const id = named("it", /plissé/i)[0];
    const original = names.it.get(id)!;
    await db.updateTable("product_translations").set({ name: "Abito Zanzibar" }).where("product_id", "=", id).where("locale", "=", "it").execute();
    expect(await search("zanzibar")).toEqual([]);
    expect(await rebuildSearchIndex(db, [id])).toBe(2);
    expect(await search("zanzibar")).toEqual([id]);
    await db.updateTable("product_translations").set({ name: original }).where("product_id", "=", id).where("locale", "=", "it").execute();

    await db.deleteFrom("product_search").execute();
    expect(await isSearchIndexMissing(db)).toBe(true);
    const counter = new QueryCounter();
    const written = await rebuildSearchIndex(db.withPlugin(counter));
    expect(written).toBe(2 * names.it.size);
    // Three reads, one delete, one insert per 200 documents (and PostgreSQL's lock).
    expect(counter.count).toBe((ctx().kind === "postgres" ? 5 : 4) + Math.ceil(written / 200));
    expect(await search("zanzibar")).toEqual([]);
    expect(await search("plisse")).toContain(id);
    expect(await isSearchIndexMissing(db)).toBe(false);
  });

  it("two processes rebuilding at once do not collide", async () => {
    const { db } = ctx();
    await Promise.all([rebuildSearchIndex(db), rebuildSearchIndex(db), rebuildSearchIndex(db)]);
    const { n } = await db.selectFrom("product_search").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(2 * names.it.size);
  });
});
