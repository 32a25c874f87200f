/**
 * Bottega's drawn pictures: product flats by sub-type, the campaign hero and the category tiles.
 *
 * Pure TypeScript (no Node APIs, no dependencies, no network): every picture is drawn from what
 * its URL names — for a product, its sub-type (a vest, a pencil skirt, a trench…), its cloth's
 * surface, its colour, the view and the product's own variation — so the same URL always gives
 * the same bytes. The drawings themselves live in ./art/ (one file per family of garments).
 */
import { ART_VERSION, IMAGE_WIDTHS } from "./drawn-image";
import { backdrop as backdropGradient, composeGarment, placeGarment, shadowFilter } from "./art/compose";
import { composeFabric, composeStyled } from "./art/lookbook";
import { INK as PALETTE_INK, colorsFor, shortHash } from "./art/kit";
import { type GarmentType, type Subtype, LIBRARY, SUBTYPES, isSubtype } from "./art/library";
import { STILL_LIFES, STILL_PALETTE_NAMES, type StillLife, type StillPalette, drawStillLife } from "./art/still-life";
import { type Surface, SURFACES, isSurface } from "./art/surfaces";

export type Garment = GarmentType;

/** The garment types a product can be (the category's kind of clothing). */
export const GARMENTS = [
  "dress",
  "shirt",
  "knit",
  "trousers",
  "skirt",
  "coat",
  "jacket",
  "bag",
  "shoes",
  "scarf",
  "belt",
] as const satisfies readonly Garment[];

export { SUBTYPES, SURFACES, type Subtype, type Surface };
export { isSubtype, isSurface };

/**
 * A product's drawn gallery, in the order the product page shows it: the flat from the front,
 * the garment styled (on a dress form, or with what goes with it), the back, the cloth seen close
 * (drawn as cloth), and a detail of the garment.
 */
export const GARMENT_VIEWS = ["front", "styled", "back", "fabric", "detail"] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

export const isGarmentView = (v: string): v is GarmentView => (GARMENT_VIEWS as readonly string[]).includes(v);


/** How many variations of proportion and framing a sub-type has (a product picks one from its id). */
export const VARIATIONS = 64;


export const PALETTE = {
  ivory: "#faf8f5",
  ink: PALETTE_INK,
  stone: "#6b6660",
  terracotta: "#a4472f",
} as const;

function validWidth(width: number): number {
  if (!Number.isFinite(width) || width < 1 || width > 8192) {
    throw new RangeError(`garment-art: invalid width ${String(width)}`);
  }
  return Math.round(width);
}

