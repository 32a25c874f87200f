/**
 * Accessories: each bag by its shape (tote, shopper, bucket, crossbody, basket, clutch, weekend
 * bag), shoes by kind in profile as a pair (loafer, Derby, Chelsea, knee boot, pump, ballet flat,
 * sneaker, sandal), scarves, the silk square, belts with their buckles.
 */
import { BRASS, BRASS_DARK, INK, type P, type Path, type Sketch, hatch, lerp, mixHex, n, path } from "./kit";
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
  // The close-up: the leather trim, a handle and its rivet on the waxed canvas.
  k.focus = [400 - 110, top + 40];
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
    // The ends and their tips hang in front; from the back only the cord round the top shows.
    if (k.back) return;
    k.edge(`M${n(400 + 40)} ${top + 56}q20 60 8 110M${n(400 + 50)} ${top + 54}q34 50 30 100`, 3);
    k.raw(`<rect x="${n(400 + 40)}" y="${top + 160}" width="14" height="22" rx="4" fill="${k.c.lo}" stroke="${INK}" stroke-width="1.6"/><rect x="${n(400 + 72)}" y="${top + 150}" width="14" height="22" rx="4" fill="${k.c.lo}" stroke="${INK}" stroke-width="1.6"/>`);
  });
  // A slip pocket on the back.
  if (k.back) k.seam(`M${n(400 - 80)} ${top + 110}H${n(400 + 80)}M${n(400 - 80)} ${top + 110}V${top + 250}H${n(400 + 80)}V${top + 110}`, 0.6);
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
    // The pull hangs at the front; the back shows a card slot instead.
    if (!k.back) k.raw(`<path d="M${n(400 + hw - 60)} ${top + 16}l6 40" stroke="${BRASS}" stroke-width="5" stroke-linecap="round"/><rect x="${n(400 + hw - 62)}" y="${top + 52}" width="14" height="20" rx="4" fill="${BRASS}" stroke="${BRASS_DARK}"/>`);
  });
  if (k.back) k.seam(`M${n(400 - hw + 50)} ${top + 90}Q400 ${top + 84} ${n(400 + hw - 50)} ${top + 90}`, 0.6);
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

/** Leather lining, seen inside the opening. */
const LINING = "#dcc6a6";

interface Shoe {
  /** Draws one shoe, toe on the left, standing on y = 720, seen from a little above (the opening shows). */
  draw: (k: Sketch) => void;
  /** The shoe's extent (x0, y0, x1, y1). */
  box: [number, number, number, number];
  /** Where the second shoe of the pair stands, behind and to the right, and its scale. */
  behind?: [number, number, number];
}

/**
 * A pair: the shoe drawn once, shown twice, the second behind, a little smaller and higher and a
 * shade darker; the back view turns the pair round.
 */
function pair(k: Sketch, s: Shoe) {
  k.zoom = 1.9;
  const [dx, dy, sc] = s.behind ?? [96, -44, 0.94];
  const [x0, y0, x1, y1] = s.box;
  const id = `${k.id}-shoe`;
  k.raw(`<defs><filter id="${k.id}-d"><feColorMatrix values=".84 0 0 0 0 0 .84 0 0 0 0 0 .84 0 0 0 0 0 1 0"/></filter><g id="${id}">`);
  s.draw(k);
  k.raw(`</g></defs>`);
  const flip = k.back ? `<g transform="matrix(-1 0 0 1 800 0)">` : "<g>";
  k.raw(`${flip}<use href="#${id}" transform="translate(${dx} ${dy}) scale(${sc})" filter="url(#${k.id}-d)"/><use href="#${id}"/></g>`);
  const mxp = (x: number) => (k.back ? 800 - x : x);
  k.include([mxp(x0), y0], [mxp(x1), y1], [mxp(x1 * sc + dx), y0 * sc + dy], [mxp(x1 * sc + dx), y1 * sc + dy]);
}

/** The sole of a low shoe: toe spring, the ball on the ground, the waist rising to a stacked heel `h` high. */
function lowSole(k: Sketch, h: number, welt = true) {
  const d = `M150 698Q144 716 196 719L340 720Q470 718 ${n(538)} ${n(720 - h)}L542 720H620L626 ${n(708 - h)}L${n(530)} ${n(708 - h)}Q420 706 300 708Q180 708 150 698Z`;
  k.part("sole", d, k.c.dark ? "#4a3426" : k.c.sole);
  if (h > 16) k.seam(hatch([544, 720 - h * 0.66], [544, 720 - h * 0.33], [620, 720 - h * 0.66], [620, 720 - h * 0.33], 2, 0).replace(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g, "M544 $2H620"), 0.35, 1.5);
  if (welt) {
    k.raw(`<path d="M156 700Q190 712 300 710Q420 708 530 ${n(710 - h)}H624" fill="none" stroke="${k.c.dark ? "#7a5a44" : k.c.lo}" stroke-width="4"/>`);
    k.stitch(`M168 706Q200 712 300 712Q420 710 530 ${n(712 - h)}H616`, k.c.dark ? "#c9a27a" : INK);
  }
}

/** The lining inside the opening, between the far topline (drawn as the outline) and the near one. */
function opening(k: Sketch, d: string, near: string) {
  k.raw(`<path d="${d}" fill="${LINING}"/>`);
  k.shade(d, 0.18);
  k.edge(near, 3);
}

/** The toe catching the light. */
const shine = (k: Sketch, x: number, y: number) => k.light(`M${x} ${y}q40 -16 96 -14q-52 8 -92 24Z`, k.c.dark ? 0.2 : 0.3);

export function loafer(k: Sketch) {
  const h = vr(k, 30, 38);
  const seat = 708 - h;
  pair(k, {
    draw: (k) => {
      lowSole(k, h);
      k.part("upper", `M152 700C134 664 176 628 236 624C306 618 372 598 430 572Q520 548 606 560C632 572 634 640 626 ${n(seat)}Q420 706 300 708Q180 708 152 700Z`);
      opening(k, `M430 572Q520 548 606 560L604 572Q520 592 436 584Z`, `M434 580Q520 594 605 570`);
      // The moccasin apron, hand-stitched, and the penny strap across the instep with its slot.
      k.seam(`M196 648C252 638 340 624 424 592`, 0.9, 2.4);
      k.comb(`M198 642C254 632 342 618 424 586`, 9, 1.8, 7);
      k.group("saddle", () => {
        k.part(null, `M370 594L440 574Q450 610 456 640L394 658Q388 622 370 594Z`, k.c.lo);
        k.raw(`<path d="M396 606Q418 594 440 594Q420 610 396 606Z" fill="${INK}"/>`);
        k.stitch(`M380 600L436 584M398 650L450 634`);
      });
      shine(k, 196, 652);
    },
    box: [134, 548, 636, 720],
  });
  k.focus = [420, 610];
}

