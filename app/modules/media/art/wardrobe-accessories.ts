/**
 * Accessories: each bag by its shape (tote, shopper, bucket, crossbody, basket, clutch, weekend
 * bag), shoes by kind in profile as a pair (loafer, Derby, Chelsea, knee boot, pump, ballet flat,
 * sneaker, sandal), scarves, the silk square, belts with their buckles.
 */
import { BRASS, BRASS_DARK, INK, type P, type Sketch, hatch, lerp, mixHex, n, path } from "./kit";
import { vr } from "./wardrobe-tops";

/** Natural leather for trims and handles on canvas and raffia. */
const TAN = "#9a6a3e";

/** A handle or strap: an ink edge around a band of the given paint. */
function strap(k: Sketch, d: string, w: number, paint: string) {
  k.raw(`<path d="${d}" fill="none" stroke="${k.c.outline}" stroke-width="${n(w + 5)}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${paint}" stroke-width="${n(w)}" stroke-linecap="round"/>`);
}

const rivet = (x: number, y: number, r = 4.5) => `<circle cx="${n(x)}" cy="${n(y)}" r="${r}" fill="${BRASS}" stroke="${BRASS_DARK}" stroke-width="1.2"/>`;

/* ------------------------------------------------------------------ bags */

export function tote(k: Sketch) {
  k.zoom = 2;
  const top = 430;
  const bottom = vr(k, 760, 790);
  const hw = vr(k, 168, 182);
  const handleTop = vr(k, 170, 200);
  k.group("handle", () => {
    strap(k, `M${n(400 - 84)} ${top + 6}C${n(400 - 90)} ${n(handleTop)} ${n(400 + 90)} ${n(handleTop)} ${n(400 + 84)} ${top + 6}`, 20, k.c.lo);
  });
  const body = path()
    .M([400 - hw, top])
    .L([400 + hw, top])
    .L([400 + hw - 22, bottom - 20])
    .Q([400 + hw - 24, bottom], [400 + hw - 46, bottom])
    .L([400 - hw + 46, bottom])
    .Q([400 - hw + 24, bottom], [400 - hw + 22, bottom - 20])
    .Z();
  k.part("body", body);
  k.seam(`M${n(400 - hw + 40)} ${top}L${n(400 - hw + 56)} ${n(bottom - 4)}M${n(400 + hw - 40)} ${top}L${n(400 + hw - 56)} ${n(bottom - 4)}`, 0.35);
  k.stitch(`M${n(400 - hw + 6)} ${top + 12}H${n(400 + hw - 6)}`);
  k.include([400, handleTop]);
  if (!k.back) {
    k.group("handle", () => strap(k, `M${n(400 - 92)} ${top + 10}C${n(400 - 96)} ${n(handleTop + 40)} ${n(400 + 96)} ${n(handleTop + 40)} ${n(400 + 92)} ${top + 10}`, 20, k.c.base));
    k.raw(rivet(400 - 92, top + 26) + rivet(400 + 92, top + 26));
  } else k.seam(`M${n(400 - hw + 50)} ${top + 70}H${n(400 + hw - 50)}`, 0.6);
  k.focus = [400 + 92, top + 30];
}

export function shopper(k: Sketch) {
  k.zoom = 2;
  const top = 420;
  const bottom = vr(k, 770, 790);
  const hw = vr(k, 190, 204);
  k.group("handle", () => strap(k, `M${n(400 - 90)} ${top + 8}C${n(400 - 92)} 250 ${n(400 + 92)} 250 ${n(400 + 90)} ${top + 8}`, 18, mixHex(TAN, INK, 0.25)));
  k.part("body", path().M([400 - hw, top]).L([400 + hw, top]).L([400 + hw, bottom]).L([400 - hw, bottom]).Z());
  // Leather trims: the top band, the base, the handles.
  k.part("trim", path().M([400 - hw, top]).L([400 + hw, top]).L([400 + hw, top + 34]).L([400 - hw, top + 34]).Z(), TAN);
  k.part("trim", path().M([400 - hw, bottom - 80]).L([400 + hw, bottom - 80]).L([400 + hw, bottom]).L([400 - hw, bottom]).Z(), TAN);
  k.stitch(`M${n(400 - hw + 6)} ${top + 28}H${n(400 + hw - 6)}M${n(400 - hw + 6)} ${n(bottom - 74)}H${n(400 + hw - 6)}`, "#f3e6d3");
  if (!k.back) {
    k.group("handle", () => strap(k, `M${n(400 - 96)} ${top + 12}C${n(400 - 98)} 290 ${n(400 + 98)} 290 ${n(400 + 96)} ${top + 12}`, 18, TAN));
    k.raw(rivet(400 - 96, top + 20) + rivet(400 + 96, top + 20));
  }
  k.include([400, 250]);
  k.focus = [400 - 100, bottom - 70];
}

