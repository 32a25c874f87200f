import { describe, expect, it } from "vitest";
import { ART_VERSION, IMAGE_WIDTHS } from "./drawn-image";
import {
  GARMENTS,
  GARMENT_VIEWS,
  STILL_LIFES,
  STILL_PALETTE_NAMES,
  SUBTYPES,
  SURFACES,
  type Subtype,
  VARIATIONS,
  garmentOfSubtype,
  parseGarmentImageParams,
  renderCampaignSvg,
  renderCategoryTileSvg,
  renderGarmentSvg,
  renderStillLifeSvg,
} from "./garment-art";
import { PROMISES, partsOf } from "./garment-art.promises";

const XMLNS = "http://www.w3.org/2000/svg";

function attr(svg: string, name: string): number {
  const m = new RegExp(`^<svg[^>]*\\s${name}="(\\d+)"`).exec(svg);
  if (!m) throw new Error(`no ${name} attribute`);
  return Number(m[1]);
}

/** Checks the document is a single, balanced, self-contained SVG. */
export function expectWellFormed(svg: string) {
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  expect(svg).toContain(`xmlns="${XMLNS}"`);
  expect(svg).not.toMatch(/<script/i);
  expect(svg).not.toMatch(/<image/i);
  expect(svg).not.toMatch(/<text/i);
  expect(svg).not.toMatch(/<foreignObject/i);
  expect(svg.replaceAll(XMLNS, "")).not.toMatch(/http/i);
  expect(svg).not.toMatch(/NaN|undefined|Infinity|null/);
  // Balanced tags: every opened element is closed (or self-closing).
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  // Attributes are never repeated on one element (a parse error for an SVG reader).
  for (const m of svg.matchAll(/<[a-zA-Z]+((?:\s[a-zA-Z-]+="[^"]*")*)\s*\/?>/g)) {
    const names = [...m[1].matchAll(/\s([a-zA-Z-]+)=/g)].map((a) => a[1]);
    expect(new Set(names).size, m[0].slice(0, 80)).toBe(names.length);
  }
  // Every url(#id) / href="#id" reference points at an id defined in the document, ids are unique.
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const m of svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)) expect(ids).toContain(m[1]);
  for (const id of ids) expect(id).toMatch(/^b[0-9a-z]+/);
}

