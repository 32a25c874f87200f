import { describe, expect, it } from "vitest";
import { type GuideRow, formatCentimetres, parseCentimetres, shownColumns, suggestSize } from "./size-guide-rules";

// "Trova la tua taglia": the rule that turns a height, a weight and a usual size into a size of
// the guide's table, and the fit that settles a shopper between two sizes.

const row = (size: string, it: string, eu: string, weight: [number, number] | null, height: [number, number] | null = null, foot: number | null = null): GuideRow => ({
  size,
  names: { it, eu, us: "", uk: "" },
  measures: { chest: null, waist: null, hips: null, inseam: null, foot, garmentChest: null, garmentLength: null },
  heightCm: { from: height?.[0] ?? null, to: height?.[1] ?? null },
  weightKg: { from: weight?.[0] ?? null, to: weight?.[1] ?? null },
});

const women = [row("XS", "38", "34", [44, 52]), row("S", "40", "36", [50, 58]), row("M", "42", "38", [56, 65]), row("L", "44", "40", [63, 72]), row("XL", "46", "42", [70, 80])];

describe("suggestSize", () => {
  it("reads a usual size in another system, exactly and case-blind", () => {
    expect(suggestSize(women, "regular", { system: "eu", usual: "38" })).toEqual({ found: true, size: "M", basis: "usual", between: null });
    expect(suggestSize(women, null, { system: "shop", usual: " s " })).toMatchObject({ found: true, size: "S" });
    expect(suggestSize(women, null, { system: "it", usual: "41" })).toMatchObject({ found: true, size: "M" });
  });

  it("refuses a usual size the table does not reach, and says so", () => {
    expect(suggestSize(women, null, { system: "eu", usual: "50" })).toEqual({ found: false, reason: "noUsualMatch" });
    expect(suggestSize(women, null, { system: "eu", usual: "XXL" })).toEqual({ found: false, reason: "noUsualMatch" });
  });

  it("places a body in the weight ranges; outside them it says so", () => {
    expect(suggestSize(women, "regular", { heightCm: 168, weightKg: 60 })).toEqual({ found: true, size: "M", basis: "body", between: null });
    expect(suggestSize(women, "regular", { heightCm: 168, weightKg: 120 })).toEqual({ found: false, reason: "outOfRange" });
    expect(suggestSize(women, "regular", {})).toEqual({ found: false, reason: "nothingToGo" });
  });

  it("between two sizes the fit decides: ample the smaller, small the larger, regular the nearer", () => {
    // 57 kg is in S (50–58) and in M (56–65).
    expect(suggestSize(women, "large", { heightCm: 165, weightKg: 57 })).toEqual({ found: true, size: "S", basis: "body", between: ["S", "M"] });
    expect(suggestSize(women, "small", { heightCm: 165, weightKg: 57 })).toEqual({ found: true, size: "M", basis: "body", between: ["S", "M"] });
    expect(suggestSize(women, "regular", { heightCm: 165, weightKg: 57 })).toMatchObject({ size: "S" });
    expect(suggestSize(women, "regular", { heightCm: 165, weightKg: 64 })).toMatchObject({ size: "M", between: ["M", "L"] });
  });

  it("the usual size stands beside the body; one size apart, the fit decides", () => {
    expect(suggestSize(women, "regular", { heightCm: 168, weightKg: 60, system: "eu", usual: "38" })).toEqual({ found: true, size: "M", basis: "both", between: null });
    // Usual S, body M: an ample cut keeps S, a small one takes M.
    expect(suggestSize(women, "large", { heightCm: 168, weightKg: 60, system: "shop", usual: "S" })).toEqual({ found: true, size: "S", basis: "both", between: ["S", "M"] });
    expect(suggestSize(women, "small", { heightCm: 168, weightKg: 60, system: "shop", usual: "S" })).toMatchObject({ size: "M", between: ["S", "M"] });
    expect(suggestSize(women, "regular", { heightCm: 168, weightKg: 60, system: "shop", usual: "S" })).toMatchObject({ size: "S" });
    // Two sizes apart: the usual size stands.
    expect(suggestSize(women, "small", { heightCm: 168, weightKg: 75, system: "shop", usual: "S" })).toEqual({ found: true, size: "S", basis: "usual", between: null });
  });

  it("height picks between two sizes a weight fits, where the guide gives it", () => {
    const men = [row("46", "46", "46", [60, 72], [165, 176]), row("48", "48", "48", [68, 80], [174, 186])];
    expect(suggestSize(men, "regular", { heightCm: 185, weightKg: 70 })).toMatchObject({ size: "48", between: null });
    expect(suggestSize(men, "regular", { heightCm: 168, weightKg: 70 })).toMatchObject({ size: "46", between: null });
  });

  it("shoes: a half size takes the larger neighbour; beyond the table, none", () => {
    const shoes = [row("38", "38", "38", null, null, 238), row("39", "39", "39", null, null, 245), row("40", "40", "40", null, null, 252)];
    expect(suggestSize(shoes, null, { system: "eu", usual: "38,5" })).toMatchObject({ size: "39" });
    expect(suggestSize(shoes, null, { system: "eu", usual: "40.5" })).toMatchObject({ size: "40" });
    expect(suggestSize(shoes, null, { system: "eu", usual: "42" })).toEqual({ found: false, reason: "noUsualMatch" });
    // Height and weight say nothing of a foot.
    expect(suggestSize(shoes, null, { heightCm: 170, weightKg: 60 })).toEqual({ found: false, reason: "nothingToGo" });
  });
});

describe("lengths", () => {
  it("reads centimetres as staff type them, to millimetres", () => {
    expect(parseCentimetres("84")).toBe(840);
    expect(parseCentimetres("23,5")).toBe(235);
    expect(parseCentimetres(" 23.5 ")).toBe(235);
    for (const bad of ["", "0", "-3", "23,55", "abc", "1e3", "10000"]) expect(parseCentimetres(bad)).toBeNull();
  });

  it("writes them in each language's way", () => {
    expect(formatCentimetres(840, "it")).toBe("84");
    expect(formatCentimetres(235, "it")).toBe("23,5");
    expect(formatCentimetres(235, "en")).toBe("23.5");
  });

  it("shows only the columns some size fills", () => {
    const columns = shownColumns(women);
    expect(columns.systems).toEqual(["it", "eu"]);
    expect(columns.body).toEqual([]);
    expect(columns.fits).toBe(true);
  });
});