export function bucket(k: Sketch) {
  k.zoom = 2;
  const top = 420;
  const bottom = vr(k, 770, 790);
  const hw = vr(k, 140, 150);
  k.group("strap", () => strap(k, `M${n(400 - hw + 6)} ${top + 40}C${n(400 - hw)} 120 ${n(400 + hw)} 120 ${n(400 + hw - 6)} ${top + 40}`, 14, k.c.lo));
  // The cinched top, gathered by the drawstring.
  k.part("body", path().M([400 - hw + 30, top - 20]).Q([400, top - 44], [400 + hw - 30, top - 20]).L([400 + hw, top + 60]).L([400 + hw + 8, bottom - 40]).Q([400 + hw + 6, bottom + 10], [400, bottom + 12]).Q([400 - hw - 6, bottom + 10], [400 - hw - 8, bottom - 40]).L([400 - hw, top + 60]).Z());
  k.part(null, path().M([400 - hw + 30, top - 20]).Q([400, top - 44], [400 + hw - 30, top - 20]).Q([400, top + 4], [400 - hw + 30, top - 20]).Z(), k.c.lo);
  k.seam(`M${n(400 - 90)} ${top}l-16 60M${n(400 - 40)} ${top - 6}l-6 64M${n(400 + 10)} ${top - 8}l4 64M${n(400 + 60)} ${top - 4}l12 62M${n(400 + 100)} ${top + 4}l18 56`, 0.45);
  k.group("drawstring", () => {
    k.edge(`M${n(400 - hw + 10)} ${top + 44}Q400 ${top + 64} ${n(400 + hw - 10)} ${top + 44}`, 3);
    k.edge(`M${n(400 + 40)} ${top + 56}q20 60 8 110M${n(400 + 50)} ${top + 54}q34 50 30 100`, 3);
    k.raw(`<rect x="${n(400 + 40)}" y="${top + 160}" width="14" height="22" rx="4" fill="${k.c.lo}" stroke="${INK}" stroke-width="1.6"/><rect x="${n(400 + 72)}" y="${top + 150}" width="14" height="22" rx="4" fill="${k.c.lo}" stroke="${INK}" stroke-width="1.6"/>`);
  });
  k.seam(`M${n(400 - hw - 6)} ${n(bottom - 50)}Q400 ${n(bottom - 20)} ${n(400 + hw + 6)} ${n(bottom - 50)}`, 0.55);
  k.include([400, 140]);
  k.focus = [400 + 40, top + 80];
}

export function crossbody(k: Sketch) {
  k.zoom = 2;
  const top = 460;
  const bottom = vr(k, 670, 700);
  const hw = vr(k, 150, 164);
  k.group("strap", () => strap(k, `M${n(400 - hw + 12)} ${top + 8}C${n(400 - hw - 30)} 100 ${n(400 + hw + 30)} 100 ${n(400 + hw - 12)} ${top + 8}`, 10, k.c.lo));
  k.raw(`<rect x="${n(400 + hw - 2)}" y="${top - 110}" width="18" height="24" rx="3" fill="none" stroke="${BRASS}" stroke-width="4" transform="rotate(18 ${n(400 + hw + 6)} ${top - 98})"/>`);
  const body = path().M([400 - hw, top + 10]).Q([400 - hw, top], [400 - hw + 14, top]).L([400 + hw - 14, top]).Q([400 + hw, top], [400 + hw, top + 10]).L([400 + hw, bottom - 18]).Q([400 + hw, bottom], [400 + hw - 18, bottom]).L([400 - hw + 18, bottom]).Q([400 - hw, bottom], [400 - hw, bottom - 18]).Z();
  k.part("body", body);
  if (!k.back) {
    // The flap with its hidden magnet.
    k.part("flap", path().M([400 - hw - 2, top + 8]).Q([400 - hw - 2, top - 4], [400 - hw + 14, top - 4]).L([400 + hw - 14, top - 4]).Q([400 + hw + 2, top - 4], [400 + hw + 2, top + 8]).L([400 + hw + 2, top + 110]).Q([400 + hw, top + 150], [400 + hw - 50, top + 150]).L([400 - hw + 50, top + 150]).Q([400 - hw, top + 150], [400 - hw - 2, top + 110]).Z());
    k.stitch(`M${n(400 - hw + 10)} ${top + 10}V${top + 108}Q${n(400 - hw + 10)} ${top + 140} ${n(400 - hw + 50)} ${top + 140}H${n(400 + hw - 50)}Q${n(400 + hw - 10)} ${top + 140} ${n(400 + hw - 10)} ${top + 108}V${top + 10}`);
    k.raw(`<rect x="388" y="${top + 128}" width="24" height="8" rx="3" fill="${BRASS}" stroke="${BRASS_DARK}"/>`);
  } else k.seam(`M${n(400 - hw + 30)} ${top + 40}H${n(400 + hw - 30)}`, 0.6);
  k.include([400, 110]);
  k.focus = [400, top + 130];
}

