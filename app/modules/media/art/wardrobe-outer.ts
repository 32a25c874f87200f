/**
 * Tailoring and outerwear: blazers single- and double-breasted, soft jackets, blousons, chore
 * jackets, overcoats, the trench, the caban, the montgomery and the loden — each with the
 * closures, lapels and pockets that make it what it is.
 */
import { type P, type Sketch, lerp, n, path } from "./kit";
import {
  type Frame,
  type TopShape,
  backVent,
  belt,
  doubleButtons,
  drawTop,
  epaulettes,
  frontEdge,
  hemBand,
  lapels,
  placket,
  pocket,
  pocketPair,
  shirtCollar,
  stormFlap,
  toggles,
  zip,
} from "./top";
import { vr } from "./wardrobe-tops";

function jacketShape(k: Sketch, o: { hem?: number; soft?: boolean } = {}): TopShape {
  const soft = o.soft ? -6 : 0;
  return {
    neckW: 46,
    neckY: 196,
    shoulderW: vr(k, 158, 166) + soft,
    shoulderY: 212 - soft * 0.5,
    chestW: vr(k, 146, 152),
    armY: 372,
    waistW: vr(k, 138, 144),
    waistY: 520,
    hemW: vr(k, 152, 160),
    hemY: o.hem ?? vr(k, 720, 750),
    sleeve: { len: vr(k, 450, 470), angle: vr(k, 12, 15), cuffW: 64 },
  };
}

function coatShape(k: Sketch, o: { hem?: number; flare?: number } = {}): TopShape {
  return {
    neckW: 48,
    neckY: 196,
    shoulderW: vr(k, 164, 172),
    shoulderY: 212,
    chestW: vr(k, 154, 160),
    armY: 384,
    hemW: vr(k, 172, 186) + (o.flare ?? 0),
    hemY: o.hem ?? vr(k, 890, 920),
    sleeve: { len: vr(k, 470, 490), angle: vr(k, 11, 14), cuffW: 70 },
  };
}

/** Little buttons at the cuff (tailoring), or a strap (trench). */
function cuffDetail(k: Sketch, f: Frame, kind: "buttons" | "strap") {
  if (!f.sleeve) return;
  const { O, I, u } = f.sleeve;
  if (kind === "strap") {
    const a = [O[0] - u[0] * 70, O[1] - u[1] * 70] as const;
    const b = [I[0] - u[0] * 64, I[1] - u[1] * 64] as const;
    const strap = path().M(a).L(b).L([b[0] - u[0] * 22, b[1] - u[1] * 22]).L([a[0] - u[0] * 22, a[1] - u[1] * 22]).Z();
    k.group("cuffstrap", () => {
      k.part(null, strap);
      k.part(null, strap.mirror());
    });
    return;
  }
  if (k.back) return;
  for (let i = 0; i < 3; i++) {
    const p = lerp(O, I, 0.72 - i * 0.13);
    const x = p[0] - u[0] * 26;
    const y = p[1] - u[1] * 26 - i * 2;
    k.button(x, y, 3.5);
    k.button(800 - x, y, 3.5);
  }
}

/** Elbow patches, seen from the back. */
function elbowPatches(k: Sketch, f: Frame) {
  if (!k.back || !f.sleeve) return;
  const { S, O, I, A } = f.sleeve;
  const c = lerp(lerp(S, A, 0.5), lerp(O, I, 0.5), 0.55);
  const patch = path().M([c[0] - 20, c[1] - 40]).Q([c[0], c[1] - 52], [c[0] + 20, c[1] - 40]).L([c[0] + 22, c[1] + 36]).Q([c[0], c[1] + 50], [c[0] - 22, c[1] + 36]).Z();
  k.group("elbowpatch", () => {
    k.part(null, patch, k.c.lo);
    k.part(null, patch.mirror(), k.c.lo);
  });
}

