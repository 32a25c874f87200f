import { describe, expect, it } from "vitest";
import {
  ART_VERSION,
  GARMENTS,
  GARMENT_VIEWS,
  IMAGE_WIDTHS,
  parseGarmentImageParams,
  renderCampaignSvg,
  renderCategoryTileSvg,
  renderGarmentSvg,
  type Garment,
} from "./garment-art";

const XMLNS = "http://www.w3.org/2000/svg";

function attr(svg: string, name: string): number {
  const m = new RegExp(`^<svg[^>]*\\s${name}="(\\d+)"`).exec(svg);
  if (!m) throw new Error(`no ${name} attribute`);
  return Number(m[1]);
}

/** Checks the document is a single, balanced, self-contained SVG. */
function expectWellFormed(svg: string) {
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  expect(svg).toContain(`xmlns="${XMLNS}"`);
  expect(svg).not.toMatch(/<script/i);
  expect(svg).not.toMatch(/<image/i);
  expect(svg).not.toMatch(/<text/i);
  expect(svg).not.toMatch(/<foreignObject/i);
  expect(svg.replaceAll(XMLNS, "")).not.toMatch(/http/i);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  // Balanced tags: every opened element is closed (or self-closing).
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  // Every url(#id) / href="#id" reference points at an id defined in the document, ids are unique.
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const m of svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)) expect(ids).toContain(m[1]);
  for (const id of ids) expect(id).toMatch(/^b[0-9a-z]+/);
}

function luminance(hex: string): number {
  const v = [0, 2, 4].map((i) => {
    const s = parseInt(hex.slice(i, i + 2), 16) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

const contrast = (a: string, b: string) => {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
};

describe("renderGarmentSvg", () => {
  it("renders a well-formed 4:5 SVG for every garment × view × width", () => {
    for (const garment of GARMENTS) {
      for (const view of GARMENT_VIEWS) {
        for (const width of IMAGE_WIDTHS) {
          const svg = renderGarmentSvg({ garment, hex: "#8A9A7B", view, width });
          expectWellFormed(svg);
          expect(attr(svg, "width")).toBe(width);
          expect(attr(svg, "height") / attr(svg, "width")).toBe(5 / 4);
          expect(svg).toContain('viewBox="0 0 800 1000"');
          expect(svg).toContain("#8a9a7b");
          expect(svg.length).toBeLessThan(width <= 480 ? 4096 : 8192);
        }
      }
    }
  });

  it("accepts the colour with or without '#', in any case", () => {
    const a = renderGarmentSvg({ garment: "coat", hex: "A4472F", view: "front", width: 640 });
    const b = renderGarmentSvg({ garment: "coat", hex: "#a4472f", view: "front", width: 640 });
    expect(a).toBe(b);
    expect(a).toContain("#a4472f");
  });

  it("is deterministic", () => {
    for (const garment of GARMENTS) {
      const input = { garment, hex: "1b1b1b", view: "detail" as const, width: 960, variant: 3 };
      expect(renderGarmentSvg(input)).toBe(renderGarmentSvg({ ...input }));
    }
  });

  it("gives different images for different views and variants", () => {
    const base = { garment: "shirt" as Garment, hex: "f3eee6", width: 640 };
    const front = renderGarmentSvg({ ...base, view: "front" });
    expect(renderGarmentSvg({ ...base, view: "back" })).not.toBe(front);
    expect(renderGarmentSvg({ ...base, view: "detail" })).not.toBe(front);
    expect(renderGarmentSvg({ ...base, view: "front", variant: 1 })).not.toBe(front);
    expect(renderGarmentSvg({ ...base, view: "front", variant: 0 })).toBe(front);
  });

  it("keeps small widths smaller than large ones", () => {
    for (const garment of GARMENTS) {
      for (const view of GARMENT_VIEWS) {
        const small = renderGarmentSvg({ garment, hex: "8a9a7b", view, width: 320 });
        const large = renderGarmentSvg({ garment, hex: "8a9a7b", view, width: 1280 });
        expect(small.length).toBeLessThan(large.length);
      }
    }
  });

  it("prefixes ids with a hash of the inputs", () => {
    const a = renderGarmentSvg({ garment: "bag", hex: "1b1b1b", view: "front", width: 640 });
    const b = renderGarmentSvg({ garment: "bag", hex: "a4472f", view: "front", width: 640 });
    const idOf = (s: string) => /\sid="(b[0-9a-z]+?)[a-z]"/.exec(s)?.[1];
    expect(idOf(a)).toBeTruthy();
    expect(idOf(a)).not.toBe(idOf(b));
  });

  it("outlines a light garment with a visibly darker stroke", () => {
    for (const garment of GARMENTS) {
      const svg = renderGarmentSvg({ garment, hex: "faf8f5", view: "front", width: 640 });
      const m = /<g fill="url\(#[^)]+\)" stroke="#([0-9a-f]{6})" stroke-width="([\d.]+)"/.exec(svg);
      expect(m, garment).not.toBeNull();
      const [, stroke, strokeWidth] = m!;
      expect(Number(strokeWidth)).toBeGreaterThanOrEqual(2);
      expect(contrast(stroke, "faf8f5")).toBeGreaterThan(2.5);
    }
  });

  it("rejects invalid input", () => {
    expect(() => renderGarmentSvg({ garment: "hat" as Garment, hex: "ffffff", view: "front", width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ garment: "coat", hex: "zzzzzz", view: "front", width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ garment: "coat", hex: "#fff", view: "front", width: 320 })).toThrow();
    expect(() => renderGarmentSvg({ garment: "coat", hex: "ffffff", view: "front", width: Number.NaN })).toThrow();
  });
});

describe("campaign and category art", () => {
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
});

describe("parseGarmentImageParams", () => {
  it("accepts valid parts and normalises the colour", () => {
    expect(parseGarmentImageParams({ garment: "coat", hex: "A4472F", view: "detail", width: "960" })).toEqual({
      garment: "coat",
      hex: "a4472f",
      view: "detail",
      width: 960,
    });
    for (const garment of GARMENTS)
      for (const view of GARMENT_VIEWS)
        for (const width of IMAGE_WIDTHS)
          expect(parseGarmentImageParams({ garment, hex: "faf8f5", view, width: String(width) })).not.toBeNull();
  });

  it.each([
    { garment: "hat", hex: "ffffff", view: "front", width: "640" },
    { garment: "toString", hex: "ffffff", view: "front", width: "640" },
    { garment: "Coat", hex: "ffffff", view: "front", width: "640" },
    { garment: "coat", hex: "zzzzzz", view: "front", width: "640" },
    { garment: "coat", hex: "#fff", view: "front", width: "640" },
    { garment: "coat", hex: "fff", view: "front", width: "640" },
    { garment: "coat", hex: "#ffffff", view: "front", width: "640" },
    { garment: "coat", hex: "fffffff", view: "front", width: "640" },
    { garment: "coat", hex: "ffffff", view: "side", width: "640" },
    { garment: "coat", hex: "ffffff", view: "front", width: "123" },
    { garment: "coat", hex: "ffffff", view: "front", width: "0640" },
    { garment: "coat", hex: "ffffff", view: "front", width: "640.0" },
    { garment: "coat", hex: "ffffff", view: "front", width: "" },
  ])("rejects %o", (p) => {
    expect(parseGarmentImageParams(p)).toBeNull();
  });

  it("has a version string for cache busting", () => {
    expect(ART_VERSION).toMatch(/^\w+$/);
  });
});
