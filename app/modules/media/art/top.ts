/**
 * The upper-body builder behind every top, jacket, coat and dress bodice: a silhouette from a
 * handful of measurements (neck, shoulder, chest, hem, sleeve), then the pieces a designer's flat
 * shows on it — necklines, collars and lapels, plackets and buttons, pockets, bands and belts.
 *
 * Left-hand points are computed and mirrored across x = 400, so every front is symmetric unless a
 * piece (a double-breasted front, a wrap) says otherwise.
 */
import { BRASS, BRASS_DARK, INK, type P, type Path, type Sketch, alongQ, hatch, lerp, mx, n, path, qpt, symmetric } from "./kit";

export interface SleeveShape {
  /** Length along the outer edge. */
  len: number;
  /** Degrees from vertical (flats hang sleeves a little away from the body). */
  angle: number;
  /** Width across the opening. */
  cuffW: number;
  /** A cuff or rib band at the opening (its depth), 0 for none. */
  cuff?: number;
  /** A puffed sleeve bulges by this much. */
  puff?: number;
}

export interface TopShape {
  neckW: number;
  neckY: number;
  shoulderW: number;
  shoulderY: number;
  chestW: number;
  armY: number;
  hemW: number;
  hemY: number;
  /** Half-width at the waist; the side curves in toward it. */
  waistW?: number;
  waistY?: number;
  /** A shirt tail: the sides sit this much higher than the centre. */
  tail?: number;
  sleeve?: SleeveShape | null;
  /** Sleeveless: how deep the armhole cuts into the body. */
  armholeIn?: number;
}

export type Neck = "crew" | "vee" | "square" | "boat" | "open";

