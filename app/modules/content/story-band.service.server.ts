import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { productUrl } from "~/modules/base/page-urls";
import { getProductCardsBySlugs, type ProductCard } from "~/modules/catalog/product.service.server";
import { listStoriesNamingProducts, type StoryNamingProducts } from "./content.service.server";

/** The pieces beside the home's story picture. */
export const STORY_BAND_PRODUCTS = 4;
/** A band needs at least this many pieces still on sale, or the home shows no band. */
const STORY_BAND_MINIMUM = 2;

export interface StoryBand {
  story: StoryNamingProducts;
  products: ProductCard[];
}

/**
 * The home's "story and products" band: the newest journal story whose text names at least two
 * pieces still on sale, with the first four of them; null when no recent story does.
 */
export async function getStoryBand(db: Kysely<Database>, locale: Locale, now = new Date()): Promise<StoryBand | null> {
  const stories = await listStoriesNamingProducts(db, locale, now);
  // The pieces of every candidate in one read (a story whose pieces left the shop gives its
  // place to the next), then each story's in the order its text names them.
  const cards = await getProductCardsBySlugs(db, locale, [...new Set(stories.flatMap((story) => story.productSlugs))], now);
  const byUrl = new Map(cards.map((card) => [card.url, card]));
  for (const story of stories) {
    const products = story.productSlugs.flatMap((slug) => byUrl.get(productUrl(slug, locale)) ?? []);
    if (products.length >= STORY_BAND_MINIMUM) return { story, products: products.slice(0, STORY_BAND_PRODUCTS) };
  }
  return null;
}
