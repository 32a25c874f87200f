/**
 * Skirts, trousers and dresses. A skirt's silhouette is what names it (a pencil is narrow, an
 * A-line flares, a pleated skirt fans out in folds, a wrap crosses over); trousers by their leg
 * (straight, wide, palazzo, chino, jeans, pleated, drawstring); dresses as a bodice over a skirt.
 */
import { BRASS, BRASS_DARK, type P, type Path, type Sketch, hatch, n, path, symmetric } from "./kit";
import { type TopShape, belt, both, drawTop, gathers, neckBand, placket, shirtCollar, standingNeck } from "./top";
import { vr } from "./wardrobe-tops";

/* ------------------------------------------------------------------ skirts */

interface SkirtShape {
  waistY: number;
  waistW: number;
  hipY: number;
  hipW: number;
  hemY: number;
  hemW: number;
  /** How much the hem's middle dips below its sides. */
  hemCurve?: number;
}

function skirtPath(s: SkirtShape): Path {
  return symmetric(
    [400 - s.waistW, s.waistY],
    [
      [[400 - s.hipW + 4, s.waistY + (s.hipY - s.waistY) * 0.35], [400 - s.hipW, s.hipY]],
      [[400 - s.hemW, s.hemY]],
      [[400 - s.hemW * 0.5, s.hemY + (s.hemCurve ?? 16)], [400, s.hemY + (s.hemCurve ?? 16)]],
    ],
  );
}

function waistband(k: Sketch, y: number, w: number, h: number, opts: { button?: boolean; rib?: boolean; name?: string } = {}) {
  const band = path().M([400 - w - 2, y]).L([400 + w + 2, y]).L([400 + w, y + h]).L([400 - w, y + h]).Z();
  k.part(opts.name ?? "waistband", band);
  if (opts.rib) k.seam(hatch([400 - w, y + 3], [400 + w, y + 3], [400 - w, y + h - 3], [400 + w, y + h - 3], Math.round(w / 6)), 0.35, 1.5);
  else k.stitch(`M${n(400 - w + 4)} ${n(y + h - 6)}H${n(400 + w - 4)}`);
  if (opts.button && !k.back) k.button(400 + w - 24, y + h / 2, 6);
}

export function skirtPencil(k: Sketch) {
  const s: SkirtShape = { waistY: 270, waistW: 112, hipY: 420, hipW: vr(k, 146, 152), hemY: vr(k, 760, 800), hemW: vr(k, 124, 132), hemCurve: 4 };
  k.part("body", skirtPath(s));
  waistband(k, 236, 112, 36, { rib: true });
  if (k.back) {
    k.edge(`M400 ${n(s.hemY - 130)}V${n(s.hemY + 4)}`, 2.4);
    k.shade(`M400 ${n(s.hemY - 130)}L392 ${n(s.hemY + 4)}H408Z`, 0.25);
  } else {
    k.seam(`M352 286L356 360M448 286L444 360`, 0.5);
  }
  k.focus = [420, 420];
}

export function skirtAline(k: Sketch) {
  const s: SkirtShape = { waistY: 270, waistW: 116, hipY: 400, hipW: 158, hemY: vr(k, 700, 740), hemW: vr(k, 220, 240), hemCurve: 22 };
  k.part("body", skirtPath(s));
  waistband(k, 236, 116, 36, { button: true });
  k.seam(`M400 290V${n(s.hemY + 18)}`, 0.35);
  k.focus = [430, 360];
}

export function skirtMini(k: Sketch) {
  const s: SkirtShape = { waistY: 300, waistW: 116, hipY: 410, hipW: 156, hemY: vr(k, 560, 590), hemW: vr(k, 196, 212), hemCurve: 14 };
  k.part("body", skirtPath(s));
  waistband(k, 260, 116, 42, { button: true });
  // A frayed fringe along the hem.
  let d = "";
  for (let i = 0; i <= 44; i++) {
    const t = i / 44;
    const x = 400 - s.hemW + t * s.hemW * 2;
    const y = s.hemY + Math.sin(Math.PI * t) * s.hemCurve! - 2;
    d += `M${n(x)} ${n(y)}l${n((i % 3) - 1)} ${n(16 + (i % 4) * 3)}`;
  }
  k.group("fringe", () => k.edge(d, 2));
  k.focus = [420, 500];
}