describe("renderGarmentSvg", () => {
  it("renders a well-formed 4:5 SVG for every sub-type × view, on every surface", () => {
    SUBTYPES.forEach((subtype, i) => {
      const surface = SURFACES[i % SURFACES.length];
      for (const view of GARMENT_VIEWS) {
        for (const width of [IMAGE_WIDTHS[0], IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]]) {
          const svg = renderGarmentSvg({ subtype, surface, hex: "#8A9A7B", view, width, variation: i });
          expectWellFormed(svg);
          expect(attr(svg, "width")).toBe(width);
          expect(attr(svg, "height") / attr(svg, "width")).toBe(5 / 4);
          expect(svg).toContain('viewBox="0 0 800 1000"');
          expect(svg).toContain("#8a9a7b");
          expect(svg.length).toBeLessThan(12_000);
        }
      }
    });
  });

  it("draws every sub-type of every garment type, and nothing else", () => {
    for (const garment of GARMENTS) expect(SUBTYPES.some((s) => garmentOfSubtype(s) === garment), garment).toBe(true);
    for (const s of SUBTYPES) expect(GARMENTS).toContain(garmentOfSubtype(s));
  });

  it("paints the surface the URL names, with an id of its own", () => {
    const plain = renderGarmentSvg({ subtype: "shirt", hex: "f3eee6", view: "front", width: 640 });
    expect(plain).not.toContain("<pattern");
    for (const surface of SURFACES.filter((s) => s !== "plain")) {
      const svg = renderGarmentSvg({ subtype: "shirt", surface, hex: "f3eee6", view: "front", width: 640 });
      const id = /<pattern id="([^"]+)"/.exec(svg)?.[1];
      expect(id, surface).toBeTruthy();
      expect(svg).toContain(`fill="url(#${id})"`);
    }
    // Two images on one page never share a pattern id.
    const a = renderGarmentSvg({ subtype: "shirt", surface: "stripes", hex: "f3eee6", view: "front", width: 640 });
    const b = renderGarmentSvg({ subtype: "shirt", surface: "stripes", hex: "a9c0d6", view: "front", width: 640 });
    expect(/<pattern id="([^"]+)"/.exec(a)?.[1]).not.toBe(/<pattern id="([^"]+)"/.exec(b)?.[1]);
  });

  it("accepts the colour with or without '#', in any case", () => {
    const a = renderGarmentSvg({ subtype: "coat", hex: "A4472F", view: "front", width: 640 });
    const b = renderGarmentSvg({ subtype: "coat", hex: "#a4472f", view: "front", width: 640 });
    expect(a).toBe(b);
    expect(a).toContain("#a4472f");
  });

  it("is deterministic", () => {
    for (const subtype of SUBTYPES) {
      const input = { subtype, surface: "tweed" as const, hex: "1b1b1b", view: "detail" as const, width: 960, variation: 3 };
      expect(renderGarmentSvg(input)).toBe(renderGarmentSvg({ ...input }));
    }
  });

  it("gives different images for different views and for every variation", () => {
    for (const subtype of SUBTYPES) {
      const base = { subtype, hex: "f3eee6", width: 640 };
      const front = renderGarmentSvg({ ...base, view: "front" });
      // Every view is another picture, not the front with other ids: the back is drawn from behind.
      const bare = (svg: string) => svg.replace(/\sid="[^"]+"|url\(#[^)]+\)|href="#[^"]+"/g, "");
      for (const view of GARMENT_VIEWS.filter((v) => v !== "front")) expect(bare(renderGarmentSvg({ ...base, view })), `${subtype} ${view}`).not.toBe(bare(front));
      expect(renderGarmentSvg({ ...base, view: "front", variation: 0 })).toBe(front);
      const variations = new Set(Array.from({ length: VARIATIONS }, (_, v) => renderGarmentSvg({ ...base, view: "front", variation: v }).replace(/\sid="[^"]+"|url\(#[^)]+\)/g, "")));
      expect(variations.size, subtype).toBe(VARIATIONS);
    }
  });

  it("outlines the silhouette in ink whatever the colour", () => {
    for (const hex of ["faf8f5", "1c1b1a", "9aa58a"]) {
      for (const subtype of SUBTYPES) {
        const svg = renderGarmentSvg({ subtype, hex, view: "front", width: 640 });
        const outline = /<path id="b[0-9a-z]+-[a-z]+" d="[^"]+" fill="[^"]+" stroke="(#[0-9a-f]{6})" stroke-width="([\d.]+)"/.exec(svg);
        expect(outline, `${subtype} ${hex}`).not.toBeNull();
        expect(["#1b1b1b", "#0f0f0f"]).toContain(outline![1]);
        expect(Number(outline![2])).toBeGreaterThanOrEqual(2.5);
      }
    }
  });

  it("edges a belt's strap in ink, coiled or laid out, its buckle and keeper drawn over it", () => {
    for (const view of ["front", "back"] as const) {
      const svg = renderGarmentSvg({ subtype: "belt", hex: "faf8f5", view, width: 640 });
      expect(svg).toMatch(/<path id="b[0-9a-z]+-strap" d="[^"]+" fill="#faf8f5" stroke="#1b1b1b" stroke-width="3"/);
      expect(svg.indexOf("-buckle")).toBeGreaterThan(svg.indexOf("-strap"));
      expect(svg.indexOf("-keeper")).toBeGreaterThan(svg.indexOf("-strap"));
    }
    // A leather belt shows its holes; a braided one takes the prong through the weave.
    expect(partsOf(renderGarmentSvg({ subtype: "belt", hex: "7a5230", view: "front", width: 640 })).has("holes")).toBe(true);
    expect(partsOf(renderGarmentSvg({ subtype: "belt", surface: "woven", hex: "7a5230", view: "front", width: 640 })).has("holes")).toBe(false);
  });

  it("rejects invalid input", () => {
    expect(() => renderGarmentSvg({ subtype: "hat" as Subtype, hex: "ffffff", view: "front", width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ subtype: "coat", surface: "lace" as never, hex: "ffffff", view: "front", width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ subtype: "coat", hex: "zzzzzz", view: "front", width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ subtype: "coat", hex: "#fff", view: "front", width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ subtype: "coat", hex: "ffffff", view: "side" as never, width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ subtype: "coat", hex: "ffffff", view: "front", width: Number.NaN })).toThrow();
  });
});

describe("each sub-type draws the garment its name promises", () => {
  it.each(Object.entries(PROMISES))("%s", (subtype, promise) => {
    for (const variation of [0, 17, 42]) {
      const parts = partsOf(renderGarmentSvg({ subtype: subtype as Subtype, hex: "9aa58a", view: "front", width: 640, variation }));
      for (const p of promise.has ?? []) expect(parts.has(p), `${subtype} has ${p}`).toBe(true);
      for (const p of promise.not ?? []) expect(parts.has(p), `${subtype} has no ${p}`).toBe(false);
      if (promise.buttons) {
        const [min, max] = promise.buttons;
        expect(parts.get("button") ?? 0, `${subtype} buttons`).toBeGreaterThanOrEqual(min);
        expect(parts.get("button") ?? 0, `${subtype} buttons`).toBeLessThanOrEqual(max);
      }
    }
  });

  it("a gilet never has sleeves, from the front or the back", () => {
    for (const view of GARMENT_VIEWS) for (let v = 0; v < VARIATIONS; v += 7) expect(partsOf(renderGarmentSvg({ subtype: "vest", hex: "e5c3ba", view, width: 480, variation: v })).has("sleeve")).toBe(false);
  });

  it("a double-breasted front has two columns of buttons, a single-breasted one a single column", () => {
    const columns = (subtype: Subtype) => {
      const svg = renderGarmentSvg({ subtype, hex: "1f2a44", view: "front", width: 640 });
      const xs = [...svg.matchAll(/<circle id="b[0-9a-z]+-button\d*" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].filter((m) => Number(m[3]) >= 7).map((m) => Math.round(Number(m[1])));
      return new Set(xs).size;
    };
    expect(columns("coat-double")).toBe(2);
    expect(columns("blazer-double")).toBe(2);
    expect(columns("caban")).toBe(2);
    expect(columns("coat")).toBe(1);
    expect(columns("blazer")).toBe(1);
  });

  it("a pencil skirt is narrow at the hem, an A-line and a pleated skirt flare", () => {
    const hemWidth = (subtype: Subtype) => {
      const svg = renderGarmentSvg({ subtype, hex: "1c1b1a", view: "front", width: 640 });
      const d = /<path id="b[0-9a-z]+-body" d="([^"]+)"/.exec(svg)![1];
      const xs = [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => Number(m[1]));
      return Math.max(...xs) - Math.min(...xs);
    };
    expect(hemWidth("skirt-pencil")).toBeLessThan(320);
    expect(hemWidth("skirt-aline")).toBeGreaterThan(420);
    expect(hemWidth("skirt-pleated")).toBeGreaterThan(480);
  });
});