export interface Frame {
  NL: P;
  S: P;
  A: P;
  H: P;
  hemY: number;
  /** Left side's x at height y (between the underarm and the hem). */
  sideAt: (y: number) => number;
  /** The front opening's lowest point (V necks, lapels). */
  neckBottom: number;
  sleeve: { S: P; O: P; I: P; A: P; u: P; p: P } | null;
  shape: TopShape;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Draws sleeves and body; returns the frame the trims are placed on.
 * `neck` is the front opening (the back always has a shallow one); `openTo` its depth below the
 * neck points (the break point for lapels); `overlap` moves an open front's meeting point right
 * (double-breasted).
 */
export function drawTop(
  k: Sketch,
  sh: TopShape,
  neck: Neck,
  depth: number,
  opts: { overlap?: number; noInside?: boolean; bodyName?: string; sleeveFill?: string; bodyFill?: string } = {},
): Frame {
  const NL: P = [400 - sh.neckW, sh.neckY];
  const S: P = [400 - sh.shoulderW, sh.shoulderY];
  const A: P = [400 - sh.chestW, sh.armY];
  const tail = sh.tail ?? 0;
  const H: P = [400 - sh.hemW, sh.hemY - tail];
  const sleeve = sh.sleeve ?? null;
  const armCtrl: P = sleeve ? [A[0] + 10, S[1] + (A[1] - S[1]) * 0.6] : [S[0] + (sh.armholeIn ?? 26), A[1] - 14];

  let sl: Frame["sleeve"] = null;
  if (sleeve) {
    const t = rad(sleeve.angle);
    const u: P = [-Math.sin(t), Math.cos(t)];
    const p: P = [Math.cos(t), Math.sin(t)];
    const O: P = [S[0] + u[0] * sleeve.len, S[1] + u[1] * sleeve.len];
    const I: P = [O[0] + p[0] * sleeve.cuffW, O[1] + p[1] * sleeve.cuffW];
    sl = { S, O, I, A, u, p };
    const puff = sleeve.puff ?? 0;
    const mid = lerp(S, O, 0.5);
    const left = path().M(S);
    if (puff) left.Q([mid[0] - p[0] * puff, mid[1] - p[1] * puff], O);
    else left.Q([mid[0] - p[0] * 6, mid[1] - p[1] * 6], O);
    left.L(I);
    if (puff) {
      const mi = lerp(I, A, 0.5);
      left.Q([mi[0] + p[0] * puff * 0.35, mi[1] + p[1] * puff * 0.35], A);
    } else left.L(A);
    left.Q(armCtrl, S).Z();
    k.part("sleeve", left, opts.sleeveFill);
    k.part("sleeve", left.mirror(), opts.sleeveFill);
    // A fold line along each sleeve, as a flat shows it.
    const f0 = lerp(lerp(S, A, 0.5), lerp(O, I, 0.5), 0.15);
    const f1 = lerp(lerp(S, A, 0.5), lerp(O, I, 0.5), 0.8);
    if (sleeve.len > 200) k.seam(both(path().M(f0).L(f1)), 0.25);
    if (sleeve.cuff) {
      const O2: P = [O[0] - u[0] * sleeve.cuff, O[1] - u[1] * sleeve.cuff];
      const dir = unit([A[0] - I[0], A[1] - I[1]]);
      const I2: P = [I[0] + dir[0] * sleeve.cuff, I[1] + dir[1] * sleeve.cuff];
      const cuff = path().M(O2).L(O, I, I2).Z();
      k.part("cuff", cuff, opts.sleeveFill);
      k.part("cuff", cuff.mirror(), opts.sleeveFill);
    }
  }

  const back = k.back;
  const ov = opts.overlap ?? 0;
  const front = !back;
  const frontDepth = front ? depth : 14;
  const kind: Neck = front ? neck : "crew";
  const NR = mx(NL);
  const closeNeck = (p: Path) => neckEdge(p, kind, NL, NR, frontDepth, ov);

  // The inside of the back neck, seen through the front opening.
  if (front && !opts.noInside && kind !== "boat") {
    const inside = path().M(NL).Q([400, NL[1] + 30], NR);
    closeNeck(inside);
    k.part(null, inside.Z(), k.c.lo);
  }

  const segs: Parameters<typeof symmetric>[1] = [[S], [armCtrl, A]];
  if (sh.waistW !== undefined && sh.waistY !== undefined) {
    const W: P = [400 - sh.waistW, sh.waistY];
    segs.push([[W[0] - 4, (A[1] + W[1]) / 2], W]);
    segs.push([[W[0], (W[1] + H[1]) / 2], H]);
  } else segs.push([H]);
  if (tail) segs.push([[400 - sh.hemW * 0.5, sh.hemY + 2], [400, sh.hemY]]);
  else segs.push([[400, sh.hemY]]);
  const body = symmetric(NL, segs, closeNeck);
  k.part(opts.bodyName ?? "body", body, opts.bodyFill);

  const sideAt = (y: number) => {
    if (sh.waistW !== undefined && sh.waistY !== undefined) {
      if (y <= sh.waistY) return lerp(A, [400 - sh.waistW, sh.waistY], (y - A[1]) / (sh.waistY - A[1]))[0];
      return lerp([400 - sh.waistW, sh.waistY], H, (y - sh.waistY) / (H[1] - sh.waistY))[0];
    }
    return lerp(A, H, (y - A[1]) / (H[1] - A[1]))[0];
  };
  return { NL, S, A, H, hemY: sh.hemY, sideAt, neckBottom: NL[1] + frontDepth, sleeve: sl, shape: sh };
}

function unit(v: P): P {
  const l = Math.hypot(v[0], v[1]) || 1;
  return [v[0] / l, v[1] / l];
}

export const both = (p: Path) => `${p}${p.mirror()}`;

/** Closes a body from the right neck point back to the left along the front opening. */
function neckEdge(p: Path, kind: Neck, NL: P, NR: P, depth: number, ov: number) {
  switch (kind) {
    case "crew":
      p.Q([400, NL[1] + depth * 2], NL);
      break;
    case "boat":
      p.Q([400, NL[1] + depth * 2], NL);
      break;
    case "vee":
      p.L([400, NL[1] + depth]).L(NL);
      break;
    case "square":
      p.L([NR[0] - 6, NL[1] + depth]).L([NL[0] + 6, NL[1] + depth]).L(NL);
      break;
    case "open":
      p.L([400 + ov, NL[1] + depth]).L(NL);
      break;
  }
}

/* ------------------------------------------------------------------ neck trims */

/** A ribbed band along a crew or V neckline. */
export function neckBand(k: Sketch, f: Frame, kind: "crew" | "vee", depth: number, band = 18) {
  const { NL } = f;
  const NR = mx(NL);
  const d = k.back ? 14 : depth;
  const kk = k.back ? "crew" : kind;
  const b = path();
  if (kk === "crew") {
    b.M([NL[0] - band * 0.7, NL[1] + 2]).Q([400, NL[1] + d * 2 + band * 1.6], [NR[0] + band * 0.7, NR[1] + 2]).L(NR).Q([400, NL[1] + d * 2], NL).Z();
    k.part("neckband", b);
    const inner = alongQ(NL, [400, NL[1] + d * 2], NR, 18);
    const outer = alongQ([NL[0] - band * 0.7, NL[1] + 2], [400, NL[1] + d * 2 + band * 1.6], [NR[0] + band * 0.7, NR[1] + 2], 18);
    k.seam(inner.map((p, i) => `M${n(p[0])} ${n(p[1])}L${n(outer[i][0])} ${n(outer[i][1])}`).join(""), 0.4, 1.5);
  } else {
    const bottom: P = [400, NL[1] + d];
    const b2: P = [400, NL[1] + d + band * 1.5];
    b.M([NL[0] - band * 0.8, NL[1] + 2]).L(b2, [NR[0] + band * 0.8, NR[1] + 2], NR, bottom, NL).Z();
    k.part("neckband", b);
    k.seam(`${hatch(NL, bottom, [NL[0] - band * 0.8, NL[1] + 2], b2, 12)}${hatch(NR, bottom, [NR[0] + band * 0.8, NR[1] + 2], b2, 12)}`, 0.4, 1.5);
    k.seam(`M${n(bottom[0])} ${n(bottom[1])}L${n(b2[0])} ${n(b2[1])}`, 0.6);
  }
}

/** A turtleneck (folded) or a mock neck: a ribbed tube standing up from the neckline. */
export function standingNeck(k: Sketch, f: Pick<Frame, "NL">, height: number, folded: boolean) {
  const { NL } = f;
  const w = NL[0] - 4;
  const top = NL[1] - height;
  const tube = path()
    .M([w - 4, NL[1] + 14])
    .L([w + 6, top + 8])
    .Q([400, top + 22], [800 - w - 6, top + 8])
    .L([800 - w + 4, NL[1] + 14])
    .Q([400, NL[1] + 38], [w - 4, NL[1] + 14])
    .Z();
  // The opening at the top: an ellipse showing the inside.
  const open = path()
    .M([w + 6, top + 8])
    .Q([400, top - 14], [800 - w - 6, top + 8])
    .Q([400, top + 22], [w + 6, top + 8])
    .Z();
  k.group(folded ? "turtleneck" : "mockneck", () => {
    k.part(null, tube);
    k.part(null, open, k.c.lo);
    const ribs = 14;
    let d = "";
    for (let i = 1; i < ribs; i++) {
      const t = i / ribs;
      const a = qpt([w + 6, top + 8], [400, top + 22], [800 - w - 6, top + 8], t);
      const b = qpt([w - 4, NL[1] + 14], [400, NL[1] + 38], [800 - w + 4, NL[1] + 14], t);
      d += `M${n(a[0])} ${n(a[1] + 4)}L${n(b[0])} ${n(b[1] - 2)}`;
    }
    k.seam(d, 0.45, 1.6);
    if (folded) {
      const fy = top + height * 0.48;
      k.edge(`M${n(w + 1)} ${n(fy)}Q400 ${n(fy + 18)} ${n(800 - w - 1)} ${n(fy)}`, 2.4);
      k.shade(`M${n(w + 1)} ${n(fy)}Q400 ${n(fy + 18)} ${n(800 - w - 1)} ${n(fy)}L${n(800 - w + 1)} ${n(fy + 12)}Q400 ${n(fy + 30)} ${n(w - 1)} ${n(fy + 12)}Z`, 0.14);
    }
  });
}

export type CollarKind = "point" | "buttondown" | "cutaway" | "band" | "bow" | "polo" | "round";

/** A shirt collar: its stand behind the neck and, but for a band collar, two leaves in front. */
export function shirtCollar(k: Sketch, f: Frame, kind: CollarKind, scale = 1) {
  const { NL } = f;
  const ny = NL[1];
  const nw = 400 - NL[0];
  const standH = (kind === "band" || kind === "bow" ? 26 : 20) * scale;
  k.group("collar", () => {
    // The stand, seen around the back of the neck.
    const stand = path()
      .M([NL[0] - 3, ny + 4])
      .L([NL[0] + 1, ny - standH])
      .Q([400, ny - standH - 10], [800 - NL[0] - 1, ny - standH])
      .L([800 - NL[0] + 3, ny + 4])
      .Q([400, ny + (k.back ? 8 : 18)], [NL[0] - 3, ny + 4])
      .Z();
    if (kind === "round") {
      // A round neck with a short opening (no collar at all).
      return;
    }
    k.part(null, stand);
    if (k.back) {
      if (kind !== "band" && kind !== "bow") {
        // The collar's fall, folded over the stand at the back.
        k.part(null, path().M([NL[0] - 10, ny + 10]).L([NL[0] - 2, ny - standH + 4]).Q([400, ny - standH - 4], [800 - NL[0] + 2, ny - standH + 4]).L([800 - NL[0] + 10, ny + 10]).Q([400, ny + 26], [NL[0] - 10, ny + 10]).Z());
      }
      return;
    }
    if (kind === "band" || kind === "bow") {
      // The band's two ends meeting at the throat.
      k.part(null, path().M([NL[0] - 3, ny + 4]).Q([400 - nw * 0.5, ny + 26], [397, ny + 22]).L([397, ny + 22 - standH]).Q([400 - nw * 0.5, ny + 4 - standH * 0.6], [NL[0] + 1, ny - standH]).Z());
      k.part(null, path().M([800 - NL[0] + 3, ny + 4]).Q([400 + nw * 0.5, ny + 26], [403, ny + 22]).L([403, ny + 22 - standH]).Q([400 + nw * 0.5, ny + 4 - standH * 0.6], [800 - NL[0] - 1, ny - standH]).Z());
      return;
    }
    const spread = kind === "cutaway" ? 34 : kind === "polo" ? 10 : 0;
    const drop = (kind === "cutaway" ? 52 : kind === "polo" ? 62 : 74) * scale;
    const tip: P = [NL[0] - 14 * scale - spread, ny + drop];
    const inner: P = [396, ny + 30 * scale];
    const leaf = path()
      .M([NL[0] - 2, ny - standH + 6])
      .Q([NL[0] - 16 - spread * 0.4, ny + drop * 0.4], tip)
      .Q([(tip[0] + inner[0]) / 2 + 4, (tip[1] + inner[1]) / 2 + 8], inner)
      .Q([400 - nw * 0.35, ny + 4], [NL[0] + 6, ny - standH + 2])
      .Z();
    k.part(null, leaf);
    k.part(null, leaf.mirror());
    k.stitch(both(path().M([NL[0] - 8, ny - standH + 14]).Q([NL[0] - 10 - spread * 0.4, ny + drop * 0.4], [tip[0] + 8, tip[1] - 8])));
    if (kind === "buttondown") {
      k.button(tip[0] + 7, tip[1] - 9, 4.5);
      k.button(800 - tip[0] - 7, tip[1] - 9, 4.5);
    }
  });
}

/** A pussy bow tied at the throat. */
export function bow(k: Sketch, f: Frame) {
  if (k.back) return;
  const y = f.NL[1] + 28;
  k.group("bow", () => {
    k.part(null, path().M([398, y]).C([370, y + 90], [352, y + 200], [338, y + 250]).L([364, y + 262]).C([374, y + 200], [392, y + 110], [404, y + 8]).Z());
    k.part(null, path().M([402, y]).C([420, y + 80], [440, y + 170], [462, y + 226]).L([438, y + 240]).C([420, y + 180], [404, y + 100], [396, y + 8]).Z());
    k.part(null, path().M([398, y]).C([360, y - 34], [318, y - 10], [330, y + 26]).C([344, y + 50], [378, y + 26], [398, y]).Z());
    k.part(null, path().M([402, y]).C([440, y - 34], [482, y - 10], [470, y + 26]).C([456, y + 50], [422, y + 26], [402, y]).Z());
    k.part(null, path().M([388, y - 12]).L([412, y - 12]).L([414, y + 14]).L([386, y + 14]).Z());
    k.seam(`M${n(344)} ${n(y + 10)}Q370 ${n(y + 6)} 390 ${n(y + 2)}M456 ${n(y + 10)}Q430 ${n(y + 6)} 410 ${n(y + 2)}`, 0.5);
  });
}

/** A shirt's button placket from the neck to the hem (or a concealed fly), buttons on it. */
export function placket(k: Sketch, y0: number, y1: number, count: number, opts: { hidden?: boolean; width?: number; r?: number; snaps?: boolean; color?: string } = {}) {
  if (k.back) return;
  const w = opts.width ?? 11;
  k.group("placket", () => {
    k.seam(`M${400 - w} ${n(y0)}V${n(y1)}M${400 + w} ${n(y0)}V${n(y1)}`, 0.7);
    k.stitch(`M${400 - w + 3} ${n(y0)}V${n(y1)}`);
  });
  if (opts.hidden) return;
  const step = (y1 - y0 - 30) / Math.max(1, count - 1);
  for (let i = 0; i < count; i++) {
    const y = y0 + 14 + i * step;
    if (opts.snaps) {
      k.button(400, y, opts.r ?? 6, opts.color ?? BRASS);
    } else k.button(400, y, opts.r ?? 5.5, opts.color);
  }
}

/** Lapels on an open front: the collar behind the neck and two lapels down to the break point. */
export function lapels(
  k: Sketch,
  f: Frame,
  opts: { kind: "notch" | "peak" | "shawl" | "broad"; width: number; breakY: number; overlap?: number; scale?: number },
) {
  const { NL } = f;
  const ny = NL[1];
  const ov = opts.overlap ?? 0;
  const s = opts.scale ?? 1;
  k.group("lapels", () => {
    // The collar around the back of the neck.
    const collarH = (opts.kind === "broad" ? 34 : 24) * s;
    k.part(null, path().M([NL[0] - 6, ny + 8]).L([NL[0] - 2, ny - collarH]).Q([400, ny - collarH - 12], [800 - NL[0] + 2, ny - collarH]).L([800 - NL[0] + 6, ny + 8]).Q([400, ny + 16], [NL[0] - 6, ny + 8]).Z());
    if (k.back) return;
    const B: P = [400 + ov, opts.breakY];
    const lapel = (side: 1 | -1) => {
      const x = (dx: number) => (side < 0 ? NL[0] - dx : 800 - NL[0] + dx);
      const neck: P = [side < 0 ? NL[0] : 800 - NL[0], ny];
      const p = path().M([x(4), ny - collarH + 4]);
      if (opts.kind === "shawl") {
        const out: P = [x(opts.width), ny + 120 * s];
        p.Q([x(opts.width * 0.9), ny + 20], out).Q([x(opts.width * 0.6), (ny + B[1]) / 2 + 40], B).L(neck).Z();
      } else {
        const w = opts.width * s;
        const collarTip: P = [x(w * 0.42), ny + 62 * s];
        const notch: P = [x(w * 0.34), ny + 80 * s];
        const tip: P = opts.kind === "peak" ? [x(w * 1.05), ny + 58 * s] : opts.kind === "broad" ? [x(w * 0.95), ny + 92 * s] : [x(w * 0.82), ny + 88 * s];
        const belly: P = [x(w * 0.62), B[1] - (B[1] - tip[1]) * 0.35];
        p.Q([x(w * 0.3), ny + 26 * s], collarTip).L(notch).L(tip).Q(belly, B).L(neck).Z();
      }
      return p;
    };
    k.part(null, lapel(-1));
    k.part(null, lapel(1));
    if (opts.kind !== "shawl") {
      // The gorge seams, where collar meets lapel.
      const w = opts.width * s;
      k.seam(`M${n(NL[0] - w * 0.34)} ${n(ny + 80 * s)}L${n(NL[0] + 8)} ${n(ny + 40 * s)}M${n(800 - NL[0] + w * 0.34)} ${n(ny + 80 * s)}L${n(800 - NL[0] - 8)} ${n(ny + 40 * s)}`, 0.6);
    }
    k.stitch(both(path().M([NL[0] - 12, ny + 30]).Q([NL[0] - opts.width * 0.5, (ny + B[1]) / 2], [B[0] - 8, B[1] - 20])));
  });
}

/** The front edge of an open garment, from the break point to the hem. */
export function frontEdge(k: Sketch, f: Frame, breakY: number, overlap = 0, curve = 0) {
  if (k.back) return;
  const x = 400 + overlap;
  const d = curve ? `M${n(x)} ${n(breakY)}V${n(f.hemY - curve * 2)}Q${n(x)} ${n(f.hemY - curve * 0.5)} ${n(x + curve * 1.4)} ${n(f.hemY)}` : `M${n(x)} ${n(breakY)}V${n(f.hemY)}`;
  k.edge(d, 2.6);
}

/** Double-breasted buttons: two columns either side of the centre, `rows` rows from y0 to y1. */
export function doubleButtons(k: Sketch, y0: number, y1: number, rows: number, overlap: number, r = 8) {
  if (k.back) return;
  const bx = overlap * 0.68;
  for (let i = 0; i < rows; i++) {
    const y = rows === 1 ? y0 : y0 + ((y1 - y0) * i) / (rows - 1);
    k.button(400 - bx, y, r);
    k.button(400 + bx, y, r);
  }
}

/* ------------------------------------------------------------------ pockets */

export type PocketKind = "patch" | "patch-flap" | "flap" | "welt" | "slant" | "vertical" | "kangaroo";

/** A pocket centred at (x, y), w wide; "chest" pockets are drawn on the wearer's left (viewer's right). */
export function pocket(k: Sketch, kind: PocketKind, x: number, y: number, w: number, h = w * 1.1) {
  if (k.back) return;
  k.group("pocket", () => {
    const x0 = x - w / 2;
    const x1 = x + w / 2;
    switch (kind) {
      case "patch":
      case "patch-flap": {
        k.part(null, path().M([x0, y]).L([x1, y]).L([x1, y + h - 10]).Q([x1, y + h], [x1 - 10, y + h]).L([x0 + 10, y + h]).Q([x0, y + h], [x0, y + h - 10]).Z());
        k.stitch(`M${n(x0 + 5)} ${n(y + 6)}V${n(y + h - 10)}Q${n(x0 + 5)} ${n(y + h - 5)} ${n(x0 + 12)} ${n(y + h - 5)}H${n(x1 - 12)}Q${n(x1 - 5)} ${n(y + h - 5)} ${n(x1 - 5)} ${n(y + h - 10)}V${n(y + 6)}`);
        if (kind === "patch-flap") {
          k.part(null, path().M([x0 - 3, y - 4]).L([x1 + 3, y - 4]).L([x1 + 3, y + h * 0.3]).Q([x, y + h * 0.42], [x0 - 3, y + h * 0.3]).Z());
          k.button(x, y + h * 0.3, 5);
        }
        break;
      }
      case "flap":
        k.seam(`M${n(x0)} ${n(y)}H${n(x1)}`, 0.8);
        k.part(null, path().M([x0, y]).L([x1, y]).L([x1 - 2, y + h * 0.38]).L([x0 + 2, y + h * 0.38]).Z());
        break;
      case "welt":
        k.part(null, path().M([x0, y]).L([x1, y - 4]).L([x1, y + 8]).L([x0, y + 12]).Z());
        break;
      case "slant":
        k.part(null, path().M([x0, y + h * 0.3]).L([x1 - 8, y - h * 0.3]).L([x1, y - h * 0.3 + 10]).L([x0 + 8, y + h * 0.3 + 10]).Z());
        break;
      case "vertical":
        k.part(null, path().M([x - 6, y - h / 2]).L([x + 6, y - h / 2]).L([x + 6, y + h / 2]).L([x - 6, y + h / 2]).Z());
        break;
      case "kangaroo":
        k.seam(`M${n(x0)} ${n(y + h)}L${n(x0 + w * 0.18)} ${n(y)}H${n(x1 - w * 0.18)}L${n(x1)} ${n(y + h)}`, 0.8);
        break;
    }
  });
}

/** A pair of pockets mirrored across the front. */
export function pocketPair(k: Sketch, kind: PocketKind, dx: number, y: number, w: number, h?: number) {
  pocket(k, kind, 400 - dx, y, w, h);
  pocket(k, kind, 400 + dx, y, w, h);
}

/* ------------------------------------------------------------------ bands and belts */

/** A ribbed band below the hem (knits, blousons): the rib draws in a little. */
export function hemBand(k: Sketch, f: Frame, h: number, inset = 8) {
  const y0 = f.hemY;
  const x0 = f.sideAt(y0 - 0.01);
  const band = path().M([x0, y0 - 2]).L([800 - x0, y0 - 2]).L([800 - x0 - inset, y0 + h]).L([x0 + inset, y0 + h]).Z();
  k.part("hemband", band);
  const ribs = Math.round((800 - 2 * x0) / 14);
  k.seam(hatch([x0 + 2, y0 + 2], [800 - x0 - 2, y0 + 2], [x0 + inset, y0 + h - 2], [800 - x0 - inset, y0 + h - 2], ribs), 0.4, 1.6);
  f.hemY = y0 + h;
}

/** Rib lines across a sleeve's cuff band. */
export function cuffRibs(k: Sketch, f: Frame, depth: number) {
  if (!f.sleeve) return;
  const { O, I, u, A } = f.sleeve;
  const O2: P = [O[0] - u[0] * depth, O[1] - u[1] * depth];
  const dir = unitOf(A, I);
  const I2: P = [I[0] + dir[0] * depth, I[1] + dir[1] * depth];
  const d = hatch(O2, I2, O, I, 7);
  k.seam(d + mirrorD(d), 0.4, 1.5);
}

function unitOf(a: P, b: P): P {
  const v: P = [a[0] - b[0], a[1] - b[1]];
  const l = Math.hypot(v[0], v[1]) || 1;
  return [v[0] / l, v[1] / l];
}

/** Mirrors an "M x y L x y…" string of absolute coordinates. */
export function mirrorD(d: string): string {
  return d.replace(/([ML])(-?[\d.]+) (-?[\d.]+)/g, (_, c: string, x: string, y: string) => `${c}${n(800 - Number(x))} ${y}`);
}

/** A belt across the waist: a buckled one (trench) or a tie (dresses). */
export function belt(k: Sketch, f: Frame, y: number, h: number, kind: "buckle" | "tie" | "half") {
  const xl = f.sideAt(y) - 6;
  const xr = 800 - xl;
  // A half-belt (buttoned across the back) is no belt: it has its own name.
  k.group(kind === "half" ? "halfbelt" : "belt", () => {
    if (kind === "half") {
      // A half-belt across the back, buttoned at both ends.
      k.part(null, path().M([400 - 110, y]).L([400 + 110, y]).L([400 + 110, y + h]).L([400 - 110, y + h]).Z());
      k.button(400 - 96, y + h / 2, 6);
      k.button(400 + 96, y + h / 2, 6);
      return;
    }
    k.part(null, path().M([xl, y]).L([xr, y + 2]).L([xr, y + h + 2]).L([xl, y + h]).Z());
    k.stitch(`M${n(xl + 4)} ${n(y + 5)}L${n(xr - 4)} ${n(y + 7)}M${n(xl + 4)} ${n(y + h - 5)}L${n(xr - 4)} ${n(y + h - 3)}`);
    if (kind === "buckle") {
      const bx = 400 + 18;
      k.raw(`<rect x="${n(bx - 22)}" y="${n(y - 8)}" width="44" height="${n(h + 16)}" rx="5" fill="none" stroke="${INK}" stroke-width="9"/><rect x="${n(bx - 22)}" y="${n(y - 8)}" width="44" height="${n(h + 16)}" rx="5" fill="none" stroke="${k.c.light ? BRASS_DARK : k.c.lo}" stroke-width="5"/>`);
      // The loose end hanging from the buckle.
      k.part(null, path().M([bx + 10, y + 4]).Q([bx + 40, y + 40], [bx + 26, y + 150]).L([bx + 4, y + 146]).Q([bx + 18, y + 50], [bx - 8, y + h]).Z());
    } else {
      // A knot and two tails.
      k.part(null, path().M([388, y - 4]).L([414, y - 4]).L([416, y + h + 4]).L([386, y + h + 4]).Z());
      k.part(null, path().M([392, y + h]).Q([376, y + 80], [352, y + 170]).L([370, y + 178]).Q([392, y + 90], [404, y + h]).Z());
      k.part(null, path().M([406, y + h]).Q([420, y + 70], [446, y + 150]).L([428, y + 160]).Q([410, y + 90], [398, y + h]).Z());
    }
  });
}

/** Little metal hardware (rivets, eyelets, a zip pull). */
export const brass = (x: number, y: number, r: number) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${BRASS}" stroke="${BRASS_DARK}" stroke-width="1.2"/>`;

/** A centre-front zip: the tape and its pull. */
export function zip(k: Sketch, y0: number, y1: number) {
  if (k.back) return;
  k.group("zip", () => {
    k.seam(`M396 ${n(y0)}V${n(y1)}M404 ${n(y0)}V${n(y1)}`, 0.8);
    k.raw(`<path d="M400 ${n(y0)}V${n(y1)}" stroke="${BRASS_DARK}" stroke-width="3" stroke-dasharray="2 2"/>`);
    k.raw(`<rect x="394" y="${n(y0 + 6)}" width="12" height="22" rx="3" fill="${BRASS}" stroke="${BRASS_DARK}" stroke-width="1.2"/>`);
  });
}

/** Montgomery toggles: horn pegs on one side, rope loops from the other. */
export function toggles(k: Sketch, ys: number[]) {
  if (k.back) return;
  const horn = "#efe4cf";
  k.group("toggles", () => {
    for (const y of ys) {
      k.raw(`<path d="M${n(352)} ${n(y - 10)}L${n(420)} ${n(y)}M352 ${n(y + 10)}L${n(420)} ${n(y)}" stroke="${k.c.dark ? "#d8cdb8" : INK}" stroke-width="3.2" fill="none" stroke-linecap="round"/>`);
      k.raw(`<path id="${k.id}-toggle${ys.indexOf(y) + 1}" d="M${n(404)} ${n(y - 6)}L${n(446)} ${n(y - 10)}Q${n(454)} ${n(y)} ${n(446)} ${n(y + 10)}L${n(404)} ${n(y + 6)}Q${n(398)} ${n(y)} ${n(404)} ${n(y - 6)}Z" fill="${horn}" stroke="${INK}" stroke-width="2"/>`);
    }
  });
}

/** Shoulder straps with a button (trench). */
export function epaulettes(k: Sketch, f: Frame) {
  const { NL, S } = f;
  const ep = path()
    .M(lerp(NL, S, 0.25))
    .L([S[0] + 4, S[1] - 4])
    .L([S[0] + 8, S[1] + 18])
    .L(lerp([NL[0], NL[1] + 22], [S[0], S[1] + 22], 0.25))
    .Z();
  k.group("epaulettes", () => {
    k.part(null, ep);
    k.part(null, ep.mirror());
    const b = lerp(NL, S, 0.32);
    k.button(b[0], b[1] + 10, 5);
    k.button(800 - b[0], b[1] + 10, 5);
  });
}

/** A trench's storm flap on the right chest, and its yoke at the back. */
export function stormFlap(k: Sketch, f: Frame) {
  const { NL, S, A } = f;
  if (k.back) {
    k.part("stormflap", path().M([S[0] + 2, S[1] + 4]).L([800 - S[0] - 2, S[1] + 4]).L([800 - A[0] - 6, A[1] + 10]).Q([400, A[1] + 40], [A[0] + 6, A[1] + 10]).Z());
    return;
  }
  k.part("stormflap", path().M([NL[0] - 34, NL[1] + 70]).L([S[0] + 8, S[1] + 10]).L([A[0] + 12, A[1] - 20]).L([A[0] + 60, A[1] + 6]).Q([NL[0] - 40, A[1] - 30], [NL[0] - 34, NL[1] + 70]).Z());
}

/** A centre-back seam and vent (jackets, coats). */
export function backVent(k: Sketch, f: Frame, from: number, vent: number) {
  if (!k.back) return;
  k.seam(`M400 ${n(from)}V${n(f.hemY)}`, 0.55);
  if (vent) k.edge(`M404 ${n(f.hemY - vent)}V${n(f.hemY)}`, 2.2);
}

/** A shirt's back yoke, with a box pleat below it. */
export function backYoke(k: Sketch, f: Frame, y: number, pleat = true) {
  if (!k.back) return;
  k.seam(`M${n(f.S[0] + 6)} ${n(y)}Q400 ${n(y + 10)} ${n(800 - f.S[0] - 6)} ${n(y)}`, 0.8);
  if (pleat) k.seam(`M392 ${n(y + 5)}L388 ${n(y + 90)}M408 ${n(y + 5)}L412 ${n(y + 90)}`, 0.55);
}

/** Several rows of gathers (fold lines) fanning from a seam. */
export function gathers(k: Sketch, x0: number, x1: number, y: number, len: number, count: number, fan = 0) {
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const x = x0 + (x1 - x0) * t;
    const dx = (t - 0.5) * fan;
    d += `M${n(x)} ${n(y)}q${n(dx * 0.3)} ${n(len * 0.5)} ${n(dx)} ${n(len * (0.7 + ((i * 37) % 10) / 30))}`;
  }
  k.seam(d, 0.35, 1.6);
}

