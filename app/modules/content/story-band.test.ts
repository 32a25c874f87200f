import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import i18next from "i18next";
import { seedDatabase } from "~/db/seed/seed.server";
import { resources } from "~/i18n/resources";
import { getProductCardsBySlugs } from "~/modules/catalog/product.service.server";
import { getContentPage } from "./content.service.server";
import { getStoryBand, STORY_BAND_PRODUCTS } from "./story-band.service.server";

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: false, defaultNS: "common", interpolation: { escapeValue: false } });

// The demo journal's newest story (the Autumn-Winter collection) links six pieces in its text.
const NAMED_IT = ["abito-sottoveste-in-seta", "dolcevita-in-merino-extrafine", "gonna-a-pieghe-in-lana", "cappotto-in-loden", "cardigan-a-scialle-in-lana", "pantaloni-in-flanella-con-pince"];

describeEachDatabase("shop the story", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("a story's page knows the pieces its text links to, in each language, and shows those on sale as cards in that order", async () => {
    const story = await getContentPage(ctx().db, "blog", "it", "collezione-autunno-inverno", i18n.getFixedT("it", "content"));
    expect(story?.productSlugs).toEqual(NAMED_IT);
    const cards = await getProductCardsBySlugs(ctx().db, "it", [...story!.productSlugs, "non-esiste"]);
    expect(cards.map((card) => card.url)).toEqual(NAMED_IT.map((slug) => `/products/${slug}`));
    expect(cards.every((card) => card.priceCents > 0 && card.image.src)).toBe(true);

    const english = await getContentPage(ctx().db, "blog", "en", "autumn-winter-collection", i18n.getFixedT("en", "content"));
    expect(english?.productSlugs[0]).toBe("silk-slip-dress");
    expect((await getProductCardsBySlugs(ctx().db, "en", english!.productSlugs)).map((card) => card.name)[0]).toBe("Silk slip dress");
  });

  it("the home's band: the newest story naming pieces on sale, with its first four; a piece taken off sale gives its place; none, no band", async () => {
    const band = await getStoryBand(ctx().db, "it");
    expect(band?.story.title).toBe("Autunno-Inverno: la collezione del tempo lento");
    expect(band?.story.url).toBe("/blog/collezione-autunno-inverno");
    expect(band?.products.map((card) => card.url)).toEqual(NAMED_IT.slice(0, STORY_BAND_PRODUCTS).map((slug) => `/products/${slug}`));
    expect((await getStoryBand(ctx().db, "en"))?.story.url).toBe("/en/blog/autumn-winter-collection");

    const productIdOf = async (slug: string) =>
      (await ctx().db.selectFrom("product_translations").select("product_id").where("slug", "=", slug).where("locale", "=", "it").executeTakeFirstOrThrow()).product_id;
    const dress = await productIdOf(NAMED_IT[0]);
    await ctx().db.updateTable("products").set({ status: "draft" }).where("id", "=", dress).execute();
    try {
      expect((await getStoryBand(ctx().db, "it"))?.products.map((card) => card.url)).toEqual(NAMED_IT.slice(1, 1 + STORY_BAND_PRODUCTS).map((slug) => `/products/${slug}`));
    } finally {
      await ctx().db.updateTable("products").set({ status: "published" }).where("id", "=", dress).execute();
    }

    // No recent story names a piece still on sale: no band, rather than an empty one.
    const later = new Date(Date.now() + 1000);
    await ctx().db.updateTable("content").set({ status: "draft" }).where("kind", "=", "blog").execute();
    expect(await getStoryBand(ctx().db, "it", later)).toBeNull();
  });
});
