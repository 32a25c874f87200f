/**
 * Knitwear and shirts, each sub-type a fashion designer's flat: what makes it that garment is
 * drawn (a cardigan's button band, a turtleneck's fold, a polo's placket…), and the product's
 * own variation moves lengths and widths a little so no two products look the same.
 */
import { type P, type Seg, type Sketch, alongQ, hatch, lerp, mx, n, path, symmetric } from "./kit";
import {
  type TopShape,
  backYoke,
  both,
  bow,
  cuffRibs,
  drawTop,
  gathers,
  hemBand,
  lapels,
  mirrorD,
  neckBand,
  placket,
  pocket,
  pocketPair,
  shirtCollar,
  standingNeck,
} from "./top";

/** A number between a and b drawn from the product's variation. */
export const vr = (k: Sketch, a: number, b: number) => a + (b - a) * k.rnd();

/* ------------------------------------------------------------------ knitwear */

function knitShape(k: Sketch, o: { hem?: number; sleeve?: boolean; drop?: number } = {}): TopShape {
  const drop = o.drop ?? 0;
  return {
    neckW: vr(k, 48, 56),
    neckY: 196,
    shoulderW: vr(k, 156, 166) + drop,
    shoulderY: 222 + drop * 0.4,
    chestW: vr(k, 146, 154),
    armY: 380 + drop * 0.5,
    hemW: vr(k, 138, 148),
    hemY: o.hem ?? vr(k, 690, 720),
    sleeve: o.sleeve === false ? null : { len: vr(k, 430, 460), angle: vr(k, 17, 21), cuffW: 62, cuff: 36 },
  };
}

export function crewneck(k: Sketch) {
  const f = drawTop(k, knitShape(k, { drop: 14 }), "crew", 32);
  neckBand(k, f, "crew", 32);
  hemBand(k, f, 46);
  cuffRibs(k, f, 36);
  k.focus = [420, 330];
}

export function vneck(k: Sketch) {
  const depth = vr(k, 120, 150);
  const f = drawTop(k, knitShape(k), "vee", depth);
  neckBand(k, f, "vee", depth, 16);
  hemBand(k, f, 44);
  cuffRibs(k, f, 36);
  k.focus = [400, 300];
}

export function turtleneck(k: Sketch) {
  const sh = knitShape(k);
  sh.chestW -= 6;
  sh.hemW -= 8;
  const f = drawTop(k, sh, "crew", 16, { noInside: true });
  standingNeck(k, f, vr(k, 96, 112), true);
  hemBand(k, f, 40);
  cuffRibs(k, f, 40);
  k.focus = [400, 200];
}

export function mockneck(k: Sketch) {
  const f = drawTop(k, knitShape(k, { drop: 24 }), "crew", 16, { noInside: true });
  standingNeck(k, f, vr(k, 44, 56), false);
  hemBand(k, f, 50);
  cuffRibs(k, f, 40);
  k.focus = [430, 360];
}

/** A cardigan: an open V, a ribbed hem, a button band down the whole front. */
function cardiganFront(k: Sketch, sh: TopShape, breakY: number, buttons: number, r = 6, rib = 40) {
  const f = drawTop(k, sh, "vee", breakY - sh.neckY);
  hemBand(k, f, rib);
  if (k.back) {
    neckBand(k, f, "crew", 14);
  } else {
    const band = 22;
    const { NL } = f;
    const left = path().M([NL[0] - 4, NL[1] + 2]).L([400, breakY]).L([400, f.hemY]).L([400 - band, f.hemY]).L([400 - band, breakY + 4]).L([NL[0] - band + 2, NL[1] + 10]).Z();
    const ribs = hatch([NL[0] - 4, NL[1] + 2], [400, breakY], [NL[0] - band + 2, NL[1] + 10], [400 - band, breakY + 4], 10);
    k.group("placket", () => {
      k.part(null, left);
      k.part(null, left.mirror());
      k.seam(ribs + mirrorD(ribs), 0.35, 1.4);
    });
    const step = (f.hemY - 40 - breakY) / Math.max(1, buttons - 1);
    for (let i = 0; i < buttons; i++) k.button(400 - 11, breakY + 8 + i * step, r);
  }
  return f;
}