export function derby(k: Sketch) {
  const h = vr(k, 30, 36);
  const seat = 708 - h;
  pair(k, {
    draw: (k) => {
      lowSole(k, h);
      k.part("upper", `M152 700C132 662 176 626 236 622C306 616 376 590 432 552L446 526Q458 516 474 526L480 546Q548 540 606 548C632 566 634 640 626 ${n(seat)}Q420 706 300 708Q180 708 152 700Z`);
      k.group("tongue", () => k.part(null, `M430 556L440 528Q456 514 474 524L484 562Z`, k.c.lo));
      opening(k, `M480 546Q548 540 606 548L604 560Q548 566 486 562Z`, `M486 562Q548 572 605 558`);
      // The quarters laced over the vamp: their front edge down to the sole, five eyelets, the laces and a bow.
      k.edge(`M428 570Q404 620 ${n(430)} 704`, 2.6);
      k.stitch(`M440 576Q418 624 442 702`);
      k.group("laces", () => {
        let d = "";
        let dots = "";
        for (let i = 0; i < 5; i++) {
          const p = lerp([436, 582], [484, 558], i / 4);
          d += `M${n(p[0])} ${n(p[1])}l-14 -12`;
          dots += `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="3.4" fill="${k.c.dark ? "#c9b79e" : INK}"/>`;
        }
        // Waxed cotton laces in natural ecru: what tells a Derby from a loafer at a glance.
        const lace = k.c.light ? k.c.lo : "#e4d5b7";
        d += `M476 548q-30 -20 -20 -30q14 -2 20 30q10 -30 26 -26q4 14 -26 26M476 548q-14 24 -30 34M476 548q8 24 2 44`;
        k.raw(`<path d="${d}" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${lace}" stroke-width="2.6" stroke-linecap="round"/>${dots}`);
      });
      shine(k, 196, 650);
    },
    box: [134, 516, 636, 720],
  });
  k.focus = [470, 580];
}

export function chelsea(k: Sketch) {
  const h = vr(k, 34, 42);
  const seat = 708 - h;
  const top = vr(k, 370, 400);
  pair(k, {
    draw: (k) => {
      lowSole(k, h);
      k.part("upper", `M152 700C134 664 176 628 236 624C306 618 366 600 400 570C432 538 436 460 432 ${n(top)}Q516 ${n(top - 18)} 598 ${n(top - 6)}C604 480 598 540 614 590C630 620 632 660 626 ${n(seat)}Q420 706 300 708Q180 708 152 700Z`);
      opening(k, `M432 ${n(top)}Q516 ${n(top - 18)} 598 ${n(top - 6)}L598 ${n(top + 4)}Q516 ${n(top + 4)} 434 ${n(top + 10)}Z`, `M434 ${n(top + 10)}Q516 ${n(top + 6)} 598 ${n(top + 4)}`);
      // The elastic side panel, ribbed, and the pull tab.
      k.part("gusset", `M478 ${n(top + 8)}L500 ${n(top + 130)}Q512 ${n(top + 140)} 524 ${n(top + 130)}L552 ${n(top + 5)}Z`, mixHex(k.c.sole, k.c.base, 0.3));
      k.seam(hatch([482, top + 10], [550, top + 8], [501, top + 126], [523, top + 126], 7), 0.55, 1.6);
      k.group("tab", () => k.part(null, `M576 ${n(top - 6)}L580 ${n(top - 48)}Q592 ${n(top - 56)} 604 ${n(top - 48)}L598 ${n(top - 4)}Z`, k.c.lo));
      k.seam(`M420 600Q470 610 540 ${n(top + 170)}`, 0.4);
      shine(k, 196, 652);
    },
    box: [134, top - 56, 636, 720],
    behind: [110, -30, 0.94],
  });
  k.focus = [512, top + 60];
}

export function boot(k: Sketch) {
  const h = vr(k, 50, 60);
  const seat = 708 - h;
  const top = vr(k, 150, 176);
  pair(k, {
    draw: (k) => {
      lowSole(k, h);
      k.part("upper", `M152 700C134 664 176 628 236 624C306 618 364 602 400 570C426 540 422 440 418 330Q414 240 418 ${n(top)}Q504 ${n(top - 22)} 592 ${n(top - 6)}C606 260 634 340 616 440C604 500 600 560 616 600C630 630 632 664 626 ${n(seat)}Q420 706 300 708Q180 708 152 700Z`);
      opening(k, `M418 ${n(top)}Q504 ${n(top - 22)} 592 ${n(top - 6)}L592 ${n(top + 6)}Q504 ${n(top + 2)} 420 ${n(top + 12)}Z`, `M420 ${n(top + 12)}Q504 ${n(top + 6)} 592 ${n(top + 6)}`);
      k.group("zip", () =>
        k.raw(`<path d="M584 ${n(top + 14)}C596 260 622 340 606 440C596 500 592 560 604 600" fill="none" stroke="${BRASS_DARK}" stroke-width="3" stroke-dasharray="2 2"/><rect x="578" y="${n(top + 16)}" width="10" height="20" rx="3" fill="${BRASS}" stroke="${INK}" stroke-width="1.2"/>`),
      );
      k.seam(`M420 560Q500 580 560 600M428 ${n(top + 40)}Q500 ${n(top + 36)} 588 ${n(top + 34)}`, 0.35);
      shine(k, 196, 652);
    },
    box: [134, top - 22, 636, 720],
    behind: [120, -22, 0.95],
  });
  k.focus = [560, top + 60];
}

