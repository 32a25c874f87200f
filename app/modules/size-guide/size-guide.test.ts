import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { readCatalogRevision } from "~/modules/base/revision-cache.server";
import { getProductPage } from "~/modules/catalog/product.service.server";
import { isDomainError } from "~/utils/domain-error";
import type { GuideRow } from "./size-guide-rules";
import {
  createSizeGuide,
  deleteSizeGuide,
  getProductSizing,
  getProductSizingForAtelier,
  getSizeGuideForAtelier,
  getSizeGuidePage,
  listSizeGuidesForAtelier,
  saveProductSizing,
  suggestSizeOnPage,
  updateSizeGuide,
} from "./size-guide.service.server";

// The size guide (issue 41 part 2) on both databases: which guide a product uses (its own, its
// category's, an ancestor's), the guide page, the suggestion against the product's own sizes,
// and Atelier's writes with their audit entries and the catalogue cache they refresh.

const actor: AuditActor = { kind: "staff", staffId: 9, email: "taglie@bottega.test" };

const line = (size: string, eu: string, weight: [number, number]): GuideRow => ({
  size,
  names: { it: "", eu, us: "", uk: "" },
  measures: { chest: 900, waist: null, hips: null, inseam: null, foot: null, garmentChest: null, garmentLength: null },
  heightCm: { from: 150, to: 200 },
  weightKg: { from: weight[0], to: weight[1] },
});

async function slugOf(db: Kysely<Database>, categoryPath: string, locale: "it" | "en" = "it"): Promise<{ id: number; slug: string; categoryId: number }> {
  const row = await db
    .selectFrom("products as p")
    .innerJoin("category_translations as c", (join) => join.onRef("c.category_id", "=", "p.category_id").on("c.locale", "=", "it"))
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.locale", "=", locale))
    .select(["p.id", "t.slug", "p.category_id as categoryId"])
    .where("c.path", "=", categoryPath)
    .where("p.status", "=", "published")
    .orderBy("p.id")
    .executeTakeFirstOrThrow();
  return row;
}

