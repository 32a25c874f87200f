import { describe, expect, it } from "vitest";
import { type SelectableVariant, selectionSearch, selectVariant } from "./variant-selection";

let id = 0;
const variant = (colorCode: string, size: string, stock: number, priceCents = 10000): SelectableVariant => ({
  id: ++id,
  sku: `SKU-${colorCode}-${size}`,
  colorCode,
  colorName: colorCode.toUpperCase(),
  hex: "#000000",
  size,
  priceCents,
  compareAtCents: null,
  stock,
});

const variants = [
  variant("rosso", "S", 0),
  variant("rosso", "M", 0),
  variant("nero", "S", 2),
  variant("nero", "M", 0, 9000),
  variant("nero", "L", 5),
];

describe("selectVariant", () => {
  it("takes the colour and size from the URL", () => {
    const selection = selectVariant(variants, { color: "nero", size: "M" })!;
    expect(selection.color.code).toBe("nero");
    expect(selection.size).toEqual({ size: "M", sku: "SKU-nero-M", stock: 0 });
    expect(selection.variant?.sku).toBe("SKU-nero-M");
    expect(selection.sizes.map((s) => s.size)).toEqual(["S", "M", "L"]);
  });

  it("falls back to the first colour that can be bought, with no size chosen", () => {
    const selection = selectVariant(variants, { color: "viola", size: "XXL" })!;
    expect(selection.color.code).toBe("nero");
    expect(selection.size).toBeNull();
    expect(selection.variant).toBeNull();
    // The price shown is the colour's cheapest until a size is chosen.
    expect(selection.priced.priceCents).toBe(9000);
    expect(selection.colors.map((c) => [c.code, c.available])).toEqual([
      ["rosso", false],
      ["nero", true],
    ]);
  });

  it("keeps a sold-out colour when asked for it, and a size it lacks is unchosen", () => {
    const selection = selectVariant(variants, { color: "rosso", size: "L" })!;
    expect(selection.color.code).toBe("rosso");
    expect(selection.size).toBeNull();
  });

  it("is null without variants", () => {
    expect(selectVariant([], {})).toBeNull();
  });
});

describe("selectionSearch", () => {
  it("writes the choice as a query string", () => {
    expect(selectionSearch("nero", "M")).toBe("?color=nero&size=M");
    expect(selectionSearch("blu notte", null)).toBe("?color=blu+notte");
  });
});