export function cardigan(k: Sketch) {
  const sh = knitShape(k, { hem: vr(k, 720, 760) });
  const f = cardiganFront(k, sh, vr(k, 380, 420), 5);
  cuffRibs(k, f, 36);
  k.focus = [400, 430];
}

export function croppedCardigan(k: Sketch) {
  const sh = knitShape(k, { hem: vr(k, 560, 590) });
  sh.sleeve = { len: vr(k, 400, 420), angle: 18, cuffW: 58, cuff: 30 };
  const f = cardiganFront(k, sh, vr(k, 300, 330), 6, 4.5, 32);
  cuffRibs(k, f, 30);
  k.focus = [400, 380];
}

export function shawlCardigan(k: Sketch) {
  const sh = knitShape(k, { hem: vr(k, 720, 750), drop: 10 });
  const breakY = vr(k, 450, 480);
  const f = drawTop(k, sh, "open", breakY - sh.neckY);
  lapels(k, f, { kind: "shawl", width: 74, breakY });
  if (!k.back) {
    pocketPair(k, "patch", 86, f.hemY - 200, 92, 100);
  }
  hemBand(k, f, 44);
  if (!k.back) {
    k.edge(`M400 ${n(breakY)}V${n(f.hemY)}`, 2.6);
    for (let i = 0; i < 4; i++) k.button(400, breakY + 30 + i * ((f.hemY - breakY - 90) / 3), 8);
  }
  cuffRibs(k, f, 36);
  k.focus = [430, 360];
}

/** A gilet: no sleeves at all, a deep V, a button band and welt pockets. */
export function vest(k: Sketch) {
  const hemY = vr(k, 600, 660);
  const breakY = vr(k, 370, 400);
  const sh: TopShape = { neckW: 52, neckY: 200, shoulderW: 112, shoulderY: 220, chestW: 150, armY: 410, hemW: 146, hemY, sleeve: null, armholeIn: 34 };
  const f = cardiganFront(k, sh, breakY, 5, 6, 36);
  // Ribbed armhole bands.
  const { S, A } = f;
  const arm = path().M(S).Q([S[0] + 34, A[1] - 14], A).L([A[0] + 16, A[1] - 6]).Q([S[0] + 46, A[1] - 30], [S[0] + 16, S[1] + 2]).Z();
  k.group("armband", () => {
    k.part(null, arm);
    k.part(null, arm.mirror());
  });
  if (!k.back) pocketPair(k, "welt", 80, hemY - 90, 64);
  k.focus = [400, 420];
}

/** A knit top: square neckline, wide straps, close ribs. */
export function knitTop(k: Sketch) {
  const sh: TopShape = { neckW: 86, neckY: 206, shoulderW: 134, shoulderY: 214, chestW: 134, armY: 372, waistW: 120, waistY: 520, hemW: 132, hemY: vr(k, 640, 680), sleeve: null, armholeIn: 22 };
  const f = drawTop(k, sh, "square", vr(k, 96, 116));
  if (!k.back) k.seam(`M${n(f.NL[0] + 6)} ${n(f.neckBottom + 12)}H${n(800 - f.NL[0] - 6)}`, 0.5);
  hemBand(k, f, 24, 2);
  k.focus = [400, 330];
}

export function polo(k: Sketch) {
  const sh = knitShape(k, { hem: vr(k, 660, 690) });
  sh.neckW = 46;
  sh.sleeve = { len: vr(k, 150, 170), angle: 38, cuffW: 96, cuff: 22 };
  const f = drawTop(k, sh, "crew", 26, { noInside: true });
  shirtCollar(k, f, "polo");
  placket(k, f.NL[1] + 26, f.NL[1] + 150, 3, { r: 5 });
  hemBand(k, f, 28, 2);
  cuffRibs(k, f, 22);
  k.focus = [410, 260];
}

