import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import { createMediaWorker } from "~/modules/media/media-worker.server";
import { createDiskStorage } from "~/modules/media/storage.server";
import { isDomainError } from "~/utils/domain-error";
import { readCatalogRevision } from "./catalog-cache.server";
import { createCategory, deleteCategory } from "./category-admin.service.server";
import { getCategoryTile, getCachedHomeTilePhotos, removeCategoryTile, setCategoryTile, updateCategoryTile } from "./category-tile.service.server";
import { getMenu } from "./category.service.server";

// A category's tile photograph through the service (both databases): audited on the category,
// shown on the home page's tiles once ready (every process: the catalogue revision rises),
// replaced, refocused and removed with its files; refusals and forged ids leave nothing.

const actor = { kind: "staff", staffId: 1, email: "marta@bottega.test" } as const;
const photo = (hex: string, width = 800, height = 1000) => sharp({ create: { width, height, channels: 3, background: hex } }).jpeg().toBuffer();
const code = (promise: Promise<unknown>) => promise.then(() => "accepted", (error: unknown) => (isDomainError(error) ? `${error.code}${error.field ? `@${error.field}` : ""}` : String(error)));

describeEachDatabase("category tile photographs", (ctx) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-tiles-"));
  const storage = createDiskStorage(root);
  let donna: number;
  const files = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const audit = () => ctx().db.selectFrom("audit_log").select(["action", "entity_id as entityId"]).where("action", "like", "category.tile.%").orderBy("id").execute();
  const revision = async () => Number(await readCatalogRevision(ctx().db));

  beforeAll(async () => {
    await seedDatabase(ctx().db);
    donna = (await getMenu(ctx().db, "it"))[0]!.id;
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("shows the drawing until the photograph is ready, then the photograph on the home page's tile", async () => {
    const { db } = ctx();
    expect(await getCachedHomeTilePhotos(db, "it")).toEqual([]);
    await setCategoryTile(db, storage, { categoryId: donna, bytes: await photo("#aa3322", 1200, 900), altIt: "Abiti di lino", altEn: "Linen dresses", actor });
    expect(await getCategoryTile(db, donna)).toMatchObject({ status: "pending", image: null, altIt: "Abiti di lino", width: 1200, height: 900 });
    expect(await getCachedHomeTilePhotos(db, "it")).toEqual([]);

    const before = await revision();
    expect(await createMediaWorker(db, storage).runOnce()).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(await revision()).toBeGreaterThan(before);
    const [tile] = await getCachedHomeTilePhotos(db, "en");
    expect(tile).toMatchObject({ categoryId: donna, alt: "Linen dresses" });
    expect(tile!.image.src).toMatch(/^\/media\/p\/[0-9a-f]{40}\/\d+\.jpg$/);
    expect(tile!.image.sources!.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(tile!.image.height / tile!.image.width).toBe(1.25);
    expect(await getCategoryTile(db, donna)).toMatchObject({ status: "ready" });
    expect(await audit()).toEqual([{ action: "category.tile.set", entityId: String(donna) }]);
  });

  it("changes alt texts and focal point, replaces and removes the photograph, each audited", async () => {
    const { db } = ctx();
    let at = await revision();
    await updateCategoryTile(db, { categoryId: donna, altIt: "Lino", altEn: "Linen", focal: { x: 0.3, y: 0.5 }, actor });
    expect(await revision()).toBeGreaterThan(at);
    expect(await getCategoryTile(db, donna)).toMatchObject({ altIt: "Lino", focalX: 30, focalY: 50, status: "pending" });
    // The current crop keeps showing while the new one is made.
    expect((await getCachedHomeTilePhotos(db, "it"))[0]).toMatchObject({ alt: "Lino" });
    await createMediaWorker(db, storage).runOnce();
    // The same values again: nothing recorded.
    await updateCategoryTile(db, { categoryId: donna, altIt: "Lino", altEn: "Linen", focal: { x: 0.3, y: 0.5 }, actor });

    const first = (await getCachedHomeTilePhotos(db, "it"))[0]!.image.src;
    await setCategoryTile(db, storage, { categoryId: donna, bytes: await photo("#2233aa"), altIt: "Nuova", altEn: "New", actor });
    // The old photograph left at once (drawing until the new one is ready), its asset with it.
    expect(await getCachedHomeTilePhotos(db, "it")).toEqual([]);
    expect((await db.selectFrom("media_assets").select("id").execute()).length).toBe(1);
    await createMediaWorker(db, storage).runOnce();
    const second = (await getCachedHomeTilePhotos(db, "it"))[0]!.image.src;
    expect(second).not.toBe(first);

    at = await revision();
    await removeCategoryTile(db, storage, { categoryId: donna, actor });
    expect(await revision()).toBeGreaterThan(at);
    expect(await getCategoryTile(db, donna)).toBeNull();
    expect(await getCachedHomeTilePhotos(db, "it")).toEqual([]);
    expect(await db.selectFrom("media_assets").select("id").execute()).toEqual([]);
    expect(files()).toBe(0);
    expect((await audit()).map((a) => a.action)).toEqual(["category.tile.set", "category.tile.update", "category.tile.set", "category.tile.remove"]);
  });

  it("refuses bad files at the tile field and forged ids, leaving nothing", async () => {
    const { db } = ctx();
    const entries = (await audit()).length;
    expect(await code(setCategoryTile(db, storage, { categoryId: donna, bytes: Buffer.from("%PDF-1.4\n%%EOF"), altIt: "", altEn: "", actor }))).toBe("IMAGE_TYPE@tile");
    expect(await code(setCategoryTile(db, storage, { categoryId: donna, bytes: await photo("#000000", 1, 6000), altIt: "", altEn: "", actor }))).toBe("IMAGE_DIMENSIONS@tile");
    expect(await code(setCategoryTile(db, storage, { categoryId: 987_654, bytes: await photo("#000000"), altIt: "", altEn: "", actor }))).toBe("CATEGORY_NOT_FOUND");
    expect(await code(updateCategoryTile(db, { categoryId: donna, altIt: "", altEn: "", focal: { x: 0.5, y: 0.5 }, actor }))).toBe("CATEGORY_TILE_MISSING");
    expect(await code(removeCategoryTile(db, storage, { categoryId: 987_654, actor }))).toBe("CATEGORY_NOT_FOUND");
    expect((await audit()).length).toBe(entries);
    expect(await db.selectFrom("media_assets").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("category_tiles").select("category_id").execute()).toEqual([]);
    expect(files()).toBe(0);
  });

  it("deletes a category's tile photograph, asset and files with the category", async () => {
    const { db } = ctx();
    const text = (name: string) => ({ name, slug: "", metaTitle: "", metaDescription: "", keywords: "" });
    const id = await createCategory(db, { parentId: null, texts: { it: text("Cappelli"), en: text("Hats") } }, actor);
    await setCategoryTile(db, storage, { categoryId: id, bytes: await photo("#556677"), altIt: "", altEn: "", actor });
    await createMediaWorker(db, storage).runOnce();
    expect(files()).toBeGreaterThan(1);
    await deleteCategory(db, id, actor, new Date(), storage);
    expect(await db.selectFrom("category_tiles").select("category_id").execute()).toEqual([]);
    expect(await db.selectFrom("media_assets").select("id").execute()).toEqual([]);
    expect(files()).toBe(0);
  });
});
