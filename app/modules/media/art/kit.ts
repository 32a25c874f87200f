/**
 * The drawing kit shared by every picture the shop draws: colours, numbers, paths and a small
 * builder that lays a flat sketch down in painter's order.
 *
 * Pure TypeScript (no Node APIs): the same input gives byte-identical SVG on every process.
 * Garments live in an 800×1000 (4:5) box; the composer (garment-art.ts) fits and frames them.
 */

/* ------------------------------------------------------------------ numbers */

export type P = readonly [number, number];

/** Compact number formatting (one decimal at most). */
export function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

export const lerp = (a: P, b: P, t: number): P => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** Point on a quadratic Bézier. */
export function qpt(p0: P, c: P, p1: P, t: number): P {
  const u = 1 - t;
  return [u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]];
}

/** Point on a cubic Bézier. */
export function cpt(p0: P, c1: P, c2: P, p1: P, t: number): P {
  const u = 1 - t;
  const a = u * u * u,
    b = 3 * u * u * t,
    c = 3 * u * t * t,
    d = t * t * t;
  return [a * p0[0] + b * c1[0] + c * c2[0] + d * p1[0], a * p0[1] + b * c1[1] + c * c2[1] + d * p1[1]];
}

/** The mirror image across the garment's centre line (x = 400). */
export const mx = (p: P): P => [800 - p[0], p[1]];

/** Short deterministic hash (FNV-1a, base36) used to prefix ids and seed variations. */
export function shortHash(s: string): string {
  return hash32(s).toString(36).slice(0, 6);
}

export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/* ------------------------------------------------------------------ colour */

export type RGB = [number, number, number];

export const INK = "#1b1b1b";
export const STONE = "#6b6660";
export const TERRACOTTA = "#a4472f";
export const IVORY = "#faf8f5";
/** Antique brass for buckles, rivets and clasps. */
export const BRASS = "#b39a6b";
export const BRASS_DARK = "#7d6a45";
/** Warm umber for every shadow (never a cold grey). */
export const SHADOW = "#3a2c20";

export function parseHex(hex: string): RGB | null {
  const m = /^#?([0-9a-fA-F]{6})$/.exec(hex);
  if (!m) return null;
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function toHex(c: RGB): string {
  return "#" + c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("");
}

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export const mixHex = (a: string, b: string, t: number) => toHex(mix(parseHex(a)!, parseHex(b)!, t));

/** WCAG relative luminance, 0 (black) .. 1 (white). */
export function luminance(c: RGB): number {
  const ch = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

const INK_RGB: RGB = [27, 27, 27];
const WHITE_RGB: RGB = [255, 253, 249];

/** The paints of one garment: its own colour as fill, the shop's ink and umber for lines and shade. */
export interface Colors {
  base: string;
  rgb: RGB;
  /** A lighter tone of the fill (highlights, piping on dark cloth). */
  hi: string;
  /** A deeper tone of the fill (insides, the back of a collar, folds). */
  lo: string;
  /** Seams and details drawn on the fill: ink on light cloth, a pale tone on dark cloth. */
  seam: string;
  /** The silhouette's outline. */
  outline: string;
  /** Buttons: a tone that stands off the fill. */
  button: string;
  /** Very dark, for soles and heels. */
  sole: string;
  light: boolean;
  dark: boolean;
}

export function colorsFor(hex: string): Colors {
  const rgb = parseHex(hex);
  if (!rgb) throw new RangeError(`garment-art: invalid colour ${JSON.stringify(hex)}`);
  const lum = luminance(rgb);
  const light = lum > 0.55;
  const dark = lum < 0.06;
  return {
    base: toHex(rgb),
    rgb,
    hi: toHex(mix(rgb, WHITE_RGB, dark ? 0.16 : 0.3)),
    lo: toHex(mix(rgb, INK_RGB, light ? 0.16 : dark ? 0.35 : 0.28)),
    seam: dark ? toHex(mix(rgb, WHITE_RGB, 0.42)) : toHex(mix(rgb, INK_RGB, light ? 0.55 : 0.6)),
    outline: dark ? "#0f0f0f" : INK,
    button: dark ? toHex(mix(rgb, WHITE_RGB, 0.3)) : light ? toHex(mix(rgb, [150, 130, 110], 0.45)) : toHex(mix(rgb, INK_RGB, 0.35)),
    sole: toHex(mix(rgb, INK_RGB, 0.75)),
    light,
    dark,
  };
}

/* ------------------------------------------------------------------ paths */

type Cmd = ["M" | "L", P] | ["Q", P, P] | ["C", P, P, P] | ["Z"];

/** A path built from points, so it can be mirrored, moved and measured before it is written. */
export class Path {
  readonly cmds: Cmd[] = [];
  M(p: P) {
    this.cmds.push(["M", p]);
    return this;
  }
  L(...ps: P[]) {
    for (const p of ps) this.cmds.push(["L", p]);
    return this;
  }
  Q(c: P, p: P) {
    this.cmds.push(["Q", c, p]);
    return this;
  }
  C(c1: P, c2: P, p: P) {
    this.cmds.push(["C", c1, c2, p]);
    return this;
  }
  Z() {
    this.cmds.push(["Z"]);
    return this;
  }
  /** Appends another path's commands. */
  add(other: Path) {
    this.cmds.push(...other.cmds);
    return this;
  }
  map(f: (p: P) => P): Path {
    const out = new Path();
    for (const c of this.cmds) out.cmds.push([c[0], ...(c.slice(1) as P[]).map(f)] as Cmd);
    return out;
  }
  mirror(): Path {
    return this.map(mx);
  }
  points(): P[] {
    return this.cmds.flatMap((c) => c.slice(1) as P[]);
  }
  toString(): string {
    let d = "";
    for (const c of this.cmds) {
      d += c[0];
      d += (c.slice(1) as P[]).map((p) => `${n(p[0])} ${n(p[1])}`).join(" ");
    }
    return d;
  }
}

export const path = () => new Path();

/** A segment of an outline: a line, a quadratic or a cubic Bézier, ending at its last point. */
export type Seg = readonly [P] | readonly [P, P] | readonly [P, P, P];

function pushSeg(p: Path, s: Seg) {
  if (s.length === 1) p.L(s[0]);
  else if (s.length === 2) p.Q(s[0], s[1]);
  else p.C(s[0], s[1], s[2]);
}

/**
 * A symmetric outline from its left half: `start`, then `segs` down the left side to the centre
 * line (or anywhere), then the same segments mirrored and reversed back up the right side.
 * `close` (optional) joins the right end back to `start` (a neckline); otherwise the path closes straight.
 */
export function symmetric(start: P, segs: Seg[], close?: (p: Path) => void): Path {
  const p = path().M(start);
  for (const s of segs) pushSeg(p, s);
  const ends: P[] = [start, ...segs.map((s) => s[s.length - 1])];
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i];
    const from = mx(ends[i]);
    if (s.length === 1) p.L(from);
    else if (s.length === 2) p.Q(mx(s[0]), from);
    else p.C(mx(s[1]), mx(s[0]), from);
  }
  if (close) close(p);
  return p.Z();
}

