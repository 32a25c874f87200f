import type { ListingEntriesTable } from "~/db/schema";

// A facet profile: what the listing's facets test about a product, apart from its price. Many
// products share one (the same sizes, colours and availability), so a category's facet counts
// come from a few counted profiles instead of its every product (listing_profiles). Sizes and
// colour codes are stored as "|S|M|" sets, which cannot hold "|" or a line break.

export interface FacetProfile {
  sizes: string[];
  colors: string[];
  stockSizes: string[];
  stockColors: string[];
  /** "M:nero": the size and colour of each variant, and of those in stock. */
  pairs: string[];
  stockPairs: string[];
  inStock: boolean;
  onSale: boolean;
}

/** The facets' choices (the price is filtered in SQL). */
export interface FacetChoice {
  sizes: string[];
  colors: string[];
  inStock: boolean;
  onSale: boolean;
}

/** "|S|M|": a set of tokens that `instr`/`strpos` can test without false hits ("|S|" is not in "|XS|"). */
export const tokenSet = (values: Iterable<string>) => {
  const list = [...new Set(values)];
  return list.length ? `|${list.join("|")}|` : "";
};

export const parseTokens = (set: string) => (set ? set.slice(1, -1).split("|") : []);

/** The stored columns of an entry that make its profile. */
export type ProfileColumns = Pick<ListingEntriesTable, "sizes" | "colors" | "stock_sizes" | "stock_colors" | "pairs" | "stock_pairs" | "in_stock" | "on_sale">;

export const profileKey = (row: ProfileColumns) =>
  [Number(row.in_stock) ? 1 : 0, Number(row.on_sale) ? 1 : 0, row.sizes, row.colors, row.stock_sizes, row.stock_colors, row.pairs, row.stock_pairs].join("\n");

export function parseProfile(key: string): FacetProfile {
  const [inStock, onSale, sizes, colors, stockSizes, stockColors, pairs, stockPairs] = key.split("\n");
  return {
    inStock: inStock === "1",
    onSale: onSale === "1",
    sizes: parseTokens(sizes ?? ""),
    colors: parseTokens(colors ?? ""),
    stockSizes: parseTokens(stockSizes ?? ""),
    stockColors: parseTokens(stockColors ?? ""),
    pairs: parseTokens(pairs ?? ""),
    stockPairs: parseTokens(stockPairs ?? ""),
  };
}

/** "M:nero": a variant's size and colour as one token. */
export const pairOf = (size: string, color: string) => `${size}:${color}`;

/**
 * Whether a product of this profile passes the choices: sizes and colours are each "any of", and
 * one variant must have a chosen size and a chosen colour (and be in stock, with "in stock"), so
 * "M in black" never matches a black S and a white M.
 */
export function profileMatches(profile: FacetProfile, choice: FacetChoice): boolean {
  if (choice.inStock && !profile.inStock) return false;
  if (choice.onSale && !profile.onSale) return false;
  if (choice.sizes.length && choice.colors.length) {
    const pairs = choice.inStock ? profile.stockPairs : profile.pairs;
    return choice.sizes.some((size) => choice.colors.some((color) => pairs.includes(pairOf(size, color))));
  }
  const sizes = choice.inStock ? profile.stockSizes : profile.sizes;
  if (choice.sizes.length && !choice.sizes.some((size) => sizes.includes(size))) return false;
  const colors = choice.inStock ? profile.stockColors : profile.colors;
  if (choice.colors.length && !choice.colors.some((color) => colors.includes(color))) return false;
  return true;
}

export interface CountedProfile {
  profile: FacetProfile;
  products: number;
}

export interface FacetCounts {
  total: number;
  /** Per value: the products that would match with it chosen alone, the other facets' choices kept. */
  sizes: Map<string, number>;
  colors: Map<string, number>;
  /** The products that would match with the toggle switched on. */
  inStock: number;
  onSale: number;
}

/** Every facet count of a listing from its counted profiles. */
export function countFacets(profiles: CountedProfile[], choice: FacetChoice, values: { sizes: string[]; colors: string[] }): FacetCounts {
  const counts: FacetCounts = { total: 0, sizes: new Map(values.sizes.map((v) => [v, 0])), colors: new Map(values.colors.map((v) => [v, 0])), inStock: 0, onSale: 0 };
  for (const { profile, products } of profiles) {
    if (products <= 0) continue;
    if (profileMatches(profile, choice)) counts.total += products;
    if (profileMatches(profile, { ...choice, inStock: true })) counts.inStock += products;
    if (profileMatches(profile, { ...choice, onSale: true })) counts.onSale += products;
    for (const size of values.sizes) {
      if (profileMatches(profile, { ...choice, sizes: [size] })) counts.sizes.set(size, counts.sizes.get(size)! + products);
    }
    for (const color of values.colors) {
      if (profileMatches(profile, { ...choice, colors: [color] })) counts.colors.set(color, counts.colors.get(color)! + products);
    }
  }
  return counts;
}

/** The sizes and colours the counted profiles hold (products > 0), in first-seen order. */
export function profileValues(profiles: CountedProfile[]): { sizes: string[]; colors: string[] } {
  const sizes = new Set<string>();
  const colors = new Set<string>();
  for (const { profile, products } of profiles) {
    if (products <= 0) continue;
    for (const size of profile.sizes) sizes.add(size);
    for (const color of profile.colors) colors.add(color);
  }
  return { sizes: [...sizes], colors: [...colors] };
}

/** Adds up counted profiles by key (the stored counts less the scheduled products). */
export function mergeProfiles(rows: { profile: string; products: number }[]): CountedProfile[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.profile, (totals.get(row.profile) ?? 0) + Number(row.products));
  return [...totals].map(([key, products]) => ({ profile: parseProfile(key), products }));
}
