import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedDatabase } from "~/db/seed/seed.server";
import { readCatalogRevision } from "~/modules/base/revision-cache.server";
import { getNewArrivals, getProductPage } from "~/modules/catalog/product.service.server";
import { isDomainError } from "~/utils/domain-error";
import { createMediaWorker } from "./media-worker.server";
import { removeAssetFiles } from "./media.service.server";
import {
  addProductPhoto,
  deletePhotosOfProduct,
  deleteProductPhoto,
  getProductPhotosPage,
  moveProductPhoto,
  setProductPhotoCover,
  setProductPhotoFocus,
  updateProductPhoto,
} from "./product-photos.service.server";
import { createDiskStorage } from "./storage.server";

// A product's photographs through the service (both databases): every write audited on the
// product, the storefront's cards and gallery showing ready photographs (cover first, per
// colour) and drawings otherwise, forged ids and colours refused, nothing left of a refusal.

const actor = { kind: "staff", staffId: 1, email: "marta@bottega.test" } as const;

const photo = (hex: string, width = 800, height = 1000) => sharp({ create: { width, height, channels: 3, background: hex } }).jpeg().toBuffer();

describeEachDatabase("product photographs", (ctx) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-photos-"));
  const storage = createDiskStorage(root);
  let product: { id: number; slug: string; slugEn: string; colors: string[] };
  let other: number;

  beforeAll(async () => {
    const { db } = ctx();
    await seedDatabase(db);
    const cards = await getNewArrivals(db, "it", 8);
    const card = cards.find((c) => c.colors.length >= 2)!;
    const slug = card.url.split("/").pop()!;
    const slugEn = (await getNewArrivals(db, "en", 8)).find((c) => c.id === card.id)!.url.split("/").pop()!;
    product = { id: card.id, slug, slugEn, colors: card.colors.map((c) => c.code) };
    other = cards.find((c) => c.id !== card.id)!.id;
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const audit = () => ctx().db.selectFrom("audit_log").select(["action", "entity_id as entityId", "actor"]).where("action", "like", "product.photo.%").orderBy("id").execute();
  const worker = () => createMediaWorker(ctx().db, storage);

  it("shows drawings until a photograph is ready, then the photograph on the card and in the gallery", async () => {
    const { db } = ctx();
    const [first, second] = product.colors;
    const before = await getProductPage(db, "it", product.slug, { color: first });
    expect(before!.gallery.every((image) => image.src.endsWith(".svg"))).toBe(true);

    const everyColour = await addProductPhoto(db, storage, { productId: product.id, bytes: await photo("#aa3322"), color: "", altIt: "Vista di fronte", altEn: "Front view", actor });
    const secondOnly = await addProductPhoto(db, storage, { productId: product.id, bytes: await photo("#2233aa"), color: second!, altIt: "", altEn: "", actor });
    // Processing: nothing shows yet.
    expect((await getProductPage(db, "it", product.slug, { color: first }))!.gallery[0]!.src).toMatch(/\.svg$/);
    const page = (await getProductPhotosPage(db, product.id, "en"))!;
    expect(page.photos.map((p) => [p.id, p.status, p.isCover, p.colorCode])).toEqual([
      [everyColour, "pending", true, null],
      [secondOnly, "pending", false, second],
    ]);

    const revision = Number(await readCatalogRevision(db));
    expect(await worker().runOnce()).toEqual({ done: 2, retrying: 0, failed: 0 });
    expect(Number(await readCatalogRevision(db))).toBeGreaterThan(revision);

    const ofFirst = (await getProductPage(db, "en", product.slugEn, { color: first }))!;
    expect(ofFirst.gallery).toHaveLength(1);
    expect(ofFirst.gallery[0]).toMatchObject({ view: "photo", alt: "Front view", width: 640, height: 800 });
    expect(ofFirst.gallery[0]!.src).toMatch(/^\/media\/p\/[0-9a-f]{40}\/640\.jpg$/);
    expect(ofFirst.gallery[0]!.sources!.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    const ofSecond = (await getProductPage(db, "it", product.slug, { color: second }))!;
    // The cover first, then the colour's own; alt texts in the page's language, else the product and colour.
    expect(ofSecond.gallery.map((image) => image.alt)).toEqual(["Vista di fronte", `${ofSecond.product.name}, ${ofSecond.selection.color.name}`]);

    const card = (await getNewArrivals(db, "it", 8)).find((c) => c.id === product.id)!;
    expect(card.image.src).toMatch(/^\/media\/p\//);
    expect(card.image.alt).toBe("Vista di fronte");
    // Other products keep their drawings.
    expect((await getNewArrivals(db, "it", 8)).find((c) => c.id === other)!.image.src).toMatch(/\.svg$/);
    expect(await audit()).toEqual([
      { action: "product.photo.add", entityId: String(product.id), actor: actor.email },
      { action: "product.photo.add", entityId: String(product.id), actor: actor.email },
    ]);
  });

  it("reorders, changes the cover, texts and focal point, each audited and refreshing the storefront", async () => {
    const { db } = ctx();
    const [first, second] = product.colors;
    const [cover, next] = (await getProductPhotosPage(db, product.id, "it"))!.photos;
    let revision = Number(await readCatalogRevision(db));
    const moved = async () => {
      const now = Number(await readCatalogRevision(db));
      const changed = now > revision;
      revision = now;
      return changed;
    };

    await moveProductPhoto(db, { productId: product.id, photoId: next!.id, direction: "up", actor });
    expect((await getProductPhotosPage(db, product.id, "it"))!.photos.map((p) => p.id)).toEqual([next!.id, cover!.id]);
    expect(await moved()).toBe(true);
    // At the top already: nothing moves, nothing is recorded.
    await moveProductPhoto(db, { productId: product.id, photoId: next!.id, direction: "up", actor });
    expect(await moved()).toBe(false);

    await setProductPhotoCover(db, { productId: product.id, photoId: next!.id, actor });
    expect((await getProductPhotosPage(db, product.id, "it"))!.photos.map((p) => p.isCover)).toEqual([true, false]);
    expect(await moved()).toBe(true);
    const ofSecond = (await getProductPage(db, "it", product.slug, { color: second }))!;
    expect(ofSecond.gallery.map((i) => i.alt)).toEqual([`${ofSecond.product.name}, ${ofSecond.selection.color.name}`, "Vista di fronte"]);

    await updateProductPhoto(db, { productId: product.id, photoId: next!.id, color: "", altIt: "Retro", altEn: "Back", actor });
    expect(await moved()).toBe(true);
    expect((await getProductPage(db, "en", product.slugEn, { color: first }))!.gallery.map((i) => i.alt)).toEqual(["Back", "Front view"]);

    const shownBefore = (await getProductPage(db, "it", product.slug, { color: first }))!.gallery[0]!.src;
    await setProductPhotoFocus(db, { productId: product.id, photoId: next!.id, focal: { x: 0.5, y: 0.1 }, actor });
    expect((await getProductPhotosPage(db, product.id, "it"))!.photos[0]).toMatchObject({ status: "pending", focalY: 10 });
    await worker().runOnce();
    // An 800 × 1000 picture is its own 4:5 crop: the same pixels, but a new set of variants.
    const shownAfter = (await getProductPage(db, "it", product.slug, { color: first }))!.gallery[0]!.src;
    expect(shownAfter).not.toBe(shownBefore);
    expect((await audit()).map((a) => a.action).slice(2)).toEqual(["product.photo.move", "product.photo.cover", "product.photo.update", "product.photo.focus"]);
  });

  it("refuses forged ids and colours, and a refused upload leaves nothing", async () => {
    const { db } = ctx();
    const [mine] = (await getProductPhotosPage(db, product.id, "it"))!.photos;
    const entries = (await audit()).length;
    const assets = (await db.selectFrom("media_assets").select("id").execute()).length;
    const files = fs.readdirSync(root, { recursive: true }).length;
    const code = (promise: Promise<unknown>) => promise.then(() => "accepted", (error: unknown) => (isDomainError(error) ? `${error.code}${error.field ? `@${error.field}` : ""}` : String(error)));

    expect(await code(setProductPhotoCover(db, { productId: other, photoId: mine!.id, actor }))).toBe("PHOTO_NOT_FOUND");
    expect(await code(deleteProductPhoto(db, storage, { productId: product.id, photoId: 999_999, actor }))).toBe("PHOTO_NOT_FOUND");
    expect(await code(updateProductPhoto(db, { productId: product.id, photoId: mine!.id, color: "nope", altIt: "", altEn: "", actor }))).toBe("PHOTO_COLOR@color");
    expect(await code(addProductPhoto(db, storage, { productId: 999_999, bytes: await photo("#000000"), color: "", altIt: "", altEn: "", actor }))).toBe("PHOTO_NOT_FOUND");
    expect(await code(addProductPhoto(db, storage, { productId: product.id, bytes: Buffer.from("%PDF-1.4\n%%EOF"), color: "", altIt: "", altEn: "", actor }))).toBe("IMAGE_TYPE@photo");
    expect(await code(addProductPhoto(db, storage, { productId: product.id, bytes: await photo("#000000", 1, 6000), color: "", altIt: "", altEn: "", actor }))).toBe("IMAGE_DIMENSIONS@photo");

    expect((await audit()).length).toBe(entries);
    expect((await db.selectFrom("media_assets").select("id").execute()).length).toBe(assets);
    expect(fs.readdirSync(root, { recursive: true }).length).toBe(files);
  });

  it("deletes a photograph: the cover passes on, its files go, the drawings return with the last", async () => {
    const { db } = ctx();
    const [cover, rest] = (await getProductPhotosPage(db, product.id, "it"))!.photos;
    await deleteProductPhoto(db, storage, { productId: product.id, photoId: cover!.id, actor });
    expect((await getProductPhotosPage(db, product.id, "it"))!.photos.map((p) => [p.id, p.isCover])).toEqual([[rest!.id, true]]);
    await deleteProductPhoto(db, storage, { productId: product.id, photoId: rest!.id, actor });
    expect((await getProductPage(db, "it", product.slug, { color: product.colors[0] }))!.gallery.every((image) => image.src.endsWith(".svg"))).toBe(true);
    expect(await db.selectFrom("media_assets").select("id").execute()).toEqual([]);
    expect(fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
    expect((await audit()).slice(-2).map((a) => a.action)).toEqual(["product.photo.delete", "product.photo.delete"]);
  });

  it("removes every photograph of a product being deleted, assets and files with them", async () => {
    const { db } = ctx();
    await addProductPhoto(db, storage, { productId: other, bytes: await photo("#445566"), color: "", altIt: "", altEn: "", actor });
    await addProductPhoto(db, storage, { productId: other, bytes: await photo("#665544"), color: "", altIt: "", altEn: "", actor });
    await worker().runOnce();
    const files = await db.transaction().execute((trx) => deletePhotosOfProduct(trx, other));
    for (const removed of files) await removeAssetFiles(db, storage, removed);
    expect(files).toHaveLength(2);
    expect(await db.selectFrom("product_photos").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("media_assets").select("id").execute()).toEqual([]);
    expect(fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
  });
});