export function skirtPleated(k: Sketch) {
  const s: SkirtShape = { waistY: 270, waistW: 114, hipY: 400, hipW: 150, hemY: vr(k, 720, 760), hemW: vr(k, 250, 270), hemCurve: 0 };
  const pleats = 14;
  // The hem as folds: alternating front and back edges of the pleats.
  const hem: P[] = [];
  for (let i = 0; i <= pleats; i++) {
    const x = 400 - s.hemW + (i / pleats) * s.hemW * 2;
    hem.push([x, s.hemY + (i % 2 ? 14 : 0) + Math.sin((Math.PI * i) / pleats) * 20]);
  }
  const body = path().M([400 - s.waistW, s.waistY]).Q([400 - s.hipW + 4, s.waistY + 40], [400 - s.hipW, s.hipY]).L(hem[0]);
  for (const p of hem.slice(1)) body.L(p);
  body.L([400 + s.hipW, s.hipY]).Q([400 + s.hipW - 4, s.waistY + 40], [400 + s.waistW, s.waistY]).Z();
  k.part("body", body);
  k.group("pleats", () => {
    let seams = "";
    let folds = "";
    for (let i = 1; i < pleats; i++) {
      const top = 400 - s.waistW + (i / pleats) * s.waistW * 2;
      const hip = 400 - s.hipW + (i / pleats) * s.hipW * 2;
      seams += `M${n(top)} ${n(s.waistY)}L${n(hip)} ${n(s.hipY)}`;
      folds += `M${n(hip)} ${n(s.hipY)}L${n(hem[i][0])} ${n(hem[i][1])}`;
      if (i % 2) k.shade(`M${n(hip)} ${n(s.hipY)}L${n(hem[i][0])} ${n(hem[i][1])}L${n(hem[i + 1][0])} ${n(hem[i + 1][1])}Z`, 0.1);
    }
    k.stitch(seams);
    k.seam(seams, 0.4, 1.4);
    k.seam(folds, 0.8, 2);
  });
  waistband(k, 236, 114, 36, { button: true });
  k.focus = [430, 460];
}

export function skirtWrap(k: Sketch) {
  const s: SkirtShape = { waistY: 270, waistW: 116, hipY: 410, hipW: 156, hemY: vr(k, 790, 830), hemW: vr(k, 196, 214), hemCurve: 10 };
  k.part("body", skirtPath(s));
  waistband(k, 236, 116, 36);
  if (!k.back) {
    // The overlapping front panel, its edge running from the waist to the hem.
    k.group("wrap", () => {
      const edge = path().M([400 + 70, 272]).Q([420, 540], [400 - 40, s.hemY + 14]);
      k.shade(`${edge}L${n(400 - s.hemW)} ${n(s.hemY)}L${n(400 - s.hipW)} ${n(s.hipY)}Q${n(400 - s.hipW + 4)} 319 ${n(400 - s.waistW)} 270Z`, 0.06);
      k.edge(edge.toString(), 2.6);
      k.stitch(path().M([400 + 58, 276]).Q([408, 540], [400 - 52, s.hemY + 12]));
      k.button(400 + 80, 254, 7);
      // The tie at the side.
      k.part(null, path().M([400 + 108, 256]).Q([400 + 150, 330], [400 + 136, 400]).L([400 + 118, 396]).Q([400 + 128, 330], [400 + 96, 262]).Z());
    });
  }
  k.focus = [460, 320];
}

export function skirtSlip(k: Sketch) {
  const s: SkirtShape = { waistY: 262, waistW: 108, hipY: 420, hipW: 150, hemY: vr(k, 820, 860), hemW: vr(k, 196, 212), hemCurve: 18 };
  k.part("body", skirtPath(s));
  waistband(k, 236, 110, 30);
  gathers(k, 300, 500, 238, 24, 16);
  if (k.back) {
    // The back: a concealed zip down the centre seam, the bias folds falling the other way.
    k.seam(`M400 240V${n(s.hemY + 12)}`, 0.55);
    k.group("zip", () => k.raw(`<rect x="395" y="252" width="10" height="16" rx="3" fill="${k.c.lo}" stroke="${k.c.outline}" stroke-width="1.4"/>`));
    k.light(`M454 300Q470 560 510 ${n(s.hemY)}L490 ${n(s.hemY + 4)}Q456 560 444 300Z`, 0.12);
  } else {
    // Bias folds that catch the light.
    k.seam(both(path().M([352, 460]).Q([330, 640], [300, s.hemY + 6])), 0.35);
    k.seam(`M410 480Q416 660 420 ${n(s.hemY + 16)}`, 0.3);
    k.light(`M346 300Q330 560 290 ${n(s.hemY)}L310 ${n(s.hemY + 4)}Q344 560 356 300Z`, 0.12);
  }
  k.focus = [420, 420];
}