/** An open run of segments (for seams). */
export function run(start: P, segs: Seg[]): Path {
  const p = path().M(start);
  for (const s of segs) pushSeg(p, s);
  return p;
}

/** A path and its mirror image, as one `d`. */
export const both = (p: Path) => `${p}${p.mirror()}`;

/** Lines joining two edges at `count` evenly spaced positions (ribs, pleats, fringe). */
export function hatch(a0: P, a1: P, b0: P, b1: P, count: number, inset = 0.5): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = (i + inset) / count;
    const p = lerp(a0, a1, t);
    const q = lerp(b0, b1, t);
    d += `M${n(p[0])} ${n(p[1])}L${n(q[0])} ${n(q[1])}`;
  }
  return d;
}

/** Evenly spaced points along a quadratic curve. */
export function alongQ(p0: P, c: P, p1: P, count: number, inset = 0.5): P[] {
  return Array.from({ length: count }, (_, i) => qpt(p0, c, p1, (i + inset) / count));
}

/* ------------------------------------------------------------------ the sketch builder */

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Collects one drawing's elements in painter's order. Named parts carry an id (`<prefix>-<name>`)
 * so a test can ask what was drawn (a vest has no "sleeve"); the builder also measures the
 * silhouette, so the composer can fit it in the frame and lay its shadow under it.
 */
export class Sketch {
  private out: string[] = [];
  private used = new Map<string, number>();
  readonly bounds: Bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  /** Where the close-up looks (set by the drawer; defaults to the upper middle). */
  focus: P | null = null;
  /** How close the close-up comes (in the drawing's own scale); small things need less. */
  zoom = 2.6;

  constructor(
    readonly id: string,
    readonly c: Colors,
    /** The silhouette's paint: the colour, or the surface pattern over it. */
    readonly fill: string,
    /** Large enough for topstitching and fine texture. */
    readonly fine: boolean,
    readonly back: boolean,
    /** The product's own variation, 0..1 numbers drawn from its seed. */
    readonly rnd: () => number,
    /** The cloth's surface (some pieces only exist on some cloths: a tweed's elbow patches). */
    readonly surface: string = "plain",
  ) {}

