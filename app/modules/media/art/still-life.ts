/**
 * Editorial still-lifes for the journal, the care guide and the home's teasers: the tools and
 * materials of the trade (a loom and spools, tailor's chalk and scissors, folded knitwear, a
 * hanger, fabric swatches, a shoemaker's last, leather and its brush) in one of several palettes.
 * Never a product drawing: these pictures are about the making and the keeping.
 *
 * 4:5, viewBox 0 0 800 1000, pure SVG like the product flats.
 */
import { INK, type P, SHADOW, colorsFor, hash32, mixHex, n } from "./kit";
import { type Surface, surfacePaint } from "./surfaces";

export const STILL_LIFES = ["loom", "tailoring", "knitwear", "hanger", "swatches", "spools", "shoemaker", "leather"] as const;
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

const DRAW: Record<StillLife, (x: Ctx) => string> = { loom, tailoring, knitwear, hanger, swatches, spools, shoemaker, leather };

/** Flat-lays lie on the ground seen from above; the rest stand against a wall on a table. */
const FLAT: Record<StillLife, boolean> = { loom: false, tailoring: true, knitwear: false, hanger: false, swatches: true, spools: true, shoemaker: true, leather: true };

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
