/**
 * Editorial still-lifes for the journal, the care guide and the home's teasers: the tools and
 * materials of the trade (a loom and spools, tailor's chalk and scissors, folded knitwear, a
 * hanger, fabric swatches, a shoemaker's last, leather and its brush, flax in flower, a rail of
 * cloth, silk cocoons, a storage box with cedar, a paper pattern, skeins in a basket, a sewing
 * machine, an iron on its pressing cloth; and for pictures inside the stories' text: colour
 * cards, teasels in their frame, a dress form with its toile, a darning mushroom, a knit in a
 * wash basin, linen on the line, silk in tissue paper, shoe trees, a garment bag, the shop's
 * front) in one of
 * several palettes. Each story has its own (editorial-art.test.ts).
 * Never a product drawing: these pictures are about the making and the keeping.
 *
 * 4:5, viewBox 0 0 800 1000, pure SVG like the product flats.
 */
import { INK, type P, SHADOW, colorsFor, hash32, mixHex, n } from "./kit";
import { type Surface, surfacePaint } from "./surfaces";

export const STILL_LIFES = [
  "loom",
  "tailoring",
  "knitwear",
  "hanger",
  "swatches",
  "spools",
  "shoemaker",
  "leather",
  "flax",
  "rail",
  "cocoons",
  "cedar",
  "pattern",
  "skeins",
  "machine",
  "iron",
  "chips",
  "teasels",
  "form",
  "darning",
  "basin",
  "line",
  "tissue",
  "trees",
  "garmentbag",
  "shopfront",
] as const;
export type StillLife = (typeof STILL_LIFES)[number];

/** Palettes: the ground, two cloth colours, an accent and the wood. */
export const STILL_PALETTES = {
  terracotta: { ground: "#ecdccd", ground2: "#e0cbb8", a: "#a4472f", b: "#d6c4a5", c: "#f4ede2", wood: "#b98a5e" },
  sage: { ground: "#e1e5d9", ground2: "#cfd6c6", a: "#6f8262", b: "#2f4a3a", c: "#f2ecdf", wood: "#b08a62" },
  indigo: { ground: "#dfe3e8", ground2: "#ccd3dc", a: "#1f2a44", b: "#a9c0d6", c: "#f3efe8", wood: "#a97f58" },
  ochre: { ground: "#f0e4cc", ground2: "#e3d1ae", a: "#c08a33", b: "#7a5230", c: "#f7f1e4", wood: "#9c6f45" },
  rose: { ground: "#f1e2dc", ground2: "#e6cfc6", a: "#6b1f2b", b: "#e5c3ba", c: "#f8f1ea", wood: "#b88c66" },
  stone: { ground: "#e7e3dd", ground2: "#d6d0c7", a: "#3d3a36", b: "#a6a5a1", c: "#f6f3ee", wood: "#a88560" },
} as const;
export type StillPalette = keyof typeof STILL_PALETTES;
export const STILL_PALETTE_NAMES = Object.keys(STILL_PALETTES) as StillPalette[];

type Pal = (typeof STILL_PALETTES)[StillPalette];

interface Ctx {
  id: string;
  pal: Pal;
  defs: string[];
  k: number;
}

const STEEL = "#c9c6bf";
const STEEL_DARK = "#8d8a84";

/** A pattern fill for a swatch of cloth (reuses the product surfaces). */
function cloth(x: Ctx, surface: Surface, hex: string): string {
  const id = `${x.id}c${x.k++}`;
  const p = surfacePaint(surface, colorsFor(hex), id, 1.6);
  x.defs.push(p.defs);
  return p.fill;
}

const g = (transform: string, body: string, shadow = true, id = "") => `<g transform="${transform}"${shadow ? ` filter="url(#${id}f)"` : ""}>${body}</g>`;

/** A rectangle of cloth with pinked (zig-zag) edges. */
function swatch(w: number, h: number, fill: string, pinked = true): string {
  if (!pinked) return `<rect width="${w}" height="${h}" rx="3" fill="${fill}" stroke="${INK}" stroke-width="2" stroke-opacity=".5"/>`;
  const tooth = 10;
  let d = "M0 0";
  for (let x = 0; x < w; x += tooth) d += `L${n(x + tooth / 2)} ${-5}L${n(Math.min(w, x + tooth))} 0`;
  for (let y = 0; y < h; y += tooth) d += `L${n(w + 5)} ${n(y + tooth / 2)}L${n(w)} ${n(Math.min(h, y + tooth))}`;
  for (let x = w; x > 0; x -= tooth) d += `L${n(x - tooth / 2)} ${n(h + 5)}L${n(Math.max(0, x - tooth))} ${n(h)}`;
  for (let y = h; y > 0; y -= tooth) d += `L-5 ${n(y - tooth / 2)}L0 ${n(Math.max(0, y - tooth))}`;
  return `<path d="${d}Z" fill="${fill}" stroke="${INK}" stroke-width="1.6" stroke-opacity=".45" stroke-linejoin="round"/>`;
}

/** Scissors seen from above, blades pointing right. */
function scissors(handle: string, ground: string): string {
  return (
    `<path d="M0 -14L240 -4Q250 0 240 4L40 10Z" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M0 14L236 22Q246 18 238 12L40 -8Z" fill="${mixHex(STEEL, "#ffffff", 0.3)}" stroke="${INK}" stroke-width="2.5"/>` +
    `<circle cx="40" cy="2" r="7" fill="${STEEL_DARK}" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M4 -10C-30 -20 -80 -70 -110 -56C-140 -40 -120 8 -80 4C-50 0 -30 -4 4 -10Z" fill="${handle}" stroke="${INK}" stroke-width="2.5"/>` +
    `<ellipse cx="-94" cy="-30" rx="20" ry="13" transform="rotate(-20 -94 -30)" fill="${ground}" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M4 12C-30 22 -70 80 -104 72C-136 62 -126 14 -84 14C-50 14 -30 14 4 12Z" fill="${handle}" stroke="${INK}" stroke-width="2.5"/>` +
    `<ellipse cx="-96" cy="42" rx="20" ry="13" transform="rotate(24 -96 42)" fill="${ground}" stroke="${INK}" stroke-width="2"/>`
  );
}