  private partId(name: string): string {
    const k = (this.used.get(name) ?? 0) + 1;
    this.used.set(name, k);
    return `${this.id}-${name}${k > 1 ? k : ""}`;
  }

  private measure(points: P[]) {
    for (const [x, y] of points) {
      if (x < this.bounds.x0) this.bounds.x0 = x;
      if (x > this.bounds.x1) this.bounds.x1 = x;
      if (y < this.bounds.y0) this.bounds.y0 = y;
      if (y > this.bounds.y1) this.bounds.y1 = y;
    }
  }

  /** A piece of the silhouette: filled with the garment's paint (or `fill`), outlined in ink. */
  part(name: string | null, d: Path | string, fill?: string, extra = "") {
    if (d instanceof Path) this.measure(d.points());
    const id = name ? ` id="${this.partId(name)}"` : "";
    this.out.push(`<path${id} d="${d}" fill="${fill ?? this.fill}" stroke="${this.c.outline}" stroke-width="3" stroke-linejoin="round"${extra}/>`);
  }

  /** A named group of elements (so parts made of several shapes still answer to one id). */
  group(name: string, draw: () => void) {
    this.out.push(`<g id="${this.partId(name)}">`);
    draw();
    this.out.push(`</g>`);
  }

  /** Soft shade inside the silhouette (folds, the inside of a neckline). */
  shade(d: Path | string, opacity = 0.18) {
    this.out.push(`<path d="${d}" fill="${SHADOW}" fill-opacity="${opacity}"/>`);
  }

  /** Light catching an edge. */
  light(d: Path | string, opacity = 0.22) {
    this.out.push(`<path d="${d}" fill="#fff" fill-opacity="${opacity}"/>`);
  }

  /** A seam or a fold line. */
  seam(d: Path | string, opacity = 0.75, width = 2) {
    this.out.push(`<path d="${d}" fill="none" stroke="${this.c.seam}" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linecap="round" stroke-linejoin="round"/>`);
  }

  /** Topstitching: only where it can be seen. */
  stitch(d: Path | string, color?: string) {
    if (!this.fine) return;
    this.out.push(`<path d="${d}" fill="none" stroke="${color ?? this.c.seam}" stroke-width="1.5" stroke-dasharray="5 4" stroke-opacity=".8"/>`);
  }

  /** An ink line (outline weight, no fill): edges that are part of the silhouette. */
  edge(d: Path | string, width = 3) {
    this.out.push(`<path d="${d}" fill="none" stroke="${this.c.outline}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`);
  }

  /**
   * Strands along a path, each `len` long and square to it (a fringe, the ribs of a band): one
   * stroke dashed into strands, outlined in ink when `paint` is given (a thinner dash over a wider
   * ink one), in the seam colour otherwise. Small however long the edge.
   */
  comb(d: Path | string, len: number, on: number, off: number, paint?: string, opacity = 0.45) {
    const end = ` fill="none" stroke-width="${n(len)}"`;
    if (!paint) {
      this.out.push(`<path d="${d}"${end} stroke="${this.c.seam}" stroke-opacity="${opacity}" stroke-dasharray="${n(on)} ${n(off)}"/>`);
      return;
    }
    this.out.push(
      `<path d="${d}"${end} stroke="${this.c.outline}" stroke-dasharray="${n(on + 3)} ${n(off - 3)}"/>` +
        `<path d="${d}" fill="none" stroke-width="${n(len - 3)}" stroke="${paint}" stroke-dasharray="${n(on)} ${n(off)}" stroke-dashoffset="-1.5"/>`,
    );
  }

  /** A button (named "button" so a test can count them). */
  button(x: number, y: number, r: number, color?: string) {
    const fill = color ?? this.c.button;
    const holes = r >= 6 && this.fine ? `<circle cx="${n(x - r * 0.28)}" cy="${n(y)}" r="${n(r * 0.14)}" fill="${INK}" fill-opacity=".55"/><circle cx="${n(x + r * 0.28)}" cy="${n(y)}" r="${n(r * 0.14)}" fill="${INK}" fill-opacity=".55"/>` : "";
    this.out.push(`<circle id="${this.partId("button")}" cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" stroke="${this.c.outline}" stroke-width="1.8"/>${holes}`);
  }

  /** Anything else, already painted. */
  raw(s: string) {
    this.out.push(s);
  }

  /** Something behind everything drawn so far (a hanger's hook). */
  beneath(s: string) {
    this.out.unshift(s);
  }

  /** Includes points in the measured silhouette (for parts drawn with `raw`). */
  include(...points: P[]) {
    this.measure(points);
  }

  toString(): string {
    return this.out.join("");
  }
}