export function pump(k: Sketch) {
  const h = vr(k, 140, 156);
  const seat = 720 - h;
  pair(k, {
    draw: (k) => {
      const sole = k.c.dark ? "#3b2a20" : k.c.sole;
      // The stiletto, then the sole along the arch.
      k.part("heel", `M${n(566)} ${n(seat + 12)}Q586 ${n(seat + 60)} 590 714L592 720H604L606 712Q604 ${n(seat + 60)} 618 ${n(seat - 2)}Z`, sole);
      k.part("sole", `M146 706Q150 720 196 720L320 718C440 708 520 ${n(seat + 40)} 600 ${n(seat)}L620 ${n(seat - 8)}L618 ${n(seat + 2)}C530 ${n(seat + 54)} 440 716 320 712L196 714Q160 714 146 706Z`, sole);
      k.part("upper", `M146 706C150 690 190 670 260 662C320 656 360 646 380 636Q480 ${n(seat - 30)} 604 ${n(seat - 74)}C630 ${n(seat - 60)} 630 ${n(seat - 20)} 620 ${n(seat - 8)}L600 ${n(seat)}C520 ${n(seat + 40)} 440 708 320 712L196 714Q160 714 146 706Z`);
      // The low-cut opening: the insole running down from the heel seat toward the toe.
      opening(
        k,
        `M380 636Q480 ${n(seat - 30)} 604 ${n(seat - 74)}L606 ${n(seat - 60)}Q500 ${n(seat - 6)} 392 650Z`,
        `M390 648Q500 ${n(seat - 4)} 606 ${n(seat - 60)}`,
      );
      k.raw(`<path d="M410 650Q500 ${n(seat + 10)} 596 ${n(seat - 34)}L600 ${n(seat - 20)}Q500 ${n(seat + 24)} 420 660Z" fill="${mixHex(LINING, INK, 0.15)}"/>`);
      k.light(`M196 700q50 -22 120 -30q-60 14 -116 36Z`, k.c.dark ? 0.2 : 0.3);
    },
    box: [140, seat - 78, 634, 720],
    behind: [100, -36, 0.94],
  });
  k.focus = [400, 650];
}

export function ballet(k: Sketch) {
  pair(k, {
    draw: (k) => {
      k.part("sole", `M150 704Q148 720 190 720H620Q630 716 628 704Z`, k.c.dark ? "#4a3426" : k.c.sole);
      k.part("upper", `M150 704C134 676 176 650 236 646C290 642 330 640 352 638Q470 614 606 624C630 636 632 690 626 706H190Q156 708 150 704Z`);
      opening(k, `M352 638Q470 614 606 624L606 636Q480 628 360 650Z`, `M360 650Q480 640 606 636`);
      // The bound topline with its drawstring, and the little bow at the throat.
      k.raw(`<path d="M362 652Q480 642 604 638" fill="none" stroke="${k.c.lo}" stroke-width="4"/>`);
      k.group("bow", () => {
        k.part(null, `M356 646Q330 626 322 644Q330 662 356 650Q382 664 390 646Q380 626 356 646Z`);
        k.raw(`<circle cx="356" cy="648" r="5" fill="${k.c.lo}" stroke="${INK}" stroke-width="1.4"/>`);
        k.edge(`M354 652q-6 14 -16 22M358 652q4 14 14 20`, 2);
      });
      shine(k, 196, 676);
    },
    box: [136, 614, 634, 720],
    behind: [96, -30, 0.94],
  });
  k.focus = [360, 650];
}

export function sneaker(k: Sketch) {
  const white = k.c.light ? "#f7f4ee" : "#f4f0e8";
  pair(k, {
    draw: (k) => {
      k.part("sole", `M148 690Q140 718 196 720H610Q642 716 638 684L634 674H156Z`, white);
      k.seam(`M160 700H632`, 0.5, 1.6);
      k.raw(`<path d="M166 710H630" stroke="${INK}" stroke-opacity=".3" stroke-width="2" stroke-dasharray="10 8"/>`);
      k.part("upper", `M156 676C140 640 190 614 252 608C330 600 384 576 432 546L440 520Q458 508 474 518L480 544Q540 532 602 540C634 556 640 620 634 676Z`);
      k.group("tongue", () => k.part(null, `M432 548L440 520Q458 508 474 518L482 552Z`));
      opening(k, `M480 544Q540 532 602 540L602 552Q540 552 486 560Z`, `M486 560Q540 566 603 552`);
      // The toe cap, the heel counter with its tab, the lace panel with six eyelets and the laces.
      k.seam(`M162 640Q220 604 296 606Q282 640 300 676M604 556Q560 600 572 676`, 0.7);
      k.stitch(`M170 648Q224 614 288 614M596 566Q556 604 566 672`);
      k.part(null, `M592 540L590 506Q604 500 614 506L616 548Z`, k.c.lo);
      k.group("laces", () => {
        const lace = k.c.light ? "#cfc6b8" : "#f3eee6";
        let d = "";
        let dots = "";
        for (let i = 0; i < 6; i++) {
          const p = lerp([340, 600], [474, 552], i / 5);
          dots += `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="3.4" fill="${INK}"/>`;
          d += `M${n(p[0] - 2)} ${n(p[1] - 1)}l24 -16`;
        }
        k.raw(`<path d="${d}" stroke="${INK}" stroke-width="7" stroke-linecap="round"/><path d="${d}" stroke="${lace}" stroke-width="3.6" stroke-linecap="round"/>${dots}`);
        k.seam(`M330 610Q400 580 478 548`, 0.6);
      });
    },
    box: [140, 500, 642, 720],
    behind: [96, -40, 0.94],
  });
  k.focus = [420, 580];
}

