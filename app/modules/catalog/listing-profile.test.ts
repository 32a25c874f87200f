import { describe, expect, it } from "vitest";
import { countFacets, mergeProfiles, pairOf, parseProfile, profileKey, profileMatches, profileValues, tokenSet } from "./listing-profile";

const entry = (variants: { size: string; color: string; stock: number }[], onSale = false) => {
  const inStock = variants.filter((v) => v.stock > 0);
  return {
    sizes: tokenSet(variants.map((v) => v.size)),
    colors: tokenSet(variants.map((v) => v.color)),
    stock_sizes: tokenSet(inStock.map((v) => v.size)),
    stock_colors: tokenSet(inStock.map((v) => v.color)),
    pairs: tokenSet(variants.map((v) => pairOf(v.size, v.color))),
    stock_pairs: tokenSet(inStock.map((v) => pairOf(v.size, v.color))),
    in_stock: inStock.length ? 1 : 0,
    on_sale: onSale ? 1 : 0,
  };
};
const none = { sizes: [], colors: [], inStock: false, onSale: false };

describe("facet profiles", () => {
  // Black S in stock, white M in stock, black M sold out.
  const mixed = parseProfile(
    profileKey(
      entry([
        { size: "S", color: "nero", stock: 2 },
        { size: "M", color: "bianco", stock: 1 },
        { size: "M", color: "nero", stock: 0 },
      ]),
    ),
  );

  it("keeps a set's tokens apart: S is not found in XS", () => {
    expect(tokenSet(["XS", "S", "XS"])).toBe("|XS|S|");
    expect(parseProfile(profileKey(entry([{ size: "XS", color: "nero", stock: 1 }]))).sizes).toEqual(["XS"]);
    expect(profileMatches(parseProfile(profileKey(entry([{ size: "XS", color: "nero", stock: 1 }]))), { ...none, sizes: ["S"] })).toBe(false);
  });

  it("matches a size and a colour only on one variant that has both, and in stock when asked", () => {
    expect(profileMatches(mixed, { ...none, sizes: ["M"], colors: ["nero"] })).toBe(true);
    expect(profileMatches(mixed, { ...none, sizes: ["M"], colors: ["nero"], inStock: true })).toBe(false);
    expect(profileMatches(mixed, { ...none, sizes: ["M"], colors: ["bianco"], inStock: true })).toBe(true);
    expect(profileMatches(mixed, { ...none, sizes: ["L", "S"], colors: ["nero"], inStock: true })).toBe(true);
    expect(profileMatches(mixed, { ...none, colors: ["nero"], inStock: true })).toBe(true);
    expect(profileMatches(mixed, { ...none, onSale: true })).toBe(false);
  });

  it("counts each value with the other facets' choices, from profiles shared by many products", () => {
    const plain = profileKey(entry([{ size: "S", color: "nero", stock: 0 }]));
    const profiles = mergeProfiles([
      { profile: profileKey(entry([{ size: "S", color: "nero", stock: 2 }, { size: "M", color: "bianco", stock: 1 }, { size: "M", color: "nero", stock: 0 }])), products: 3 },
      { profile: plain, products: 5 },
      // A scheduled product not yet published takes one off its profile.
      { profile: plain, products: -1 },
    ]);
    expect(profileValues(profiles)).toEqual({ sizes: ["S", "M"], colors: ["nero", "bianco"] });
    const counts = countFacets(profiles, { ...none, colors: ["nero"], inStock: true }, { sizes: ["S", "M"], colors: ["nero", "bianco"] });
    expect(counts.total).toBe(3);
    expect(Object.fromEntries(counts.sizes)).toEqual({ S: 3, M: 0 });
    expect(Object.fromEntries(counts.colors)).toEqual({ nero: 3, bianco: 3 });
    expect(counts.inStock).toBe(3);
    expect(countFacets(profiles, none, { sizes: [], colors: [] }).inStock).toBe(3);
    expect(countFacets(profiles, none, { sizes: [], colors: [] }).total).toBe(7);
  });
});
