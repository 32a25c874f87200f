import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Locale } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { bumpCatalogRevision, clearCatalogCache } from "./catalog-cache.server";
import { parseListingQuery } from "./listing.schema";
import { PageOutOfRangeError } from "./listing.service.server";
import { MAX_ALTERNATIVES } from "./search-query";
import { CANDIDATES_PER_STAGE, searchEngine } from "./search-engine.server";
import { isSearchIndexMissing, rebuildSearchIndex } from "./search.repository.server";
import { searchCatalogue } from "./search.service.server";
import { searchSuggestions } from "./search-suggestions.service.server";

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

  const search = async (text: string, locale: Locale = "it", options: { exact?: boolean } = {}) => (await searchEngine(ctx().db, locale, text, options)).productIds;
  const named = (locale: Locale, pattern: RegExp) => [...names[locale]].filter(([, name]) => pattern.test(name)).map(([id]) => id);
  const withColor = async (code: string) =>
    (await ctx().db.selectFrom("variants").select("product_id").distinct().where("color_code", "=", code).execute()).map((r) => r.product_id);
  const nameOf = (locale: Locale) => (id: number) => names[locale].get(id)!;

  it("the seed writes one document per product and language, and the vocabulary", async () => {
    const { db } = ctx();
    const count = async (table: "search_documents" | "product_translations" | "search_vocabulary") =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(await count("search_documents")).toBe(await count("product_translations"));
    expect(await count("search_vocabulary")).toBeGreaterThan(500);
    expect(await isSearchIndexMissing(db)).toBe(false);
  });

  it("singular and plural, masculine and feminine meet", async () => {
    const trousers = named("it", /^pantaloni/i);
    expect(await search("pantalone")).toEqual(expect.arrayContaining(trousers));
    expect(await search("pantalone lino")).toEqual(expect.arrayContaining(named("it", /^pantaloni.*\blino\b/i)));
    expect(await search("sandalo")).toContain(named("it", /^sandali/i)[0]);
    expect(await search("camicie")).toEqual(expect.arrayContaining(named("it", /^camicia/i)));
    const white = await withColor("bianco");
    expect(white.length).toBeGreaterThan(0);
    expect((await search("bianca")).sort()).toEqual((await search("bianchi")).sort());
    expect(await search("bianca")).toEqual(expect.arrayContaining(white));
    expect(await search("jumpers", "en")).toEqual(expect.arrayContaining(named("en", /jumper$/i)));
  });

  it("finds a word whatever its case and accents", async () => {
    expect(await search("MAGLIA")).toEqual(await search("maglia"));
    expect(await search("  Maglia  ")).toEqual(await search("maglia"));
    expect(await search("plisse")).toEqual(expect.arrayContaining(named("it", /plissé/i)));
    expect(await search("decollete")).toEqual(expect.arrayContaining(named("it", /décolleté/i)));
    expect(await search("PLISSÉ")).toEqual(await search("plisse"));
  });

  it("synonyms the shop ships: vestito finds the abiti, pants the trousers, cachemire the cashmere", async () => {
    expect(await search("vestito")).toEqual(expect.arrayContaining(named("it", /^abito/i)));
    expect(await search("cachemire")).toEqual(expect.arrayContaining(named("it", /cashmere/i)));
    expect(await search("pants", "en")).toEqual(expect.arrayContaining(named("en", /trousers$/i)));
    expect((await search("trainers", "en")).slice(0, 1)).toEqual(named("en", /sneakers/i));
    expect(await search("handbag", "en")).toEqual(expect.arrayContaining(named("en", /\bbag$/i)));
  });

  it("a synonym added changes the next search, with no reindex", async () => {
    const { db } = ctx();
    expect(await search("zanzara")).toEqual([]);
    await db.insertInto("search_synonyms").values({ locale: "it", terms: "zanzara, poncho", created_at: "2026-01-01", updated_at: "2026-01-01" }).execute();
    await bumpCatalogRevision(db);
    expect(await search("zanzara")).toEqual(named("it", /poncho/i));
    await db.deleteFrom("search_synonyms").where("terms", "=", "zanzara, poncho").execute();
    await bumpCatalogRevision(db);
    expect(await search("zanzara")).toEqual([]);
  });

  it("a word of five letters or more that matches nothing is corrected by one edit (two from nine letters)", async () => {
    const { db } = ctx();
    const coats = await search("cappotto");
    expect(coats.length).toBeGreaterThan(0);
    expect(await search("capotto")).toEqual(coats);
    const result = await searchCatalogue(db, "it", "capotto", query());
    expect(result.correction).toEqual({ from: "capotto", to: "cappotto" });
    expect((await searchCatalogue(db, "en", "cashmire", query())).correction).toEqual({ from: "cashmire", to: "cashmere" });
    // Exact: the typed word only.
    expect(await search("capotto", "it", { exact: true })).toEqual([]);
    // Two edits only from nine letters; none under five.
    expect(await search("cardigna")).toEqual(expect.arrayContaining(named("it", /^cardigan/i)));
    expect(await search("cpapotto")).toEqual(coats);
    expect(await search("cpaptto")).toEqual([]);
    expect(await search("lnia")).toEqual([]);
    expect(await search("maglieira")).toEqual(await search("maglieria"));
    expect(await search("mgalieira")).toEqual(await search("maglieria"));
  });

  it("matches the beginning of a word nothing else matches", async () => {
    const cardigans = named("it", /^cardigan/i);
    const hits = await search("cardig");
    expect(hits.slice(0, cardigans.length).sort()).toEqual([...cardigans].sort());
  });

  it("ranks names before descriptions, the colour asked for first, the category's products for its word", async () => {
    const { db } = ctx();
    const shoes = await db.selectFrom("products as p").innerJoin("category_translations as t", "t.category_id", "p.category_id").select("p.id").where("t.name", "=", "Scarpe").execute();
    const scarpa = await search("scarpa");
    expect(scarpa.slice(0, shoes.length).sort()).toEqual(shoes.map((r) => r.id).sort());

    const white = new Set(await withColor("bianco"));
    const shirts = await search("camicia bianca");
    const whiteShirts = named("it", /^camicia/i).filter((id) => white.has(id));
    expect(whiteShirts.length).toBeGreaterThan(0);
    expect(shirts.slice(0, whiteShirts.length).sort()).toEqual(whiteShirts.sort());

    const cardigans = named("it", /^cardigan/i);
    expect((await search("cardigan")).slice(0, cardigans.length).sort()).toEqual(cardigans.sort());
    expect((await search("cashmere", "en")).map(nameOf("en")).slice(0, 3).every((name) => /cashmere/i.test(name))).toBe(true);
  });

  it("puts sold-out products after those in stock", async () => {
    const { db } = ctx();
    const coats = await search("cappotto");
    const soldOut = coats[0];
    await db.updateTable("listing_entries").set({ in_stock: 0 }).where("product_id", "=", soldOut).execute();
    try {
      const after = await search("cappotto");
      // The last of those whose name or category says "cappotto" (the Cappotti).
      const coatsCategory = await db
        .selectFrom("products as p")
        .innerJoin("category_translations as t", "t.category_id", "p.category_id")
        .select("p.id")
        .where("t.name", "=", "Cappotti")
        .execute();
      expect(after.indexOf(soldOut)).toBe(coatsCategory.length - 1);
    } finally {
      await db.updateTable("listing_entries").set({ in_stock: 1 }).where("product_id", "=", soldOut).execute();
    }
  });

  it("searches the language asked for, every meaningful word required, stop words ignored", async () => {
    expect(await search("leather")).toEqual([]);
    const wool = await search("wool", "en");
    const both = await search("wool black", "en");
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(wool.length);
    for (const id of both) expect(wool).toContain(id);
    expect(await search("pantaloni in lino")).toEqual(await search("pantaloni lino"));
    expect(await search("maglia zzzzqx")).toEqual([]);
    expect(await search("in di con")).toEqual([]);
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
      `'; drop table products; --`,
      `lana' or '1'='1`,
      `document:lana`,
      `{name_terms}: lana`,
      `^lana`,
      `lana:* & !cotone | (seta <-> nero)`,
      `\\`,
      `%_`,
      `\u0000lana`,
      `😀 maglia`,
      "x".repeat(10_000),
      "lana ".repeat(2_000),
    ];
    for (const text of nasty) {
      await expect(search(text)).resolves.toBeInstanceOf(Array);
      await expect(searchCatalogue(db, "en", text, query())).resolves.toBeTruthy();
    }
    expect(await search("lana OR")).toEqual(await search("lana or"));
    expect(await search("\u0000lana")).toEqual(await search("lana"));
  });

  it("bounds the work: words, alternatives, candidates", async () => {
    const { db } = ctx();
    const { plan } = await searchEngine(db, "it", "a b c d e f g h i j k l m n o p lana seta cotone lino pelle nero blu rosso bianco");
    expect(plan.words.length).toBeLessThanOrEqual(8);
    const wide = await searchEngine(db, "it", "c", { prefixLast: true });
    expect(wide.plan.words[0].alternatives.length).toBeLessThanOrEqual(MAX_ALTERNATIVES);
    const counter = new QueryCounter();
    await searchEngine(db.withPlugin(counter), "it", "lana seta");
    // A new handle: the revision, the lexicon (vocabulary, synonyms), at most two capped index reads, the candidates' flags.
    expect(counter.count).toBeLessThanOrEqual(6);
    expect(CANDIDATES_PER_STAGE).toBeLessThanOrEqual(200);
  });

  it("answers a query without words without reading the index", async () => {
    const { db } = ctx();
    await searchEngine(db, "it", "maglia");
    for (const text of ["", "   ", "***", `"" -- ()`, "in di"]) {
      const counter = new QueryCounter();
      expect((await searchEngine(db.withPlugin(counter), "it", text)).productIds).toEqual([]);
      // A new handle: the catalogue's revision and the lexicon (vocabulary, synonyms), no index.
      expect(counter.count).toBeLessThanOrEqual(3);
    }
  });

  it("a search is a listing: relevance order by default, with the listing's filters and sorts", async () => {
    const { db } = ctx();
    const empty = await searchCatalogue(db, "it", "   ", query());
    expect(empty).toEqual({ q: "", listing: null, correction: null, exact: false, alternatives: [], categories: [], categoryId: null });

    const { q, listing, correction } = await searchCatalogue(db, "it", "  maglia ", query());
    expect(q).toBe("maglia");
    expect(correction).toBeNull();
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
    const apart = await searchCatalogue(db, "it", "pantaloni rosa", query());
    expect(apart.listing!.total).toBe(0);
    expect(apart.alternatives).toEqual(["pantaloni", "rosa"]);
    expect((await searchCatalogue(db, "it", "pantaloni zanzibaar", query())).alternatives[0]).toBe("pantaloni");
    await expect(searchCatalogue(db, "it", "maglia", query("page=99"))).rejects.toBeInstanceOf(PageOutOfRangeError);
  });

  it("narrows the hits to one of their categories, counted", async () => {
    const { db } = ctx();
    const all = await searchCatalogue(db, "it", "camicia", query());
    const women = all.categories.find((c) => c.label === "Donna › Camicie")!;
    const men = all.categories.find((c) => c.label === "Uomo › Camicie")!;
    expect(women.count).toBeGreaterThan(0);
    expect(men.count).toBeGreaterThan(0);
    expect(all.categories.find((c) => c.label === "Donna")!.count).toBeGreaterThanOrEqual(women.count);
    const narrowed = await searchCatalogue(db, "it", "camicia", query(), new Date(), { categoryId: women.id });
    expect(narrowed.categoryId).toBe(women.id);
    expect(narrowed.listing!.total).toBe(women.count);
    // An id that is none of the hits' categories is ignored.
    expect((await searchCatalogue(db, "it", "camicia", query(), new Date(), { categoryId: 987_654 })).listing!.total).toBe(all.listing!.total);
  });

  it("suggests as the shopper types: the last word a beginning, at most six products and four categories", async () => {
    const { db } = ctx();
    const cami = await searchSuggestions(db, "it", "cami");
    expect(cami.products.length).toBeGreaterThan(0);
    expect(cami.products.length).toBeLessThanOrEqual(6);
    for (const product of cami.products) {
      expect(product.name).toMatch(/^Camicia/);
      expect(product.href).toMatch(/^\/products\//);
      expect(product.priceCents).toBeGreaterThan(0);
    }
    expect(cami.categories.map((c) => c.name)).toEqual(["Donna › Camicie", "Uomo › Camicie"]);
    const jumpers = await searchSuggestions(db, "en", "jump");
    expect(jumpers.products[0].href).toMatch(/^\/en\/products\//);
    expect((await searchSuggestions(db, "it", "vestit")).products[0].name).toMatch(/^Abito/);
    expect(await searchSuggestions(db, "it", "c")).toEqual({ q: "c", products: [], categories: [] });
    expect((await searchSuggestions(db, "it", "\u0000" + "x".repeat(5000))).products).toEqual([]);
  });

  it("keeps at most 100 characters of a query, without control characters", async () => {
    const { q } = await searchCatalogue(ctx().db, "it", `maglia ${"x".repeat(200)}`, query());
    expect(q).toHaveLength(100);
    expect((await searchCatalogue(ctx().db, "it", "ma\u0000glia\u0007", query())).q).toBe("ma glia");
  });

  it("rebuilds the documents of some products, or fills a missing index", async () => {
    const { db } = ctx();
    const id = named("it", /plissé/i)[0];
    const original = names.it.get(id)!;
    await db.updateTable("product_translations").set({ name: "Abito Zanzibar" }).where("product_id", "=", id).where("locale", "=", "it").execute();
    expect(await search("zanzibar")).toEqual([]);
    expect(await rebuildSearchIndex(db, [id])).toBe(2);
    clearCatalogCache(db);
    expect(await search("zanzibar")).toEqual([id]);
    await db.updateTable("product_translations").set({ name: original }).where("product_id", "=", id).where("locale", "=", "it").execute();

    await db.deleteFrom("search_documents").execute();
    expect(await isSearchIndexMissing(db)).toBe(true);
    const counter = new QueryCounter();
    const written = await rebuildSearchIndex(db.withPlugin(counter));
    expect(written).toBe(2 * names.it.size);
    clearCatalogCache(db);
    // A full rebuild forgets the words no product uses any more.
    expect(await search("zanzibar")).toEqual([]);
    expect(await search("plisse")).toContain(id);
    expect(await isSearchIndexMissing(db)).toBe(false);
  });

  it("two processes rebuilding at once do not collide", async () => {
    const { db } = ctx();
    await Promise.all([rebuildSearchIndex(db), rebuildSearchIndex(db), rebuildSearchIndex(db)]);
    const { n } = await db.selectFrom("search_documents").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(2 * names.it.size);
  });
});
