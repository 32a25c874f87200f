/**
 * The product page's two lookbook pictures beside the flats: the cloth itself, seen close and
 * drawn as cloth (its weave, rib, nap, grain or sheen, a fold and a cut edge — not a crop of the
 * garment), and the garment styled: a top on a tailor's dress form, anything else with a piece
 * or two that goes with it.
 */
import { type Colors, BRASS, BRASS_DARK, INK, SHADOW, colorsFor, luminance, mixHex, n, parseHex } from "./kit";
import { backdrop, placeGarment, shadowFilter } from "./compose";
import { type GarmentType, type Subtype, subtypeDef } from "./library";
import { type Surface, surfacePaint } from "./surfaces";

type P = readonly [number, number];

/** Warm table tops under the cloth; a product's variation picks one. */
const TABLES: ReadonlyArray<readonly [string, string]> = [
  ["#ece4d8", "#ddd1c0"],
  ["#efe8df", "#e0d5c8"],
  ["#e9e2d6", "#d8cdbd"],
  ["#f0e9de", "#e3d8c9"],
];

/** How much the close-up enlarges each surface's motif (a fine one more, a cable less). */
const MAGNIFY: Partial<Record<Surface, number>> = { cable: 1.8, check: 1.8, quilted: 1.6, woven: 2.2, mohair: 2.6, tweed: 2.6, gauze: 2.4, silk: 2.4 };

/** What lies on the cloth and says what it becomes: a button, a buckle, a fringe, saddle stitching. */
function accentOf(garment: GarmentType, subtype: Subtype): "button" | "buckle" | "fringe" | "stitch" | "none" {
  if (garment === "scarf") return subtype === "foulard" ? "none" : "fringe";
  if (garment === "belt" || garment === "bag") return "buckle";
  if (garment === "shoes") return "stitch";
  if (garment === "trousers" || garment === "skirt") return "button";
  if (["crewneck", "vneck", "turtleneck", "mockneck", "knit-top", "poncho", "sweatshirt", "dress-slip", "dress-knit", "blouson"].includes(subtype)) return "none";
  return "button";
}

/** The reflection of p across the line through a and b. */
function reflect(p: P, a: P, b: P): P {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
  const fx = a[0] + t * dx;
  const fy = a[1] + t * dy;
  return [2 * fx - p[0], 2 * fy - p[1]];
}

/** A pinked edge (the zigzag of pinking shears) from a to b, teeth of `tooth`. */
function pinked(a: P, b: P, tooth: number): string {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const count = Math.max(2, Math.round(len / tooth));
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  let d = "";
  for (let i = 1; i <= count; i++) {
    const t = (i - 0.5) / count;
    const m: P = [a[0] + (b[0] - a[0]) * t - uy * tooth * 0.45, a[1] + (b[1] - a[1]) * t + ux * tooth * 0.45];
    const e: P = [a[0] + ((b[0] - a[0]) * i) / count, a[1] + ((b[1] - a[1]) * i) / count];
    d += `L${n(m[0])} ${n(m[1])}L${n(e[0])} ${n(e[1])}`;
  }
  return d;
}

/**
 * The cloth seen close, 4:5 (viewBox 0 0 800 1000): a swatch lying in soft folds across the
 * frame, its corner turned back to show the reverse and the cut edge, the surface's motif
 * enlarged, and what the cloth becomes laid on it (a button, a buckle, a fringe).
 */
