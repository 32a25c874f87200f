// The drawings the demo shop actually shows, from the seeded catalogue through the pages' own
// services to the drawn SVG: every product's picture is the sub-type its name promises (a gilet
// is drawn without sleeves, a doppiopetto with two rows of buttons…), and no two products on a
// listing's first page, in the new arrivals or in "you may also like" share an identical image.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { catalogue } from "~/db/seed/catalogue";
import { seedDatabase } from "~/db/seed/seed.server";
import { listCategories } from "~/modules/catalog/category.repository.server";
import { parseListingQuery } from "~/modules/catalog/listing.schema";
import { getListing } from "~/modules/catalog/listing.service.server";
import { getNewArrivals, getProductPage } from "~/modules/catalog/product.service.server";
import { ART_VERSION, GARMENT_VIEWS, type GarmentImageParams, parseGarmentImageFile, renderGarmentSvg } from "./garment-art";
import { PROMISES, partsOf } from "./garment-art.promises";
import { garmentStyleOf } from "./garment-style";

/** The drawing a picture URL names (or fails the test). */
function drawnAt(src: string): GarmentImageParams {
  const m = new RegExp(`^/media/g${ART_VERSION}/([^/]+)/([^/]+)$`).exec(src);
  expect(m, src).not.toBeNull();
  const params = parseGarmentImageFile(m![1], m![2]);
  expect(params, src).not.toBeNull();
  return params!;
}

const digest = (svg: string) => createHash("sha256").update(svg).digest("hex");

/** The bytes of a picture, as the media route would serve them. */
const bytesAt = (src: string) => digest(renderGarmentSvg(drawnAt(src)));

describeEachDatabase("the demo catalogue's drawings", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("shows every product, in every colour and view, as the sub-type its name promises", async () => {
    for (const product of catalogue.products) {
      const urls: Record<string, string[]> = {};
      for (const locale of ["it", "en"] as const) {
        for (const color of product.colors) {
          const page = await getProductPage(ctx().db, locale, product.slug[locale], { color });
          expect(page, `${product.key} ${locale}`).not.toBeNull();
          const style = garmentStyleOf(page!.product.name, product.garment);
          expect(page!.gallery.map((image) => image.view)).toEqual([...GARMENT_VIEWS]);
          for (const image of page!.gallery) {
            const drawn = drawnAt(image.src);
            expect({ subtype: drawn.subtype, surface: drawn.surface }, `${product.name[locale]} ${image.view}`).toEqual(style);
            expect(`#${drawn.hex}`).toBe(catalogue.colors.find((c) => c.code === color)!.hex.toLowerCase());
            if (image.view !== "detail") {
              const promise = PROMISES[drawn.subtype];
              const parts = partsOf(renderGarmentSvg(drawn));
              // The back hides the front's plackets and pockets; what must never be there stays absent.
              for (const p of image.view === "front" ? (promise?.has ?? []) : []) expect(parts.has(p), `${product.name[locale]} has ${p}`).toBe(true);
              for (const p of promise?.not ?? []) expect(parts.has(p), `${product.name[locale]} has no ${p}`).toBe(false);
            }
          }
          (urls[locale] ??= []).push(...page!.gallery.map((image) => image.src));
        }
      }
      // The Italian and the English page show the same drawings.
      expect(urls.it).toEqual(urls.en);
    }
  });

  it("never draws a gilet with sleeves, a cardigan without its buttons, a doppiopetto with one row", async () => {
    const drawnFront = async (key: string) => {
      const product = catalogue.products.find((p) => p.key === key)!;
      const page = await getProductPage(ctx().db, "it", product.slug.it, {});
      return partsOf(renderGarmentSvg(drawnAt(page!.gallery[0].src)));
    };
    for (const key of ["mohair-vest", "merino-knit-gilet"]) expect((await drawnFront(key)).has("sleeve"), key).toBe(false);
    expect((await drawnFront("cashmere-cardigan")).get("button")).toBeGreaterThanOrEqual(4);
    expect((await drawnFront("cashmere-cardigan")).has("placket")).toBe(true);
    expect((await drawnFront("extra-fine-merino-turtleneck")).has("turtleneck")).toBe(true);
    expect((await drawnFront("double-breasted-wool-cashmere-coat")).get("button")).toBe(6);
    expect((await drawnFront("cotton-gabardine-trench-coat")).has("belt")).toBe(true);
    expect((await drawnFront("double-breasted-wool-cashmere-coat")).has("belt")).toBe(false);
    expect((await drawnFront("wool-and-cashmere-poncho")).has("sleeve")).toBe(false);
  });

  it("puts no two identical pictures on a listing's first page, in either language", async () => {
    const query = parseListingQuery(new URLSearchParams());
    for (const locale of ["it", "en"] as const) {
      const scopes = [{}, ...(await listCategories(ctx().db, locale)).map((c) => ({ categoryId: c.id }))];
      for (const scope of scopes) {
        const { products } = await getListing(ctx().db, locale, scope, query);
        expect(products.length).toBeGreaterThan(0);
        const srcs = products.map((card) => card.image.src);
        expect(new Set(srcs).size, JSON.stringify(scope)).toBe(srcs.length);
        const bytes = srcs.map(bytesAt);
        expect(new Set(bytes).size, JSON.stringify(scope)).toBe(bytes.length);
      }
    }
  });

  it("puts no two identical pictures in the new arrivals or in a product's 'you may also like'", async () => {
    const arrivals = await getNewArrivals(ctx().db, "it", 8);
    expect(new Set(arrivals.map((card) => bytesAt(card.image.src))).size).toBe(arrivals.length);
    for (const product of catalogue.products) {
      const page = await getProductPage(ctx().db, "it", product.slug.it, {});
      const pictures = [page!.gallery[0].src, ...page!.related.map((card) => card.image.src)].map(bytesAt);
      expect(new Set(pictures).size, product.key).toBe(pictures.length);
    }
  });
});

describe("the drawings' URLs", () => {
  it("name the sub-type, surface, colour, view, variation and width", () => {
    expect(drawnAt(`/media/g${ART_VERSION}/vest/mohair-e5c3ba-front-20-640.svg`)).toEqual({
      subtype: "vest",
      surface: "mohair",
      hex: "e5c3ba",
      view: "front",
      variation: 20,
      width: 640,
    });
    for (const bad of ["hat/plain-e5c3ba-front-20-640.svg", "vest/lace-e5c3ba-front-20-640.svg", "vest/plain-e5c3ba-front-64-640.svg", "vest/plain-e5c3ba-front-20-641.svg", "vest/plain-E5C3BA-front-20-640.svg"]) {
      const [subtype, file] = bad.split("/");
      expect(parseGarmentImageFile(subtype, file), bad).toBeNull();
    }
  });
});