describeEachDatabase("the size guide", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("a product uses its category's guide, an ancestor's, or its own", async () => {
    const { db } = ctx();
    // Donna › Abiti names no guide: "Donna" does.
    const dress = await slugOf(db, "donna/abiti");
    const page = await getSizeGuidePage(db, "it", dress.slug);
    expect(page?.guide).toEqual({ name: "Donna — abbigliamento", kind: "clothing" });
    expect(page?.rows.map((row) => row.size)).toEqual(["XS", "S", "M", "L", "XL"]);
    expect(page?.columns).toMatchObject({ systems: ["it", "eu", "us", "uk"], body: ["chest", "waist", "hips"], fits: true });
    expect(page?.alternates.it).toBe(`/guida-taglie/${dress.slug}`);
    expect(page?.alternates.en).toMatch(/^\/en\/size-guide\//);
    // The women's shoes name their own guide, in a category with men's.
    const pumps = await db.selectFrom("products").innerJoin("product_translations as t", "t.product_id", "products.id").select(["products.id", "t.slug"]).where("t.slug", "=", "decollete-in-pelle").executeTakeFirstOrThrow();
    expect((await getSizeGuidePage(db, "it", pumps.slug))?.guide.name).toBe("Scarpe donna");
    const loafers = await db.selectFrom("product_translations").select("slug").where("slug", "=", "mocassini-in-pelle-spazzolata").executeTakeFirstOrThrow();
    expect((await getSizeGuidePage(db, "it", loafers.slug))?.guide.name).toBe("Scarpe uomo e unisex");
    // A bag has none: no link, no page.
    const bag = await slugOf(db, "accessori/borse");
    expect(await getProductSizing(db, bag.id)).toEqual({ hasGuide: false, fit: null, model: null });
    expect(await getSizeGuidePage(db, "it", bag.slug)).toBeNull();
    expect(await getSizeGuidePage(db, "it", "nessun-prodotto")).toBeNull();
  });

  it("the product page says the fit and links the guide", async () => {
    const { db } = ctx();
    const dress = await slugOf(db, "donna/abiti");
    const page = await getProductPage(db, "it", dress.slug, {});
    expect(page?.sizing.guideUrl).toBe(`/guida-taglie/${dress.slug}`);
    expect(["small", "regular", "large"]).toContain(page?.sizing.fit);
    const english = await slugOf(db, "donna/abiti", "en");
    expect((await getProductPage(db, "en", english.slug, {}))?.sizing.guideUrl).toBe(`/en/size-guide/${english.slug}`);
  });

  it("suggests from the table and says whether the piece comes in that size", async () => {
    const { db } = ctx();
    const dress = await slugOf(db, "donna/abiti");
    const page = (await getSizeGuidePage(db, "it", dress.slug))!;
    expect(suggestSizeOnPage(page, { heightCm: 168, weightKg: 60 })).toMatchObject({ found: true, size: "M", offered: true });
    expect(suggestSizeOnPage(page, { system: "eu", usual: "40" })).toMatchObject({ found: true, size: "L" });
    expect(suggestSizeOnPage({ ...page, sizes: ["S", "M"] }, { system: "eu", usual: "40" })).toMatchObject({ found: true, size: "L", offered: false });
    expect(suggestSizeOnPage(page, { system: "eu", usual: "60" })).toMatchObject({ found: false, offered: false });
  });

  it("Atelier creates, edits and deletes a guide, each write audited and the catalogue refreshed", async () => {
    const { db } = ctx();
    const bag = await slugOf(db, "accessori/borse");
    const before = await readCatalogRevision(db);
    const id = await createSizeGuide(db, { kind: "clothing", nameIt: "Borse", nameEn: "Bags", rows: [line("UNI", "", [1, 300])], categoryIds: [bag.categoryId] }, actor);
    expect(await readCatalogRevision(db)).not.toBe(before);
    expect(await getProductSizing(db, bag.id)).toMatchObject({ hasGuide: true });
    await updateSizeGuide(db, id, { kind: "clothing", nameIt: "Borse e zaini", nameEn: "Bags", rows: [line("S", "36", [40, 60]), line("L", "40", [58, 90])], categoryIds: [] }, actor);
    const edited = await getSizeGuideForAtelier(db, id);
    expect(edited).toMatchObject({ nameIt: "Borse e zaini", categoryIds: [] });
    expect(edited?.rows.map((row) => [row.size, row.names.eu, row.measures.chest])).toEqual([
      ["S", "36", 900],
      ["L", "40", 900],
    ]);
    expect(edited?.audit.map((entry) => entry.action)).toEqual(["size-guide.update", "size-guide.create"]);
    expect(edited?.audit[0].before).toMatchObject({ nameIt: "Borse" });
    expect(await getProductSizing(db, bag.id)).toMatchObject({ hasGuide: false });
    // A product naming the guide loses it when the guide goes; the list no longer has it.
    await saveProductSizing(db, bag.id, { guideId: id, fit: "large", modelHeightCm: 178, modelSize: "L", modelChestCm: 96, modelWaistCm: null, modelHipsCm: null }, actor);
    expect(await getProductSizing(db, bag.id)).toEqual({ hasGuide: true, fit: "large", model: { heightCm: 178, size: "L", chestCm: 96, waistCm: null, hipsCm: null } });
    await deleteSizeGuide(db, id, actor);
    expect(await getProductSizing(db, bag.id)).toMatchObject({ hasGuide: false, fit: "large" });
    expect((await listSizeGuidesForAtelier(db, "it")).some((guide) => guide.id === id)).toBe(false);
    expect(await getSizeGuideForAtelier(db, id)).toBeNull();
    const trail = await db.selectFrom("audit_log").select(["action", "entity_type"]).where("entity_id", "=", String(id)).where("entity_type", "=", "size-guide").execute();
    expect(trail.map((entry) => entry.action).sort()).toEqual(["size-guide.create", "size-guide.delete", "size-guide.update"]);
  });

  it("refuses a guide or a product that is not there, and a category that is not there", async () => {
    const { db } = ctx();
    const dress = await slugOf(db, "donna/abiti");
    const refusal = async (work: Promise<unknown>) => work.then(() => null).catch((error: unknown) => (isDomainError(error) ? error.code : error));
    const sizing = { guideId: 999_999, fit: null, modelHeightCm: null, modelSize: null, modelChestCm: null, modelWaistCm: null, modelHipsCm: null };
    expect(await refusal(saveProductSizing(db, dress.id, sizing, actor))).toBe("SIZE_GUIDE_NOT_FOUND");
    expect(await refusal(saveProductSizing(db, 999_999, { ...sizing, guideId: null }, actor))).toBe("PRODUCT_NOT_FOUND");
    const input = { kind: "clothing" as const, nameIt: "X", nameEn: "X", rows: [], categoryIds: [999_999] };
    expect(await refusal(createSizeGuide(db, input, actor))).toBe("SIZE_GUIDE_CATEGORY_UNKNOWN");
    expect(await refusal(updateSizeGuide(db, 999_999, { ...input, categoryIds: [] }, actor))).toBe("SIZE_GUIDE_NOT_FOUND");
    expect(await refusal(deleteSizeGuide(db, 999_999, actor))).toBe("SIZE_GUIDE_NOT_FOUND");
    // Nothing was written by the refusals.
    expect((await getProductSizingForAtelier(db, dress.id, "it"))?.audit).toEqual([]);
  });
});