export function sweatshirt(k: Sketch) {
  const sh = knitShape(k, { drop: 10 });
  sh.hemY = vr(k, 660, 690);
  const f = drawTop(k, sh, "crew", 30);
  // Raglan seams from the neck to the underarm.
  k.seam(both(path().M([f.NL[0] - 6, f.NL[1] + 10]).Q([f.NL[0] - 30, f.A[1] - 80], [f.A[0] + 4, f.A[1] - 2])), 0.7);
  neckBand(k, f, "crew", 30, 20);
  if (!k.back) k.part("vinsert", path().M([384, f.NL[1] + 60]).L([416, f.NL[1] + 60]).L([400, f.NL[1] + 96]).Z());
  hemBand(k, f, 52);
  cuffRibs(k, f, 40);
  k.focus = [400, 270];
}

/**
 * A poncho: one square of knit worn on the point, falling from a turtleneck or a wide boat neck
 * over the shoulders to the wrists (the arms inside lift its side corners) and down to a point in
 * front; a ribbed border and, on most, a fringe. No sleeves.
 */
export function poncho(k: Sketch) {
  const fringe = k.rnd() > 0.25;
  const turtle = k.rnd() > 0.3;
  const NL: P = [400 - vr(k, 68, 76), 226];
  const T: P = [400 - vr(k, 318, 334), vr(k, 556, 596)];
  const P0: P = [400, vr(k, 880, 920)];
  const S: P = [NL[0] - 58, NL[1] + 40];
  const segs: Seg[] = [[[NL[0] - 34, NL[1] + 4], S], [[S[0] - 60, S[1] + 80], T], [P0]];
  k.part("body", symmetric(NL, segs, (p) => p.Q([400, NL[1] + 34], NL)));
  // The arms inside: the cloth falls in soft folds from under them to the hem.
  const hemAt = (x: number) => T[1] + ((P0[1] - T[1]) * (x - T[0])) / (400 - T[0]);
  const folds = path();
  const shades = path();
  for (const [t, dx] of [
    [0.3, -6],
    [0.66, -22],
  ] as const) {
    const a: P = lerp(S, T, t);
    const top: P = [a[0] + 6, a[1] + 24];
    const x1 = a[0] + dx;
    const c: P = [a[0] - 4, (a[1] + hemAt(x1)) / 2];
    folds.M(top).Q(c, [x1, hemAt(x1) - 8]);
    shades.M(top).Q(c, [x1, hemAt(x1) - 8]).L([x1 + 30, hemAt(x1 + 30) - 8]).Q([c[0] + 14, c[1]], top).Z();
  }
  // Under the wrists the cloth turns in.
  shades.M([T[0] + 8, T[1] + 6]).Q([T[0] + 60, T[1] + 6], [T[0] + 90, hemAt(T[0] + 90) - 6]).L([T[0] + 26, hemAt(T[0] + 26)]).Z();
  k.shade(both(shades), 0.09);
  k.seam(both(folds), 0.35, 2);
  if (k.back) k.seam(`M400 ${n(NL[1] + 40)}V${n(P0[1] - 36)}`, 0.5);
  // The ribbed border along the hem.
  const b = 30;
  const hem: P[] = [T, P0, mx(T)];
  const inner: P[] = [[T[0] + b * 0.75, T[1] - b * 0.45], [400, P0[1] - b * 1.35], [800 - T[0] - b * 0.75, T[1] - b * 0.45]];
  const line = (ps: P[]) => path().M(ps[0]).L(...ps.slice(1));
  k.part("hemband", line(hem).L(...[...inner].reverse()).Z());
  k.comb(line(hem.map((p, i) => lerp(p, inner[i], 0.5))), b - 4, 1.6, 10);
  if (fringe) {
    // The fringe, knotted under the border.
    const side = (a: P, z: P) => `M${n(a[0])} ${n(a[1] + 17)}L${n(z[0])} ${n(z[1] + 17)}`;
    k.group("fringe", () => k.comb(side(lerp(T, P0, 0.02), lerp(T, P0, 0.97)) + side(lerp(mx(T), P0, 0.02), lerp(mx(T), P0, 0.97)), 34, 4, 8, k.c.hi));
    k.include([T[0] - 20, P0[1] + 40], [T[0] - 20, T[1] + 40]);
  }
  if (turtle) standingNeck(k, { NL: [NL[0] - 4, NL[1]] }, vr(k, 78, 92), true);
  else {
    // A wide ribbed boat neck.
    const a: P = [NL[0] - 12, NL[1] - 2];
    const c: P = [NL[0] - 2, NL[1] - 24];
    k.part(null, path().M(c).Q([400, NL[1] - 44], mx(c)).Q([400, NL[1] + 16], c).Z(), k.c.lo);
    k.part("neckband", path().M(a).Q([400, NL[1] + 44], mx(a)).L(mx(c)).Q([400, NL[1] + 16], c).Z());
    const o = alongQ(a, [400, NL[1] + 44], mx(a), 16);
    const i2 = alongQ(c, [400, NL[1] + 16], mx(c), 16);
    k.seam(o.map((p, j) => `M${n(p[0])} ${n(p[1])}L${n(i2[j][0])} ${n(i2[j][1])}`).join(""), 0.4, 1.5);
  }
  const f = lerp(hem[0], hem[1], 0.55);
  k.focus = [f[0], f[1] - 10];
  k.zoom = 2.4;
}