export function skirtMaxi(k: Sketch) {
  const s: SkirtShape = { waistY: 262, waistW: 114, hipY: 400, hipW: 170, hemY: vr(k, 880, 920), hemW: vr(k, 260, 280), hemCurve: 24 };
  k.part("body", skirtPath(s));
  waistband(k, 226, 114, 40);
  gathers(k, 292, 508, 268, 60, 18, 30);
  if (!k.back) {
    // A drawstring tied in front, pockets in the side seams.
    k.group("drawstring", () => {
      k.edge(`M392 252Q380 300 372 350M408 252Q420 306 432 344`, 2.6);
      k.raw(`<circle cx="372" cy="352" r="5" fill="${k.c.lo}"/><circle cx="432" cy="346" r="5" fill="${k.c.lo}"/>`);
    });
    k.seam(both(path().M([400 - 162, 380]).Q([400 - 140, 450], [400 - 172, 520])), 0.7);
  }
  k.focus = [400, 300];
}

/* ------------------------------------------------------------------ trousers */

interface Legs {
  waistW: number;
  bandY: number;
  bandH: number;
  hipW: number;
  hipY: number;
  crotchY: number;
  hemY: number;
  hemOut: number;
  hemIn: number;
}

function trouserBody(k: Sketch, l: Legs) {
  const y0 = l.bandY + l.bandH;
  const body = symmetric(
    [400 - l.waistW, y0 - 2],
    [
      [[400 - l.hipW + 2, y0 + (l.hipY - y0) * 0.4], [400 - l.hipW, l.hipY]],
      [[400 - l.hemOut, l.hemY]],
      [[400 - l.hemIn, l.hemY + 2]],
      [[400, l.crotchY]],
    ],
  );
  k.part("body", body);
  waistband(k, l.bandY, l.waistW, l.bandH);
  return body;
}

function beltLoops(k: Sketch, l: Legs, xs: number[]) {
  k.group("beltloops", () => {
    for (const x of xs) k.part(null, path().M([x - 6, l.bandY - 4]).L([x + 6, l.bandY - 4]).L([x + 6, l.bandY + l.bandH + 6]).L([x - 6, l.bandY + l.bandH + 6]).Z());
  });
}

function fly(k: Sketch, l: Legs, stitch?: string) {
  if (k.back) {
    k.seam(`M400 ${n(l.bandY + l.bandH)}V${n(l.crotchY)}`, 0.7);
    return;
  }
  const y0 = l.bandY + l.bandH;
  const d = `M414 ${n(y0)}V${n(l.crotchY - 50)}Q414 ${n(l.crotchY - 24)} 400 ${n(l.crotchY - 14)}`;
  k.seam(d, 0.7);
  k.stitch(d, stitch);
  k.seam(`M400 ${n(y0)}V${n(l.crotchY)}`, 0.7);
}

/** The pressed crease down the middle of each leg. */
function creases(k: Sketch, l: Legs) {
  const top = (400 - l.hipW + 400) / 2 + 4;
  const bottom = 400 - (l.hemOut + l.hemIn) / 2;
  k.seam(both(path().M([top, l.bandY + l.bandH + 40]).L([bottom, l.hemY - 2])), 0.45, 2);
}

function slantPockets(k: Sketch, l: Legs) {
  if (k.back) {
    const y = l.bandY + l.bandH + 56;
    k.group("pocket", () => k.edge(`M${n(400 - l.hipW + 40)} ${n(y)}H${n(400 - 40)}M${n(400 + 40)} ${n(y)}H${n(400 + l.hipW - 40)}`, 2.4));
    return;
  }
  const y0 = l.bandY + l.bandH;
  k.group("pocket", () => k.seam(both(path().M([400 - l.waistW + 34, y0]).L([400 - l.hipW + 6, y0 + 100])), 0.9));
}