export function basket(k: Sketch) {
  k.zoom = 2;
  const top = 440;
  const bottom = vr(k, 740, 770);
  const hw = vr(k, 180, 196);
  k.group("handle", () => strap(k, `M${n(400 - 70)} ${top + 12}C${n(400 - 80)} 300 ${n(400 + 80)} 300 ${n(400 + 70)} ${top + 12}`, 16, TAN));
  k.part("body", path().M([400 - hw, top]).Q([400, top - 14], [400 + hw, top]).L([400 + hw - 30, bottom - 40]).Q([400 + hw - 40, bottom], [400 + hw - 90, bottom]).L([400 - hw + 90, bottom]).Q([400 - hw + 40, bottom], [400 - hw + 30, bottom - 40]).Z());
  k.part("rim", path().M([400 - hw, top]).Q([400, top - 14], [400 + hw, top]).L([400 + hw - 3, top + 26]).Q([400, top + 12], [400 - hw + 3, top + 26]).Z(), k.c.lo);
  if (!k.back) k.group("handle", () => strap(k, `M${n(400 - 78)} ${top + 16}C${n(400 - 86)} 330 ${n(400 + 86)} 330 ${n(400 + 78)} ${top + 16}`, 16, mixHex(TAN, "#ffffff", 0.1)));
  k.raw(rivet(400 - 78, top + 28, 5) + rivet(400 + 78, top + 28, 5));
  k.include([400, 300]);
  k.focus = [420, 600];
}

export function clutch(k: Sketch) {
  k.zoom = 2;
  const top = 470;
  const bottom = vr(k, 680, 710);
  const hw = vr(k, 200, 216);
  k.group("strap", () => strap(k, `M${n(400 - hw + 20)} ${top + 10}C${n(400 - hw - 80)} ${top + 80} ${n(400 - hw - 60)} ${top + 230} ${n(400 - hw + 10)} ${top + 250}`, 9, k.c.lo));
  k.part("body", path().M([400 - hw, top + 12]).Q([400 - hw, top], [400 - hw + 12, top]).L([400 + hw - 12, top]).Q([400 + hw, top], [400 + hw, top + 12]).L([400 + hw - 4, bottom - 14]).Q([400 + hw - 4, bottom], [400 + hw - 18, bottom]).L([400 - hw + 18, bottom]).Q([400 - hw + 4, bottom], [400 - hw + 4, bottom - 14]).Z());
  k.group("zip", () => {
    k.raw(`<path d="M${n(400 - hw + 20)} ${top + 18}H${n(400 + hw - 20)}" stroke="${BRASS_DARK}" stroke-width="4" stroke-dasharray="2 2"/>`);
    k.raw(`<path d="M${n(400 + hw - 60)} ${top + 16}l6 40" stroke="${BRASS}" stroke-width="5" stroke-linecap="round"/><rect x="${n(400 + hw - 62)}" y="${top + 52}" width="14" height="20" rx="4" fill="${BRASS}" stroke="${BRASS_DARK}"/>`);
  });
  k.include([400 - hw - 70, top + 150]);
  k.focus = [400 + hw - 70, top + 40];
}

export function weekend(k: Sketch) {
  k.zoom = 2;
  const top = 470;
  const bottom = vr(k, 740, 760);
  const hw = vr(k, 270, 290);
  k.group("handle", () => strap(k, `M${n(400 - 110)} ${top + 14}C${n(400 - 116)} 320 ${n(400 + 116)} 320 ${n(400 + 110)} ${top + 14}`, 18, k.c.lo));
  const body = path().M([400 - hw + 40, top + 10]).Q([400, top - 30], [400 + hw - 40, top + 10]).Q([400 + hw + 6, top + 40], [400 + hw, top + 130]).L([400 + hw - 6, bottom - 20]).Q([400 + hw - 10, bottom], [400 + hw - 40, bottom]).L([400 - hw + 40, bottom]).Q([400 - hw + 10, bottom], [400 - hw + 6, bottom - 20]).L([400 - hw, top + 130]).Q([400 - hw - 6, top + 40], [400 - hw + 40, top + 10]).Z();
  k.part("body", body);
  // End panels and the two-way zip along the top.
  k.seam(`M${n(400 - hw + 60)} ${top + 8}Q${n(400 - hw + 40)} ${n((top + bottom) / 2)} ${n(400 - hw + 56)} ${n(bottom)}M${n(400 + hw - 60)} ${top + 8}Q${n(400 + hw - 40)} ${n((top + bottom) / 2)} ${n(400 + hw - 56)} ${n(bottom)}`, 0.7);
  k.group("zip", () => {
    k.raw(`<path d="M${n(400 - hw + 70)} ${top + 4}Q400 ${top - 30} ${n(400 + hw - 70)} ${top + 4}" fill="none" stroke="${BRASS_DARK}" stroke-width="4" stroke-dasharray="2 2"/>`);
    k.raw(`<rect x="${n(400 - 40)}" y="${top - 16}" width="12" height="22" rx="3" fill="${BRASS}" stroke="${BRASS_DARK}"/><rect x="${n(400 + 28)}" y="${top - 16}" width="12" height="22" rx="3" fill="${BRASS}" stroke="${BRASS_DARK}"/>`);
  });
  if (!k.back) k.group("handle", () => strap(k, `M${n(400 - 120)} ${top + 20}C${n(400 - 126)} 350 ${n(400 + 126)} 350 ${n(400 + 120)} ${top + 20}`, 18, k.c.base));
  k.raw(rivet(400 - 120, top + 30) + rivet(400 + 120, top + 30));
  // Metal feet on the base.
  k.raw([-hw + 70, -hw + 150, hw - 150, hw - 70].map((dx) => `<rect x="${n(400 + dx - 9)}" y="${n(bottom - 2)}" width="18" height="9" rx="3" fill="${BRASS}" stroke="${BRASS_DARK}"/>`).join(""));
  k.include([400, 320], [400, bottom + 8]);
  k.focus = [400, top + 10];
}

