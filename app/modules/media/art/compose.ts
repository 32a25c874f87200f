/**
 * Frames one drawing: the warm backdrop, the garment fitted and centred with its soft shadow,
 * or — for the close-up — the cloth and a detail seen from near.
 */
import { type Colors, SHADOW, Sketch, colorsFor, hash32, mixHex, n } from "./kit";

import { type Subtype, subtypeDef } from "./library";
import { BRASS_DARK, INK } from "./kit";
import { type Surface, surfacePaint } from "./surfaces";
import { seededRandom } from "../../../utils/seeded-random";

export type View = "front" | "back" | "detail";

/** Warm neutral backdrops (top, bottom); a product's variation picks one. */
const BACKDROPS: ReadonlyArray<readonly [string, string]> = [
  ["#efe9e1", "#e3dacd"],
  ["#f1ebe5", "#e7dcd3"],
  ["#ece7dd", "#ddd5c6"],
  ["#efe7df", "#e2d4ca"],
  ["#ebe8e1", "#dcd8ce"],
  ["#f0e8db", "#e2d6c3"],
];

export interface Placed {
  /** Pattern and gradient definitions the drawing needs. */
  defs: string;
  /** The garment, already fitted into the 800×1000 box, with its ground shadow. */
  markup: string;
}

/** Draws one sub-type and fits it in the 800×1000 box (centred on `at`, at most `box` large). */
export function placeGarment(input: {
  subtype: Subtype;
  surface: Surface;
  c: Colors;
  view: View;
  variation: number;
  id: string;
  fine: boolean;
  box?: readonly [number, number];
  at?: readonly [number, number];
  filter?: string;
  /** One variation in three hangs a garment on a hanger (not when it is styled). */
  hang?: boolean;
}): Placed & { focus: readonly [number, number]; scale: number; zoom: number; extent: { top: number; bottom: number } } {
  const { subtype, surface, c, view, variation, id } = input;
  const rnd = seededRandom(hash32(`${subtype}|${variation}`));
  const paint = surfacePaint(surface, c, id);
  const k = new Sketch(id, c, paint.fill, input.fine, view === "back", rnd, surface);
  const def = subtypeDef(subtype);
  def.draw(k);
  if (view !== "detail" && variation % 3 === 1 && input.hang !== false) hang(k, def.garment);
  const b = k.bounds;
  const w = b.x1 - b.x0;
  const h = b.y1 - b.y0;
  const [bw, bh] = input.box ?? [690, 830];
  const s = Math.min(1.28, bw / w, bh / h);
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  const [ax, ay] = input.at ?? [400, 490];
  const gy = ay + (h * s) / 2 + 10;
  const rx = Math.max(90, w * s * 0.42);
  const ground = `<ellipse cx="${n(ax)}" cy="${n(gy)}" rx="${n(rx)}" ry="${n(Math.max(12, rx * 0.09))}" fill="url(#${id}-g)"/>`;
  const defs =
    paint.defs +
    `<radialGradient id="${id}-g"><stop offset="0" stop-color="${SHADOW}" stop-opacity=".32"/><stop offset="1" stop-color="${SHADOW}" stop-opacity="0"/></radialGradient>`;
  const markup =
    ground +
    `<g transform="translate(${n(ax)} ${n(ay)}) scale(${n3(s)}) translate(${n(-cx)} ${n(-cy)})"${input.filter ? ` filter="url(#${input.filter})"` : ""}>${k}</g>`;
  const focus = k.focus ?? [cx, b.y0 + h * 0.3];
  // The focus point in the box's coordinates.
  return { defs, markup, focus: [ax + (focus[0] - cx) * s, ay + (focus[1] - cy) * s], scale: s, zoom: k.zoom, extent: { top: ay - (h * s) / 2, bottom: ay + (h * s) / 2 } };
}

const n3 = (x: number) => String(Math.round(x * 1000) / 1000);

const STEEL = "#9d9a93";

/**
 * One variation in three hangs the garment: a top on a hanger's hook (the bar hidden inside the
 * shoulders), a skirt or trousers from a clip hanger. Accessories lie as they are.
 */