function pleatLines(k: Sketch, l: Legs, xs: number[]) {
  if (k.back) return;
  const y0 = l.bandY + l.bandH;
  k.group("pleats", () => k.seam(xs.map((dx) => `M${n(400 - dx)} ${n(y0)}q-2 50 -6 96M${n(400 + dx)} ${n(y0)}q2 50 6 96`).join(""), 0.85, 2));
}

function turnUps(k: Sketch, l: Legs, h = 38) {
  const leg = path().M([400 - l.hemOut - 2, l.hemY - h]).L([400 - l.hemIn + 2, l.hemY - h]).L([400 - l.hemIn + 1, l.hemY + 3]).L([400 - l.hemOut - 1, l.hemY + 3]).Z();
  k.group("turnup", () => {
    k.part(null, leg);
    k.part(null, leg.mirror());
  });
}

function legs(k: Sketch, o: Partial<Legs>): Legs {
  return {
    waistW: 122,
    bandY: 150,
    bandH: 40,
    hipW: vr(k, 148, 154),
    hipY: 330,
    crotchY: 420,
    hemY: vr(k, 880, 910),
    hemOut: 140,
    hemIn: 44,
    ...o,
  };
}

export function trousers(k: Sketch) {
  const l = legs(k, { hemOut: vr(k, 134, 142), hemIn: vr(k, 40, 46) });
  trouserBody(k, l);
  beltLoops(k, l, [400 - 96, 400 - 40, 400 + 40, 400 + 96]);
  fly(k, l);
  slantPockets(k, l);
  creases(k, l);
  if (!k.back) k.button(400, l.bandY + l.bandH / 2, 5);
  k.focus = [430, 260];
}

export function trousersPleated(k: Sketch) {
  const l = legs(k, { hipW: vr(k, 158, 166), hemOut: vr(k, 136, 148), hemIn: vr(k, 46, 54) });
  trouserBody(k, l);
  beltLoops(k, l, [400 - 104, 400 + 104]);
  fly(k, l);
  slantPockets(k, l);
  pleatLines(k, l, k.rnd() > 0.5 ? [54, 84] : [60]);
  creases(k, l);
  if (k.rnd() > 0.5) turnUps(k, l, 34);
  if (!k.back) k.button(400, l.bandY + l.bandH / 2, 5);
  k.focus = [420, 260];
}

export function trousersWide(k: Sketch) {
  const l = legs(k, { bandY: 140, bandH: 50, hipW: 160, hemOut: vr(k, 214, 228), hemIn: vr(k, 22, 28), hemY: vr(k, 860, 890) });
  trouserBody(k, l);
  fly(k, l);
  slantPockets(k, l);
  k.seam(both(path().M([330, 450]).Q([300, 650], [290, l.hemY - 4])), 0.3);
  k.focus = [420, 260];
}

export function trousersPalazzo(k: Sketch) {
  const l = legs(k, { bandY: 120, bandH: 64, waistW: 116, hipW: 164, hemOut: vr(k, 250, 266), hemIn: 10, crotchY: 440, hemY: vr(k, 900, 920) });
  trouserBody(k, l);
  if (!k.back) k.seam(`M${n(400 - 116)} 150Q400 160 ${n(400 + 116)} 150`, 0.5);
  // Fluid folds down each leg.
  k.seam(both(path().M([330, 460]).Q([290, 700], [260, l.hemY - 2])) + both(path().M([376, 480]).Q([370, 700], [350, l.hemY])), 0.3);
  k.focus = [400, 220];
}

export function trousersChino(k: Sketch) {
  const l = legs(k, { hemOut: vr(k, 118, 126), hemIn: vr(k, 50, 56), hemY: vr(k, 860, 880) });
  trouserBody(k, l);
  beltLoops(k, l, [400 - 100, 400 - 44, 400 + 44, 400 + 100]);
  fly(k, l);
  slantPockets(k, l);
  turnUps(k, l, 30);
  if (!k.back) k.button(400, l.bandY + l.bandH / 2, 5);
  k.focus = [420, 250];
}