/* ------------------------------------------------------------------ shoes */

interface Shoe {
  /** The upper's outline, toe on the left. */
  upper: string;
  /** The sole and heel. */
  sole: string;
  /** What makes the kind: laces, an apron, elastic… drawn over the upper. */
  details: (k: Sketch) => void;
  box: [number, number, number, number];
  /** Open or very fine shoes (a sandal, a pump) have no toe box to catch the light. */
  shine?: boolean;
}

/** Two shoes of a pair: one behind, a little smaller and higher, one in front; the back view turns them round. */
function pair(k: Sketch, s: Shoe) {
  k.zoom = 1.9;
  const [x0, y0, x1, y1] = s.box;
  // Black and navy shoes stand on a brown leather sole, as they are made; the toe catches the light.
  const sole = k.c.dark ? "#4a3426" : k.c.sole;
  const one = (behind: boolean) => {
    if (behind) k.raw(`<g transform="translate(64 -34) scale(.95)">`);
    k.part(behind ? null : "sole", s.sole, sole);
    k.part(behind ? null : "upper", s.upper);
    if (s.shine !== false) k.light(`M196 ${n(s.box[3] - 76)}Q250 ${n(s.box[3] - 100)} 330 ${n(s.box[3] - 104)}Q262 ${n(s.box[3] - 86)} 204 ${n(s.box[3] - 62)}Z`, k.c.dark ? 0.16 : 0.22);
    s.details(k);
    if (behind) {
      k.shade(s.upper, 0.16);
      k.raw(`</g>`);
    }
  };
  if (k.back) k.raw(`<g transform="matrix(-1 0 0 1 800 0)">`);
  one(true);
  one(false);
  if (k.back) k.raw(`</g>`);
  const mxp = (x: number) => (k.back ? 800 - x : x);
  k.include([mxp(x0), y0 * 0.95 - 34], [mxp(x1 * 0.95 + 64), y0], [mxp(x0), y1], [mxp(x1), y1]);
}

/**
 * A low shoe's side: the toe on the left, rising along the vamp to the throat at (tx, ty),
 * the topline running back to the heel's top at (hx, hy), the counter down to the ground.
 */
function lowUpper(tx: number, ty: number, hy: number, toeH = 628): string {
  return `M172 698C150 690 150 ${n(toeH + 12)} 212 ${n(toeH)}C290 ${n(toeH - 14)} ${n(tx - 70)} ${n(ty + 20)} ${n(tx)} ${n(ty)}Q${n((tx + 604) / 2)} ${n(Math.max(ty, hy) + 14)} 604 ${n(hy)}C628 ${n(hy + 20)} 638 640 630 698Z`;
}

/** A leather sole with a stacked heel (h: the heel's height). */
const leatherSole = (h = 22) => `M160 694Q158 706 172 708H630V694ZM546 706H630L628 ${n(708 + h)}H550Z`;

export function loafer(k: Sketch) {
  const ty = vr(k, 574, 586);
  pair(k, {
    upper: lowUpper(432, ty, 566),
    sole: leatherSole(18),
    details: (k) => {
      // The hand-stitched apron and the penny strap across the instep.
      k.seam(`M236 630Q320 594 430 ${n(ty + 6)}`, 0.85, 2.2);
      k.stitch(`M240 638Q322 604 430 ${n(ty + 14)}`);
      k.part(null, `M388 ${n(ty + 12)}L446 ${n(ty + 2)}L456 642L398 650Z`);
      k.raw(`<path d="M408 ${n(ty + 30)}Q424 ${n(ty + 22)} 440 ${n(ty + 24)}" stroke="${INK}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`);
    },
    box: [150, 560, 636, 726],
  });
  k.focus = [420, 610];
}

