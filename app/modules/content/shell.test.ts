import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { QueryCounter } from "../../../tests/support/query-counter";
import { seedDatabase } from "~/db/seed/seed.server";
import { getCategoryPage } from "~/modules/catalog/category.service.server";
import { parseListingQuery } from "~/modules/catalog/listing.schema";
import { getListing } from "~/modules/catalog/listing.service.server";
import { SHELL_TTL_MS, invalidateShell, loadShell } from "./shell.server";

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

  it("reads the menu and settings once: a navigation between two listing pages does not read them again", async () => {
    invalidateShell(db);
    const start = Date.now();
    const first = await listingPage("donna", start);
    expect(first.shell.menu.length).toBeGreaterThan(0);
    expect(first.counter.touching("global_settings")).toBe(1);

    const second = await listingPage("uomo", start + 1000);
    expect(second.shell.menu).toEqual(first.shell.menu);
    expect(second.counter.touching("global_settings")).toBe(0);
    expect(second.counter.touching("shop_settings")).toBe(0);
    // The listing reads categories for its own page; the menu's full read of the tree is gone.
    expect(second.counter.count).toBeLessThan(first.counter.count);
    expect(first.counter.count - second.counter.count).toBeGreaterThanOrEqual(2);
  });

  it("is stale after 5 minutes and reads again; another language has its own shell", async () => {
    invalidateShell(db);
    const start = Date.now();
    await listingPage("donna", start);
    const fresh = await listingPage("donna", start + SHELL_TTL_MS - 1000);
    expect(fresh.counter.touching("global_settings")).toBe(0);
    const stale = await listingPage("donna", start + SHELL_TTL_MS + 1000);
    expect(stale.counter.touching("global_settings")).toBe(1);

    counter.reset();
    const english = await loadShell(db, "en", { now: start + SHELL_TTL_MS + 2000 });
    expect(english.locale).toBe("en");
    expect(counter.touching("global_settings")).toBe(1);
  });

  it("gives the benchmark's control page a shell without any query", async () => {
    counter.reset();
    const shell = await loadShell(db, "it", { control: true });
    expect(shell.menu).toEqual([]);
    expect(counter.count).toBe(0);
  });

  it("gives the banner only plain colours: anything that could leave the style rule becomes the default", async () => {
    const original = await ctx().db.selectFrom("global_settings").select(["background", "color"]).where("locale", "=", "en").executeTakeFirstOrThrow();
    try {
      await ctx().db.updateTable("global_settings").set({ background: "red}*{display:none", color: " rgb(0, 0, 0) " }).where("locale", "=", "en").execute();
      invalidateShell(db);
      const shell = await loadShell(db, "en");
      expect(shell.settings.globalMessagesBackground).toBe("#1B1B1B");
      expect(shell.settings.globalMessagesColor).toBe("rgb(0, 0, 0)");
    } finally {
      await ctx().db.updateTable("global_settings").set(original).where("locale", "=", "en").execute();
      invalidateShell(db);
    }
  });
});
