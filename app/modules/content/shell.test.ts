import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { QueryCounter } from "../../../tests/support/query-counter";
import { seedDatabase } from "~/db/seed/seed.server";
import { getCategoryPage } from "~/modules/catalog/category.service.server";
import { parseListingQuery } from "~/modules/catalog/listing.schema";
import { getListing } from "~/modules/catalog/listing.service.server";
import { bumpShopRevision, forgetShopReads } from "~/modules/base/revision-cache.server";
import { CATALOG_CACHE_TTL_MS, clearCatalogCache } from "~/modules/base/revision-cache.server";
import { loadShell } from "./shell.server";

describeEachDatabase("page shell", (ctx) => {
  // One handle for the whole suite, as the server has: the shell is cached per handle.
  const counter = new QueryCounter();
  let db: ReturnType<ReturnType<typeof ctx>["db"]["withPlugin"]>;
  beforeAll(async () => {
    await seedDatabase(ctx().db);
    db = ctx().db.withPlugin(counter);
  });

  /** What the server runs for a listing page: the shell (root loader) and the listing (route loader). */
  async function listingPage(path: string, now: number) {
    counter.reset();
    const shell = await loadShell(db, "it", { now });
    const category = await getCategoryPage(db, "it", path);
    await getListing(db, "it", { categoryId: category!.id }, parseListingQuery(new URLSearchParams()));
    return { counter: { count: counter.count, touching: (table: string) => counter.touching(table) }, shell };
  }

  it("reads the menu, banner and settings once: a navigation between two listing pages reads only the revisions", async () => {
    clearCatalogCache(db);
    forgetShopReads(db);
    const start = Date.now();
    const first = await listingPage("donna", start);
    expect(first.shell.menu.length).toBeGreaterThan(0);
    expect(first.counter.touching("banner_messages")).toBe(1);

    const second = await listingPage("uomo", start + 1000);
    expect(second.shell.menu).toEqual(first.shell.menu);
    expect(second.shell.banner).toEqual(first.shell.banner);
    expect(second.counter.touching("banner_messages")).toBe(0);
    expect(second.counter.touching("shop_settings")).toBe(0);
    expect(second.counter.touching("shop_revision")).toBe(1);
    expect(second.counter.touching("catalog_revision")).toBe(1);
    // The listing reads categories for its own page; the menu's full read of the tree is gone.
    expect(second.counter.count).toBeLessThan(first.counter.count);
    expect(first.counter.count - second.counter.count).toBeGreaterThanOrEqual(2);
  });

  it("reads the menu again after the catalogue cache's time to live (well within the spec's 5 minutes); another language has its own menu", async () => {
    clearCatalogCache(db);
    const start = Date.now();
    await listingPage("donna", start);
    const fresh = await listingPage("donna", start + CATALOG_CACHE_TTL_MS - 1000);
    const stale = await listingPage("donna", start + CATALOG_CACHE_TTL_MS + 1000);
    // The stale one reads the menu's tree again on top of what the listing reads.
    expect(stale.counter.count).toBeGreaterThan(fresh.counter.count);

    counter.reset();
    const english = await loadShell(db, "en", { now: start + CATALOG_CACHE_TTL_MS + 2000 });
    expect(english.locale).toBe("en");
    expect(english.banner.messages[0]!.text).toBe("Free shipping from 250 €");
    expect(counter.touching("category_translations")).toBeGreaterThan(0);
    expect(counter.touching("banner_messages")).toBe(0);
  });

  it("shows a banner change made by another process on the next page: the revision moved", async () => {
    // A second handle on the same database plays the other app process.
    const other = ctx().db;
    const before = await loadShell(db, "it");
    const first = await other.selectFrom("banner_messages").select(["id", "text_it"]).orderBy("position").executeTakeFirstOrThrow();
    await other.transaction().execute(async (trx) => {
      await trx.updateTable("banner_messages").set({ text_it: "Saldi d’inverno" }).where("id", "=", first.id).execute();
      await bumpShopRevision(trx);
    });
    try {
      const after = await loadShell(db, "it");
      expect(before.banner.messages[0]!.text).toBe(first.text_it);
      expect(after.banner.messages[0]!.text).toBe("Saldi d’inverno");
    } finally {
      await other.updateTable("banner_messages").set({ text_it: first.text_it }).where("id", "=", first.id).execute();
      await bumpShopRevision(other);
    }
  });

  it("gives the benchmark's control page a shell without any query", async () => {
    counter.reset();
    const shell = await loadShell(db, "it", { control: true });
    expect(shell.menu).toEqual([]);
    expect(counter.count).toBe(0);
  });

  it("gives the banner only plain colours: anything that could leave the style rule becomes the default", async () => {
    const first = await ctx().db.selectFrom("banner_messages").select(["id", "background", "color"]).orderBy("position").executeTakeFirstOrThrow();
    try {
      await ctx().db.updateTable("banner_messages").set({ background: "red}*{x", color: "black" }).where("id", "=", first.id).execute();
      await bumpShopRevision(ctx().db);
      const shell = await loadShell(db, "en");
      const message = shell.banner.messages.find((m) => m.id === first.id)!;
      expect(message.background).toBe("#1B1B1B");
      expect(message.color).toBe("black");
    } finally {
      await ctx().db.updateTable("banner_messages").set({ background: first.background, color: first.color }).where("id", "=", first.id).execute();
      await bumpShopRevision(ctx().db);
    }
  });

});