export function derby(k: Sketch) {
  pair(k, {
    upper: lowUpper(452, 532, 560, 622),
    sole: `M158 692Q156 708 172 710H632V692ZM546 708H632L630 732H550Z`,
    details: (k) => {
      // The quarters lie open over the vamp: five eyelets and the laces.
      k.part(null, `M396 574L452 532L476 540Q486 600 452 648Q410 626 380 600Z`);
      k.raw(
        [0, 1, 2, 3, 4]
          .map((i) => {
            const p = lerp([396, 590], [460, 544], i / 4);
            return `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="3.6" fill="${INK}"/>`;
          })
          .join(""),
      );
      k.edge(`M386 596L404 582M398 584L418 568M412 572L432 556M426 562L446 546`, 2.4);
      k.stitch(`M170 692H628`, k.c.seam);
    },
    box: [150, 532, 638, 732],
  });
  k.focus = [430, 580];
}

export function chelsea(k: Sketch) {
  const top = vr(k, 330, 350);
  pair(k, {
    upper: `M172 698C150 690 150 640 212 628C290 614 362 604 400 586C430 560 440 440 438 ${n(top)}L598 ${n(top - 6)}C600 440 614 560 630 620C636 650 636 676 630 698Z`,
    sole: `M158 694Q154 714 170 720H634V694ZM540 718H634V736H544Z`,
    details: (k) => {
      // Elastic side panel and the pull tab.
      k.part("gusset", `M474 ${n(top - 2)}L496 490Q514 504 532 490L556 ${n(top - 4)}Z`, mixHex(k.c.sole, k.c.base, 0.25));
      k.seam(hatch([478, top + 4], [552, top + 2], [496, 486], [532, 486], 7), 0.5, 1.4);
      k.part(null, `M578 ${n(top - 4)}L582 ${n(top - 42)}L604 ${n(top - 42)}L600 ${n(top - 6)}Z`);
      k.raw(`<path d="M176 710H628" stroke="${k.c.lo}" stroke-width="2" stroke-dasharray="8 6"/>`);
    },
    box: [150, top - 42, 636, 736],
  });
  k.focus = [512, 440];
}

export function boot(k: Sketch) {
  const top = vr(k, 140, 170);
  pair(k, {
    upper: `M172 698C150 690 150 640 212 628C290 614 360 604 398 580C424 520 422 330 418 ${n(top)}L592 ${n(top - 8)}C606 300 588 440 600 540C608 600 636 640 630 698Z`,
    sole: `M158 694Q156 706 172 708H630V694ZM556 706H628L624 752H562Z`,
    details: (k) => {
      k.seam(`M420 ${n(top + 26)}Q506 ${n(top + 34)} 590 ${n(top + 18)}`, 0.5);
      k.group("zip", () => k.raw(`<path d="M586 ${n(top + 10)}C600 300 584 440 596 560" fill="none" stroke="${BRASS_DARK}" stroke-width="3" stroke-dasharray="2 2"/><rect x="580" y="${n(top + 12)}" width="10" height="18" rx="3" fill="${BRASS}"/>`));
    },
    box: [150, top - 8, 636, 752],
  });
  k.focus = [500, 320];
}

export function pump(k: Sketch) {
  pair(k, {
    upper: `M130 720C180 700 262 670 344 658Q424 684 510 630Q566 596 606 572C618 590 620 610 612 622Q470 640 300 712Q200 728 130 720Z`,
    sole: `M130 720Q200 728 300 714Q470 642 612 622L614 634Q476 652 304 724Q200 738 128 726ZM570 630H612Q600 690 606 748H588Q588 700 570 630Z`,
    details: (k) => {
      k.shade(`M344 658Q424 684 510 630Q476 668 362 680Z`, 0.35);
    },
    box: [126, 566, 616, 748],
    shine: false,
  });
  k.focus = [340, 680];
}

export function ballet(k: Sketch) {
  pair(k, {
    upper: `M176 698C156 692 158 660 196 654L344 640Q476 662 606 620C624 640 630 676 626 698Z`,
    sole: `M166 696Q164 706 176 708H628V696Z`,
    details: (k) => {
      k.shade(`M344 640Q476 662 606 620Q476 676 356 656Z`, 0.35);
      k.group("bow", () => {
        k.part(null, `M344 642Q320 620 308 640Q318 660 344 646Q370 662 380 642Q368 622 344 642Z`);
        k.raw(`<circle cx="344" cy="643" r="5" fill="${k.c.lo}" stroke="${INK}" stroke-width="1.4"/>`);
      });
    },
    box: [156, 618, 630, 708],
  });
  k.focus = [360, 650];
}