export function blazer(k: Sketch) {
  const sh = jacketShape(k);
  const breakY = vr(k, 450, 480);
  const f = drawTop(k, sh, "open", breakY - sh.neckY);
  backVent(k, f, sh.neckY + 30, 0);
  if (k.back) {
    k.edge(`M${n(400 - 70)} ${n(f.hemY - 140)}V${n(f.hemY)}M${n(400 + 70)} ${n(f.hemY - 140)}V${n(f.hemY)}`, 2);
  }
  lapels(k, f, { kind: "notch", width: vr(k, 60, 70), breakY });
  frontEdge(k, f, breakY, 0, 26);
  if (!k.back) {
    k.button(400, breakY + 22, 8);
    k.button(400, breakY + 92, 8);
    pocket(k, "welt", 476, 380, 60);
    pocketPair(k, "flap", 94, 600, 88, 70);
  }
  cuffDetail(k, f, "buttons");
  k.focus = [420, 470];
}

export function blazerDouble(k: Sketch) {
  const sh = jacketShape(k, { hem: vr(k, 730, 750) });
  const breakY = vr(k, 470, 500);
  const ov = 58;
  const f = drawTop(k, sh, "open", breakY - sh.neckY, { overlap: ov });
  backVent(k, f, sh.neckY + 30, 150);
  lapels(k, f, { kind: "peak", width: vr(k, 80, 90), breakY, overlap: ov });
  frontEdge(k, f, breakY, ov);
  doubleButtons(k, breakY + 20, breakY + 150, 3, ov, 8);
  if (!k.back) {
    pocket(k, "welt", 476, 380, 60);
    pocketPair(k, "flap", 96, 620, 88, 70);
    // A pocket square in the breast pocket: the blazer's mark beside a caban or a coat.
    const square = k.c.light ? "#a4472f" : "#f2ecdf";
    k.group("pocketsquare", () => k.part(null, path().M([452, 378]).L([462, 346]).L([474, 362]).L([488, 340]).L([500, 374]).Z(), square));
  }
  cuffDetail(k, f, "buttons");
  k.focus = [440, 540];
}

/** A soft jacket: patch pockets (with flaps on a tweed), no padding. */
export function jacket(k: Sketch) {
  const sh = jacketShape(k, { soft: true });
  const breakY = vr(k, 440, 470);
  const f = drawTop(k, sh, "open", breakY - sh.neckY);
  backVent(k, f, sh.neckY + 30, 140);
  lapels(k, f, { kind: "notch", width: vr(k, 58, 66), breakY });
  frontEdge(k, f, breakY, 0, 30);
  const tweedy = k.surface === "herringbone" || k.surface === "tweed";
  if (!k.back) {
    const count = k.rnd() > 0.5 ? 3 : 2;
    for (let i = 0; i < count; i++) k.button(400, breakY + 20 + i * 66, 8);
    pocket(k, "patch", 478, 360, 62, 62);
    pocketPair(k, tweedy ? "patch-flap" : "patch", 96, 570, 104, 120);
  }
  if (tweedy) elbowPatches(k, f);
  cuffDetail(k, f, "buttons");
  k.focus = [480, 610];
}

export function blouson(k: Sketch) {
  const sh = jacketShape(k, { hem: vr(k, 600, 630) });
  sh.chestW += 12;
  sh.waistW = undefined;
  sh.hemW = sh.chestW + 6;
  sh.sleeve = { len: 440, angle: 17, cuffW: 66, cuff: 34 };
  const f = drawTop(k, sh, "crew", 34, { noInside: true });
  hemBand(k, f, 50, 14);
  if (k.back) k.seam(`M${n(f.S[0] + 6)} ${n(f.NL[1] + 90)}Q400 ${n(f.NL[1] + 100)} ${n(800 - f.S[0] - 6)} ${n(f.NL[1] + 90)}`, 0.7);
  shirtCollar(k, f, "point", 1.25);
  zip(k, f.NL[1] + 34, f.hemY - 4);
  if (!k.back) pocketPair(k, "slant", 100, f.hemY - 140, 60, 100);
  k.focus = [430, 300];
}