/** A tape measure, loosely curled, with its ticks. */
function tape(color: string, pts: P[]): string {
  let d = `M${n(pts[0][0])} ${n(pts[0][1])}`;
  for (let i = 1; i < pts.length; i += 2) d += `Q${n(pts[i][0])} ${n(pts[i][1])} ${n(pts[i + 1][0])} ${n(pts[i + 1][1])}`;
  return (
    `<path d="${d}" fill="none" stroke="${INK}" stroke-width="40" stroke-linecap="butt"/>` +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="35"/>` +
    `<path d="${d}" fill="none" stroke="${INK}" stroke-width="14" stroke-dasharray="1.5 8.5" stroke-opacity=".7" transform="translate(0 -8)"/>` +
    `<path d="${d}" fill="none" stroke="${INK}" stroke-width="22" stroke-dasharray="1.5 48.5" stroke-opacity=".7"/>`
  );
}

/** A spool of thread lying on its side. */
function spool(thread: string, wood: string, w = 110, h = 64): string {
  let wraps = "";
  for (let x = 18; x < w - 14; x += 6) wraps += `M${x} 6V${h - 6}`;
  return (
    `<rect x="10" y="4" width="${w - 20}" height="${h - 8}" fill="${thread}" stroke="${INK}" stroke-width="2"/>` +
    `<path d="${wraps}" stroke="${mixHex(thread, INK, 0.3)}" stroke-width="1.4" stroke-opacity=".6"/>` +
    `<rect x="0" y="-6" width="14" height="${h + 12}" rx="4" fill="${wood}" stroke="${INK}" stroke-width="2"/>` +
    `<rect x="${w - 14}" y="-6" width="14" height="${h + 12}" rx="4" fill="${wood}" stroke="${INK}" stroke-width="2"/>`
  );
}

/** A sewing button with four holes. */
const button = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" stroke="${INK}" stroke-width="2"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.62)}" fill="none" stroke="${INK}" stroke-opacity=".35" stroke-width="1.5"/>` +
  [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ]
    .map(([a, b]) => `<circle cx="${n(x + a * r * 0.24)}" cy="${n(y + b * r * 0.24)}" r="${n(r * 0.1)}" fill="${INK}" fill-opacity=".7"/>`)
    .join("");

/** A loose thread curling across the ground. */
const thread = (d: string, color: string) => `<path d="${d}" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`;

/* ------------------------------------------------------------------ compositions */

function tailoring(x: Ctx): string {
  const { pal } = x;
  const fabric = cloth(x, "herringbone", pal.b);
  return (
    g(`translate(120 180) rotate(-6)`, swatch(520, 600, fabric, false), true, x.id) +
    // Chalk marks on the cloth, as the cutter draws them.
    `<path d="M200 300Q330 250 470 320T600 520" fill="none" stroke="#fbf8f2" stroke-width="4" stroke-dasharray="14 8" stroke-linecap="round" transform="rotate(-6 400 500)"/>` +
    `<path d="M230 640L560 600" fill="none" stroke="#fbf8f2" stroke-width="4" stroke-dasharray="14 8" transform="rotate(-6 400 500)"/>` +
    g(`translate(520 560) rotate(24)`, `<path d="M0 0L96 -6L50 70Z" fill="${pal.c}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/><path d="M12 4L84 0L50 52Z" fill="#ffffff" fill-opacity=".35"/>`, true, x.id) +
    g(`translate(300 760) rotate(-18)`, scissors(pal.a, pal.b), true, x.id) +
    g(`translate(0 0)`, tape(pal.c, [[40, 130], [240, 60], [330, 150], [420, 240], [560, 160], [700, 80], [760, 170]]), true, x.id) +
    button(660, 360, 20, pal.a) +
    button(700, 420, 14, pal.c)
  );
}

function knitwear(x: Ctx): string {
  const { pal } = x;
  const layers = [pal.a, pal.c, pal.b];
  let stack = "";
  layers.forEach((hex, i) => {
    const y = 700 - i * 118;
    const w = 470 - i * 14;
    const x0 = 400 - w / 2 + (i % 2 ? 10 : -8);
    const fill = cloth(x, i === 1 ? "cable" : "knit", hex);
    const c = colorsFor(hex);
    stack +=
      `<path d="M${n(x0)} ${n(y)}Q${n(x0 - 14)} ${n(y + 56)} ${n(x0 + 4)} ${n(y + 112)}H${n(x0 + w - 4)}Q${n(x0 + w + 14)} ${n(y + 56)} ${n(x0 + w)} ${n(y)}Z" fill="${fill}" stroke="${INK}" stroke-width="2.5"/>` +
      // The ribbed hem seen on the fold, and the sleeve folded across.
      `<path d="M${n(x0 + 6)} ${n(y + 78)}H${n(x0 + w - 6)}" stroke="${c.seam}" stroke-width="2" stroke-opacity=".6"/>` +
      `<path d="M${n(x0 + 10)} ${n(y + 82)}H${n(x0 + w - 10)}" stroke="${c.seam}" stroke-width="16" stroke-opacity=".2" stroke-dasharray="3 5"/>` +
      `<path d="M${n(x0 + w * 0.2)} ${n(y + 4)}Q${n(x0 + w * 0.5)} ${n(y + 36)} ${n(x0 + w * 0.8)} ${n(y + 4)}" fill="none" stroke="${INK}" stroke-width="2" stroke-opacity=".5"/>`;
  });
  // A ball of yarn with its needles.
  const yarn = pal.a;
  let wraps = "";
  for (let i = 0; i < 7; i++) wraps += `<ellipse cx="0" cy="0" rx="${70 - i * 2}" ry="${26 + i * 6}" transform="rotate(${i * 26 - 60})" fill="none" stroke="${mixHex(yarn, INK, 0.3)}" stroke-width="2.5" stroke-opacity=".7"/>`;
  return (
    g(`translate(0 0)`, stack, true, x.id) +
    g(
      `translate(610 300)`,
      `<path d="M-170 -110L60 70" stroke="${INK}" stroke-width="11" stroke-linecap="round"/><path d="M-170 -110L60 70" stroke="${pal.wood}" stroke-width="7" stroke-linecap="round"/>` +
        `<circle cx="0" cy="0" r="74" fill="${yarn}" stroke="${INK}" stroke-width="2.5"/>${wraps}` +
        `<path d="M-150 60L40 -100" stroke="${INK}" stroke-width="11" stroke-linecap="round"/><path d="M-150 60L40 -100" stroke="${pal.wood}" stroke-width="7" stroke-linecap="round"/>`,
      true,
      x.id,
    ) +
    thread(`M540 340Q420 420 300 380T120 460`, yarn)
  );
}

function hanger(x: Ctx): string {
  const { pal } = x;
  const stripes = cloth(x, "stripes", pal.c);
  const plain = cloth(x, "herringbone", pal.a);
  // A length of cloth folded over the hanger's bar (two falls, the front one longer), and a
  // second, striped length over the first: cloth waiting to be cut, not a garment.
  const fall = (x0: number, x1: number, y1: number, fill: string) =>
    `<path d="M${x0} 0Q${(x0 + x1) / 2} -14 ${x1} 0L${x1 + 6} ${y1 - 20}Q${(x0 + x1) / 2 + 30} ${y1 + 8} ${(x0 + x1) / 2} ${y1 - 4}Q${(x0 + x1) / 2 - 30} ${y1 - 16} ${x0 - 6} ${y1}Z" fill="${fill}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M${x0 + (x1 - x0) * 0.3} 8Q${x0 + (x1 - x0) * 0.26} ${y1 * 0.5} ${x0 + (x1 - x0) * 0.3} ${y1 - 20}M${x0 + (x1 - x0) * 0.68} 6Q${x0 + (x1 - x0) * 0.72} ${y1 * 0.5} ${x0 + (x1 - x0) * 0.66} ${y1 - 14}" fill="none" stroke="${INK}" stroke-opacity=".2" stroke-width="3"/>`;
  return (
    `<rect x="0" y="136" width="800" height="14" fill="${STEEL_DARK}"/><rect x="0" y="136" width="800" height="4" fill="#ffffff" fill-opacity=".4"/>` +
    g(
      `translate(400 150)`,
      `<path d="M0 -6V64" stroke="${STEEL_DARK}" stroke-width="6" stroke-linecap="round"/><path d="M0 -6Q0 -24 14 -24Q28 -24 26 -8" fill="none" stroke="${STEEL_DARK}" stroke-width="6" stroke-linecap="round"/>` +
        `<path d="M-230 150Q-120 60 0 56Q120 60 230 150L224 168Q120 86 0 84Q-120 86 -224 168Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/>` +
        `<g transform="translate(0 118) rotate(-2)">${fall(-170, 20, 470, plain)}</g>` +
        `<g transform="translate(0 112) rotate(3)">${fall(-40, 150, 560, stripes)}</g>`,
      true,
      x.id,
    ) +
    g(`translate(110 860) rotate(-6)`, spool(pal.b, pal.wood), true, x.id) +
    thread(`M220 892Q300 940 380 900T520 910`, pal.b)
  );
}

function swatches(x: Ctx): string {
  const { pal } = x;
  const cards: [Surface, string][] = [
    ["check", pal.b],
    ["herringbone", pal.c],
    ["stripes", pal.a],
    ["corduroy", pal.b],
    ["tweed", pal.c],
  ];
  let fan = "";
  cards.forEach(([surface, hex], i) => {
    const a = -24 + i * 12;
    fan += g(`translate(430 880) rotate(${a}) translate(-130 -620)`, swatch(250, 350, cloth(x, surface, hex)), true, x.id);
  });
  return fan + button(150, 860, 28, pal.c) + button(220, 920, 20, pal.a) + button(650, 880, 24, pal.b) + thread(`M60 780Q140 720 210 780T340 790`, pal.a);
}

function spools(x: Ctx): string {
  const { pal } = x;
  const colors = [pal.a, pal.b, pal.c, mixHex(pal.a, pal.b, 0.5), pal.b];
  let s = "";
  colors.forEach((hex, i) => {
    const cx = 150 + (i % 3) * 190 + (i > 2 ? 90 : 0);
    const cy = 320 + Math.floor(i / 3) * 170;
    s += g(`translate(${cx} ${cy}) rotate(${(i % 2 ? 1 : -1) * (8 + i * 3)})`, spool(hex, pal.wood, 130, 72), true, x.id);
  });
  // A pincushion with its pins, and a needle threaded.
  let pins = "";
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    const px = Math.cos(a) * 50;
    const py = Math.sin(a) * 50;
    pins += `<path d="M${n(px * 0.6)} ${n(py * 0.6)}L${n(px * 1.4)} ${n(py * 1.4)}" stroke="${STEEL_DARK}" stroke-width="2.5"/><circle cx="${n(px * 1.4)}" cy="${n(py * 1.4)}" r="7" fill="${i % 2 ? pal.c : pal.a}" stroke="${INK}" stroke-width="1.5"/>`;
  }
  let segs = "";
  for (let i = 0; i < 8; i++) segs += `<path d="M0 0L${n(Math.cos((i * Math.PI) / 4) * 70)} ${n(Math.sin((i * Math.PI) / 4) * 70)}" stroke="${INK}" stroke-opacity=".35" stroke-width="2"/>`;
  return (
    `<g transform="translate(400 480) scale(1.25) translate(-400 -480)">${s}</g>` +
    g(`translate(250 760)`, `<circle r="72" fill="${pal.a}" stroke="${INK}" stroke-width="2.5"/>${segs}<circle r="12" fill="${pal.wood}" stroke="${INK}" stroke-width="2"/>${pins}`, true, x.id) +
    `<path d="M420 780L680 700" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><ellipse cx="672" cy="702" rx="7" ry="3" transform="rotate(-17 672 702)" fill="${x.pal.ground}"/>` +
    thread(`M672 702Q720 760 640 820T470 860Q400 880 380 840`, pal.a)
  );
}

function loom(x: Ctx): string {
  const { pal } = x;
  const x0 = 170;
  const x1 = 630;
  const y0 = 150;
  const y1 = 760;
  let warp = "";
  for (let xx = x0 + 30; xx <= x1 - 30; xx += 10) warp += `M${xx} ${y0 + 40}V${y1 - 40}`;
  // The woven band at the bottom, in stripes of the palette.
  const weft = [pal.a, pal.c, pal.b, pal.c, pal.a];
  let band = "";
  let y = y1 - 40;
  weft.forEach((hex, i) => {
    const h = 34 + (i % 2) * 16;
    y -= h;
    band += `<rect x="${x0 + 26}" y="${y}" width="${x1 - x0 - 52}" height="${h}" fill="${hex}"/>`;
    let ticks = "";
    for (let xx = x0 + 30; xx <= x1 - 30; xx += 20) ticks += `M${xx} ${y + 4}V${y + h - 4}`;
    band += `<path d="${ticks}" stroke="${mixHex(hex, INK, 0.35)}" stroke-width="3" stroke-opacity=".45"/>`;
  });
  const frame =
    `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" rx="8" fill="none" stroke="${INK}" stroke-width="34"/>` +
    `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" rx="8" fill="none" stroke="${pal.wood}" stroke-width="28"/>` +
    `<path d="M${x0} ${y0 + 90}H${x1}" stroke="${INK}" stroke-width="20"/><path d="M${x0} ${y0 + 90}H${x1}" stroke="${mixHex(pal.wood, "#ffffff", 0.15)}" stroke-width="15"/>`;
  const shuttle = `<path d="M0 0Q90 -26 180 0Q90 26 0 0Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><rect x="70" y="-6" width="40" height="12" rx="4" fill="${pal.a}" stroke="${INK}" stroke-width="1.5"/>`;
  return (
    g(`translate(0 0)`, `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="${mixHex(pal.ground, "#000000", 0.04)}"/><path d="${warp}" stroke="${pal.c}" stroke-width="3"/><path d="${warp}" stroke="${INK}" stroke-opacity=".25" stroke-width="1" transform="translate(1.5 0)"/>${band}${frame}`, true, x.id) +
    g(`translate(300 ${y1 - 300}) rotate(-4)`, shuttle, true, x.id) +
    g(`translate(110 860) rotate(-6)`, spool(pal.a, pal.wood, 120, 66), true, x.id) +
    g(`translate(560 850) rotate(8)`, spool(pal.b, pal.wood, 120, 66), true, x.id) +
    thread(`M230 880Q300 960 420 900T560 880`, pal.a)
  );
}

function shoemaker(x: Ctx): string {
  const { pal } = x;
  // A shoemaker's last in profile: the toe on the left, the instep rising to a cut-off ankle.
  const last =
    `<path d="M10 0C-24 -6 -20 -52 40 -62C110 -72 170 -84 214 -126L226 -206H330L338 -126C350 -80 364 -30 352 0Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M226 -206H330L332 -190H228Z" fill="${STEEL}" stroke="${INK}" stroke-width="2"/><circle cx="278" cy="-170" r="7" fill="${INK}" fill-opacity=".6"/>` +
    `<path d="M40 -40Q190 -60 344 -30" fill="none" stroke="${INK}" stroke-opacity=".25" stroke-width="2.5"/>`;
  const hammer = `<rect x="0" y="-9" width="260" height="18" rx="8" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><path d="M250 -44H300Q312 -44 312 -32V34Q312 46 300 46H250Z" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/>`;
  const leather = cloth(x, "grain", pal.a);
  return (
    g(`translate(110 230) rotate(-8)`, `<path d="M0 40Q40 -10 200 10T420 0Q460 120 430 260Q300 300 120 280Q-20 240 0 40Z" fill="${leather}" stroke="${INK}" stroke-width="2.5"/><path d="M30 60Q200 30 400 30" fill="none" stroke="${pal.c}" stroke-width="2" stroke-dasharray="8 6"/>`, true, x.id) +
    g(`translate(200 680)`, last, true, x.id) +
    g(`translate(380 840) rotate(-14)`, hammer, true, x.id) +
    g(`translate(560 560) rotate(30)`, `<rect x="0" y="-12" width="80" height="24" rx="10" fill="${pal.b}" stroke="${INK}" stroke-width="2.5"/><path d="M80 0H190" stroke="${STEEL_DARK}" stroke-width="5" stroke-linecap="round"/>`, true, x.id) +
    thread(`M560 260Q640 320 600 380T660 460`, pal.c)
  );
}

function leather(x: Ctx): string {
  const { pal } = x;
  const hides = [pal.a, pal.b, mixHex(pal.a, "#c9a27a", 0.5)];
  let s = "";
  hides.forEach((hex, i) => {
    const fill = cloth(x, i === 1 ? "grain" : "plain", hex);
    s += g(
      `translate(${140 + i * 150} ${200 + i * 130}) rotate(${-10 + i * 12})`,
      `<path d="M0 20Q60 -20 200 0T340 30Q360 130 320 210Q180 240 40 220Q-20 140 0 20Z" fill="${fill}" stroke="${INK}" stroke-width="2.5"/><path d="M24 36Q180 10 316 44" fill="none" stroke="${pal.c}" stroke-width="2" stroke-dasharray="8 6"/>`,
      true,
      x.id,
    );
  });
  let bristles = "";
  for (let i = 0; i < 26; i++) bristles += `M${10 + i * 9} 60v30`;
  const brush = `<rect x="0" y="0" width="250" height="64" rx="14" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><path d="${bristles}" stroke="${INK}" stroke-width="4" stroke-opacity=".8"/>`;
  const tin = `<circle r="70" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/><circle r="56" fill="${pal.c}" stroke="${INK}" stroke-width="2"/><circle r="30" fill="${pal.a}" fill-opacity=".8"/>`;
  return s + g(`translate(200 780) rotate(-10)`, brush, true, x.id) + g(`translate(620 800)`, tin, true, x.id);
}

const FLAX_BLUE = "#7f9cc9";

/** A flax flower seen from the front: five petals round a small heart. */
function flaxFlower(cx: number, cy: number, r: number): string {
  let petals = "";
  for (let i = 0; i < 5; i++) petals += `<ellipse cx="0" cy="${n(-r * 0.55)}" rx="${n(r * 0.42)}" ry="${n(r * 0.6)}" transform="rotate(${i * 72})" fill="${FLAX_BLUE}" stroke="${INK}" stroke-width="1.3"/>`;
  return `<g transform="translate(${n(cx)} ${n(cy)})">${petals}<circle r="${n(r * 0.2)}" fill="#e2c36b" stroke="${INK}" stroke-width="1"/></g>`;
}

function flax(x: Ctx): string {
  const { pal } = x;
  // Flax in flower and in seed, in a stoneware jug; the linen it becomes, folded beside it.
  let stems = "";
  let heads = "";
  for (let i = 0; i < 13; i++) {
    const t = i / 12;
    const topX = 120 + t * 300 + (i % 2 ? 16 : -12);
    const topY = 150 + Math.abs(t - 0.5) * 220 + (i % 3) * 26;
    const baseX = 262 + (t - 0.5) * 36;
    const midX = (baseX + topX) / 2 + (t - 0.5) * 40;
    stems += `M${n(baseX)} 580Q${n(midX)} ${n((580 + topY) / 2)} ${n(topX)} ${n(topY)}`;
    // Small leaves along the stem.
    for (const f of [0.35, 0.6]) {
      const lx = baseX + (topX - baseX) * f + (midX - (baseX + topX) / 2) * 0.5;
      const ly = 580 + (topY - 580) * f;
      stems += `M${n(lx)} ${n(ly)}l${i % 2 ? 16 : -16} -14`;
    }
    heads += i % 3 === 1 ? `<circle cx="${n(topX)}" cy="${n(topY)}" r="9" fill="#c9a86a" stroke="${INK}" stroke-width="1.4"/>` : flaxFlower(topX, topY, 16 + (i % 2) * 4);
  }
  const jug =
    `<path d="M326 650Q384 656 378 712Q372 762 334 770" fill="none" stroke="${INK}" stroke-width="13" stroke-linecap="round"/><path d="M326 650Q384 656 378 712Q372 762 334 770" fill="none" stroke="${pal.c}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M196 830Q180 720 202 650Q212 604 240 586L236 562H292L288 586Q316 604 326 650Q348 720 332 830Z" fill="${pal.c}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M206 690Q264 704 322 690" fill="none" stroke="${pal.a}" stroke-width="10"/><path d="M236 562H292" stroke="${INK}" stroke-width="2.5"/>`;
  const folds = [pal.b, pal.c, mixHex(pal.a, "#ffffff", 0.45)];
  let stack = "";
  folds.forEach((hex, i) => {
    const y = 784 - i * 48;
    const x0 = 440 + (i % 2 ? 14 : 0);
    const w = 280 - i * 16;
    stack += `<path d="M${x0} ${y}H${x0 + w - 18}Q${x0 + w + 6} ${y + 23} ${x0 + w - 18} ${y + 46}H${x0}Z" fill="${cloth(x, "linen", hex)}" stroke="${INK}" stroke-width="2.5"/>` + `<path d="M${x0 + 12} ${y + 8}H${x0 + w - 28}" stroke="${INK}" stroke-opacity=".18" stroke-width="2"/>`;
  });
  // Drawn at 1.12 about the table's middle: the jug and its flowers fill the picture.
  return `<g transform="translate(-48 -99.6) scale(1.12)"><path d="${stems}" fill="none" stroke="#6f8a4e" stroke-width="3" stroke-linecap="round"/>${heads}${g(`translate(0 0)`, jug, true, x.id)}${g(`translate(0 0)`, stack, true, x.id)}</g>`;
}

function rail(x: Ctx): string {
  const { pal } = x;
  // A clothes rail with five lengths of cloth in colours that all go together: a capsule's palette.
  const frame =
    `<rect x="104" y="120" width="16" height="706" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/><rect x="680" y="120" width="16" height="706" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/>` +
    `<rect x="92" y="140" width="616" height="16" rx="8" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/>` +
    `<rect x="78" y="812" width="70" height="18" rx="6" fill="${STEEL_DARK}" stroke="${INK}" stroke-width="2"/><rect x="652" y="812" width="70" height="18" rx="6" fill="${STEEL_DARK}" stroke="${INK}" stroke-width="2"/>`;
  const lengths: [Surface, string, number][] = [
    ["plain", pal.a, 700],
    ["stripes", pal.c, 780],
    ["knit", pal.b, 640],
    ["herringbone", mixHex(pal.b, pal.c, 0.5), 740],
    ["linen", pal.c, 680],
  ];
  let hung = "";
  lengths.forEach(([surface, hex, drop], i) => {
    const cx = 190 + i * 105;
    const fill = cloth(x, surface, hex);
    hung += g(
      `translate(${cx} 148) rotate(${(i % 2 ? 1 : -1) * 2})`,
      `<path d="M0 0Q-2 -18 10 -20Q22 -20 20 -6" fill="none" stroke="${STEEL_DARK}" stroke-width="5" stroke-linecap="round"/><path d="M0 0V30" stroke="${STEEL_DARK}" stroke-width="5"/>` +
        `<path d="M-62 70Q-30 36 0 34Q30 36 62 70L58 80Q30 50 0 48Q-30 50 -58 80Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2"/>` +
        `<path d="M-56 72Q0 56 56 72L60 ${drop - 150}Q40 ${drop - 120} 0 ${drop - 130}Q-40 ${drop - 140} -60 ${drop - 120}Z" fill="${fill}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>` +
        `<path d="M-20 90Q-24 ${drop / 2 - 60} -18 ${drop - 150}M24 88Q28 ${drop / 2 - 60} 20 ${drop - 146}" fill="none" stroke="${INK}" stroke-opacity=".18" stroke-width="3"/>`,
      true,
      x.id,
    );
  });
  return frame + hung;
}

/** A silk cocoon, long side horizontal, with its loose floss. */
function cocoon(w: number, h: number): string {
  return (
    `<path d="M${-w / 2} 0C${-w / 2} ${-h * 0.7} ${-w * 0.1} ${-h * 0.38} 0 ${-h * 0.44}C${w * 0.1} ${-h * 0.38} ${w / 2} ${-h * 0.7} ${w / 2} 0C${w / 2} ${h * 0.7} ${w * 0.1} ${h * 0.38} 0 ${h * 0.44}C${-w * 0.1} ${h * 0.38} ${-w / 2} ${h * 0.7} ${-w / 2} 0Z" fill="#fbf6e9" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M${n(-w * 0.36)} ${n(-h * 0.12)}Q0 ${n(-h * 0.3)} ${n(w * 0.36)} ${n(-h * 0.12)}M${n(-w * 0.38)} ${n(h * 0.1)}Q0 ${n(h * 0.28)} ${n(w * 0.38)} ${n(h * 0.1)}" fill="none" stroke="${INK}" stroke-opacity=".2" stroke-width="1.5"/>`
  );
}

function cocoons(x: Ctx): string {
  const { pal } = x;
  // Silk from the start: cocoons in a wooden bowl, a reeled skein, and a square of silk with its sheen.
  let bowl = `<circle r="190" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><circle r="160" fill="${mixHex(pal.wood, "#ffffff", 0.25)}" stroke="${INK}" stroke-width="2"/>`;
  const spots: [number, number, number][] = [
    [-60, -70, 20],
    [40, -90, -15],
    [90, -10, 35],
    [-90, 20, -30],
    [0, 10, 10],
    [50, 80, -20],
    [-40, 95, 25],
  ];
  for (const [cx, cy, a] of spots) bowl += `<g transform="translate(${cx} ${cy}) rotate(${a})">${cocoon(96, 60)}</g>`;
  const silk = cloth(x, "silk", pal.a);
  const square = `<path d="M0 0L300 -30L330 250L20 290Z" fill="${silk}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/><path d="M20 20L310 -8M26 60L314 30" fill="none" stroke="#ffffff" stroke-opacity=".28" stroke-width="10"/><path d="M0 0L20 290" stroke="${INK}" stroke-opacity=".2" stroke-width="6"/>`;
  let skein = `<ellipse rx="120" ry="34" fill="${pal.c}" stroke="${INK}" stroke-width="2.5"/>`;
  for (let t = -100; t <= 100; t += 12) skein += `<path d="M${t} -30L${t + 14} 30" stroke="${mixHex(pal.c, INK, 0.3)}" stroke-width="1.4" stroke-opacity=".7"/>`;
  return g(`translate(430 700) rotate(-8)`, square, true, x.id) + g(`translate(330 360)`, bowl, true, x.id) + g(`translate(250 850) rotate(-10)`, skein, true, x.id) + thread(`M370 850Q460 900 520 870T640 900`, pal.c);
}

function cedar(x: Ctx): string {
  const { pal } = x;
  // Put away for the season: a linen box seen from above with a folded knit, blocks of cedar and a lavender sachet.
  const box = cloth(x, "linen", pal.c);
  const knit = cloth(x, "cable", pal.a);
  let grain = "";
  for (let i = 0; i < 5; i++) grain += `M8 ${10 + i * 9}Q50 ${6 + i * 9} 92 ${12 + i * 9}`;
  const block = `<rect width="100" height="54" rx="4" fill="#b0714a" stroke="${INK}" stroke-width="2"/><path d="${grain}" fill="none" stroke="${INK}" stroke-opacity=".25" stroke-width="1.5"/>`;
  let lavender = "";
  for (let i = 0; i < 9; i++) lavender += `<circle cx="${n(40 + (i % 3) * 14 + (i > 5 ? 6 : 0))}" cy="${n(34 + Math.floor(i / 3) * 14)}" r="5" fill="#8e7cc3" stroke="${INK}" stroke-width="1"/>`;
  const sachet = `<rect width="120" height="120" rx="6" fill="${cloth(x, "linen", pal.b)}" stroke="${INK}" stroke-width="2.5"/><path d="M0 24H120" stroke="${INK}" stroke-opacity=".3" stroke-width="2"/>${lavender}<path d="M56 0Q60 -30 40 -44M64 0Q70 -30 92 -40" fill="none" stroke="${pal.a}" stroke-width="4" stroke-linecap="round"/>`;
  return (
    g(`translate(130 160) rotate(-3)`, `<rect width="540" height="640" rx="10" fill="${mixHex(pal.c, INK, 0.12)}" stroke="${INK}" stroke-width="2.5"/><rect x="26" y="26" width="488" height="588" rx="6" fill="${box}" stroke="${INK}" stroke-width="2"/>`, true, x.id) +
    g(`translate(190 230) rotate(-3)`, `<rect width="420" height="380" rx="14" fill="${knit}" stroke="${INK}" stroke-width="2.5"/><path d="M12 300H408" stroke="${INK}" stroke-opacity=".3" stroke-width="18" stroke-dasharray="3 5"/><path d="M60 10Q210 60 360 10" fill="none" stroke="${INK}" stroke-opacity=".4" stroke-width="2"/>`, true, x.id) +
    g(`translate(200 660) rotate(8)`, block, true, x.id) +
    g(`translate(470 650) rotate(-12)`, block, true, x.id) +
    g(`translate(560 820) rotate(14)`, sachet, true, x.id)
  );
}

function pattern(x: Ctx): string {
  const { pal } = x;
  // A paper pattern on the cutting table: three pieces with their grainlines and notches, pins, a weight and a pencil.
  const paper = mixHex(pal.c, "#c9a27a", 0.35);
  const piece = (d: string, grain: [number, number, number]) =>
    `<path d="${d}" fill="${paper}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${INK}" stroke-opacity=".35" stroke-width="1.5" stroke-dasharray="8 6" transform="scale(.9) translate(${grain[0] * 0.1} ${grain[1] * 0.05})"/>` +
    `<path d="M${grain[0]} ${grain[1]}V${grain[1] + grain[2]}M${grain[0] - 10} ${grain[1] + 16}L${grain[0]} ${grain[1]}L${grain[0] + 10} ${grain[1] + 16}M${grain[0] - 10} ${grain[1] + grain[2] - 16}L${grain[0]} ${grain[1] + grain[2]}L${grain[0] + 10} ${grain[1] + grain[2] - 16}" fill="none" stroke="${INK}" stroke-width="2"/>`;
  const front = piece("M0 0L180 -10Q230 60 240 160L260 520L10 540Q-20 300 0 0Z", [120, 120, 300]);
  const sleeve = piece("M0 90Q110 -30 230 90L200 420H40Z", [115, 120, 240]);
  const collar = piece("M0 40Q100 -20 200 40L190 90Q100 50 10 90Z", [100, 30, 40]);
  const pin = (px: number, py: number, a: number) => `<g transform="translate(${px} ${py}) rotate(${a})"><path d="M0 0H46" stroke="${STEEL_DARK}" stroke-width="2.5"/><circle cx="0" cy="0" r="6" fill="${pal.a}" stroke="${INK}" stroke-width="1.5"/></g>`;
  const pencil = `<path d="M0 -9H240L270 0L240 9H0Z" fill="${pal.b}" stroke="${INK}" stroke-width="2"/><path d="M240 -9L270 0L240 9Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2"/><path d="M262 -3L270 0L262 3Z" fill="${INK}"/>`;
  const weight = `<ellipse rx="58" ry="40" fill="${STEEL_DARK}" stroke="${INK}" stroke-width="2.5"/><ellipse rx="40" ry="26" fill="${STEEL}" stroke="${INK}" stroke-width="1.5"/>`;
  return (
    g(`translate(110 160) rotate(-4)`, front, true, x.id) +
    g(`translate(430 200) rotate(6)`, sleeve, true, x.id) +
    g(`translate(440 660) rotate(-8)`, collar, true, x.id) +
    pin(160, 220, -30) +
    pin(330, 640, 20) +
    pin(520, 300, 60) +
    g(`translate(600 520)`, weight, true, x.id) +
    g(`translate(140 840) rotate(-10)`, pencil, true, x.id)
  );
}

/** A hank of yarn, twisted: two lobes and the twist's diagonal wraps. */
function skein(color: string, w = 220, h = 70): string {
  let wraps = "";
  for (let t = -w / 2 + 18; t < w / 2 - 18; t += 11) wraps += `M${n(t)} ${n(-h * 0.38)}L${n(t + 14)} ${n(h * 0.38)}`;
  return (
    `<path d="M${-w / 2} 0Q${-w / 2 + 10} ${-h / 2} ${-w / 4} ${-h * 0.46}Q0 ${-h * 0.3} ${w / 4} ${-h * 0.46}Q${w / 2 - 10} ${-h / 2} ${w / 2} 0Q${w / 2 - 10} ${h / 2} ${w / 4} ${h * 0.46}Q0 ${h * 0.3} ${-w / 4} ${h * 0.46}Q${-w / 2 + 10} ${h / 2} ${-w / 2} 0Z" fill="${color}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="${wraps}" stroke="${mixHex(color, INK, 0.35)}" stroke-width="2" stroke-opacity=".6"/>`
  );
}

function skeins(x: Ctx): string {
  const { pal } = x;
  // The yarn before the cloth: skeins in a woven basket, one on the table, and a tuft of washed fleece.
  let weave = "";
  for (let y = 560; y < 820; y += 26) weave += `M150 ${y}Q400 ${y + 18} 650 ${y}`;
  let ribs = "";
  for (let xx = 180; xx < 640; xx += 46) ribs += `M${xx} 540Q${xx + (xx < 400 ? -6 : 6)} 680 ${xx + (xx < 400 ? 10 : -10)} 822`;
  const basketBack = `<path d="M130 540Q400 480 670 540" fill="none" stroke="${INK}" stroke-width="2.5"/>`;
  const basket = `<path d="M130 540Q400 590 670 540L640 822Q400 850 160 822Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><path d="${weave}" fill="none" stroke="${INK}" stroke-opacity=".3" stroke-width="2.5"/><path d="${ribs}" fill="none" stroke="${INK}" stroke-opacity=".22" stroke-width="2"/><path d="M130 540Q400 590 670 540" fill="none" stroke="${INK}" stroke-width="7"/><path d="M130 540Q400 590 670 540" fill="none" stroke="${mixHex(pal.wood, "#ffffff", 0.2)}" stroke-width="4"/>`;
  let fleece = "";
  for (const [cx, cy, r] of [
    [0, 0, 40],
    [44, -10, 34],
    [84, 6, 30],
    [30, 24, 32],
    [-36, 16, 28],
  ] as const)
    fleece += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f6f1e6" stroke="${INK}" stroke-width="1.8"/>`;
  return (
    basketBack +
    g(`translate(300 470) rotate(-24)`, skein(pal.a), true, x.id) +
    g(`translate(480 460) rotate(18)`, skein(pal.b), true, x.id) +
    g(`translate(400 520) rotate(-4)`, skein(pal.c), true, x.id) +
    g(`translate(0 0)`, basket, true, x.id) +
    g(`translate(260 900) rotate(-6)`, skein(mixHex(pal.a, pal.c, 0.5), 200, 60), true, x.id) +
    g(`translate(590 900)`, fleece, true, x.id)
  );
}

function machine(x: Ctx): string {
  const { pal } = x;
  // The atelier's sewing machine in profile, black with gilt lines, a length of cloth under its foot.
  const BODY = "#262321";
  const GILT = "#c9a86a";
  const body =
    `<rect x="150" y="724" width="500" height="36" rx="8" fill="${BODY}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M500 724V470Q500 404 566 404H600Q646 404 646 450V724Z" fill="${BODY}" stroke="${INK}" stroke-width="2.5"/>` +
    `<rect x="196" y="404" width="430" height="84" rx="34" fill="${BODY}" stroke="${INK}" stroke-width="2.5"/>` +
    `<rect x="176" y="392" width="96" height="210" rx="16" fill="${BODY}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M240 432H590Q612 432 612 456V700M210 430V580" fill="none" stroke="${GILT}" stroke-width="3"/>` +
    `<path d="M300 446Q340 420 380 446T460 446" fill="none" stroke="${GILT}" stroke-width="2.5"/>` +
    `<rect x="214" y="602" width="12" height="84" fill="${STEEL}" stroke="${INK}" stroke-width="1.8"/><path d="M220 686V716" stroke="${STEEL_DARK}" stroke-width="3"/>` +
    `<rect x="196" y="706" width="48" height="12" rx="3" fill="${STEEL}" stroke="${INK}" stroke-width="1.8"/>`;
  let spokes = "";
  for (let i = 0; i < 5; i++) spokes += `<path d="M0 0L${n(Math.cos((i * 2 * Math.PI) / 5) * 52)} ${n(Math.sin((i * 2 * Math.PI) / 5) * 52)}" stroke="${INK}" stroke-width="6"/>`;
  const wheel = `<circle r="66" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/><circle r="52" fill="${pal.ground2}" stroke="${INK}" stroke-width="2"/>${spokes}<circle r="12" fill="${STEEL_DARK}" stroke="${INK}" stroke-width="2"/>`;
  const base = `<rect x="120" y="760" width="560" height="62" rx="6" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><path d="M132 790H668" stroke="${INK}" stroke-opacity=".2" stroke-width="2"/>`;
  // The cloth lies on the bed under the foot and falls over its left end.
  const fabric = `<path d="M360 706H150Q112 712 100 770Q94 810 104 846H144Q140 790 152 726H360Z" fill="${cloth(x, "linen", pal.a)}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>`;
  return (
    g(`translate(0 0)`, base + body, true, x.id) +
    g(`translate(660 450)`, wheel, true, x.id) +
    g(`translate(420 330) rotate(90)`, spool(pal.b, pal.wood, 74, 44), true, x.id) +
    `<path d="M398 352Q300 330 240 392" fill="none" stroke="${pal.b}" stroke-width="2.5"/>` +
    g(`translate(0 0)`, fabric, true, x.id)
  );
}

function iron(x: Ctx): string {
  const { pal } = x;
  // Pressing: an iron on its pressing cloth, a folded piece with a sharp crease, and a clothes brush.
  const pressing = `<rect width="560" height="700" rx="8" fill="${cloth(x, "linen", pal.c)}" stroke="${INK}" stroke-width="2.5"/><path d="M0 40H560M0 660H560" stroke="${pal.a}" stroke-width="6" stroke-opacity=".6"/>`;
  const folded = `<rect width="300" height="220" rx="6" fill="${cloth(x, "plain", pal.b)}" stroke="${INK}" stroke-width="2.5"/><path d="M150 0V220" stroke="${INK}" stroke-opacity=".35" stroke-width="2.5"/><path d="M12 200H288" stroke="${INK}" stroke-opacity=".2" stroke-width="2"/>`;
  const iron =
    `<path d="M0 0Q50 -96 230 -104H330Q360 -104 360 -74V74Q360 104 330 104H230Q50 96 0 0Z" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M40 0Q80 -66 230 -72H320V72H230Q80 66 40 0Z" fill="${pal.a}" stroke="${INK}" stroke-width="2"/>` +
    `<rect x="150" y="-26" width="190" height="52" rx="26" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/>` +
    `<circle cx="110" cy="0" r="16" fill="${pal.c}" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M360 0Q420 10 440 60T470 160" fill="none" stroke="${INK}" stroke-width="7" stroke-linecap="round"/>`;
  let bristles = "";
  for (let i = 0; i < 16; i++) bristles += `M${14 + i * 12} 50v26`;
  const brush = `<path d="M0 30Q0 0 40 0H180Q220 0 220 30V50H0Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><path d="${bristles}" stroke="${INK}" stroke-width="4" stroke-opacity=".8"/>`;
  return (
    g(`translate(120 130) rotate(-2)`, pressing, true, x.id) +
    g(`translate(300 560) rotate(4)`, folded, true, x.id) +
    g(`translate(180 330) rotate(-14)`, iron, true, x.id) +
    g(`translate(470 860) rotate(-8)`, brush, true, x.id)
  );
}

function chips(x: Ctx): string {
  const { pal } = x;
  // A season's palette pinned to the board: cloth cut into cards, each with its tag, and a pencil.
  const colours = ["#b08a5a", "#8a4a2e", "#6b6b3a", "#6f7480", "#1f1f24", pal.a];
  let cards = "";
  colours.forEach((hex, i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    const surface: Surface = (["plain", "herringbone", "tweed", "knit", "plain", "corduroy"] as const)[i];
    cards += g(
      `translate(${120 + col * 200} ${160 + row * 330}) rotate(${(i % 2 ? 1 : -1) * (2 + i)})`,
      `<rect width="170" height="260" rx="4" fill="#fbf8f2" stroke="${INK}" stroke-width="2"/><rect x="14" y="14" width="142" height="170" fill="${cloth(x, surface, hex)}" stroke="${INK}" stroke-width="1.5"/>` +
        `<path d="M20 210H130M20 232H96" stroke="${INK}" stroke-opacity=".35" stroke-width="5" stroke-linecap="round"/><circle cx="85" cy="0" r="9" fill="${pal.a}" stroke="${INK}" stroke-width="1.5"/>`,
      true,
      x.id,
    );
  });
  const pencil = `<path d="M0 -9H240L270 0L240 9H0Z" fill="${pal.b}" stroke="${INK}" stroke-width="2"/><path d="M240 -9L270 0L240 9Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2"/><path d="M262 -3L270 0L262 3Z" fill="${INK}"/>`;
  return cards + g(`translate(200 880) rotate(-6)`, pencil, true, x.id);
}

/** A dried teasel head: a spiny oval cone on its stalk. */
function teasel(h: number): string {
  let spines = "";
  for (let y = -h * 0.42; y <= h * 0.42; y += 9) {
    const half = Math.sqrt(Math.max(0, 1 - (y / (h / 2)) ** 2)) * 30;
    spines += `M${n(-half)} ${n(y)}l-8 -4M${n(half)} ${n(y)}l8 -4M${n(-half * 0.4)} ${n(y)}l-2 -6M${n(half * 0.4)} ${n(y)}l2 -6`;
  }
  return (
    `<path d="M0 ${h / 2}V${h / 2 + 120}" stroke="#7a6a45" stroke-width="6"/>` +
    `<ellipse rx="30" ry="${h / 2}" fill="#b99866" stroke="${INK}" stroke-width="2"/>` +
    `<path d="${spines}" stroke="${INK}" stroke-opacity=".55" stroke-width="1.5" stroke-linecap="round"/>` +
    `<path d="M-10 ${h / 2 - 6}Q-40 ${h / 2 + 20} -60 ${h / 2 + 10}M10 ${h / 2 - 6}Q40 ${h / 2 + 20} 60 ${h / 2 + 10}" fill="none" stroke="#7a6a45" stroke-width="3"/>`
  );
}

function teasels(x: Ctx): string {
  const { pal } = x;
  // How wool cloth gets its nap: dried teasels set in a wooden frame, drawn across flannel.
  const frame = `<rect width="520" height="300" rx="10" fill="none" stroke="${INK}" stroke-width="30"/><rect width="520" height="300" rx="10" fill="none" stroke="${pal.wood}" stroke-width="24"/><path d="M0 150H520" stroke="${INK}" stroke-width="14"/><path d="M0 150H520" stroke="${pal.wood}" stroke-width="9"/>`;
  let heads = "";
  for (let row = 0; row < 2; row++) for (let i = 0; i < 6; i++) heads += `<g transform="translate(${60 + i * 80} ${80 + row * 150}) rotate(90)">${teasel(92).replace(/<path d="M0 46V166"[^>]*\/>/, "")}</g>`;
  const flannel = cloth(x, "tweed", pal.b);
  return (
    g(`translate(90 620) rotate(-3)`, `<path d="M0 0H620V300H0Z" fill="${flannel}" stroke="${INK}" stroke-width="2.5"/><path d="M20 40Q300 20 600 50" fill="none" stroke="${INK}" stroke-opacity=".15" stroke-width="10"/>`, true, x.id) +
    g(`translate(140 220) rotate(-5)`, frame + heads, true, x.id) +
    g(`translate(640 470) rotate(14)`, teasel(110), true, x.id)
  );
}

function form(x: Ctx): string {
  const { pal } = x;
  // A dress form on its stand wearing a calico toile, marked with chalk and pinned at the waist.
  const calico = cloth(x, "linen", "#efe6d3");
  const body =
    `<path d="M300 170Q400 150 500 170Q530 176 540 210Q520 300 526 380Q560 470 540 560H260Q240 470 274 380Q280 300 260 210Q270 176 300 170Z" fill="${calico}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M330 160Q400 120 470 160V176Q400 150 330 176Z" fill="${pal.a}" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M400 180V560" stroke="${pal.a}" stroke-width="3" stroke-dasharray="10 7"/><path d="M286 380Q400 404 514 380" fill="none" stroke="#fbf8f2" stroke-width="4" stroke-dasharray="12 8"/>` +
    `<path d="M330 300Q340 240 330 200M470 300Q460 240 470 200" fill="none" stroke="${INK}" stroke-opacity=".25" stroke-width="2.5"/>`;
  let pins = "";
  for (let i = 0; i < 5; i++) pins += `<path d="M${300 + i * 50} 392l10 16" stroke="${STEEL_DARK}" stroke-width="2.5"/><circle cx="${300 + i * 50}" cy="392" r="5" fill="${i % 2 ? pal.b : pal.a}" stroke="${INK}" stroke-width="1.2"/>`;
  const stand = `<rect x="388" y="560" width="24" height="200" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><path d="M400 760L280 830M400 760L520 830M400 760V836" stroke="${INK}" stroke-width="12" stroke-linecap="round"/><path d="M400 760L280 830M400 760L520 830M400 760V836" stroke="${pal.wood}" stroke-width="7" stroke-linecap="round"/>`;
  return g(`translate(0 0)`, stand + body + pins, true, x.id) + g(`translate(600 780) rotate(-20)`, `<path d="M0 0L96 -6L50 70Z" fill="${pal.c}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>`, true, x.id) + thread(`M120 840Q200 800 250 840T360 836`, pal.a);
}

function darning(x: Ctx): string {
  const { pal } = x;
  // Repair: a wool sock over a darning mushroom, the hole closed by a woven patch in a second colour.
  const sock = cloth(x, "knit", pal.b);
  let weave = "";
  for (let i = 0; i < 9; i++) weave += `M${-44 + i * 11} -40V40`;
  let weft = "";
  for (let j = 0; j < 8; j++) weft += `M-48 ${-36 + j * 10}H48`;
  const mushroom =
    `<path d="M-24 120H24L30 330Q0 344 -30 330Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M-210 130Q-210 -110 0 -110Q210 -110 210 130Z" fill="${sock}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M-200 90Q0 60 200 90" fill="none" stroke="${INK}" stroke-opacity=".3" stroke-width="14" stroke-dasharray="3 5"/>` +
    `<g transform="translate(20 -10)"><rect x="-52" y="-46" width="104" height="92" rx="18" fill="${pal.a}" stroke="${INK}" stroke-width="2"/><path d="${weave}" stroke="${mixHex(pal.a, "#ffffff", 0.35)}" stroke-width="3"/><path d="${weft}" stroke="${mixHex(pal.a, INK, 0.3)}" stroke-width="2" stroke-opacity=".6"/></g>`;
  const needle = `<path d="M0 0L220 -60" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><ellipse cx="212" cy="-58" rx="7" ry="3" transform="rotate(-15 212 -58)" fill="${pal.ground}"/>`;
  return (
    g(`translate(400 330)`, mushroom, true, x.id) +
    g(`translate(130 780) rotate(-6)`, needle, true, x.id) +
    thread(`M342 720Q420 760 380 820T520 860`, pal.a) +
    g(`translate(560 820) rotate(10)`, spool(pal.a, pal.wood, 120, 66), true, x.id)
  );
}

function basin(x: Ctx): string {
  const { pal } = x;
  // Washing wool by hand, seen from above: a basin of cool water with a knit in it, soap, a towel.
  let ripples = "";
  for (const r of [60, 110, 160]) ripples += `<ellipse rx="${r}" ry="${n(r * 0.8)}" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="3"/>`;
  const bowl = `<circle r="250" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/><circle r="222" fill="#cfe0e6" stroke="${INK}" stroke-width="2"/>${ripples}`;
  const knit = `<path d="M-120 -40Q-60 -90 0 -70Q70 -100 130 -30Q150 60 60 110Q-40 140 -110 80Q-160 20 -120 -40Z" fill="${cloth(x, "knit", pal.a)}" fill-opacity=".92" stroke="${INK}" stroke-width="2.5"/><path d="M-90 60Q0 90 90 50" fill="none" stroke="${INK}" stroke-opacity=".3" stroke-width="12" stroke-dasharray="3 5"/>`;
  const towel = `<rect width="360" height="200" rx="8" fill="${cloth(x, "stripes", pal.c)}" stroke="${INK}" stroke-width="2.5"/><path d="M0 24H360M0 176H360" stroke="${pal.a}" stroke-width="8" stroke-opacity=".7"/>`;
  const soap = `<rect width="120" height="78" rx="26" fill="${pal.b}" stroke="${INK}" stroke-width="2.5"/><rect x="22" y="16" width="76" height="46" rx="16" fill="#ffffff" fill-opacity=".3"/>`;
  return g(`translate(400 380)`, bowl + knit, true, x.id) + g(`translate(90 700) rotate(-6)`, towel, true, x.id) + g(`translate(560 760) rotate(12)`, soap, true, x.id);
}

function line(x: Ctx): string {
  const { pal } = x;
  // Linen drying in the shade on a line between two posts, held by wooden pegs.
  const post = (px: number) => `<rect x="${px}" y="170" width="22" height="660" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/>`;
  const rope = `<path d="M96 210Q400 270 704 210" fill="none" stroke="${INK}" stroke-width="4"/>`;
  const sheets: [number, number, number, Surface, string][] = [
    [150, 232, 200, "linen", pal.c],
    [370, 250, 170, "linen", pal.b],
    [560, 234, 130, "stripes", pal.a],
  ];
  let hung = "";
  for (const [sx, sy, w, surface, hex] of sheets) {
    const h = 330 + (w % 3) * 20;
    hung += g(
      `translate(${sx} ${sy})`,
      `<path d="M0 0Q${w / 2} 12 ${w} 0L${w + 8} ${h}Q${w / 2} ${h + 20} -6 ${h}Z" fill="${cloth(x, surface, hex)}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>` +
        `<path d="M${w * 0.3} 14Q${w * 0.26} ${h / 2} ${w * 0.3} ${h - 10}M${w * 0.7} 12Q${w * 0.74} ${h / 2} ${w * 0.68} ${h - 8}" fill="none" stroke="${INK}" stroke-opacity=".16" stroke-width="4"/>` +
        [14, w - 14].map((px) => `<rect x="${px - 7}" y="-18" width="14" height="40" rx="3" fill="${pal.wood}" stroke="${INK}" stroke-width="1.8"/>`).join(""),
      false,
    );
  }
  return `<g filter="url(#${x.id}f)">${post(86)}${post(692)}</g>` + rope + `<g filter="url(#${x.id}f)">${hung}</g>`;
}

function tissue(x: Ctx): string {
  const { pal } = x;
  // Silk put away: a square folded into white tissue paper, tied with a ribbon.
  const paper = `<path d="M0 40L330 0L420 300L60 360Z" fill="#fbfaf6" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/><path d="M40 60L360 30L420 300" fill="none" stroke="${INK}" stroke-opacity=".12" stroke-width="3"/>`;
  const silk = `<path d="M90 90L330 60L380 270L120 300Z" fill="${cloth(x, "silk", pal.a)}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/><path d="M110 110L320 84M118 140L330 114" stroke="#ffffff" stroke-opacity=".3" stroke-width="8"/>`;
  const fold = `<path d="M60 360L200 150L420 300Z" fill="#f4f1ea" fill-opacity=".9" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>`;
  const ribbon = `<path d="M20 200Q240 170 440 190" fill="none" stroke="${INK}" stroke-width="16"/><path d="M20 200Q240 170 440 190" fill="none" stroke="${pal.b}" stroke-width="11"/><path d="M230 180Q190 120 160 150Q150 190 230 180Q290 120 320 150Q330 190 230 180Z" fill="${pal.b}" stroke="${INK}" stroke-width="2"/><path d="M230 180L200 260M230 180L270 262" stroke="${INK}" stroke-width="12"/><path d="M230 180L200 260M230 180L270 262" stroke="${pal.b}" stroke-width="7"/>`;
  return g(`translate(60 180) rotate(-4) scale(1.45)`, paper + silk + fold + ribbon, true, x.id) + g(`translate(540 800) rotate(-10)`, `<rect width="170" height="110" rx="4" fill="#fbfaf6" stroke="${INK}" stroke-width="2"/><path d="M0 0L85 55L170 0" fill="none" stroke="${INK}" stroke-opacity=".4" stroke-width="2"/>`, true, x.id);
}

function trees(x: Ctx): string {
  const { pal } = x;
  // A pair of cedar shoe trees in profile: a toe block, the spring and a heel knob, one beside the other.
  const CEDAR = "#b0714a";
  const tree =
    `<path d="M0 0C-40 -10 -44 -70 20 -84C90 -100 160 -98 220 -92L226 -2C150 8 70 10 0 0Z" fill="${CEDAR}" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M30 -70Q120 -86 210 -78" fill="none" stroke="${INK}" stroke-opacity=".22" stroke-width="2.5"/>` +
    `<path d="M224 -50H330" stroke="${STEEL_DARK}" stroke-width="10" stroke-linecap="round"/><path d="M250 -60Q270 -40 290 -60T330 -60" fill="none" stroke="${STEEL}" stroke-width="5"/>` +
    `<path d="M330 -96Q390 -100 400 -50Q392 0 330 -4Z" fill="${CEDAR}" stroke="${INK}" stroke-width="2.5"/><circle cx="368" cy="-110" r="18" fill="${CEDAR}" stroke="${INK}" stroke-width="2.5"/>`;
  const cloth1 = `<rect width="280" height="180" rx="6" fill="${cloth(x, "plain", pal.c)}" stroke="${INK}" stroke-width="2.5"/>`;
  const tin = `<circle r="62" fill="${STEEL}" stroke="${INK}" stroke-width="2.5"/><circle r="48" fill="${pal.a}" stroke="${INK}" stroke-width="2"/>`;
  return g(`translate(380 740) rotate(-8)`, cloth1, true, x.id) + g(`translate(200 840)`, tin, true, x.id) + g(`translate(130 360) rotate(-4) scale(1.3)`, tree, true, x.id) + g(`translate(170 620) rotate(3) scale(1.3)`, tree, true, x.id);
}

function garmentbag(x: Ctx): string {
  const { pal } = x;
  // Put away for the summer: a cotton garment bag on a hook, its zip and its little window.
  const bag =
    `<path d="M-40 0Q0 -20 40 0L200 70Q220 80 220 110V600Q220 630 190 630H-190Q-220 630 -220 600V110Q-220 80 -200 70Z" fill="${cloth(x, "linen", pal.c)}" stroke="${INK}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M0 10V620" stroke="${INK}" stroke-width="6" stroke-dasharray="2 3" stroke-opacity=".55"/><rect x="-8" y="560" width="16" height="34" rx="4" fill="${STEEL}" stroke="${INK}" stroke-width="1.8"/>` +
    `<rect x="60" y="160" width="110" height="140" rx="10" fill="#e9eef0" fill-opacity=".8" stroke="${INK}" stroke-width="2"/><path d="M70 290Q110 200 160 290" fill="${pal.a}" fill-opacity=".7"/>` +
    `<path d="M-200 140H200" stroke="${pal.a}" stroke-width="6" stroke-opacity=".6"/>`;
  const hook = `<path d="M0 -60V-14Q0 6 -16 4Q-30 2 -28 -14" fill="none" stroke="${STEEL_DARK}" stroke-width="7" stroke-linecap="round"/><rect x="-36" y="-84" width="72" height="28" rx="6" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/>`;
  return g(`translate(400 170)`, hook + bag, true, x.id) + g(`translate(560 780) rotate(10)`, `<rect width="120" height="120" rx="6" fill="${cloth(x, "linen", pal.b)}" stroke="${INK}" stroke-width="2.5"/><path d="M0 24H120" stroke="${INK}" stroke-opacity=".3" stroke-width="2"/>`, true, x.id);
}

function shopfront(x: Ctx): string {
  const { pal } = x;
  // The shop seen from the street: a stone front, an arched window with a garment on a form, the door, an awning and a bench.
  const wall = `<rect x="60" y="80" width="680" height="750" fill="${mixHex(pal.ground2, "#ffffff", 0.25)}" stroke="${INK}" stroke-width="2.5"/><path d="M60 150H740" stroke="${INK}" stroke-opacity=".2" stroke-width="3"/><rect x="60" y="80" width="680" height="70" fill="${pal.a}" fill-opacity=".85"/>`;
  let stripes = "";
  for (let i = 0; i < 9; i++) stripes += `<path d="M${100 + i * 70} 190H${135 + i * 70}L${128 + i * 70} 250H${93 + i * 70}Z" fill="${i % 2 ? pal.c : pal.a}"/>`;
  const awning = `<path d="M90 190H710L700 250H100Z" fill="${pal.c}" stroke="${INK}" stroke-width="2.5"/>${stripes}<path d="M100 250Q130 270 160 250T220 250T280 250T340 250T400 250T460 250T520 250T580 250T640 250T700 250" fill="${pal.c}" stroke="${INK}" stroke-width="2"/>`;
  const window =
    `<path d="M110 820V440Q110 300 270 300Q430 300 430 440V820Z" fill="#dfe6e8" stroke="${INK}" stroke-width="4"/>` +
    `<path d="M270 300V820M110 560H430" stroke="${INK}" stroke-width="3" stroke-opacity=".5"/>` +
    `<path d="M220 470Q270 450 320 470L330 640H210Z" fill="${cloth(x, "herringbone", pal.b)}" stroke="${INK}" stroke-width="2"/><path d="M270 640V760M230 760H310" stroke="${pal.wood}" stroke-width="6"/>` +
    `<path d="M130 330L200 420M380 330L420 380" stroke="#ffffff" stroke-opacity=".5" stroke-width="8"/>`;
  const door = `<path d="M500 830V420Q500 340 590 340Q680 340 680 420V830Z" fill="${pal.b}" stroke="${INK}" stroke-width="4"/><rect x="524" y="430" width="132" height="170" rx="6" fill="#dfe6e8" stroke="${INK}" stroke-width="2"/><circle cx="656" cy="660" r="8" fill="${STEEL}" stroke="${INK}" stroke-width="2"/>`;
  const pot = (px: number) => `<path d="M${px} 790H${px + 60}L${px + 52} 840H${px + 8}Z" fill="${pal.wood}" stroke="${INK}" stroke-width="2.5"/><circle cx="${px + 16}" cy="770" r="24" fill="#6f8a4e" stroke="${INK}" stroke-width="2"/><circle cx="${px + 44}" cy="764" r="26" fill="#7f9a5c" stroke="${INK}" stroke-width="2"/>`;
  return g(`translate(0 0)`, wall + window + door + awning, true, x.id) + pot(440) + pot(700);
}

const DRAW: Record<StillLife, (x: Ctx) => string> = { loom, tailoring, knitwear, hanger, swatches, spools, shoemaker, leather, flax, rail, cocoons, cedar, pattern, skeins, machine, iron, chips, teasels, form, darning, basin, line, tissue, trees, garmentbag, shopfront };

/** Flat-lays lie on the ground seen from above; the rest stand against a wall on a table. */
const FLAT: Record<StillLife, boolean> = {
  loom: false,
  tailoring: true,
  knitwear: false,
  hanger: false,
  swatches: true,
  spools: true,
  shoemaker: true,
  leather: true,
  flax: false,
  rail: false,
  cocoons: true,
  cedar: true,
  pattern: true,
  skeins: false,
  machine: false,
  iron: true,
  chips: true,
  teasels: true,
  form: false,
  darning: true,
  basin: true,
  line: false,
  tissue: true,
  trees: true,
  garmentbag: false,
  shopfront: false,
};

/** What each cover theme (a garment type, or the atelier) may show; an entry's key picks one. */
const THEMES: Record<string, readonly StillLife[]> = {
  atelier: ["loom", "spools"],
  knit: ["knitwear", "loom"],
  dress: ["hanger", "swatches"],
  coat: ["tailoring", "hanger"],
  jacket: ["spools", "tailoring"],
  shirt: ["swatches", "hanger"],
  trousers: ["hanger", "tailoring"],
  skirt: ["swatches", "hanger"],
  shoes: ["shoemaker", "leather"],
  bag: ["leather", "shoemaker"],
  scarf: ["swatches", "spools"],
  belt: ["leather", "shoemaker"],
};

/**
 * The still-life for a content entry: the composition its cover names (or one its older garment
 * theme allows, picked by its key) in a palette its key picks, so an entry keeps its picture.
 */
export function stillLifeFor(theme: string | null, key: string): { composition: StillLife; palette: StillPalette } {
  const h = hash32(key);
  const palette = STILL_PALETTE_NAMES[(h >>> 4) % STILL_PALETTE_NAMES.length];
  if (theme && (STILL_LIFES as readonly string[]).includes(theme)) return { composition: theme as StillLife, palette };
  const list = (theme && THEMES[theme]) || THEMES.atelier;
  return { composition: list[h % list.length], palette };
}

/** The still-life's markup inside an 800×1000 box (no <svg> wrapper). */
export function drawStillLife(composition: StillLife, palette: StillPalette, id: string): string {
  const pal = STILL_PALETTES[palette];
  const x: Ctx = { id, pal, defs: [], k: 0 };
  const body = DRAW[composition](x);
  const ground = FLAT[composition]
    ? `<rect width="800" height="1000" fill="url(#${id}g)"/>` +
      `<path d="M0 0H800V1000H0Z" fill="url(#${id}w)" fill-opacity=".5"/>`
    : `<rect width="800" height="1000" fill="url(#${id}g)"/><rect y="820" width="800" height="180" fill="${pal.ground2}"/><rect y="820" width="800" height="4" fill="${SHADOW}" fill-opacity=".12"/>`;
  const weave = `<pattern id="${id}w" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 3H6M3 0V6" stroke="${mixHex(pal.ground, INK, 0.25)}" stroke-width=".8" stroke-opacity=".35"/></pattern>`;
  return (
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${pal.ground}"/><stop offset="1" stop-color="${pal.ground2}"/></linearGradient>${weave}` +
    `<filter id="${id}f" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="6" dy="10" stdDeviation="9" flood-color="${SHADOW}" flood-opacity=".22"/></filter>${x.defs.join("")}</defs>` +
    ground +
    body
  );
}