export function sneaker(k: Sketch) {
  const sole = k.c.light ? "#f7f4ee" : "#f3efe8";
  pair(k, {
    upper: `M176 684C150 676 156 630 214 618C290 604 372 590 420 552L456 528L476 522Q528 540 590 528C618 548 632 610 630 684Z`,
    sole: `M160 680H636Q644 700 634 722Q400 732 176 724Q156 708 160 680Z`,
    details: (k) => {
      k.raw(`<path d="M160 680H636Q644 700 634 722Q400 732 176 724Q156 708 160 680Z" fill="${sole}" stroke="${INK}" stroke-width="3"/>`);
      k.stitch(`M176 692H624`, INK);
      k.seam(`M258 612Q244 650 258 680M566 536Q544 610 566 680`, 0.7);
      k.raw(
        [0, 1, 2, 3, 4]
          .map((i) => {
            const p = lerp([350, 598], [452, 540], i / 4);
            return `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="3.4" fill="${INK}"/><path d="M${n(p[0] - 14)} ${n(p[1] - 8)}L${n(p[0] + 8)} ${n(p[1] + 10)}" stroke="${k.c.light ? "#cfc6b8" : "#f3eee6"}" stroke-width="4" stroke-linecap="round"/>`;
          })
          .join(""),
      );
    },
    box: [150, 522, 644, 732],
  });
  k.focus = [400, 590];
}

export function sandal(k: Sketch) {
  pair(k, {
    // The straps: two crossing over the toes, the heel strap up to the buckled ankle strap.
    upper:
      `M226 682Q262 606 352 600L364 620Q284 628 254 684Z` +
      `M330 684Q350 620 420 590L432 610Q372 636 360 686Z` +
      `M500 520Q560 500 616 512L618 534Q560 524 504 542Z` +
      `M596 528L618 528Q624 610 628 682L604 684Q604 610 596 528Z`,
    sole: `M156 684Q150 700 170 704H632Q646 698 640 682Q400 672 156 684ZM548 702H628L626 740H556Z`,
    details: (k) => {
      k.raw(`<path d="M162 684Q400 674 636 682" fill="none" stroke="${mixHex(k.c.base, "#ffffff", 0.3)}" stroke-width="5"/>`);
      k.raw(`<rect x="530" y="508" width="22" height="30" rx="4" fill="none" stroke="${BRASS}" stroke-width="4.5" transform="rotate(-8 541 523)"/>`);
    },
    box: [150, 500, 646, 740],
    shine: false,
  });
  k.focus = [330, 640];
}

/* ------------------------------------------------------------------ scarves */

/** A scarf hung over a rail, folded in half: two tails and their fringes. */
function hangingScarf(k: Sketch, w: number, len: number, fringe: number, name = "body") {
  const top = 220;
  const x0 = 400 - w;
  const off = vr(k, 20, 50);
  const back = path().M([x0 + w * 0.9, top + 20]).Q([400 + w * 0.2, top - 30], [400 + w, top + 30]).L([400 + w + 10, top + len - off]).L([400 + 10, top + len - off + 10]).Z();
  k.part(null, back, k.fill);
  k.shade(back, 0.14);
  const front = path().M([x0, top + 30]).Q([400 - w * 0.1, top - 40], [400 + w * 0.2, top + 24]).L([400 + w * 0.1, top + len]).L([x0 - 6, top + len - 6]).Z();
  k.part(name, front);
  k.seam(`M${n(x0 + w * 0.45)} ${top + 40}L${n(x0 + w * 0.44)} ${top + len - 10}`, 0.3, 2);
  if (fringe) {
    let d = "";
    const a: P = [x0 - 6, top + len - 6];
    const b: P = [400 + w * 0.1, top + len];
    const a2: P = [400 + 10, top + len - off + 10];
    const b2: P = [400 + w + 10, top + len - off];
    for (const [p0, p1] of [[a2, b2], [a, b]] as const)
      for (let i = 0; i <= 18; i++) {
        const p = lerp(p0, p1, i / 18);
        d += `M${n(p[0])} ${n(p[1])}l${n((i % 3) - 1)} ${n(fringe + (i % 2) * 4)}`;
      }
    k.group("fringe", () => k.edge(d, 2));
  }
  k.include([x0 - 10, top - 30], [400 + w + 14, top + len + fringe + 10]);
}

/** The back view: the scarf folded flat in three, its fringed end falling free. */
function foldedScarf(k: Sketch, w: number, fringe: number) {
  const x0 = 400 - w;
  const x1 = 400 + w;
  const y0 = 330;
  const y1 = 600;
  k.part("body", path().M([x0, y0]).L([x1, y0]).L([x1, y1]).L([x0, y1]).Z());
  k.seam(`M${n(x0)} ${n(y0 + 90)}H${n(x1)}M${n(x0)} ${n(y0 + 180)}H${n(x1)}`, 0.45, 2);
  // The free end hangs over the front edge.
  k.part(null, path().M([x0 + 20, y1 - 6]).L([x1 - 20, y1 - 6]).L([x1 - 30, y1 + 110]).L([x0 + 30, y1 + 110]).Z());
  if (fringe) {
    let d = "";
    for (let i = 0; i <= 22; i++) {
      const x = x0 + 30 + ((x1 - x0 - 60) * i) / 22;
      d += `M${n(x)} ${n(y1 + 110)}l${n((i % 3) - 1)} ${n(fringe + (i % 2) * 4)}`;
    }
    k.group("fringe", () => k.edge(d, 2));
  }
  k.include([x0, y0], [x1, y1 + 110 + fringe + 6]);
}