function hang(k: Sketch, garment: string) {
  const y0 = k.bounds.y0;
  const hook = (y: number) =>
    `<path d="M400 ${n(y + 40)}V${n(y)}Q400 ${n(y - 30)} 424 ${n(y - 32)}Q448 ${n(y - 30)} 446 ${n(y - 8)}" fill="none" stroke="${INK}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M400 ${n(y + 40)}V${n(y)}Q400 ${n(y - 30)} 424 ${n(y - 32)}Q448 ${n(y - 30)} 446 ${n(y - 8)}" fill="none" stroke="${STEEL}" stroke-width="5" stroke-linecap="round"/>`;
  if (garment === "skirt" || garment === "trousers") {
    const bar = y0 - 46;
    let clips = "";
    for (const x of [400 - 96, 400 + 96]) {
      clips +=
        `<path d="M${x} ${n(bar)}V${n(y0 + 4)}" stroke="${INK}" stroke-width="5"/><path d="M${x} ${n(bar)}V${n(y0 + 4)}" stroke="${STEEL}" stroke-width="2.4"/>` +
        `<rect x="${x - 11}" y="${n(y0 - 8)}" width="22" height="30" rx="3" fill="${STEEL}" stroke="${INK}" stroke-width="2"/><path d="M${x - 6} ${n(y0 + 2)}H${x + 6}" stroke="${BRASS_DARK}" stroke-width="2"/>`;
    }
    k.raw(
      hook(bar - 34) +
        `<path d="M${400 - 130} ${n(bar)}H${400 + 130}" stroke="${INK}" stroke-width="9" stroke-linecap="round"/><path d="M${400 - 130} ${n(bar)}H${400 + 130}" stroke="${STEEL}" stroke-width="5" stroke-linecap="round"/>` +
        clips,
    );
    k.include([400, bar - 70]);
    return;
  }
  if (garment === "knit" || garment === "shirt" || garment === "jacket" || garment === "coat" || garment === "dress") {
    k.beneath(hook(y0 - 24));
    k.include([400, y0 - 60]);
  }
}

export const shadowFilter = (id: string, blur = 10) =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="${n(blur * 0.8)}" stdDeviation="${blur}" flood-color="${SHADOW}" flood-opacity=".18"/></filter>`;

export const backdrop = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** One product picture, 4:5 (viewBox 0 0 800 1000). */
export function composeGarment(input: { subtype: Subtype; surface: Surface; hex: string; view: View; width: number; variation: number; id: string }): string {
  const { view, variation, id } = input;
  const c = colorsFor(input.hex);
  const fine = input.width > 480 || view === "detail";
  // The frame follows the variation's digits, so no two variations are framed alike and
  // neighbours (consecutive product ids) always differ in backdrop.
  let [top, bottom] = BACKDROPS[variation % BACKDROPS.length];
  // Pale cloth needs a deeper backdrop to stand out from.
  if (c.light) [top, bottom] = [mixHex(top, "#8a7a66", 0.12), mixHex(bottom, "#8a7a66", 0.16)];
  const a = Math.floor(variation / BACKDROPS.length);
  const dx = ((a % 5) - 2) * 6;
  const dy = (Math.floor(a / 5) - 1) * 6;
  const rot = (((variation * 7) % 5) - 2) * 0.3;
  const placed = placeGarment({ ...input, c, fine, at: [400 + dx, 490 + dy], filter: `${id}-f` });
  let body: string;
  if (view === "detail") {
    // The close-up: the cloth and the detail around the focus point, seen from near.
    const [fx, fy] = placed.focus;
    const z = placed.zoom / Math.max(0.6, placed.scale);
    body = `<g transform="translate(400 500) scale(${n(z)}) rotate(${n(rot * 2)}) translate(${n(-fx)} ${n(-fy)})">${placed.markup}</g>`;
  } else {
    body = `<g transform="rotate(${n(rot)} 400 500)">${placed.markup}</g>`;
  }
  return (
    `<defs>${backdrop(`${id}-b`, top, bottom)}${shadowFilter(`${id}-f`)}${placed.defs}` +
    `<radialGradient id="${id}-v" cx=".35" cy=".25" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="${SHADOW}" stop-opacity=".08"/></radialGradient></defs>` +
    `<rect width="800" height="1000" fill="url(#${id}-b)"/>` +
    body +
    `<rect width="800" height="1000" fill="url(#${id}-v)"/>`
  );
}