export function jeans(k: Sketch) {
  const gold = "#c98a3a";
  const l = legs(k, { hemOut: vr(k, 136, 146), hemIn: vr(k, 42, 50), hemY: vr(k, 860, 890) });
  trouserBody(k, l);
  beltLoops(k, l, [400 - 110, 400 - 56, 400 + 56, 400 + 110]);
  fly(k, l, gold);
  const y0 = l.bandY + l.bandH;
  k.group("pocket", () => {
    if (k.back) {
      // The yoke and two patch pockets.
      k.seam(`M${n(400 - l.hipW + 2)} ${n(y0 + 60)}L400 ${n(y0 + 30)}L${n(400 + l.hipW - 2)} ${n(y0 + 60)}`, 0.9);
      const pk = path().M([400 - 118, y0 + 76]).L([400 - 30, y0 + 66]).L([400 - 32, y0 + 168]).L([400 - 74, y0 + 190]).L([400 - 114, y0 + 170]).Z();
      k.part(null, pk);
      k.part(null, pk.mirror());
      k.stitch(both(path().M([400 - 110, y0 + 88]).L([400 - 38, y0 + 80])), gold);
    } else {
      // Scooped front pockets and the coin pocket, with rivets.
      const scoop = path().M([400 - l.waistW + 52, y0]).Q([400 - l.waistW + 56, y0 + 70], [400 - l.hipW + 4, y0 + 78]);
      k.seam(both(scoop), 0.9);
      k.stitch(both(path().M([400 - l.waistW + 60, y0]).Q([400 - l.waistW + 64, y0 + 78], [400 - l.hipW + 4, y0 + 86])), gold);
      k.seam(`M${n(400 + l.waistW - 52)} ${n(y0 + 12)}H${n(400 + l.waistW - 12)}V${n(y0 + 56)}`, 0.7);
      k.raw(
        [
          [400 - l.waistW + 54, y0 + 4],
          [400 + l.waistW - 54, y0 + 4],
          [400 - l.hipW + 6, y0 + 76],
          [400 + l.hipW - 6, y0 + 76],
        ]
          .map(([x, y]) => `<circle cx="${n(x)}" cy="${n(y)}" r="4" fill="${BRASS}" stroke="${BRASS_DARK}"/>`)
          .join(""),
      );
    }
  });
  k.stitch(both(path().M([400 - l.hemOut + 6, l.hemY - 14]).L([400 - l.hemIn - 6, l.hemY - 12])), gold);
  k.stitch(both(path().M([400 - l.hipW + 8, l.hipY]).L([400 - l.hemOut + 8, l.hemY - 16])), gold);
  if (!k.back) k.button(400, l.bandY + l.bandH / 2, 7, BRASS);
  k.focus = [460, 240];
}

export function trousersDrawstring(k: Sketch) {
  const l = legs(k, { hemOut: vr(k, 132, 140), hemIn: vr(k, 44, 50) });
  trouserBody(k, l);
  k.seam(hatch([400 - l.waistW, l.bandY + 4], [400 + l.waistW, l.bandY + 4], [400 - l.waistW, l.bandY + l.bandH - 4], [400 + l.waistW, l.bandY + l.bandH - 4], 30), 0.3, 1.3);
  beltLoops(k, l, [400 - 100, 400 + 100]);
  fly(k, l);
  slantPockets(k, l);
  creases(k, l);
  if (!k.back) {
    k.group("drawstring", () => {
      k.edge(`M394 ${n(l.bandY + 20)}Q370 ${n(l.bandY + 60)} 380 ${n(l.bandY + 130)}M406 ${n(l.bandY + 20)}Q430 ${n(l.bandY + 70)} 416 ${n(l.bandY + 136)}`, 3);
      k.edge(`M394 ${n(l.bandY + 20)}q-20 -14 -30 4q10 14 30 -4M406 ${n(l.bandY + 20)}q20 -14 30 4q-10 14 -30 -4`, 2.4);
    });
  }
  k.focus = [410, 230];
}

/* ------------------------------------------------------------------ dresses */

function bodiceShape(k: Sketch, o: Partial<TopShape>): TopShape {
  return {
    neckW: 50,
    neckY: 180,
    shoulderW: 132,
    shoulderY: 196,
    chestW: vr(k, 124, 130),
    armY: 330,
    hemW: vr(k, 100, 108),
    hemY: 446,
    sleeve: null,
    armholeIn: 20,
    ...o,
  };
}

/** A skirt hung from the waist (under the bodice, which overlaps its top edge). */
function dressSkirt(k: Sketch, waistY: number, waistW: number, hemY: number, hemW: number, curve = 20) {
  k.part("skirt", symmetric([400 - waistW, waistY - 8], [[[400 - waistW - 24, waistY + 80], [400 - hemW, hemY]], [[400 - hemW * 0.5, hemY + curve], [400, hemY + curve]]]));
}