/** A scarf is shown hung over a rail or folded flat; its variation picks which comes first, the back view shows the other. */
function scarfViews(k: Sketch, w: number, len: number, fringe: number) {
  const foldedFirst = k.rnd() > 0.5;
  const folded = foldedFirst !== k.back;
  if (folded) foldedScarf(k, w * 1.5, fringe);
  else hangingScarf(k, w, len, fringe);
  k.zoom = 2.2;
  k.focus = folded ? [400, 740] : [400, 720 + fringe];
}

export function scarf(k: Sketch) {
  scarfViews(k, vr(k, 120, 136), vr(k, 560, 600), 26);
}

export function stole(k: Sketch) {
  scarfViews(k, vr(k, 160, 176), vr(k, 580, 620), 12);
}

/** The silk square: laid flat on its point, a border, a printed medallion and rolled edges. */
export function foulard(k: Sketch) {
  k.zoom = 1.8;
  if (k.back) {
    foldedFoulard(k);
    return;
  }
  const cx = 400;
  const cy = 500;
  const r = vr(k, 300, 316);
  const pt = (a: number, d: number): P => [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
  const sq = (d: number) => path().M(pt(-Math.PI / 2, d)).L(pt(0, d), pt(Math.PI / 2, d), pt(Math.PI, d)).Z();
  const ivory = "#f4ecdf";
  const accent = k.c.light ? mixHex(k.c.base, INK, 0.5) : mixHex(k.c.base, "#ffffff", 0.45);
  k.part("body", sq(r));
  k.raw(`<path d="${sq(r - 30)}" fill="${ivory}"/>`);
  k.part(null, sq(r - 44));
  // The majolica medallion: petals around a rosette.
  let petals = "";
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    const p = pt(a, 96);
    petals += `<ellipse cx="${n(p[0])}" cy="${n(p[1])}" rx="46" ry="22" transform="rotate(${n((a * 180) / Math.PI)} ${n(p[0])} ${n(p[1])})" fill="${i % 2 ? ivory : accent}" stroke="${INK}" stroke-width="1.5"/>`;
  }
  k.group("print", () => {
    k.raw(petals);
    k.raw(`<circle cx="${cx}" cy="${cy}" r="48" fill="${ivory}" stroke="${INK}" stroke-width="1.5"/><circle cx="${cx}" cy="${cy}" r="24" fill="${accent}"/>`);
    for (let i = 0; i < 4; i++) {
      const p = pt((i * Math.PI) / 2, r - 110);
      k.raw(`<circle cx="${n(p[0])}" cy="${n(p[1])}" r="18" fill="${ivory}" stroke="${INK}" stroke-width="1.4"/><circle cx="${n(p[0])}" cy="${n(p[1])}" r="7" fill="${accent}"/>`);
    }
  });
  k.stitch(sq(r - 8).toString(), INK);
  k.focus = [cx + r * 0.55, cy];
}

/** The back view: the square folded corner to corner into a triangle, its border along two sides. */
function foldedFoulard(k: Sketch) {
  const r = vr(k, 300, 316);
  const ivory = "#f4ecdf";
  const top = 380;
  const tri = (inset: number) => path().M([400 - r + inset * 2.4, top + inset]).L([400 + r - inset * 2.4, top + inset]).L([400, top + r - inset * 1.4]).Z();
  k.part("body", tri(0));
  k.raw(`<path d="${tri(30)}" fill="${ivory}"/>`);
  k.part(null, tri(44));
  const accent = k.c.light ? mixHex(k.c.base, INK, 0.5) : mixHex(k.c.base, "#ffffff", 0.45);
  k.group("print", () => {
    for (let i = 0; i < 5; i++) {
      const x = 400 - 160 + i * 80;
      k.raw(`<circle cx="${n(x)}" cy="${n(top + 90)}" r="16" fill="${ivory}" stroke="${INK}" stroke-width="1.4"/><circle cx="${n(x)}" cy="${n(top + 90)}" r="6" fill="${accent}"/>`);
    }
  });
  k.focus = [400, top + 90];
}

/* ------------------------------------------------------------------ belts */