export function chore(k: Sketch) {
  const sh = jacketShape(k, { hem: vr(k, 720, 740) });
  sh.waistW = undefined;
  sh.hemW = sh.chestW + 8;
  sh.sleeve = { len: 450, angle: 15, cuffW: 64, cuff: 0 };
  const f = drawTop(k, sh, "crew", 30, { noInside: true });
  shirtCollar(k, f, "point", 1.2);
  placket(k, f.NL[1] + 30, f.hemY, 5, { r: 7.5, width: 14, color: "#9c9a94" });
  if (!k.back) {
    pocketPair(k, "patch", 82, f.NL[1] + 140, 76, 80);
    pocketPair(k, "patch", 92, f.hemY - 220, 100, 116);
  }
  k.focus = [490, 380];
}

/* ------------------------------------------------------------------ coats */

export function coat(k: Sketch) {
  const sh = coatShape(k);
  const breakY = vr(k, 430, 460);
  const f = drawTop(k, sh, "open", breakY - sh.neckY);
  backVent(k, f, sh.neckY + 30, 200);
  lapels(k, f, { kind: "notch", width: vr(k, 68, 78), breakY });
  frontEdge(k, f, breakY);
  if (!k.back) {
    for (let i = 0; i < 3; i++) k.button(400, breakY + 24 + i * 92, 9);
    pocketPair(k, "flap", 104, 640, 96, 70);
    pocket(k, "welt", 480, 390, 60);
  }
  k.focus = [420, 470];
}

export function coatDouble(k: Sketch) {
  const sh = coatShape(k);
  const breakY = vr(k, 440, 470);
  const ov = 64;
  const f = drawTop(k, sh, "open", breakY - sh.neckY, { overlap: ov });
  backVent(k, f, sh.neckY + 30, 200);
  if (k.back) belt(k, f, 500, 36, "half");
  lapels(k, f, { kind: "peak", width: vr(k, 92, 100), breakY, overlap: ov });
  frontEdge(k, f, breakY, ov);
  doubleButtons(k, breakY + 22, breakY + 190, 3, ov, 9);
  if (!k.back) pocketPair(k, "flap", 110, 680, 96, 70);
  k.focus = [450, 540];
}

export function trench(k: Sketch) {
  const sh = coatShape(k, { flare: 26 });
  const breakY = vr(k, 400, 420);
  const ov = 62;
  const f = drawTop(k, sh, "open", breakY - sh.neckY, { overlap: ov });
  stormFlap(k, f);
  epaulettes(k, f);
  backVent(k, f, 560, 220);
  lapels(k, f, { kind: "broad", width: vr(k, 92, 100), breakY, overlap: ov });
  frontEdge(k, f, breakY, ov);
  doubleButtons(k, breakY + 20, breakY + 100, 2, ov, 7.5);
  if (!k.back) pocketPair(k, "slant", 116, 640, 62, 110);
  doubleButtons(k, 630, 720, 2, ov, 7.5);
  cuffDetail(k, f, "strap");
  belt(k, f, vr(k, 520, 540), 34, "buckle");
  k.focus = [430, 530];
}