/** The fit-and-flare midi: V-neck, short sleeves, a tie at the waist. */
export function dress(k: Sketch) {
  const waistY = 446;
  const hemY = vr(k, 860, 900);
  dressSkirt(k, waistY, 104, hemY, vr(k, 230, 250));
  k.seam(both(path().M([370, waistY + 40]).Q([350, 640], [320, hemY + 6])), 0.3);
  const f = drawTop(k, bodiceShape(k, { sleeve: { len: 120, angle: 36, cuffW: 84 } }), "vee", vr(k, 100, 130));
  belt(k, f, waistY - 14, 26, "tie");
  k.focus = [400, 340];
}

export function dressShirt(k: Sketch) {
  const waistY = 450;
  const hemY = vr(k, 900, 930);
  const hemW = vr(k, 176, 190);
  dressSkirt(k, waistY, 110, hemY, hemW, 10);
  const sh = bodiceShape(k, { neckW: 44, chestW: 134, hemW: 112, hemY: waistY + 4, sleeve: { len: 300, angle: 20, cuffW: 64, cuff: 40 } });
  const f = drawTop(k, sh, "crew", 26, { noInside: true });
  placket(k, f.NL[1] + 20, hemY - 10, 9, { r: 5 });
  shirtCollar(k, f, "point");
  belt(k, f, waistY - 14, 26, "tie");
  // The side slits.
  if (!k.back) k.edge(`M${n(400 - hemW + 14)} ${n(hemY - 80)}L${n(400 - hemW + 4)} ${n(hemY + 2)}M${n(400 + hemW - 14)} ${n(hemY - 80)}L${n(400 + hemW - 4)} ${n(hemY + 2)}`, 2.2);
  k.focus = [400, 300];
}

/** The slip dress: fine straps, a draped cowl, a bias-cut skirt. */
export function dressSlip(k: Sketch) {
  const top = 310;
  const hemY = vr(k, 860, 900);
  const hemW = vr(k, 170, 186);
  k.group("straps", () => {
    k.edge(`M${n(400 - 96)} ${n(top + 4)}L${n(400 - 82)} 196M${n(400 + 96)} ${n(top + 4)}L${n(400 + 82)} 196`, 4);
  });
  const body = path()
    .M([400 - 110, top])
    .Q([400, top + 70], [400 + 110, top])
    .Q([400 + 128, 380], [400 + 110, 470])
    .Q([400 + 130, 640], [400 + hemW, hemY])
    .Q([400 + hemW * 0.5, hemY + 26], [400, hemY + 14])
    .Q([400 - hemW * 0.5, hemY + 26], [400 - hemW, hemY])
    .Q([400 - 130, 640], [400 - 110, 470])
    .Q([400 - 128, 380], [400 - 110, top])
    .Z();
  k.part("body", body);
  if (!k.back) {
    // The cowl's soft folds.
    k.group("cowl", () => k.seam(`M${n(400 - 80)} ${n(top + 14)}Q400 ${n(top + 90)} ${n(400 + 80)} ${n(top + 14)}M${n(400 - 56)} ${n(top + 34)}Q400 ${n(top + 100)} ${n(400 + 56)} ${n(top + 34)}`, 0.6, 2));
  } else k.seam(`M${n(400 - 104)} ${n(top + 40)}Q400 ${n(top + 60)} ${n(400 + 104)} ${n(top + 40)}`, 0.6);
  k.seam(both(path().M([330, 520]).Q([300, 700], [270, hemY + 4])), 0.3);
  k.light(`M352 360Q340 600 300 ${n(hemY)}L322 ${n(hemY + 8)}Q356 600 362 360Z`, 0.14);
  k.include([400 - 96, 196]);
  k.focus = [400, 340];
}

/** The knit dress: a soft high neck, long narrow sleeves, close to the body. */
export function dressKnit(k: Sketch) {
  const hemY = vr(k, 860, 900);
  const sh: TopShape = {
    neckW: 46,
    neckY: 186,
    shoulderW: 134,
    shoulderY: 206,
    chestW: 124,
    armY: 340,
    waistW: 108,
    waistY: 470,
    hemW: vr(k, 120, 128),
    hemY,
    sleeve: { len: vr(k, 420, 440), angle: 13, cuffW: 46, cuff: 40 },
  };
  const f = drawTop(k, sh, "crew", 16, { noInside: true });
  standingNeck(k, f, 40, false);
  k.focus = [400, 520];
}