export function composeFabric(input: { subtype: Subtype; surface: Surface; hex: string; variation: number; id: string }): string {
  const { subtype, surface, variation, id } = input;
  const c = colorsFor(input.hex);
  const garment = subtypeDef(subtype).garment;
  const [top, bottom] = TABLES[variation % TABLES.length];
  // A plain cloth still shows its weave: a fine twill.
  const magnify = MAGNIFY[surface] ?? 3.2;
  const paint = surface === "plain" ? twill(c, id) : surfacePaint(surface, c, id, magnify);
  const rot = ((variation * 11) % 17) - 8;
  // The corner turned back: a fold line from the bottom edge to the right edge.
  const a: P = [430 + ((variation * 23) % 120), 1000];
  const b: P = [800, 560 + ((variation * 37) % 150)];
  const corner: P = [800, 1000];
  const flap = reflect(corner, a, b);
  const edge = surface === "leather" || surface === "suede" || surface === "grain" ? `L${n(a[0])} ${n(a[1])}` : pinked(b, a, 18);
  const cloth = `M-60 -60H860V${n(b[1])}L${n(b[0])} ${n(b[1])}${edge}L-60 1060Z`;
  const flapPath = `M${n(b[0])} ${n(b[1])}L${n(flap[0])} ${n(flap[1])}L${n(a[0])} ${n(a[1])}Z`;
  const reverse = mixHex(c.base, c.light ? "#8a7a66" : "#fffdf9", c.light ? 0.1 : 0.14);
  // Soft folds: bands of shade and light across the cloth (silk's brighter, suede's duller).
  const sheen = surface === "silk" ? 0.42 : surface === "suede" ? 0.1 : surface === "leather" ? 0.26 : 0.18;
  const folds = [0, 1]
    .map((i) => {
      const y = 200 + i * 400 + ((variation * (i + 3) * 13) % 90);
      const w = 150 + ((variation + i * 5) % 4) * 25;
      return `<path d="M-60 ${n(y)}C220 ${n(y - 70)} 520 ${n(y + 90)} 860 ${n(y - 30)}V${n(y - 30 + w)}C520 ${n(y + 90 + w)} 220 ${n(y - 70 + w)} -60 ${n(y + w)}Z" fill="url(#${id}-fold)"/>`;
    })
    .join("");
  let extra = "";
  if (surface === "suede") {
    // A finger's trace against the nap: the brushed fibres turn darker.
    extra += `<path d="M140 300C260 380 300 520 460 560" fill="none" stroke="${c.lo}" stroke-opacity=".3" stroke-width="64" stroke-linecap="round"/>`;
  }
  if (surface === "leather" || surface === "suede" || surface === "grain") {
    // Saddle stitching along the cut edge.
    const o = 22;
    const dx = a[0] - b[0];
    const dy = a[1] - b[1];
    const l = Math.hypot(dx, dy);
    const nx = (-dy / l) * o;
    const ny = (dx / l) * o;
    extra += `<path d="M${n(b[0] - nx)} ${n(b[1] - ny)}L${n(a[0] - nx)} ${n(a[1] - ny)}" stroke="${c.dark ? "#d8cab0" : mixHex(c.base, "#f6eedf", 0.7)}" stroke-width="4" stroke-dasharray="14 9" stroke-linecap="round"/>`;
  }
  const accent = accentOf(garment, subtype);
  const ax = 250 + ((variation * 29) % 200);
  const ay = 300 + ((variation * 41) % 260);
  let laid = "";
  if (accent === "button") {
    const r = garment === "coat" || garment === "jacket" ? 46 : 30;
    const fill = c.dark ? mixHex(c.base, "#fffdf9", 0.3) : mixHex(c.base, INK, 0.45);
    laid =
      `<g filter="url(#${id}-f)"><circle cx="${ax}" cy="${ay}" r="${r}" fill="${fill}" stroke="${INK}" stroke-width="3"/><circle cx="${ax}" cy="${ay}" r="${n(r * 0.78)}" fill="none" stroke="${INK}" stroke-opacity=".35" stroke-width="2"/></g>` +
      [-1, 1]
        .flatMap((sx) => [-1, 1].map((sy) => `<circle cx="${n(ax + sx * r * 0.25)}" cy="${n(ay + sy * r * 0.25)}" r="${n(r * 0.1)}" fill="${INK}" fill-opacity=".7"/>`))
        .join("") +
      `<path d="M${n(ax - r * 0.25)} ${n(ay - r * 0.25)}L${n(ax + r * 0.25)} ${n(ay + r * 0.25)}M${n(ax + r * 0.25)} ${n(ay - r * 0.25)}L${n(ax - r * 0.25)} ${n(ay + r * 0.25)}" stroke="${c.light ? "#7d6a45" : "#efe4cf"}" stroke-width="3"/>`;
  } else if (accent === "buckle") {
    laid =
      `<g filter="url(#${id}-f)" transform="rotate(${-rot * 2} ${ax} ${ay})"><rect x="${ax - 70}" y="${ay - 52}" width="140" height="104" rx="18" fill="none" stroke="${INK}" stroke-width="22"/>` +
      `<rect x="${ax - 70}" y="${ay - 52}" width="140" height="104" rx="18" fill="none" stroke="${BRASS}" stroke-width="15"/>` +
      `<path d="M${ax - 70} ${ay}H${ax + 40}" stroke="${INK}" stroke-width="14" stroke-linecap="round"/><path d="M${ax - 70} ${ay}H${ax + 40}" stroke="${BRASS_DARK}" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M${ax - 54} ${ay - 40}Q${ax - 10} ${ay - 50} ${ax + 40} ${ay - 40}" stroke="#fff" stroke-opacity=".5" stroke-width="4" fill="none"/></g>`;
  } else if (accent === "fringe") {
    // Along the cut edge, the fringe the scarf ends in.
    laid = `<path d="M${n(b[0])} ${n(b[1])}L${n(a[0])} ${n(a[1])}" stroke="${c.lo}" stroke-width="44" stroke-dasharray="5 7" transform="translate(-26 -26)"/>`;
  } else if (accent === "stitch") {
    laid = `<path d="M${ax - 160} ${ay}Q${ax} ${ay - 60} ${ax + 160} ${ay}" fill="none" stroke="${c.dark ? "#d8cab0" : mixHex(c.base, "#f6eedf", 0.7)}" stroke-width="4" stroke-dasharray="14 9" stroke-linecap="round"/>`;
  }
  return (
    `<defs>${backdrop(`${id}-b`, top, bottom)}${shadowFilter(`${id}-f`, 8)}${paint.defs}` +
    `<linearGradient id="${id}-fold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${sheen}"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="${SHADOW}" stop-opacity="${n(sheen * 0.9)}"/></linearGradient></defs>` +
    `<rect width="800" height="1000" fill="url(#${id}-b)"/>` +
    `<g transform="rotate(${rot} 400 500)">` +
    `<path d="${cloth}" fill="${paint.fill}" filter="url(#${id}-f)"/>` +
    `<g id="${id}-cloth">${folds}${extra}</g>` +
    `<path d="${flapPath}" fill="${reverse}" stroke="${c.outline}" stroke-opacity=".5" stroke-width="2" filter="url(#${id}-f)"/>` +
    `<path d="M${n(b[0])} ${n(b[1])}L${n(a[0])} ${n(a[1])}" stroke="${SHADOW}" stroke-opacity=".25" stroke-width="6"/>` +
    laid +
    `</g>`
  );
}