export function caban(k: Sketch) {
  // Short and boxy (it ends at the hip), its broad collar turned up round the neck: a caban, not
  // a double-breasted blazer or coat, even at a card's size.
  const sh = coatShape(k, { hem: vr(k, 640, 660) });
  sh.hemW = sh.chestW + 14;
  const breakY = vr(k, 370, 390);
  const ov = 68;
  const f = drawTop(k, sh, "open", breakY - sh.neckY, { overlap: ov });
  backVent(k, f, sh.neckY + 30, 0);
  lapels(k, f, { kind: "broad", width: vr(k, 100, 110), breakY, overlap: ov, scale: 1.1 });
  // The collar's stand raised at the back of the neck.
  k.group("collarup", () =>
    k.part(null, path().M([f.NL[0] - 14, f.NL[1] + 6]).L([f.NL[0] - 4, f.NL[1] - 66]).Q([400, f.NL[1] - 82], [800 - f.NL[0] + 4, f.NL[1] - 66]).L([800 - f.NL[0] + 14, f.NL[1] + 6]).Q([400, f.NL[1] - 14], [f.NL[0] - 14, f.NL[1] + 6]).Z(), k.c.lo),
  );
  frontEdge(k, f, breakY, ov);
  doubleButtons(k, breakY + 24, breakY + 230, 4, ov, 9);
  if (!k.back) pocketPair(k, "vertical", 124, 560, 14, 110);
  k.focus = [460, 480];
}

export function montgomery(k: Sketch) {
  const sh = coatShape(k, { hem: vr(k, 780, 820) });
  sh.hemW = sh.chestW + 20;
  const NL: P = [400 - sh.neckW, sh.neckY];
  const hood = k.back
    ? path().M([NL[0] - 30, NL[1] + 6]).C([NL[0] - 80, NL[1] + 120], [340, 440], [400, 452]).C([460, 440], [800 - NL[0] + 80, NL[1] + 120], [800 - NL[0] + 30, NL[1] + 6]).Z()
    : path().M([NL[0] - 34, NL[1] + 40]).C([NL[0] - 60, NL[1] - 60], [NL[0] + 20, NL[1] - 110], [400, NL[1] - 112]).C([800 - NL[0] - 20, NL[1] - 110], [800 - NL[0] + 60, NL[1] - 60], [800 - NL[0] + 34, NL[1] + 40]).Z();
  if (!k.back) k.part("hood", hood, k.c.lo);
  const f = drawTop(k, sh, "crew", 34, { noInside: true });
  k.group(k.back ? "hood" : "hoodrim", () => {
    if (k.back) {
      k.part(null, hood);
      k.seam(`M400 ${n(NL[1] + 10)}V448`, 0.6);
    } else {
      // The hood's rim lying around the neck.
      k.part(null, path().M([NL[0] - 30, NL[1] + 36]).Q([400, NL[1] + 130], [800 - NL[0] + 30, NL[1] + 36]).L([800 - NL[0] + 4, NL[1] - 4]).Q([400, NL[1] + 84], [NL[0] - 4, NL[1] - 4]).Z());
    }
  });
  // A yoke across the shoulders.
  k.seam(`M${n(f.S[0] + 4)} ${n(f.S[1] + 70)}Q400 ${n(f.S[1] + 84)} ${n(800 - f.S[0] - 4)} ${n(f.S[1] + 70)}`, 0.7);
  if (!k.back) {
    k.edge(`M${n(400 + 30)} ${n(NL[1] + 76)}V${n(f.hemY)}`, 2.4);
    toggles(k, [330, 420, 510, 600]);
    pocketPair(k, "patch-flap", 104, 640, 112, 120);
  }
  k.focus = [410, 420];
}

export function loden(k: Sketch) {
  const sh = coatShape(k, { flare: 30 });
  const f = drawTop(k, sh, "crew", 24, { noInside: true });
  shirtCollar(k, f, "band", 1.3);
  placket(k, f.NL[1] + 30, f.hemY - 60, 5, { r: 9, width: 16, color: "#5b4631" });
  if (!k.back) pocketPair(k, "slant", 110, 620, 60, 100);
  if (k.back) {
    // The deep inverted pleat that gives a loden its freedom.
    k.shade(`M400 ${n(f.A[1])}L370 ${n(f.hemY)}H430Z`, 0.16);
    k.seam(`M400 ${n(f.A[1])}L370 ${n(f.hemY)}M400 ${n(f.A[1])}L430 ${n(f.hemY)}M400 ${n(f.A[1])}V${n(f.hemY)}`, 0.7);
  }
  k.focus = [420, 300];
}

