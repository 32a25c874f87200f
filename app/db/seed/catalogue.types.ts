// Shapes of the deterministic demo catalogue. The seed writer (seed.server.ts)
// turns these into rows; the data itself lives in catalogue.ts.
import type { Locale } from "~/utils/locale";

export type { Locale };
export type Localized<T = string> = Record<Locale, T>;

// The garment types the shop can draw (app/modules/media/garment-art.ts): one list.
import { GARMENTS, type Garment } from "../../modules/media/garment-art";

export { GARMENTS, type Garment };

export interface SeedSeo {
  metaTitle: Localized;
  metaDescription: Localized;
  keywords: Localized;
}

export interface SeedCategory extends SeedSeo {
  /** Stable key, unique across the catalogue, e.g. "donna-abiti". */
  key: string;
  parentKey: string | null;
  position: number;
  name: Localized;
  /** One path segment per locale, lower-case ASCII kebab-case, e.g. { it: "abiti", en: "dresses" }. */
  slug: Localized;
}

export interface SeedColor {
  /** Stable code used in SKUs and URLs, lower-case ASCII, e.g. "salvia". */
  code: string;
  /** Six-digit hex with "#", e.g. "#8A9A7B". */
  hex: string;
  name: Localized;
}

export interface SeedPriceChange {
  /** Days before the seed date when this price took effect (0 = today). */
  daysAgo: number;
  priceCents: number;
}

/** A product's maker, for the product page's safety information (GPSR art. 19). */
export interface SeedManufacturer {
  /** Stable key, lower-case ASCII kebab-case. */
  key: string;
  name: string;
  /** Street, postcode and town, without the country. */
  address: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  email: string;
  /** Required when the maker is established outside the EU. */
  euResponsible?: { name: string; address: string; countryCode: string; email: string };
}

export interface SeedProduct extends SeedSeo {
  /** Stable key, unique, lower-case ASCII kebab-case; also the base of every SKU. */
  key: string;
  /** Key of a leaf category. */
  categoryKey: string;
  garment: Garment;
  /** Key of the maker in the manufacturer list. */
  manufacturerKey: string;
  /** Lower ranks first in the "featured" sort; 1..N, unique. */
  featuredRank: number;
  /** Days before the seed date when the product was published (for "newest"). */
  createdDaysAgo: number;
  name: Localized;
  /** Lower-case ASCII kebab-case, unique per locale across all products. */
  slug: Localized;
  description: Localized;
  composition: Localized;
  care: Localized;
  /** 2–4 colour codes from the colour list. */
  colors: string[];
  /** "XS".."XL" for garments, "38".."46" for tailoring/shoes where apt, ["UNI"] for one-size accessories. */
  sizes: string[];
  /**
   * Price changes of every variant of the product, oldest first. The last entry is the current
   * price. The first entry is the full price.
   */
  priceHistory: SeedPriceChange[];
  /** Present when the product is on sale: the struck-through price (the full price). */
  compareAtCents: number | null;
  /** Units in stock per "color/size" key, for every combination of colors × sizes. */
  stock: Record<string, number>;
}

export interface SeedGlobalSettings {
  messages: string[];
  /** Parallel to messages: a local path (for example "/pages/Shipping") or null for no link. */
  links: (string | null)[];
  background: string;
  color: string;
}

export interface SeedCatalogue {
  manufacturers: SeedManufacturer[];
  categories: SeedCategory[];
  colors: SeedColor[];
  products: SeedProduct[];
  globalSettings: Localized<SeedGlobalSettings>;
}