/** A fine twill: what a plain cloth shows when seen close. */
function twill(c: Colors, id: string): { defs: string; fill: string } {
  return {
    defs:
      `<pattern id="${id}-s" width="18" height="18" patternUnits="userSpaceOnUse" patternTransform="rotate(-20)"><rect width="18" height="18" fill="${c.base}"/>` +
      `<path d="M0 18L18 0M-9 9L9 -9M9 27L27 9" stroke="${c.lo}" stroke-opacity=".42" stroke-width="3.4"/><path d="M-2 14L14 -2M7 23L23 7" stroke="${c.hi}" stroke-opacity=".35" stroke-width="1.6"/></pattern>`,
    fill: `url(#${id}-s)`,
  };
}

/* ------------------------------------------------------------------ styled */

/** Colours the pieces that go with a product come in: the wardrobe's neutrals and one accent. */
const COMPANION_HEXES = ["#f2ecdf", "#1c1b1a", "#b5885a", "#2b3346", "#8a9a7b", "#7a4a32", "#a4472f", "#9b9b98"];

interface Companion {
  subtype: Subtype;
  at: P;
  box: P;
}

/** What goes with each garment type, and where it stands beside it. */
const COMPANIONS: Record<GarmentType, (v: number) => Companion[]> = {
  knit: (v) => [{ subtype: v % 2 ? "loafer" : "tote", at: [640, 830], box: [230, 190] }],
  shirt: (v) => [{ subtype: v % 2 ? "belt-skinny" : "crossbody", at: [650, 820], box: [200, 200] }],
  jacket: (v) => [{ subtype: v % 2 ? "derby" : "weekend-bag", at: [640, 850], box: [250, 170] }],
  coat: (v) => [{ subtype: v % 2 ? "chelsea" : "scarf", at: [660, 800], box: [200, v % 2 ? 200 : 300] }],
  dress: (v) => [{ subtype: v % 2 ? "pump" : "clutch", at: [650, 850], box: [230, 160] }],
  skirt: (v) => [
    { subtype: v % 2 ? "crewneck" : "blouse", at: [630, 300], box: [260, 300] },
    { subtype: v % 2 ? "ballet" : "sandal", at: [640, 860], box: [240, 140] },
  ],
  trousers: (v) => [
    { subtype: v % 2 ? "shirt" : "turtleneck", at: [640, 300], box: [260, 300] },
    { subtype: v % 2 ? "loafer" : "sneaker", at: [640, 860], box: [240, 140] },
  ],
  bag: (v) => [
    { subtype: "foulard", at: [640, 300], box: [220, 220] },
    { subtype: v % 2 ? "sandal" : "ballet", at: [630, 870], box: [240, 130] },
  ],
  shoes: (v) => [{ subtype: v % 2 ? "belt" : "foulard", at: [600, 330], box: [260, 280] }],
  scarf: (v) => [{ subtype: v % 2 ? "tote" : "crossbody", at: [640, 720], box: [230, 280] }],
  belt: (v) => [{ subtype: v % 2 ? "jeans" : "chino", at: [650, 480], box: [230, 520] }],
};