const svgOpen = (w: number, h: number, vbW: number, vbH: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${vbW} ${vbH}">`;

/** The garment type a sub-type belongs to. */
export const garmentOfSubtype = (subtype: Subtype): Garment => LIBRARY[subtype].garment;

/** A product picture, 4:5: width × width·5/4, viewBox 0 0 800 1000. */
export function renderGarmentSvg(input: { subtype: Subtype; surface?: Surface; hex: string; view: GarmentView; width: number; variation?: number }): string {
  const { subtype, view } = input;
  const surface = input.surface ?? "plain";
  if (!isSubtype(subtype)) throw new RangeError(`garment-art: unknown sub-type ${JSON.stringify(subtype)}`);
  if (!isSurface(surface)) throw new RangeError(`garment-art: unknown surface ${JSON.stringify(surface)}`);
  if (!(GARMENT_VIEWS as readonly string[]).includes(view)) throw new RangeError(`garment-art: unknown view ${JSON.stringify(view)}`);
  const width = validWidth(input.width);
  const variation = Math.abs(Math.floor(Number.isFinite(input.variation) ? (input.variation as number) : 0)) % VARIATIONS;
  const c = colorsFor(input.hex);
  const id = "b" + shortHash(`${ART_VERSION}|${subtype}|${surface}|${c.base}|${view}|${width}|${variation}`);
  const body =
    view === "fabric"
      ? composeFabric({ subtype, surface, hex: c.base, variation, id })
      : view === "styled"
        ? composeStyled({ subtype, surface, hex: c.base, variation, id, fine: width > 480 })
        : composeGarment({ subtype, surface, hex: c.base, view, width, variation, id });
  return svgOpen(width, Math.round((width * 5) / 4), 800, 1000) + body + `</svg>`;
}

/* ------------------------------------------------------------------ scenes */

type Theme = "donna" | "uomo" | "accessori";

interface SceneItem {
  subtype: Subtype;
  surface?: Surface;
  hex: string;
  /** Where the garment's centre lands, and the box it is fitted in. */
  x: number;
  y: number;
  w: number;
  h: number;
  variation?: number;
}

/** Several garments, each fitted in its box with its ground shadow. */
function drawItems(items: SceneItem[], id: string, fine: boolean): { defs: string; markup: string } {
  let defs = shadowFilter(`${id}f`, 10);
  let markup = "";
  items.forEach((it, i) => {
    const placed = placeGarment({
      subtype: it.subtype,
      surface: it.surface ?? "plain",
      c: colorsFor(it.hex),
      view: "front",
      variation: it.variation ?? i,
      id: `${id}${i}`,
      fine,
      box: [it.w, it.h],
      at: [it.x, it.y],
      filter: `${id}f`,
    });
    defs += placed.defs;
    markup += placed.markup;
  });
  return { defs, markup };
}

const SCENE_ITEMS: Record<Theme, { wide: SceneItem[]; tall: SceneItem[] }> = {
  donna: {
    wide: [
      { subtype: "trench", hex: "#c9b08a", x: 1010, y: 450, w: 380, h: 640 },
      { subtype: "dress-wrap", hex: "#1b1b1b", x: 1260, y: 480, w: 320, h: 600 },
      { subtype: "crossbody", hex: "#a4472f", x: 1450, y: 660, w: 180, h: 200 },
    ],
    tall: [
      { subtype: "trench", hex: "#c9b08a", x: 290, y: 600, w: 330, h: 560 },
      { subtype: "dress-wrap", hex: "#1b1b1b", x: 530, y: 620, w: 290, h: 520 },
      { subtype: "crossbody", hex: "#a4472f", x: 660, y: 820, w: 150, h: 170 },
    ],
  },
  uomo: {
    wide: [
      { subtype: "caban", hex: "#2b3346", x: 1010, y: 470, w: 400, h: 600 },
      { subtype: "blazer", surface: "herringbone", hex: "#8a7a62", x: 1260, y: 470, w: 330, h: 520 },
      { subtype: "shirt-buttondown", surface: "stripes", hex: "#f3eee6", x: 1450, y: 640, w: 200, h: 280 },
    ],
    tall: [
      { subtype: "caban", hex: "#2b3346", x: 290, y: 610, w: 340, h: 520 },
      { subtype: "blazer", surface: "herringbone", hex: "#8a7a62", x: 530, y: 610, w: 290, h: 470 },
      { subtype: "shirt-buttondown", surface: "stripes", hex: "#f3eee6", x: 660, y: 800, w: 170, h: 240 },
    ],
  },
  accessori: {
    wide: [
      { subtype: "foulard", hex: "#a4472f", x: 1000, y: 430, w: 300, h: 300 },
      { subtype: "tote", hex: "#1b1b1b", x: 1240, y: 420, w: 300, h: 380 },
      { subtype: "loafer", hex: "#7a4a32", x: 1220, y: 720, w: 330, h: 200 },
      { subtype: "belt", hex: "#c9a27a", x: 1450, y: 580, w: 170, h: 280 },
    ],
    tall: [
      { subtype: "foulard", hex: "#a4472f", x: 250, y: 560, w: 260, h: 260 },
      { subtype: "tote", hex: "#1b1b1b", x: 520, y: 520, w: 270, h: 340 },
      { subtype: "loafer", hex: "#7a4a32", x: 470, y: 820, w: 300, h: 180 },
      { subtype: "belt", hex: "#c9a27a", x: 670, y: 740, w: 140, h: 220 },
    ],
  },
};

/** Campaign hero, 16:9 on desktop (viewBox 0 0 1600 900); a 4:5 crop for phones (0 0 800 1000). No text. */
export function renderCampaignSvg(input: { width: number; ratio: "16:9" | "4:5"; theme?: Theme }): string {
  const width = validWidth(input.width);
  const theme: Theme = input.theme ?? "donna";
  if (!(theme in SCENE_ITEMS)) throw new RangeError(`garment-art: unknown theme ${JSON.stringify(theme)}`);
  const wide = input.ratio === "16:9";
  if (!wide && input.ratio !== "4:5") throw new RangeError(`garment-art: unknown ratio ${JSON.stringify(input.ratio)}`);
  const [vw, vh] = wide ? [1600, 900] : [800, 1000];
  const height = wide ? Math.round((width * 9) / 16) : Math.round((width * 5) / 4);
  const id = "b" + shortHash(`${ART_VERSION}|campaign|${theme}|${input.ratio}|${width}`);
  const items = drawItems(SCENE_ITEMS[theme][wide ? "wide" : "tall"], id, width > 960);
  // Large soft shapes: an arch, a terracotta sun, draped fabric curves. The headline sits in HTML
  // (left third on desktop, top on phones), so the composition keeps that area calm.
  const shapes = wide
    ? `<path d="M880 900V420A340 340 0 0 1 1560 420V900Z" fill="#e7ddd0"/>` +
      `<circle cx="1330" cy="300" r="150" fill="${PALETTE.terracotta}" fill-opacity=".88"/>` +
      `<path d="M0 770C300 700 560 830 860 752S1320 690 1600 770V900H0Z" fill="#dccfbf"/>` +
      `<path d="M0 812C340 760 600 870 900 800S1340 760 1600 820" fill="none" stroke="#cdbfad" stroke-width="3"/>`
    : `<path d="M110 1000V560A290 290 0 0 1 690 560V1000Z" fill="#e7ddd0"/>` +
      `<circle cx="560" cy="470" r="120" fill="${PALETTE.terracotta}" fill-opacity=".88"/>` +
      `<path d="M0 880C200 830 420 930 800 860V1000H0Z" fill="#dccfbf"/>` +
      `<path d="M0 920C240 880 460 970 800 905" fill="none" stroke="#cdbfad" stroke-width="3"/>`;
  return (
    svgOpen(width, height, vw, vh) +
    `<defs>${backdropGradient(`${id}b`, "#f1ebe3", "#e2d8cb")}${items.defs}</defs>` +
    `<rect width="${vw}" height="${vh}" fill="url(#${id}b)"/>` +
    shapes +
    items.markup +
    `</svg>`
  );
}

const TILES: Record<Theme, { top: string; bottom: string; arch: string; disc: string; items: SceneItem[] }> = {
  donna: {
    top: "#f0e6dc",
    bottom: "#e3d3c4",
    arch: "#e9dccf",
    disc: "#d9b8a6",
    items: [
      { subtype: "dress", hex: "#a4472f", x: 370, y: 520, w: 420, h: 640 },
      { subtype: "bucket-bag", hex: "#1b1b1b", x: 600, y: 760, w: 180, h: 240 },
    ],
  },
  uomo: {
    top: "#ebe7e0",
    bottom: "#d9d2c7",
    arch: "#e2ddd4",
    disc: "#b9b0a4",
    items: [
      { subtype: "blazer-double", hex: "#3d3a36", x: 360, y: 520, w: 440, h: 600 },
      { subtype: "shirt-cutaway", hex: "#f3eee6", x: 600, y: 760, w: 200, h: 280 },
    ],
  },
  accessori: {
    top: "#f1e8da",
    bottom: "#e3d5bf",
    arch: "#ebdfcc",
    disc: "#d6b48f",
    items: [
      { subtype: "scarf", hex: "#8a9a7b", x: 230, y: 520, w: 240, h: 520 },
      { subtype: "shopper", hex: "#a4472f", x: 520, y: 460, w: 330, h: 380 },
      { subtype: "pump", hex: "#1b1b1b", x: 480, y: 820, w: 340, h: 180 },
    ],
  },
};

/** Category tile art, 4:5 (viewBox 0 0 800 1000), for the top categories. No text. */
export function renderCategoryTileSvg(input: { category: Theme; width: number }): string {
  const width = validWidth(input.width);
  if (!Object.prototype.hasOwnProperty.call(TILES, input.category)) throw new RangeError(`garment-art: unknown category ${JSON.stringify(input.category)}`);
  const t = TILES[input.category];
  const height = Math.round((width * 5) / 4);
  const id = "b" + shortHash(`${ART_VERSION}|tile|${input.category}|${width}`);
  const items = drawItems(t.items, id, width > 640);
  return (
    svgOpen(width, height, 800, 1000) +
    `<defs>${backdropGradient(`${id}b`, t.top, t.bottom)}${items.defs}</defs>` +
    `<rect width="800" height="1000" fill="url(#${id}b)"/>` +
    `<path d="M120 1000V430A280 280 0 0 1 680 430V1000Z" fill="${t.arch}"/>` +
    `<circle cx="600" cy="230" r="90" fill="${t.disc}" fill-opacity=".7"/>` +
    items.markup +
    `</svg>`
  );
}

/* ------------------------------------------------------------------ editorial still-lifes */

export { STILL_LIFES, STILL_PALETTE_NAMES, type StillLife, type StillPalette };

export const isStillLife = (s: string): s is StillLife => (STILL_LIFES as readonly string[]).includes(s);
export const isStillPalette = (s: string): s is StillPalette => (STILL_PALETTE_NAMES as readonly string[]).includes(s);

/** An editorial still-life (the journal, the care guide, the home's teasers), 4:5. No text, no product drawing. */
export function renderStillLifeSvg(input: { composition: StillLife; palette: StillPalette; width: number }): string {
  const width = validWidth(input.width);
  if (!isStillLife(input.composition)) throw new RangeError(`garment-art: unknown still-life ${JSON.stringify(input.composition)}`);
  if (!isStillPalette(input.palette)) throw new RangeError(`garment-art: unknown palette ${JSON.stringify(input.palette)}`);
  const id = "b" + shortHash(`${ART_VERSION}|still|${input.composition}|${input.palette}|${width}`);
  return svgOpen(width, Math.round((width * 5) / 4), 800, 1000) + drawStillLife(input.composition, input.palette, id) + `</svg>`;
}

/* ------------------------------------------------------------------ URL parsing */

export interface GarmentImageParams {
  subtype: Subtype;
  surface: Surface;
  hex: string;
  view: GarmentView;
  variation: number;
  width: number;
}

/**
 * Parses and validates a product picture's URL parts; null for anything invalid: an unknown
 * sub-type, surface or view, a colour that is not exactly six hex digits (no "#"), a variation
 * outside 0..63 or written with a leading zero, a width not in IMAGE_WIDTHS. The colour comes back
 * lower-case.
 */
export function parseGarmentImageParams(p: { subtype: string; surface: string; hex: string; view: string; variation: string; width: string }): GarmentImageParams | null {
  if (!p || typeof p !== "object") return null;
  const { subtype, surface, hex, view, variation, width } = p;
  if (typeof subtype !== "string" || !isSubtype(subtype)) return null;
  if (typeof surface !== "string" || !isSurface(surface)) return null;
  if (typeof hex !== "string" || !/^[0-9a-fA-F]{6}$/.test(hex)) return null;
  if (typeof view !== "string" || !(GARMENT_VIEWS as readonly string[]).includes(view)) return null;
  if (typeof variation !== "string" || !/^(0|[1-9]\d?)$/.test(variation) || Number(variation) >= VARIATIONS) return null;
  if (typeof width !== "string" || !/^[1-9][0-9]{0,4}$/.test(width)) return null;
  const w = Number(width);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(w)) return null;
  return { subtype, surface, hex: hex.toLowerCase(), view: view as GarmentView, variation: Number(variation), width: w };
}

/**
 * A product picture's path parts: /media/g<version>/<sub-type>/<file>, where the file is
 * <surface>-<colour>-<view>-<variation>-<width>.svg. Null for anything else.
 */
export function parseGarmentImageFile(subtype: string, file: string): GarmentImageParams | null {
  const match = /^([a-z]+)-([0-9a-f]{6})-([a-z]+)-(\d{1,2})-(\d{1,5})\.svg$/.exec(file);
  if (!match) return null;
  return parseGarmentImageParams({ subtype, surface: match[1], hex: match[2], view: match[3], variation: match[4], width: match[5] });
}