/* ------------------------------------------------------------------ shirts and blouses */

function shirtShape(k: Sketch, o: { oversize?: boolean; slim?: boolean; tail?: boolean } = {}): TopShape {
  const big = o.oversize ? 24 : 0;
  const slim = o.slim ? -8 : 0;
  return {
    neckW: 44,
    neckY: 198,
    shoulderW: vr(k, 148, 154) + big + slim,
    shoulderY: 218 + big * 0.6,
    chestW: vr(k, 138, 144) + big * 0.6 + slim,
    armY: 360 + big,
    hemW: vr(k, 140, 146) + big * 0.6 + slim,
    hemY: vr(k, 770, 800) + big,
    tail: o.tail === false ? 0 : vr(k, 34, 48),
    sleeve: { len: vr(k, 440, 460) - big * 0.4, angle: vr(k, 15, 18), cuffW: 60, cuff: 36 },
  };
}

function shirtCuffButtons(k: Sketch, f: ReturnType<typeof drawTop>) {
  if (!f.sleeve || k.back) return;
  const { O, I, u } = f.sleeve;
  const b = lerp(O, I, 0.7);
  const x = b[0] - u[0] * 18;
  const y = b[1] - u[1] * 18;
  k.button(x, y, 4);
  k.button(800 - x, y, 4);
  // The sleeve placket above the cuff.
  const s0 = lerp(O, I, 0.62);
  k.seam(both(path().M([s0[0] - u[0] * 36, s0[1] - u[1] * 36]).L([s0[0] - u[0] * 106, s0[1] - u[1] * 106])), 0.5);
}

function shirtBase(k: Sketch, sh: TopShape, collar: Parameters<typeof shirtCollar>[2], buttons = 7, opts: { hidden?: boolean; snaps?: boolean; r?: number } = {}) {
  const f = drawTop(k, sh, "crew", 28, { noInside: collar !== "round" });
  backYoke(k, f, f.NL[1] + 64, collar !== "band");
  if (collar !== "round") placket(k, f.NL[1] + 20, sh.hemY - 6, buttons, opts);
  shirtCollar(k, f, collar);
  shirtCuffButtons(k, f);
  return f;
}

export function shirt(k: Sketch) {
  const f = shirtBase(k, shirtShape(k), "point");
  if (k.rnd() > 0.4) pocket(k, "patch", 470, f.NL[1] + 130, 62, 70);
  k.focus = [420, 250];
}

export function shirtButtondown(k: Sketch) {
  const f = shirtBase(k, shirtShape(k), "buttondown");
  pocket(k, "patch", 472, f.NL[1] + 130, 64, 72);
  k.focus = [440, 300];
}