export function sandal(k: Sketch) {
  const h = vr(k, 30, 40);
  pair(k, {
    draw: (k) => {
      const bed = mixHex(LINING, "#ffffff", 0.2);
      lowSole(k, h, false);
      // The footbed, seen from a little above.
      k.part(null, `M150 698Q170 684 300 686Q420 686 530 ${n(690 - h)}H624L626 ${n(708 - h)}H530Q420 706 300 708Q180 708 150 698Z`, bed);
      k.group("straps", () => {
        // Two thin straps arching over the foot (the far leg's inside in shade), the heel strap up
        // to the ankle strap, buckled on the outside.
        const arch = (x: number, w: number, hh: number) => {
          const d = `M${x} 702C${x - 4} ${702 - hh} ${x + w} ${690 - hh * 1.1} ${x + w + 10} 690`;
          k.raw(`<path d="${d}" fill="none" stroke="${INK}" stroke-width="19"/><path d="${d}" fill="none" stroke="${k.fill}" stroke-width="13"/>`);
          k.shade(`M${x + w * 0.7} ${700 - hh * 0.9}C${x + w + 2} ${694 - hh * 0.9} ${x + w + 10} ${690 - hh * 0.4} ${x + w + 10} 690L${x + w + 2} 690C${x + w} ${696 - hh * 0.6} ${x + w * 0.9} ${706 - hh * 0.9} ${x + w * 0.7} ${708 - hh * 0.9}Z`, 0.35);
        };
        arch(222, 40, 86);
        arch(330, 46, 110);
        k.part(null, `M598 ${n(704 - h)}Q592 560 586 508L608 506Q612 560 622 ${n(704 - h)}Z`);
        k.raw(`<ellipse cx="548" cy="500" rx="66" ry="18" fill="none" stroke="${INK}" stroke-width="17"/><ellipse cx="548" cy="500" rx="66" ry="18" fill="none" stroke="${k.fill}" stroke-width="11"/>`);
        k.raw(`<path d="M490 506Q548 526 610 508" fill="none" stroke="${INK}" stroke-width="17"/><path d="M490 506Q548 526 610 508" fill="none" stroke="${k.fill}" stroke-width="11"/>`);
      });
      k.group("buckle", () => k.raw(`<rect x="504" y="500" width="24" height="28" rx="4" fill="none" stroke="${INK}" stroke-width="8"/><rect x="504" y="500" width="24" height="28" rx="4" fill="none" stroke="${BRASS}" stroke-width="4"/><path d="M516 514h20" stroke="${BRASS}" stroke-width="3"/>`));
    },
    box: [140, 480, 636, 720],
    behind: [96, -34, 0.94],
  });
  k.focus = [520, 520];
}

/* ------------------------------------------------------------------ scarves */

interface ScarfCut {
  /** Each tail's width. */
  w: number;
  /** Where the tails leave the shoulders (the outer edge's x on the left). */
  shoulder: number;
  /** The longer and the shorter tail's ends. */
  long: number;
  short: number;
  /** How far the right tail swings over the left. */
  cross: number;
  /** Fringe length (0: none). */
  fringe: number;
}

/** Two tails falling from y = top: [outline, outer bottom corner, inner bottom corner]. */
function scarfTail(x: number, w: number, top: number, end: number, sway: number, side: -1 | 1): [Path, P, P] {
  const bo: P = [x + sway, end + side * 5];
  const bi: P = [x + sway + w, end - side * 5];
  const p = path()
    .M([x + 6, top])
    .L([x + w - 6, top])
    .Q([x + w + sway * 0.4 + 8, (top + end) / 2], bi)
    .L(bo)
    .Q([x + sway * 0.4 - 8, (top + end) / 2], [x + 6, top])
    .Z();
  return [p, bo, bi];
}

/** Fringe under a tail's end (or none). */
function fringeUnder(k: Sketch, ends: [P, P][], len: number) {
  if (!len) return;
  const f = len / 2 + 1;
  const d = ends.map(([a, b]) => `M${n(a[0] + 3)} ${n(a[1] + f)}L${n(b[0] - 3)} ${n(b[1] + f)}`).join("");
  k.group("fringe", () => k.comb(d, len, 3, 5, k.c.hi));
}

/**
 * A scarf wound once round the neck of an invisible figure: the loop in front (the inside of its
 * back showing through), its two tails falling from under it in soft folds, one longer.
 */
function wrappedScarf(k: Sketch, o: ScarfCut) {
  const cy = 270;
  const rx = o.w * 1.3 + 10;
  const ry = 70;
  const [lt, lo, li] = scarfTail(400 - o.w * 0.95, o.w, cy + 20, o.long, -o.cross * 0.5, -1);
  const [rt, ro, ri] = scarfTail(400 - o.w * 0.05, o.w * 0.96, cy + 30, o.short, o.cross, 1);
  k.part("body", lt);
  k.seam(`M${n(lo[0] + o.w * 0.4)} ${n(cy + 90)}Q${n(lo[0] + o.w * 0.5)} ${n((cy + o.long) / 2)} ${n(lerp(lo, li, 0.5)[0])} ${n(o.long - 8)}`, 0.35, 2);
  k.part(null, rt);
  k.shade(`M${n(ri[0] - 20)} ${n(ri[1] - 2)}Q${n(ri[0] - 12)} ${n((cy + o.short) / 2)} ${n(400 + o.w * 0.6)} ${n(cy + 40)}L${n(400 + o.w * 0.9)} ${n(cy + 40)}Q${n(ri[0] + 4)} ${n((cy + o.short) / 2)} ${n(ri[0])} ${n(ri[1])}Z`, 0.14);
  k.shade(`M${n(ro[0] - 6)} ${n(cy + 40)}h26l${n(ro[0] - 400 + o.w * 0.05 + 2)} ${n(o.short - cy - 40)}h-26Z`, 0.18);
  // The loop: its back seen through the neck (in shade), its front rolled over the tails.
  const loop = path().M([400 - rx, cy]).Q([400 - rx, cy - ry * 1.15], [400, cy - ry]).Q([400 + rx, cy - ry * 1.15], [400 + rx, cy]).Q([400 + rx * 0.96, cy + ry * 1.1], [400, cy + ry]).Q([400 - rx * 0.96, cy + ry * 1.1], [400 - rx, cy]).Z();
  k.part(null, loop);
  const hole = path().M([400 - rx * 0.62, cy - 10]).Q([400, cy - ry * 1.05], [400 + rx * 0.62, cy - 10]).Q([400, cy + ry * 0.62], [400 - rx * 0.62, cy - 10]).Z();
  k.part(null, hole);
  k.shade(hole, 0.38);
  // Creases round the roll, and the edge of the layer crossing over in front.
  k.seam(`M${n(400 - rx * 0.86)} ${n(cy + 16)}Q${n(400 - rx * 0.5)} ${n(cy + ry * 0.8)} ${n(400 - rx * 0.1)} ${n(cy + ry * 0.86)}M${n(400 + rx * 0.72)} ${n(cy - 42)}Q${n(400 + rx * 0.92)} ${n(cy - 10)} ${n(400 + rx * 0.84)} ${n(cy + 20)}M${n(400 - rx * 0.7)} ${n(cy - 44)}Q${n(400 - rx * 0.86)} ${n(cy - 20)} ${n(400 - rx * 0.9)} ${n(cy + 4)}`, 0.35, 2);
  k.edge(`M${n(400 - rx * 0.26)} ${n(cy + ry * 0.98)}Q${n(400 + rx * 0.1)} ${n(cy + ry * 0.55)} ${n(400 + rx * 0.52)} ${n(cy + ry * 0.16)}`, 2.4);
  k.shade(`M${n(400 - rx * 0.26)} ${n(cy + ry * 0.98)}Q${n(400 + rx * 0.1)} ${n(cy + ry * 0.55)} ${n(400 + rx * 0.52)} ${n(cy + ry * 0.16)}Q${n(400 + rx * 0.3)} ${n(cy + ry * 0.6)} ${n(400 + rx * 0.1)} ${n(cy + ry * 0.98)}Z`, 0.14);
  k.shade(`M${n(400 - rx)} ${n(cy)}Q${n(400 - rx * 0.96)} ${n(cy + ry * 1.1)} 400 ${n(cy + ry)}Q${n(400 - rx * 0.7)} ${n(cy + ry * 0.6)} ${n(400 - rx + 10)} ${n(cy - 8)}Z`, 0.16);
  fringeUnder(k, [[lo, li], [ro, ri]], o.fringe);
  k.include([400 - rx, cy - ry], [400 + rx, cy + ry], [lo[0], o.long + o.fringe + 8], [ri[0], o.short + o.fringe + 8]);
  k.focus = lerp(lo, li, 0.45);
}

