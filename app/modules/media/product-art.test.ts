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
import { ART_VERSION } from "./drawn-image";
import { GARMENT_VIEWS, type GarmentImageParams, parseGarmentImageFile, renderGarmentSvg } from "./garment-art";
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

// Drawn once per picture: the Italian and the English page, and the tests below, share them.
const drawings = new Map<string, string>();
const svgAt = (src: string) => {
  let svg = drawings.get(src);
  if (svg === undefined) drawings.set(src, (svg = renderGarmentSvg(drawnAt(src))));
  return svg;
};

/** The bytes of a picture, as the media route would serve them. */
const bytesAt = (src: string) => digest(svgAt(src));

const hexOf = (code: string) => catalogue.colors.find((c) => c.code === code)!.hex.toLowerCase();

// What these tests cost is loading product pages (each a dozen queries) and drawing: every page
// is loaded once per database and language (its default colour), and every picture drawn once.
// A colour changes only the drawing's hex (productDrawing), so the other colours are checked
// through the page's offers (each variant's picture) and the rows of views the page draws from,
// not by loading the page again in each colour and drawing it.
describeEachDatabase("the demo catalogue's drawings", (ctx) => {
  const pages = new Map<string, ReturnType<typeof getProductPage>>();
  const pageOf = (locale: "it" | "en", slug: string) => {
    let page = pages.get(`${locale}/${slug}`);
    if (!page) pages.set(`${locale}/${slug}`, (page = getProductPage(ctx().db, locale, slug, {})));
    return page;
  };

  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  /** Every product's page in a language: its pictures' sub-type, views and colours; returns the pictures' URLs by product. */
  async function checkPages(locale: "it" | "en"): Promise<Map<string, string[]>> {
    // Loaded together: on PostgreSQL the pool's connections wait for the server side by side.
    await Promise.all(catalogue.products.map((product) => pageOf(locale, product.slug[locale])));
    const rows = await ctx().db.selectFrom("product_images").select(["product_id as productId", "color_code as colorCode", "view"]).orderBy("position").orderBy("id").execute();
    const urls = new Map<string, string[]>();
    for (const product of catalogue.products) {
      const page = await pageOf(locale, product.slug[locale]);
      expect(page, `${product.key} ${locale}`).not.toBeNull();
      const style = garmentStyleOf(page!.product.name, product.garment);
      // Every colour has every view to draw, in the gallery's order.
      const own = rows.filter((row) => row.productId === page!.product.id);
      for (const color of product.colors) expect(own.filter((row) => row.colorCode === color).map((row) => row.view), `${product.key} ${color}`).toEqual([...GARMENT_VIEWS]);
      // The shown colour's gallery: every view, drawn as the name promises.
      expect(page!.gallery.map((image) => image.view)).toEqual([...GARMENT_VIEWS]);
      for (const image of page!.gallery) {
        const drawn = drawnAt(image.src);
        expect({ subtype: drawn.subtype, surface: drawn.surface }, `${product.name[locale]} ${image.view}`).toEqual(style);
        expect(`#${drawn.hex}`).toBe(hexOf(page!.selection.color.code));
        // The styled view shows other pieces beside it, the close-ups only part of it: the flats hold the promise.
        if (image.view === "front" || image.view === "back") {
          const promise = PROMISES[drawn.subtype];
          const parts = partsOf(svgAt(image.src));
          // The back hides the front's plackets and pockets; what must never be there stays absent.
          for (const p of image.view === "front" ? (promise?.has ?? []) : []) expect(parts.has(p), `${product.name[locale]} has ${p}`).toBe(true);
          for (const p of promise?.not ?? []) expect(parts.has(p), `${product.name[locale]} has no ${p}`).toBe(false);
        }
      }
      // A small lookbook (issue 40): at least four pictures, each its own bytes, and a back that is
      // another drawing than the front (not only other ids: the markup without them differs).
      expect(page!.gallery.length, product.key).toBeGreaterThanOrEqual(4);
      expect(new Set(page!.gallery.map((image) => bytesAt(image.src))).size, product.key).toBe(page!.gallery.length);
      const bare = (view: string) => svgAt(page!.gallery.find((image) => image.view === view)!.src).replace(/\sid="[^"]+"|url\(#[^)]+\)|href="#[^"]+"/g, "");
      expect(bare("back"), `${product.key}: the back is the front`).not.toBe(bare("front"));
      for (const view of ["styled", "fabric"]) expect(bare(view), `${product.key}: ${view}`).not.toBe(bare("front"));
      // Every colour's picture (each variant's, as the page offers it): the same sub-type, in that colour.
      const offered = page!.offers.map((offer) => drawnAt(offer.image));
      for (const drawn of offered) expect({ subtype: drawn.subtype, surface: drawn.surface }, `${product.name[locale]} offer`).toEqual(style);
      expect(new Set(offered.map((drawn) => `#${drawn.hex}`))).toEqual(new Set(product.colors.map(hexOf)));
      urls.set(product.key, [...page!.gallery.map((image) => image.src), ...page!.offers.map((offer) => offer.image)]);
    }
    return urls;
  }

  it("shows every product, in every colour and view, as the sub-type its name promises (Italian)", async () => {
    await checkPages("it");
  });

  it("shows every product, in every colour and view, as the sub-type its name promises (English, the Italian page's drawings)", async () => {
    const en = await checkPages("en");
    // The Italian and the English page show the same drawings (the Italian pages come from the cache).
    const it = new Map(await Promise.all(catalogue.products.map(async (product) => [product.key, await pageOf("it", product.slug.it)] as const)));
    for (const product of catalogue.products) {
      const page = it.get(product.key)!;
      expect(en.get(product.key), product.key).toEqual([...page!.gallery.map((image) => image.src), ...page!.offers.map((offer) => offer.image)]);
    }
  });

  it("never draws a gilet with sleeves, a cardigan without its buttons, a doppiopetto with one row", async () => {
    const drawnFront = async (key: string) => {
      const product = catalogue.products.find((p) => p.key === key)!;
      const page = await pageOf("it", product.slug.it);
      return partsOf(svgAt(page!.gallery[0].src));
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
      const page = await pageOf("it", product.slug.it);
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