/** A belt coiled on itself, its tip and buckle in front. */
function coiledBelt(k: Sketch, w: number, buckle: { w: number; h: number; color: string; round?: boolean }) {
  const cx = 430;
  const cy = 440;
  const r0 = 30;
  const p = w + 16;
  let d = `M${cx + r0} ${cy}`;
  for (let i = 0; i < 5; i++) {
    const d0 = r0 + (i * p) / 2;
    const d1 = r0 + ((i + 1) * p) / 2;
    const x1 = i % 2 === 0 ? cx - d1 : cx + d1;
    const r = (d0 + d1) / 2;
    d += `A${n(r)} ${n(r)} 0 0 0 ${n(x1)} ${cy}`;
  }
  const ex = cx - (r0 + (5 * p) / 2);
  const len = vr(k, 240, 300);
  d += `L${n(ex)} ${n(cy + len)}`;
  k.group("strap", () => {
    // Ink edge, then a fine line inside each edge (the strap's creased border), then the leather.
    k.raw(`<path d="${d}" fill="none" stroke="${k.c.outline}" stroke-width="${n(w + 6)}"/><path d="${d}" fill="none" stroke="${k.fill}" stroke-width="${n(w)}"/>`);
    k.raw(`<path d="${d}" fill="none" stroke="${k.c.seam}" stroke-opacity=".7" stroke-width="${n(w - 8)}"/><path d="${d}" fill="none" stroke="${k.fill}" stroke-width="${n(w - 11)}"/>`);
  });
  // The holes near the tip end are hidden inside; the buckle sits at the free end.
  const by = cy + len;
  k.group("buckle", () => {
    k.raw(`<rect x="${n(ex - buckle.w / 2)}" y="${n(by - 8)}" width="${n(buckle.w)}" height="${n(buckle.h)}" rx="${buckle.round ? n(buckle.w / 2) : 8}" fill="none" stroke="${INK}" stroke-width="13"/>`);
    k.raw(`<rect x="${n(ex - buckle.w / 2)}" y="${n(by - 8)}" width="${n(buckle.w)}" height="${n(buckle.h)}" rx="${buckle.round ? n(buckle.w / 2) : 8}" fill="none" stroke="${buckle.color}" stroke-width="8"/>`);
    k.raw(`<path d="M${n(ex)} ${n(by - 4)}V${n(by + buckle.h - 12)}" stroke="${buckle.color}" stroke-width="5" stroke-linecap="round"/>`);
  });
  const R = r0 + (5 * p) / 2 + w / 2 + 4;
  k.include([cx - R, cy - R], [cx + R, cy + R], [ex, by + buckle.h]);
  k.focus = [ex + 20, by];
}

/** The back view: the belt laid out straight on the diagonal, its holes at the tip. */
function straightBelt(k: Sketch, w: number, buckle: { w: number; h: number; color: string; round?: boolean }) {
  const len = 700;
  const body = path().M([0, -w / 2]).L([len - 30, -w / 2]).Q([len, -w / 2], [len + 10, 0]).Q([len, w / 2], [len - 30, w / 2]).L([0, w / 2]).Z();
  k.raw(`<g transform="translate(130 760) rotate(-42)">`);
  k.group("strap", () => {
    k.part(null, body);
    k.stitch(`M8 ${n(-w / 2 + 5)}H${len - 30}M8 ${n(w / 2 - 5)}H${len - 30}`);
    k.raw([0, 1, 2, 3, 4].map((i) => `<circle cx="${len - 90 - i * 36}" cy="0" r="4" fill="${INK}" fill-opacity=".75"/>`).join(""));
  });
  k.group("buckle", () => {
    const rx = buckle.round ? n(buckle.h / 2) : "8";
    k.raw(`<rect x="${n(-buckle.w + 14)}" y="${n(-buckle.h / 2)}" width="${n(buckle.w)}" height="${n(buckle.h)}" rx="${rx}" fill="none" stroke="${INK}" stroke-width="13"/>`);
    k.raw(`<rect x="${n(-buckle.w + 14)}" y="${n(-buckle.h / 2)}" width="${n(buckle.w)}" height="${n(buckle.h)}" rx="${rx}" fill="none" stroke="${buckle.color}" stroke-width="8"/>`);
    k.raw(`<path d="M${n(-buckle.w / 2 + 14)} 0H${n(20)}" stroke="${buckle.color}" stroke-width="5" stroke-linecap="round"/>`);
  });
  k.raw(`</g>`);
  // The rotated strap's corners, for the frame.
  const c = Math.cos((-42 * Math.PI) / 180);
  const s = Math.sin((-42 * Math.PI) / 180);
  for (const [x, y] of [[-buckle.w, -buckle.h / 2], [-buckle.w, buckle.h / 2], [len + 10, -w / 2], [len + 10, w / 2]] as const) k.include([130 + x * c - y * s, 760 + x * s + y * c]);
  k.focus = [130 + (len - 120) * c, 760 + (len - 120) * s];
}

export function beltBuckle(k: Sketch) {
  k.zoom = 2.2;
  const w = vr(k, 40, 44);
  const buckle = { w: 66, h: 76, color: BRASS };
  if (k.back) straightBelt(k, w, buckle);
  else coiledBelt(k, w, buckle);
}

export function beltSkinny(k: Sketch) {
  k.zoom = 2.2;
  const w = vr(k, 22, 26);
  const buckle = { w: 40, h: 44, color: "#c9b27a", round: k.rnd() > 0.5 };
  if (k.back) straightBelt(k, w, buckle);
  else coiledBelt(k, w, buckle);
}