describe("campaign, category and editorial art", () => {
  it("renders a 16:9 hero and a 4:5 crop for every theme, without text", () => {
    for (const theme of ["donna", "uomo", "accessori"] as const) {
      const wide = renderCampaignSvg({ width: 1600, ratio: "16:9", theme });
      expectWellFormed(wide);
      expect(attr(wide, "width")).toBe(1600);
      expect(attr(wide, "height")).toBe(900);
      const tall = renderCampaignSvg({ width: 640, ratio: "4:5", theme });
      expectWellFormed(tall);
      expect(attr(tall, "height")).toBe(800);
      expect(renderCampaignSvg({ width: 640, ratio: "4:5", theme })).toBe(tall);
    }
    expect(renderCampaignSvg({ width: 960, ratio: "16:9" })).toBe(renderCampaignSvg({ width: 960, ratio: "16:9", theme: "donna" }));
  });

  it("renders a 4:5 tile for every category", () => {
    const tiles = (["donna", "uomo", "accessori"] as const).map((category) => {
      const svg = renderCategoryTileSvg({ category, width: 480 });
      expectWellFormed(svg);
      expect(attr(svg, "width")).toBe(480);
      expect(attr(svg, "height")).toBe(600);
      return svg;
    });
    expect(new Set(tiles).size).toBe(3);
  });

  it("renders every still-life in every palette: well formed, 4:5, and no product drawing in it", () => {
    const seen = new Set<string>();
    for (const composition of STILL_LIFES) {
      for (const palette of STILL_PALETTE_NAMES) {
        const svg = renderStillLifeSvg({ composition, palette, width: 640 });
        expectWellFormed(svg);
        expect(attr(svg, "height")).toBe(800);
        expect(partsOf(svg).size, `${composition} ${palette}`).toBe(0);
        // Never a flat block of colour: several shapes, several paints.
        expect(svg.match(/<path|<rect|<circle|<ellipse/g)!.length).toBeGreaterThan(12);
        expect(new Set(svg.match(/#[0-9a-f]{6}/g)).size).toBeGreaterThan(5);
        seen.add(svg);
      }
    }
    expect(seen.size).toBe(STILL_LIFES.length * STILL_PALETTE_NAMES.length);
    expect(() => renderStillLifeSvg({ composition: "vase" as never, palette: "sage", width: 320 })).toThrow();
  });
});

describe("parseGarmentImageParams", () => {
  const ok = { subtype: "coat", surface: "plain", hex: "A4472F", view: "detail", variation: "17", width: "960" };

  it("accepts valid parts and normalises the colour", () => {
    expect(parseGarmentImageParams(ok)).toEqual({ subtype: "coat", surface: "plain", hex: "a4472f", view: "detail", variation: 17, width: 960 });
    for (const subtype of SUBTYPES)
      for (const surface of SURFACES)
        for (const width of IMAGE_WIDTHS) expect(parseGarmentImageParams({ ...ok, subtype, surface, width: String(width) })).not.toBeNull();
    expect(parseGarmentImageParams({ ...ok, variation: "0" })).not.toBeNull();
    expect(parseGarmentImageParams({ ...ok, variation: String(VARIATIONS - 1) })).not.toBeNull();
  });

  it.each([
    { subtype: "hat" },
    { subtype: "toString" },
    { subtype: "Coat" },
    { subtype: "knit" },
    { surface: "lace" },
    { surface: "constructor" },
    { hex: "zzzzzz" },
    { hex: "#fff" },
    { hex: "fff" },
    { hex: "#ffffff" },
    { hex: "fffffff" },
    { view: "side" },
    { variation: "64" },
    { variation: "07" },
    { variation: "-1" },
    { variation: "" },
    { variation: "1.5" },
    { width: "123" },
    { width: "0640" },
    { width: "640.0" },
    { width: "" },
  ])("rejects %o", (change) => {
    expect(parseGarmentImageParams({ ...ok, ...change })).toBeNull();
  });

  it("has a version string for cache busting", () => {
    expect(ART_VERSION).toMatch(/^\w+$/);
  });
});