export function shirtCutaway(k: Sketch) {
  const sh = shirtShape(k, { slim: true });
  sh.waistW = sh.chestW - 12;
  sh.waistY = 540;
  shirtBase(k, sh, "cutaway");
  k.focus = [400, 250];
}

export function shirtOversize(k: Sketch) {
  const f = shirtBase(k, shirtShape(k, { oversize: true }), "point", 7);
  if (k.back) k.seam(`M${n(f.S[0] + 4)} ${n(f.NL[1] + 110)}Q400 ${n(f.NL[1] + 124)} ${n(800 - f.S[0] - 4)} ${n(f.NL[1] + 110)}`, 0.6);
  k.focus = [420, 260];
}

export function shirtBand(k: Sketch) {
  const f = shirtBase(k, shirtShape(k, { tail: k.rnd() > 0.5 }), "band", 6, { hidden: true });
  if (!k.back) k.button(400, f.NL[1] + 6, 4.5);
  k.focus = [400, 240];
}

export function shirtUtility(k: Sketch) {
  const sh = shirtShape(k);
  sh.shoulderW += 10;
  sh.shoulderY += 6;
  const snaps = k.surface === "denim";
  const f = shirtBase(k, sh, "point", 7, snaps ? { snaps: true, r: 5.5 } : {});
  if (!k.back) {
    // A shaped front yoke and two flap pockets.
    k.seam(both(path().M([f.S[0] + 4, f.S[1] + 40]).Q([f.NL[0] - 20, f.NL[1] + 70], [390, f.NL[1] + 60])), 0.7);
    pocketPair(k, "patch-flap", 74, f.NL[1] + 126, 70, 80);
  }
  k.focus = [470, 330];
}

export function overshirt(k: Sketch) {
  const sh = shirtShape(k, { tail: false });
  sh.shoulderW += 12;
  sh.chestW += 10;
  sh.hemW += 14;
  sh.hemY = vr(k, 740, 770);
  const f = shirtBase(k, sh, "point", 6, { r: 7.5 });
  if (!k.back) {
    pocketPair(k, "patch-flap", 76, f.NL[1] + 130, 76, 86);
    pocketPair(k, "patch", 92, sh.hemY - 200, 96, 110);
  }
  k.focus = [480, 330];
}

export function blouse(k: Sketch) {
  const sh = shirtShape(k, { tail: false });
  sh.sleeve = { len: 440, angle: 14, cuffW: 52, cuff: 26, puff: vr(k, 26, 36) };
  sh.waistW = sh.chestW - 6;
  sh.waistY = 520;
  sh.hemW += 16;
  sh.hemY = vr(k, 720, 750);
  // The tucked front panel carries the surface; the rest is plain voile.
  const f = drawTop(k, sh, "crew", 26, { sleeveFill: k.c.base, bodyFill: k.c.base });
  if (!k.back) {
    k.part("panel", path().M([400 - 70, f.NL[1] + 56]).Q([400, f.NL[1] + 70], [470, f.NL[1] + 56]).L([474, sh.hemY - 4]).L([326, sh.hemY - 4]).Z());
    k.seam(`M400 ${n(f.NL[1] + 52)}V${n(f.NL[1] + 120)}`, 0.8);
    k.button(400, f.NL[1] + 80, 4.5);
  }
  neckBand(k, f, "crew", 26, 10);
  if (f.sleeve) gathers(k, f.sleeve.O[0] + 8, f.sleeve.I[0] - 4, f.sleeve.O[1] - 40, 30, 4);
  k.focus = [400, 320];
}

export function blouseBow(k: Sketch) {
  const sh = shirtShape(k, { tail: false });
  sh.sleeve = { len: 450, angle: 13, cuffW: 50, cuff: 30, puff: 18 };
  sh.hemW += 22;
  sh.hemY = vr(k, 730, 760);
  const f = drawTop(k, sh, "crew", 26, { noInside: true });
  backYoke(k, f, f.NL[1] + 60, false);
  placket(k, f.NL[1] + 30, sh.hemY - 6, 6, { hidden: true });
  shirtCollar(k, f, "bow");
  bow(k, f);
  k.focus = [400, 260];
}

