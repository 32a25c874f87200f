import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { catalogue } from "~/db/seed/catalogue";
import { seedDatabase } from "~/db/seed/seed.server";
import { CATALOG_CACHE_TTL_MS, cachedCatalogRead, readCatalogRevision } from "./catalog-cache.server";
import { getCachedProductPage } from "./product.service.server";
import { setVariantStock } from "./stock.service.server";

describeEachDatabase("catalogue cache", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("serves a read again until the catalogue's revision changes or the entry ages out", async () => {
    const { db } = ctx();
    let loads = 0;
    const load = async () => ++loads;
    const now = Date.now();
    expect(await cachedCatalogRead(db, "test|a", load, { now })).toBe(1);
    expect(await cachedCatalogRead(db, "test|a", load, { now: now + 1_000 })).toBe(1);
    expect(await cachedCatalogRead(db, "test|b", load, { now })).toBe(2);
    // Past the time to live the read runs again.
    expect(await cachedCatalogRead(db, "test|a", load, { now: now + CATALOG_CACHE_TTL_MS })).toBe(3);
    // Under another revision too.
    const revision = await readCatalogRevision(db);
    expect(await cachedCatalogRead(db, "test|a", load, { now, revision: `${revision}x` })).toBe(4);
  });

  it("does not keep a failed read", async () => {
    const { db } = ctx();
    let attempts = 0;
    const flaky = async () => {
      attempts++;
      if (attempts === 1) throw new Error("database away");
      return "ok";
    };
    await expect(cachedCatalogRead(db, "test|flaky", flaky)).rejects.toThrow("database away");
    expect(await cachedCatalogRead(db, "test|flaky", flaky)).toBe("ok");
  });

  it("shows a stock change on the next product page, whichever process made it", async () => {
    const { db } = ctx();
    const product = catalogue.products[0];
    const variant = await db
      .selectFrom("variants as v")
      .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "v.product_id").on("t.locale", "=", "it"))
      .select(["v.sku", "v.color_code as color", "v.size"])
      .where("t.slug", "=", product.slug.it)
      .orderBy("v.id")
      .executeTakeFirstOrThrow();
    const wanted = { color: variant.color, size: variant.size };
    await setVariantStock(db, { sku: variant.sku, quantity: 0, origin: "http://localhost" });
    const before = await readCatalogRevision(db);
    const soldOut = await getCachedProductPage(db, "it", product.slug.it, wanted);
    expect(soldOut?.selection.priced.stock).toBe(0);
    await setVariantStock(db, { sku: variant.sku, quantity: 4, origin: "http://localhost" });
    expect(await readCatalogRevision(db)).not.toBe(before);
    const restocked = await getCachedProductPage(db, "it", product.slug.it, wanted);
    expect(restocked?.selection.priced.stock).toBe(4);
  });
});