const HANGER_WOOD = "#b08a5e";
const HANGER_STEEL = "#9d9a93";

/**
 * A stole as a shop hangs it: folded over the bar of a wooden hanger, its two falls hanging
 * straight and wide, the front one shorter so the back one's fringe shows under it. A wide,
 * flat, fringed length of cloth on a hanger reads as a stole at a glance, where one over the
 * shoulders of an invisible figure passed for an open cardigan.
 */
function hangerStole(k: Sketch, o: ScarfCut) {
  const top = 250;
  const hw = o.w * 0.86;
  // The hook and the hanger's arm, behind the cloth.
  const hook = `M400 ${top + 40}V${top - 40}Q400 ${top - 70} 424 ${top - 72}Q448 ${top - 70} 446 ${top - 48}`;
  k.raw(`<path d="${hook}" fill="none" stroke="${INK}" stroke-width="9" stroke-linecap="round"/><path d="${hook}" fill="none" stroke="${HANGER_STEEL}" stroke-width="5" stroke-linecap="round"/>`);
  const arm = path().M([400 - 236, top + 104]).Q([400, top - 34], [400 + 236, top + 104]).L([400 + 226, top + 128]).Q([400, top + 2], [400 - 226, top + 128]).Z();
  k.part(null, arm, HANGER_WOOD);
  const fall = (x0: number, x1: number, y0: number, y1: number, flare: number) =>
    path()
      .M([x0, y0 + 16])
      .Q([x0 + 6, y0 - 2], [(x0 + x1) / 2, y0 - 6])
      .Q([x1 - 6, y0 - 2], [x1, y0 + 16])
      .Q([x1 + flare * 0.6, (y0 + y1) / 2], [x1 + flare, y1])
      .L([x0 - flare, y1 + 6])
      .Q([x0 - flare * 0.6, (y0 + y1) / 2], [x0, y0 + 16])
      .Z();
  // The back fall, the longer: only its lower part and edges show.
  const backL: P = [400 - hw - 14, o.long + 6];
  const backR: P = [400 + hw + 14, o.long];
  k.part(null, fall(400 - hw, 400 + hw, top + 36, o.long, 14), k.c.lo);
  // The front fall over it, turned a little, the fold over the bar a soft rounded edge.
  const frontL: P = [400 - hw + 6, o.short + 6];
  const frontR: P = [400 + hw - 14, o.short];
  k.part("body", fall(400 - hw + 10, 400 + hw - 18, top + 40, o.short, 4));
  k.light(`M${n(400 - hw + 18)} ${n(top + 52)}Q400 ${n(top + 30)} ${n(400 + hw - 26)} ${n(top + 52)}L${n(400 + hw - 26)} ${n(top + 70)}Q400 ${n(top + 50)} ${n(400 - hw + 18)} ${n(top + 70)}Z`, 0.18);
  // The drape's soft vertical folds, and the shadow the front fall casts on the back one.
  k.seam(`M${n(400 - hw * 0.45)} ${n(top + 90)}Q${n(400 - hw * 0.5)} ${n((top + o.short) / 2)} ${n(400 - hw * 0.42)} ${n(o.short - 12)}M${n(400 + hw * 0.3)} ${n(top + 100)}Q${n(400 + hw * 0.36)} ${n((top + o.short) / 2)} ${n(400 + hw * 0.28)} ${n(o.short - 12)}`, 0.3, 2);
  k.shade(`M${n(frontL[0] + 4)} ${n(o.short + 8)}L${n(frontR[0])} ${n(o.short + 2)}L${n(frontR[0] + 2)} ${n(o.short + 30)}L${n(frontL[0] + 6)} ${n(o.short + 34)}Z`, 0.16);
  fringeUnder(k, [[backL, backR], [frontL, frontR]], o.fringe);
  k.include([400 - 240, top - 80], [400 + 240, o.long + o.fringe + 12]);
  k.focus = lerp(frontL, frontR, 0.5);
}

