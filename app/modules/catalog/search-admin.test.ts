import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import { SynonymActionSchema } from "./search-admin.schema";
import { deleteSynonymGroup, getSearchReport, pruneSearchQueries, saveSynonymGroup } from "./search-admin.service.server";
import { searchEngine } from "./search-engine.server";
import { dayOf, recordSearch, searchCatalogue } from "./search.service.server";
import { parseListingQuery } from "./listing.schema";

const ACTOR = { kind: "staff", staffId: 1, email: "marta@bottega.test" } as const;

/** A plugin that changes nothing: `db.withPlugin(it)` is another handle, with its own caches (another process). */
class Nothing implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

describeEachDatabase("search synonyms and report", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("ships at least 40 synonym groups per language", async () => {
    const rows = await ctx().db.selectFrom("search_synonyms").select(["locale"]).execute();
    expect(rows.filter((r) => r.locale === "it").length).toBeGreaterThanOrEqual(40);
    expect(rows.filter((r) => r.locale === "en").length).toBeGreaterThanOrEqual(40);
  });

  it("validates a group: two words at least, tidied, repeats out", () => {
    const parsed = SynonymActionSchema.safeParse({ intent: "save", locale: "it", terms: " Zanzara ,poncho;  zanzara,\nscarpe  da   ginnastica " });
    expect(parsed.success && parsed.data.intent === "save" && parsed.data.terms).toBe("Zanzara, poncho, scarpe da ginnastica");
    for (const terms of ["solo", " , , ", `a, ${"b".repeat(41)}`, "a, ***", Array.from({ length: 21 }, (_, i) => `w${i}`).join(",")]) {
      expect(SynonymActionSchema.safeParse({ intent: "save", locale: "it", terms }).success, terms).toBe(false);
    }
  });

  it("a group saved or deleted is audited and seen by the next search of every process, with no reindex", async () => {
    const { db } = ctx();
    const other = db.withPlugin(new Nothing());
    expect((await searchEngine(other, "it", "zanzara")).productIds).toEqual([]);
    const id = await saveSynonymGroup(db, { locale: "it", terms: "zanzara, poncho" }, ACTOR);
    expect((await searchEngine(other, "it", "zanzara")).productIds).toHaveLength(1);
    await saveSynonymGroup(db, { id, locale: "it", terms: "zanzara, cardigan" }, ACTOR);
    expect((await searchEngine(other, "it", "zanzara")).productIds).toEqual((await searchEngine(other, "it", "cardigan")).productIds);
    await deleteSynonymGroup(db, id, ACTOR);
    expect((await searchEngine(other, "it", "zanzara")).productIds).toEqual([]);
    const audit = await db.selectFrom("audit_log").select(["action", "entity_id"]).where("entity_type", "=", "search-synonym").orderBy("id").execute();
    expect(audit.map((row) => row.action)).toEqual(["search-synonym.create", "search-synonym.update", "search-synonym.delete"]);
    await expect(deleteSynonymGroup(db, 987_654, ACTOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("counts searches per day, language and normalised words; reports the week; forgets after 90 days", async () => {
    const { db } = ctx();
    const now = new Date("2026-12-10T10:00:00Z");
    const listing = parseListingQuery(new URLSearchParams());
    for (const [q, times] of [["Ombrellino", 3], ["lana", 2]] as const) {
      const result = await searchCatalogue(db, "it", q, listing, now);
      for (let i = 0; i < times; i++) await recordSearch(db, "it", result, now);
    }
    await recordSearch(db, "it", await searchCatalogue(db, "it", "lana", parseListingQuery(new URLSearchParams("size=M")), now), now);
    await recordSearch(db, "it", await searchCatalogue(db, "it", "ombrellino", listing, new Date("2026-11-01T10:00:00Z")), new Date("2026-11-01T10:00:00Z"));
    const report = await getSearchReport(db, now);
    expect(report.since).toBe("2026-12-04");
    expect(report.top.map((r) => [r.query, r.searches])).toEqual([["ombrellino", 3], ["lana", 2]]);
    expect(report.zero.map((r) => r.query)).toEqual(["ombrellino"]);
    // 90 days kept: the day 90 days before is kept, the one before goes.
    expect(await pruneSearchQueries(db, new Date("2027-01-31T10:00:00Z"))).toBe(1);
    expect(await pruneSearchQueries(db, new Date(now.getTime() + 91 * 86_400_000))).toBe(2);
    expect(await db.selectFrom("search_queries").select("day").execute()).toEqual([]);
    expect(dayOf(now)).toBe("2026-12-10");
  });
});