export function dressWrap(k: Sketch) {
  const waistY = 440;
  const hemY = vr(k, 840, 880);
  const hemW = vr(k, 220, 236);
  dressSkirt(k, waistY, 104, hemY, hemW, 14);
  drawTop(k, bodiceShape(k, { chestW: 128, sleeve: { len: 300, angle: 20, cuffW: 60, cuff: 0 } }), "open", waistY - 180 - 10, { overlap: 36 });
  if (!k.back) {
    k.group("wrap", () => {
      // The crossing front: from the V down the skirt to the hem.
      k.edge(`M436 ${n(waistY - 8)}Q450 640 ${n(400 + hemW * 0.45)} ${n(hemY + 10)}`, 2.6);
      k.part(null, path().M([400 + 104, waistY - 12]).L([400 + 104, waistY + 12]).L([400 - 104, waistY + 12]).L([400 - 104, waistY - 12]).Z());
      // The tie, knotted at the side.
      k.part(null, path().M([400 + 96, waistY]).Q([400 + 150, waistY + 80], [400 + 140, waistY + 190]).L([400 + 120, waistY + 186]).Q([400 + 126, waistY + 90], [400 + 84, waistY + 10]).Z());
      k.part(null, path().M([400 + 92, waistY + 4]).Q([400 + 112, waistY + 90], [400 + 96, waistY + 220]).L([400 + 78, waistY + 214]).Q([400 + 92, waistY + 100], [400 + 80, waistY + 10]).Z());
    });
  }
  k.focus = [450, 440];
}

export function dressPleated(k: Sketch) {
  const waistY = 440;
  const hemY = vr(k, 930, 960);
  dressSkirt(k, waistY, 104, hemY, vr(k, 210, 230), 14);
  const f = drawTop(k, bodiceShape(k, { sleeve: { len: 440, angle: 16, cuffW: 46, cuff: 30, puff: 40 } }), "crew", 30);
  neckBand(k, f, "crew", 30, 10);
  // The hidden elastic gathers the waist.
  gathers(k, 300, 500, waistY - 6, 24, 22);
  k.focus = [420, 600];
}

export function dressAline(k: Sketch) {
  const sh: TopShape = { neckW: 50, neckY: 186, shoulderW: 128, shoulderY: 200, chestW: 130, armY: 340, hemW: vr(k, 220, 240), hemY: vr(k, 760, 800), sleeve: null, armholeIn: 22 };
  const f = drawTop(k, sh, "crew", 30);
  neckBand(k, f, "crew", 30, 10);
  if (!k.back) k.group("pocket", () => k.seam(both(path().M([f.sideAt(520) + 8, 500]).Q([f.sideAt(560) + 22, 540], [f.sideAt(600) + 8, 590])), 0.8));
  else k.seam(`M400 ${n(sh.neckY + 14)}V${n(sh.neckY + 300)}`, 0.7);
  k.seam(both(path().M([352, 380]).L([310, sh.hemY - 6])), 0.28);
  k.focus = [400, 300];
}

export function dressTiered(k: Sketch) {
  const waistY = 420;
  const tiers = [
    [waistY, 112, 590, 160],
    [590, 160, 760, 206],
    [760, 206, vr(k, 920, 950), 250],
  ] as const;
  // Lowest tier first, so each tier's gathered top sits over the one below.
  for (const [y0, w0, y1, w1] of [...tiers].reverse()) {
    k.part("tier", symmetric([400 - w0, y0 - 6], [[[400 - w1, y1]], [[400 - w1 * 0.5, y1 + 14], [400, y1 + 14]]]));
    gathers(k, 400 - w0 + 10, 400 + w0 - 10, y0, 40, Math.round(w0 / 12), 20);
  }
  const sh = bodiceShape(k, { neckW: 70, neckY: 186, shoulderW: 116, shoulderY: 192, chestW: 124, hemW: 112, hemY: waistY + 2, armholeIn: 18 });
  drawTop(k, sh, "square", 80);
  gathers(k, 330, 470, 266, 30, 10);
  k.focus = [420, 600];
}