/** The back view: the scarf folded in a soft pad, its two fringed ends falling over the front edge. */
function foldedScarf(k: Sketch, o: ScarfCut) {
  const hw = Math.min(210, o.w * 1.6);
  const y0 = 360;
  const y1 = 560;
  const pad = path()
    .M([400 - hw, y0 + 14])
    .Q([400 - hw, y0], [400 - hw + 16, y0])
    .Q([400, y0 - 10], [400 + hw - 16, y0])
    .Q([400 + hw, y0], [400 + hw, y0 + 14])
    .Q([400 + hw + 8, (y0 + y1) / 2], [400 + hw, y1 - 12])
    .Q([400 + hw, y1], [400 + hw - 16, y1])
    .L([400 - hw + 16, y1])
    .Q([400 - hw, y1], [400 - hw, y1 - 12])
    .Q([400 - hw - 8, (y0 + y1) / 2], [400 - hw, y0 + 14])
    .Z();
  k.part("body", pad);
  // The folds stacked along the right side, and the soft crease across.
  k.seam(`M${n(400 + hw - 12)} ${n(y0 + 8)}Q${n(400 + hw - 2)} ${n((y0 + y1) / 2)} ${n(400 + hw - 12)} ${n(y1 - 6)}M${n(400 - hw + 20)} ${n(y0 + 70)}Q400 ${n(y0 + 84)} ${n(400 + hw - 30)} ${n(y0 + 66)}`, 0.4, 2);
  const w = Math.min(o.w, hw * 0.95);
  const end = (x: number, tilt: number, len: number): [P, P] => {
    const a: P = [x, y1 - 8];
    const b: P = [x + w, y1 - 8];
    const c: P = [x + w + tilt, y1 + len];
    const d: P = [x + tilt + 4, y1 + len - 6];
    k.part(null, path().M(a).Q([x - 6, y1 + 8], [x - 2, y1 + 16]).L(d).L(c).L([b[0] + 2, y1 + 16]).Q([b[0] + 4, y1 + 6], b).Z());
    k.light(`M${n(a[0] + 4)} ${n(y1 - 4)}H${n(b[0] - 4)}L${n(b[0] - 2)} ${n(y1 + 10)}H${n(a[0] + 2)}Z`, 0.2);
    return [d, c];
  };
  const len = vr(k, 170, 210);
  const [a0, a1] = end(400 - w * 0.86, -14, len);
  const [b0, b1] = end(400 - w * 0.14, 10, len - 36);
  k.shade(`M${n(400 - w * 0.14)} ${n(y1 + 16)}l-12 0l${n(-10)} ${n(len - 40)}l12 0Z`, 0.18);
  if (o.fringe) {
    const f = o.fringe / 2 + 1;
    const edge = (a: P, b: P) => `M${n(a[0] + 2)} ${n(a[1] + f)}L${n(b[0] - 2)} ${n(b[1] + f)}`;
    k.group("fringe", () => k.comb(edge(a0, a1) + edge(b0, b1), o.fringe, 3, 5, k.c.hi));
  }
  k.include([400 - hw - 8, y0 - 10], [400 + hw + 8, y1 + len + o.fringe + 8]);
  k.focus = lerp(a0, a1, 0.5);
}

function scarfViews(k: Sketch, o: ScarfCut, front: (k: Sketch, o: ScarfCut) => void) {
  k.zoom = 2.2;
  if (k.back) foldedScarf(k, o);
  else front(k, o);
}

export function scarf(k: Sketch) {
  // A ribbed scarf ends in a short fringe, gauze in a frayed one, cashmere in knotted tassels.
  const fringe = k.surface === "rib" ? 16 : k.surface === "gauze" ? 20 : 30;
  scarfViews(k, { w: vr(k, 96, 112), shoulder: vr(k, 282, 296), long: vr(k, 800, 850), short: vr(k, 700, 760), cross: vr(k, 16, 36), fringe }, wrappedScarf);
}

export function stole(k: Sketch) {
  scarfViews(k, { w: vr(k, 150, 166), shoulder: vr(k, 214, 230), long: vr(k, 840, 880), short: vr(k, 760, 790), cross: 0, fringe: 14 }, hangerStole);
}

/**
 * The silk square's print, for a square of half-side h centred on c and turned by rot: an ivory
 * border with a chain, a medallion of petals in a ring of dots, a rose in each corner.
 */
function foulardPrint(k: Sketch, c: P, h: number, rot: number, ivory: string, accent: string) {
  const pt = (a: number, d: number): P => [c[0] + Math.cos(a + rot) * d, c[1] + Math.sin(a + rot) * d];
  const sq = (d: number) => path().M(pt(Math.PI / 4, d * Math.SQRT2)).L(pt((3 * Math.PI) / 4, d * Math.SQRT2), pt((5 * Math.PI) / 4, d * Math.SQRT2), pt((7 * Math.PI) / 4, d * Math.SQRT2)).Z();
  k.raw(`<path d="${sq(h - 14)}" fill="${ivory}"/><path d="${sq(h - 46)}" fill="${k.fill}" stroke="${INK}" stroke-width="1.5"/>`);
  k.raw(`<path d="${sq(h - 30)}" fill="none" stroke="${accent}" stroke-width="5" stroke-dasharray="12 7"/>`);
  k.group("print", () => {
    const m = h * 0.32;
    let petals = `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(m * 1.75)}" fill="none" stroke="${ivory}" stroke-width="6" stroke-dasharray="1 14" stroke-linecap="round"/>`;
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      const p = pt(a, m);
      petals += `<ellipse cx="${n(p[0])}" cy="${n(p[1])}" rx="${n(m * 0.5)}" ry="${n(m * 0.22)}" transform="rotate(${n(((a + rot) * 180) / Math.PI)} ${n(p[0])} ${n(p[1])})" fill="${i % 2 ? ivory : accent}" stroke="${INK}" stroke-width="1.5"/>`;
    }
    k.raw(petals + `<circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(m * 0.5)}" fill="${ivory}" stroke="${INK}" stroke-width="1.5"/><circle cx="${n(c[0])}" cy="${n(c[1])}" r="${n(m * 0.22)}" fill="${accent}"/>`);
    for (let i = 0; i < 4; i++) {
      const p = pt(Math.PI / 4 + (i * Math.PI) / 2, (h - 46) * Math.SQRT2 - 40);
      k.raw(`<circle cx="${n(p[0])}" cy="${n(p[1])}" r="22" fill="${ivory}" stroke="${INK}" stroke-width="1.4"/><circle cx="${n(p[0])}" cy="${n(p[1])}" r="9" fill="${accent}"/>`);
    }
  });
}

const foulardInks = (k: Sketch) => ({ ivory: "#f4ecdf", accent: k.c.light ? mixHex(k.c.base, INK, 0.5) : mixHex(k.c.base, "#ffffff", 0.45) });

/**
 * The silk square laid flat, a little turned, one corner folded back over the print to show the
 * paler reverse; the rolled hem along its edges and the sheen of the twill.
 */