/** Where the product itself stands: tops on the dress form, the rest at the left. */
const MAIN: Record<GarmentType, { at: P; box: P }> = {
  knit: { at: [360, 420], box: [540, 640] },
  shirt: { at: [360, 420], box: [540, 660] },
  jacket: { at: [360, 430], box: [540, 660] },
  coat: { at: [350, 460], box: [520, 740] },
  dress: { at: [350, 450], box: [500, 720] },
  skirt: { at: [320, 510], box: [440, 700] },
  trousers: { at: [310, 500], box: [400, 760] },
  bag: { at: [330, 530], box: [500, 560] },
  shoes: { at: [400, 700], box: [660, 360] },
  scarf: { at: [320, 480], box: [460, 740] },
  belt: { at: [320, 560], box: [460, 560] },
};

const ON_A_FORM: ReadonlyArray<GarmentType> = ["knit", "shirt", "jacket", "coat", "dress"];

/** Two companion colours that stand off the product's (and each other's). */
function companionColours(hex: string, variation: number): string[] {
  const own = luminance(parseHex(hex)!);
  const picked: string[] = [];
  for (let i = 0; picked.length < 2 && i < COMPANION_HEXES.length * 2; i++) {
    const candidate = COMPANION_HEXES[(variation + i * 3) % COMPANION_HEXES.length];
    const lum = luminance(parseHex(candidate)!);
    if (Math.abs(lum - own) < 0.12 || picked.includes(candidate)) continue;
    picked.push(candidate);
  }
  while (picked.length < 2) picked.push(own > 0.3 ? "#2b3346" : "#f2ecdf");
  return picked;
}