export function foulard(k: Sketch) {
  k.zoom = 1.8;
  if (k.back) {
    foldedFoulard(k);
    return;
  }
  const c: P = [400, 500];
  const h = vr(k, 270, 284);
  const rot = (vr(k, -10, -4) * Math.PI) / 180;
  const { ivory, accent } = foulardInks(k);
  const corner = (i: number, d = h): P => [c[0] + Math.cos(rot + Math.PI / 4 + (i * Math.PI) / 2) * d * Math.SQRT2, c[1] + Math.sin(rot + Math.PI / 4 + (i * Math.PI) / 2) * d * Math.SQRT2];
  // The bottom-right corner (i = 0) is folded back along the line between two points of its sides.
  const C = corner(0);
  const A = lerp(C, corner(1), vr(k, 0.3, 0.38));
  const B = lerp(C, corner(3), vr(k, 0.3, 0.38));
  const flat = path().M(A).L(corner(1), corner(2), corner(3), B).Z();
  k.part("body", flat);
  k.raw(`<clipPath id="${k.id}-c"><path d="${flat}"/></clipPath><g clip-path="url(#${k.id}-c)">`);
  foulardPrint(k, c, h, rot, ivory, accent);
  k.raw(`</g>`);
  // The folded corner: the reverse, paler; its shadow on the print.
  const M = lerp(A, B, 0.5);
  const F: P = [2 * M[0] - C[0], 2 * M[1] - C[1]];
  k.shade(path().M(A).L([F[0] + 10, F[1] + 12], B).Z(), 0.22);
  k.part("fold", path().M(A).Q(lerp(M, F, 0.3), F).L(B).Z(), mixHex(k.c.base, "#fffdf9", 0.35));
  // The twill's sheen, and the rolled hem.
  k.light(path().M(corner(2, h * 0.92)).L(lerp(corner(2), corner(1), 0.3), lerp(corner(3), corner(0), 0.4)).Z(), 0.12);
  k.stitch(path().M(lerp(A, corner(1), 0.02)).L(corner(1, h - 6), corner(2, h - 6), corner(3, h - 6), lerp(B, corner(3), 0.02)).toString(), INK);
  k.include(corner(1), corner(2), corner(3), A, B);
  k.focus = lerp(c, F, 0.55);
}

/**
 * The back view: the square folded corner to corner into a triangle, as a bandana is; the fold
 * runs along the top through the medallion, the border along the two short sides.
 */
function foldedFoulard(k: Sketch) {
  const R = vr(k, 300, 316);
  const top = 380;
  const { ivory, accent } = foulardInks(k);
  const tri = path().M([400 - R, top]).L([400 + R, top]).L([400, top + R]).Z();
  k.part("body", tri);
  k.raw(`<clipPath id="${k.id}-c"><path d="${tri}"/></clipPath><g clip-path="url(#${k.id}-c)">`);
  foulardPrint(k, [400, top], R / Math.SQRT2, Math.PI / 4, ivory, accent);
  k.raw(`</g>`);
  // The fold along the top, and soft folds where the silk settles.
  k.light(`M${n(400 - R + 20)} ${top + 3}H${n(400 + R - 20)}L${n(400 + R - 40)} ${top + 14}H${n(400 - R + 40)}Z`, 0.3);
  k.seam(`M${n(400 - 150)} ${top + 10}Q${n(400 - 120)} ${top + 120} ${n(400 - 40)} ${n(top + R - 60)}M${n(400 + 130)} ${top + 10}Q${n(400 + 110)} ${top + 110} ${n(400 + 40)} ${n(top + R - 80)}`, 0.3);
  k.edge(`M${n(400 - R)} ${top}H${n(400 + R)}`, 3);
  k.focus = [400 + 60, top + 80];
}

/* ------------------------------------------------------------------ belts */

interface BeltCut {
  w: number;
  /** The buckle's frame: length along the strap, width across it. */
  bl: number;
  bw: number;
  round: boolean;
  metal: string;
  /** A braided belt has no holes: the prong goes through the weave. */
  woven: boolean;
}

type Line = { p: P; t: P }[];

/** Points along a wave about the axis from a to z (amplitude amp, `periods` full waves), with the unit tangent at each. */
function wave(a: P, z: P, amp: number, periods: number, steps: number): Line {
  const len = Math.hypot(z[0] - a[0], z[1] - a[1]);
  const u: P = [(z[0] - a[0]) / len, (z[1] - a[1]) / len];
  const at = (s: number): P => {
    const v = amp * Math.sin(s * periods * 2 * Math.PI);
    return [a[0] + u[0] * len * s - u[1] * v, a[1] + u[1] * len * s + u[0] * v];
  };
  return Array.from({ length: steps + 1 }, (_, i) => {
    const s = i / steps;
    const p = at(s);
    const q = at(s + 0.001);
    const l = Math.hypot(q[0] - p[0], q[1] - p[1]);
    return { p, t: [(q[0] - p[0]) / l, (q[1] - p[1]) / l] as P };
  });
}

/**
 * A belt laid along a centre line (from the buckle end to the tip): the strap with its pointed
 * tip, edge stitching, the holes near the tip (or the braid of a woven belt), the keeper and the
 * buckle with its prong, all drawn square to the line.
 */
function beltAlong(k: Sketch, line: Line, b: BeltCut) {
  const h = b.w / 2;
  const off = (q: { p: P; t: P }, d: number): P => [q.p[0] - q.t[1] * d, q.p[1] + q.t[0] * d];
  const last = line[line.length - 1];
  const tip: P = [last.p[0] + last.t[0] * h * 1.1, last.p[1] + last.t[1] * h * 1.1];
  const strap = path().M(off(line[0], h));
  for (const q of line.slice(1)) strap.L(off(q, h));
  strap.Q([last.p[0] + last.t[0] * h * 0.6 - last.t[1] * h * 0.8, last.p[1] + last.t[1] * h * 0.6 + last.t[0] * h * 0.8], tip);
  strap.Q([last.p[0] + last.t[0] * h * 0.6 + last.t[1] * h * 0.8, last.p[1] + last.t[1] * h * 0.6 - last.t[0] * h * 0.8], off(last, -h));
  for (const q of [...line].reverse().slice(1)) strap.L(off(q, -h));
  k.part("strap", strap.Z());
  const rail = (d: number) => {
    const r = path().M(off(line[2], d));
    for (const q of line.slice(3, -1)) r.L(off(q, d));
    return r.toString();
  };
  if (b.woven) {
    // The braid: chevrons of strands down the strap.
    let d = "";
    for (let i = 1; i < line.length - 1; i++) {
      const q = line[i];
      const a = off(q, h - 3);
      const z = off(q, 3 - h);
      d += `M${n(a[0])} ${n(a[1])}L${n(q.p[0] + q.t[0] * b.w * 0.45)} ${n(q.p[1] + q.t[1] * b.w * 0.45)}L${n(z[0])} ${n(z[1])}`;
    }
    k.seam(d, 0.55, 2.2);
  } else {
    k.stitch(rail(h - 5) + rail(5 - h));
  }
  if (!b.woven) {
    // Five holes, the middle one worn a little.
    const at = line.length - 4;
    const step = Math.max(1, Math.round(b.w / 16));
    k.group("holes", () => {
      k.raw(
        [0, 1, 2, 3, 4]
          .map((i) => {
            const q = line[at - i * step] ?? line[0];
            return `<ellipse cx="${n(q.p[0])}" cy="${n(q.p[1])}" rx="${n(Math.max(2.4, b.w * 0.09))}" ry="${n(Math.max(2, b.w * 0.07))}" fill="${INK}" fill-opacity=".8"/>`;
          })
          .join(""),
      );
    });
  }
  // The buckle end: strap folded round the bar (its edge), the keeper, the frame and its prong.
  const q0 = line[0];
  const ang = (Math.atan2(q0.t[1], q0.t[0]) * 180) / Math.PI;
  const L = b.bl;
  const W = b.bw;
  const g = (s: string) => `<g transform="translate(${n(q0.p[0])} ${n(q0.p[1])}) rotate(${n(ang)})">${s}</g>`;
  const ink = k.c.outline;
  k.raw(g(`<path d="M${n(L * 0.2 + 14)} ${n(-h)}V${n(h)}" stroke="${ink}" stroke-width="2.4" stroke-opacity=".7"/>`));
  const kx = L * 0.2 + 26;
  k.group("keeper", () => k.raw(g(`<rect x="${n(kx)}" y="${n(-h - 4)}" width="${n(Math.max(12, b.w * 0.36))}" height="${n(b.w + 8)}" rx="3" fill="${k.c.lo}" stroke="${ink}" stroke-width="3"/>`)));
  const rx = b.round ? n(W / 2) : n(Math.min(10, W * 0.2));
  const frame = `x="${n(-L)}" y="${n(-W / 2)}" width="${n(L * 1.2)}" height="${n(W)}" rx="${rx}" fill="none"`;
  k.group("buckle", () =>
    k.raw(
      g(
        `<rect ${frame} stroke="${ink}" stroke-width="${n(Math.max(9, W * 0.16))}"/><rect ${frame} stroke="${b.metal}" stroke-width="${n(Math.max(5, W * 0.1))}"/>` +
          `<path d="M0 ${n(-W / 2)}V${n(W / 2)}" stroke="${ink}" stroke-width="7"/><path d="M0 ${n(-W / 2)}V${n(W / 2)}" stroke="${b.metal}" stroke-width="3.5"/>` +
          `<path d="M4 0H${n(-L - 4)}" stroke="${ink}" stroke-width="7" stroke-linecap="round"/><path d="M4 0H${n(-L - 4)}" stroke="${b.metal}" stroke-width="3.5" stroke-linecap="round"/>` +
          `<path d="M${n(-L * 0.9)} ${n(-W / 2 + 2)}H${n(-L * 0.3)}" stroke="#fff" stroke-opacity=".55" stroke-width="2" stroke-linecap="round"/>`,
      ),
    ),
  );
  const reach = Math.hypot(L, W / 2) + 8;
  k.include([q0.p[0] - reach, q0.p[1] - reach], [q0.p[0] + reach, q0.p[1] + reach], tip);
  k.focus = [q0.p[0] + q0.t[0] * 20, q0.p[1] + q0.t[1] * 20];
}

/** Laid in a gentle S across the frame, from the buckle (upper left) to the tip. */
function beltS(k: Sketch, b: BeltCut) {
  beltAlong(k, wave([170, vr(k, 200, 260)], [640, vr(k, 780, 840)], vr(k, 70, 100), 1, 24), b);
}

/** Coiled loosely on itself, the buckle outside, the tip and its holes inside. */
function beltCoil(k: Sketch, b: BeltCut) {
  const line: Line = [];
  const turns = vr(k, 1.25, 1.4);
  const r0 = 250;
  const pitch = b.w + vr(k, 30, 44);
  const steps = 34;
  const phase = vr(k, 0.1, 0.5);
  for (let i = 0; i <= steps; i++) {
    const th = phase + (i / steps) * turns * 2 * Math.PI;
    const r = r0 - (pitch * (th - phase)) / (2 * Math.PI);
    const dr = -pitch / (2 * Math.PI);
    const p: P = [400 + r * Math.cos(th), 500 + r * 0.86 * Math.sin(th)];
    const d: P = [dr * Math.cos(th) - r * Math.sin(th), (dr * Math.sin(th) + r * Math.cos(th)) * 0.86];
    const l = Math.hypot(d[0], d[1]);
    line.push({ p, t: [d[0] / l, d[1] / l] });
  }
  beltAlong(k, line, b);
}

/** A belt shows one lay from the front and the other from the back; the variation picks which. */
function belt(k: Sketch, b: BeltCut) {
  k.zoom = 2.2;
  const coilFirst = k.rnd() > 0.5;
  if (coilFirst !== k.back) beltCoil(k, b);
  else beltS(k, b);
}

export function beltBuckle(k: Sketch) {
  const w = vr(k, 40, 46);
  // A suede belt has a rounded buckle in darker metal, a leather one a square brass buckle.
  const suede = k.surface === "suede";
  belt(k, { w, bl: w * 1.05, bw: w + 22, round: suede, metal: suede ? "#8f7f5e" : BRASS, woven: k.surface === "woven" });
}

export function beltSkinny(k: Sketch) {
  const w = vr(k, 18, 22);
  belt(k, { w, bl: w * 1.5, bw: w + 16, round: k.rnd() > 0.5, metal: "#c9b27a", woven: k.surface === "woven" });
}