/**
 * The garment styled, 4:5 (viewBox 0 0 800 1000): a top, jacket, coat or dress on a tailor's
 * dress form (the invisible figure: its neck above the collar, its stand below the hem), anything
 * else laid with a piece or two that goes with it, before an arch on a warm wall.
 */
export function composeStyled(input: { subtype: Subtype; surface: Surface; hex: string; variation: number; id: string; fine: boolean }): string {
  const { subtype, surface, variation, id, fine } = input;
  const c = colorsFor(input.hex);
  const garment = subtypeDef(subtype).garment;
  const wall: readonly [string, string] = c.light ? ["#e6dccf", "#d6c9b8"] : ["#f1ebe3", "#e4d9cb"];
  const arch = c.light ? "#ddd0bf" : "#e9dfd2";
  const floor = c.light ? "#cdbfad" : "#ddd0bf";
  const main = MAIN[garment];
  const placed = placeGarment({ subtype, surface, c, view: "front", variation, id: `${id}m`, fine, box: main.box, at: main.at, filter: `${id}-f`, hang: false });
  const colours = companionColours(c.base, variation);
  let defs = placed.defs;
  let companions = "";
  COMPANIONS[garment](variation).forEach((item, i) => {
    const other = placeGarment({
      subtype: item.subtype,
      surface: "plain",
      c: colorsFor(colours[i % colours.length]),
      view: "front",
      variation: (variation * 7 + i * 13) % 64,
      id: `${id}c${i}`,
      fine: false,
      box: item.box,
      at: item.at,
      filter: `${id}-f`,
      hang: false,
    });
    defs += other.defs;
    companions += other.markup;
  });
  let form = "";
  let neck = "";
  if (ON_A_FORM.includes(garment)) {
    // The dress form: a linen-covered neck with a turned wooden cap above the garment, a pole to
    // a three-legged stand below it. The garment hides the torso.
    const x = main.at[0];
    const { top, bottom } = placed.extent;
    const linen = "#e8dcc8";
    const wood = "#7a5a3c";
    const nw = Math.max(26, (bottom - top) * 0.05);
    neck =
      `<path d="M${n(x - nw)} ${n(top + 40)}V${n(top - 44)}Q${n(x)} ${n(top - 58)} ${n(x + nw)} ${n(top - 44)}V${n(top + 40)}Z" fill="${linen}" stroke="${INK}" stroke-width="3"/>` +
      `<ellipse cx="${n(x)}" cy="${n(top - 52)}" rx="${n(nw * 0.7)}" ry="${n(nw * 0.3)}" fill="${wood}" stroke="${INK}" stroke-width="3"/>` +
      `<path d="M${n(x)} ${n(top - 60)}v-16" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`;
    form =
      `<path d="M${n(x)} ${n(bottom - 20)}V912" stroke="${INK}" stroke-width="14"/><path d="M${n(x)} ${n(bottom - 20)}V912" stroke="${wood}" stroke-width="8"/>` +
      `<path d="M${n(x)} 910L${n(x - 86)} 948M${n(x)} 910L${n(x + 86)} 948M${n(x)} 910V956" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M${n(x)} 910L${n(x - 86)} 948M${n(x)} 910L${n(x + 86)} 948M${n(x)} 910V956" stroke="${wood}" stroke-width="6" stroke-linecap="round"/>`;
  }
  return (
    `<defs>${backdrop(`${id}-b`, wall[0], wall[1])}${shadowFilter(`${id}-f`)}${defs}</defs>` +
    `<rect width="800" height="1000" fill="url(#${id}-b)"/>` +
    `<path d="M150 900V420A250 250 0 0 1 650 420V900Z" fill="${arch}"/>` +
    `<path d="M0 900H800V1000H0Z" fill="${floor}"/><path d="M0 900H800" stroke="${mixHex(floor, INK, 0.2)}" stroke-width="2"/>` +
    `<g id="${id}-styled">${form}${neck}${placed.markup}${companions}</g>`
  );
}
