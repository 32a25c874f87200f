/**
 * Bottega product art: flat, elegant garment silhouettes drawn as SVG.
 *
 * Pure TypeScript (no Node APIs, no dependencies, no network): every image in the
 * catalogue is drawn here from a garment type, a colour and a view, so the shop looks
 * curated and consistent. Same input → byte-identical output.
 *
 * Coordinate system: garments are drawn in a 800×1000 (4:5) box centred around (400, 500).
 */

export type Garment =
  | "dress"
  | "shirt"
  | "knit"
  | "trousers"
  | "skirt"
  | "coat"
  | "jacket"
  | "bag"
  | "shoes"
  | "scarf"
  | "belt";

export const GARMENTS = [
  "dress",
  "shirt",
  "knit",
  "trousers",
  "skirt",
  "coat",
  "jacket",
  "bag",
  "shoes",
  "scarf",
  "belt",
] as const satisfies readonly Garment[];

export const GARMENT_VIEWS = ["front", "back", "detail"] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

/** Widths offered in srcset. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** Bump when the drawings change (it is part of cache-busting URLs). */
export const ART_VERSION = "1";

export const PALETTE = {
  ivory: "#faf8f5",
  ink: "#1b1b1b",
  stone: "#6b6660",
  terracotta: "#a4472f",
} as const;

/* ------------------------------------------------------------------ colour */

type RGB = [number, number, number];

const HARDWARE = "#b39a6b"; // antique brass for clasps and buckles
const SHADOW = "#3a2c20";

function parseHex(hex: string): RGB | null {
  const m = /^#?([0-9a-fA-F]{6})$/.exec(hex);
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(c: RGB): string {
  return "#" + c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("");
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** WCAG relative luminance, 0 (black) .. 1 (white). */
function luminance(c: RGB): number {
  const ch = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

const INK: RGB = [27, 27, 27];
const WHITE: RGB = [255, 253, 249];
const STONE: RGB = [107, 102, 96];

interface Colors {
  base: string;
  hi: string; // highlight
  lo: string; // shade (inside of collars, back pieces)
  line: string; // seams and details
  outline: string;
  ow: number; // outline width
  sole: string; // very dark, for soles and heels
  light: boolean;
}

function colorsFor(hex: string): Colors {
  const rgb = parseHex(hex);
  if (!rgb) throw new RangeError(`garment-art: invalid colour ${JSON.stringify(hex)}`);
  const lum = luminance(rgb);
  const light = lum > 0.6;
  return {
    base: toHex(rgb),
    hi: toHex(mix(rgb, WHITE, lum < 0.05 ? 0.14 : 0.2)),
    lo: toHex(mix(rgb, INK, light ? 0.14 : 0.22)),
    line: toHex(lum < 0.06 ? mix(rgb, WHITE, 0.3) : mix(rgb, INK, light ? 0.28 : 0.32)),
    outline: toHex(light ? mix(rgb, STONE, 0.62) : mix(rgb, INK, 0.35)),
    ow: light ? 2.5 : 1.5,
    sole: toHex(mix(rgb, INK, 0.7)),
    light,
  };
}

/* ------------------------------------------------------------------ helpers */

/** Short deterministic hash (FNV-1a, base36) used to prefix ids. */
function shortHash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).slice(0, 6);
}

/** Compact number formatting (one decimal at most). */
function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

type Pt = [number, number];
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** Lines joining two edges at `count` evenly spaced positions (ribs, pleats, fringe). */
function hatch(a0: Pt, a1: Pt, b0: Pt, b1: Pt, count: number, inset = 0.5): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = (i + inset) / count;
    const p = lerp(a0, a1, t);
    const q = lerp(b0, b1, t);
    d += `M${n(p[0])} ${n(p[1])}L${n(q[0])} ${n(q[1])}`;
  }
  return d;
}

/** Point on a quadratic Bézier curve. */
function qpt(p0: Pt, c: Pt, p1: Pt, t: number): Pt {
  const u = 1 - t;
  return [u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]];
}

/** Rib lines across a crew-neck band (between its inner and outer curves). */
function neckRibs(inner: number, count: number): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const a = qpt([348, 196], [400, inner], [452, 196], t);
    const b = qpt([336, 194], [400, 252], [464, 194], t);
    d += `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
  }
  return d;
}

function validWidth(width: number): number {
  if (!Number.isFinite(width) || width < 1 || width > 8192) {
    throw new RangeError(`garment-art: invalid width ${String(width)}`);
  }
  return Math.round(width);
}

function svgOpen(w: number, h: number, vbW: number, vbH: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${vbW} ${vbH}">`;
}

/* ------------------------------------------------------------------ garments */

interface DrawOpts {
  back: boolean;
  fine: boolean;
}

interface Drawing {
  /** Elements drawn beneath the silhouette (handles…), with their own paint. */
  under?: string;
  /** Silhouette elements: inherit gradient fill and outline stroke unless they set their own. */
  body: string;
  /** Seams and details: inherit a `line` stroke, no fill. */
  details: string;
  /** Elements over the details with their own paint (buttons, hardware). */
  over?: string;
  /** Centre of the "detail" zoom. */
  focus: Pt;
  /** Ground shadow: cx, cy, rx. */
  ground: [number, number, number];
  /** Whether the knit texture overlay applies. */
  knit?: boolean;
}

type DrawFn = (c: Colors, o: DrawOpts) => Drawing;

const dashed = (d: string, c: Colors) =>
  `<path d="${d}" stroke="${c.line}" stroke-width="1.6" stroke-dasharray="6 5" stroke-opacity=".7"/>`;

const button = (x: number, y: number, r: number, c: Colors) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.hi}" stroke="${c.line}" stroke-width="1.5"/>`;

const DRAW: Record<Garment, DrawFn> = {
  dress(c, o) {
    const neck = o.back ? 200 : 252;
    const body = `<path d="M340 170L362 170Q400 ${neck} 438 170L460 170C466 210 484 250 488 292C490 345 470 395 462 430C520 560 580 720 610 830Q558 850 505 838Q455 858 400 842Q345 858 295 838Q242 850 190 830C220 720 280 560 338 430C330 395 310 345 312 292C316 250 334 210 340 170Z"/>`;
    let details = `<path d="M338 430Q400 442 462 430"/><path d="M384 448Q368 640 336 836M416 448Q432 640 464 836" stroke-opacity=".45"/>`;
    let over = "";
    if (o.back) {
      details += `<path d="M400 188V438"/>`;
      over += `<rect x="395" y="188" width="10" height="18" rx="3" fill="${HARDWARE}"/>`;
    } else if (o.fine) {
      details += `<path d="M372 318L380 422M428 318L420 422" stroke-opacity=".6"/>`;
    }
    if (o.fine) details += dashed("M200 816Q400 850 600 816", c);
    return { body, details, over, focus: [400, 360], ground: [400, 858, 230] };
  },

  shirt(c, o) {
    let body = `<path d="M360 188L268 222Q250 228 246 250L184 610L238 628L262 352L254 740Q262 800 400 808Q538 800 546 740L538 352L562 628L616 610L554 250Q550 228 532 222L440 188Q400 206 360 188Z"/>`;
    let details = `<path d="M192 566L246 584M608 566L554 584"/>`;
    let over = "";
    if (o.back) {
      body += `<path d="M358 188Q400 206 442 188L446 204Q400 226 354 204Z"/>`;
      details += `<path d="M264 292Q400 306 536 292M386 298V420M414 298V420"/>`;
    } else {
      body +=
        `<path d="M360 188Q400 170 440 188Q400 206 360 188Z" fill="${c.lo}"/>` +
        `<path d="M356 186Q378 204 400 234L368 268Q350 232 342 194ZM444 186Q422 204 400 234L432 268Q450 232 458 194Z"/>`;
      details += `<path d="M390 236V806M410 236V806"/><path d="M452 330H510V388L481 398L452 388Z"/>`;
      for (let y = 286; y <= 746; y += 76) over += button(400, y, 5.5, c);
    }
    if (o.fine) details += dashed("M264 744Q272 792 400 798Q528 792 536 744", c);
    return { body, details, over, focus: [400, 262], ground: [400, 826, 215] };
  },

  knit(c, o) {
    const inner = o.back ? 214 : 224;
    const body =
      `<path d="M345 200Q400 232 455 200L545 232Q578 246 590 300L650 600L596 620L552 400L552 770L248 770L248 400L204 620L150 600L210 300Q222 246 255 232Z"/>` +
      `<path d="M250 770H550L546 822H254ZM150 600L204 620L194 668L140 648ZM650 600L596 620L606 668L660 648Z"/>` +
      `<path d="M348 196Q400 180 452 196Q400 ${inner} 348 196Z" fill="${c.lo}"/>` +
      `<path d="M336 194Q400 252 464 194L452 196Q400 ${inner} 348 196Z"/>`;
    const ribs = o.fine ? 22 : 14;
    const details =
      `<path d="${hatch([250, 776], [550, 776], [254, 818], [546, 818], ribs)}${hatch([151, 606], [203, 625], [142, 644], [194, 663], 4)}${hatch([649, 606], [597, 625], [658, 644], [606, 663], 4)}" stroke-width="2" stroke-opacity=".55"/>` +
      `<path d="M252 400L252 770M548 400L548 770" stroke-opacity=".35"/>` +
      `<path d="${neckRibs(o.back ? 214 : 224, o.fine ? 16 : 10)}" stroke-width="1.6" stroke-opacity=".5"/>`;
    return { body, details, focus: [400, 330], ground: [400, 850, 250], knit: true };
  },

  trousers(c, o) {
    const body = `<path d="M285 170H515L519 206L572 850H422L400 335L378 850H228L281 206Z"/>`;
    let details = `<path d="M282 206H518"/><path d="M340 232L306 842M460 232L494 842" stroke="${c.hi}" stroke-width="2.5"/>`;
    let over = `<path d="M304 164h12v48h-12zM484 164h12v48h-12zM394 164h12v48h-12z" fill="${c.base}" stroke="${c.line}" stroke-width="1.5"/>`;
    if (o.back) {
      details += `<path d="M400 206V335M312 262H374M426 262H488"/>`;
    } else {
      details += `<path d="M400 206V300Q398 318 384 326M292 218Q330 228 344 292M508 218Q470 228 456 292"/>`;
      over = over.replace("M394 164h12v48h-12z", "") + button(400, 188, 6, c);
    }
    if (o.fine) details += dashed("M234 830H374M426 830H566", c);
    return { body, details, over, focus: [400, 250], ground: [400, 866, 225] };
  },

  skirt(c, o) {
    const body = `<path d="M322 236H478L482 276L604 790Q400 836 196 790L318 276Z"/>`;
    let details = `<path d="M318 276Q400 282 482 276"/>`;
    let pleats = "";
    for (let i = -3; i <= 3; i++) pleats += `M${400 + i * 22} 280L${400 + i * 60} ${808 - Math.abs(i) * 4}`;
    details += `<path d="${pleats}" stroke-opacity=".5"/>`;
    let over = "";
    if (o.back) {
      details += `<path d="M400 276V390"/>`;
      over += `<rect x="395" y="276" width="10" height="16" rx="3" fill="${HARDWARE}"/>`;
    } else {
      over += button(466, 256, 6, c);
    }
    if (o.fine) details += dashed("M210 776Q400 818 590 776", c);
    return { body, details, over, focus: [420, 330], ground: [400, 822, 230] };
  },

  coat(c, o) {
    let body = `<path d="M362 182L262 214Q236 222 232 252L172 640L228 656L266 392L258 884H542L534 392L572 656L628 640L568 252Q564 222 538 214L438 182Z"/>`;
    let details = `<path d="M180 596L234 612M620 596L566 612"/>`;
    let over = "";
    if (o.back) {
      body += `<path d="M360 182Q400 200 440 182L446 202Q400 224 354 202Z"/><path d="M318 500H482V528H318Z"/>`;
      details += `<path d="M400 222V500M400 528V884" stroke-opacity=".6"/><path d="M400 770V884" stroke-width="3"/>`;
      over += button(332, 514, 6, c) + button(468, 514, 6, c);
    } else {
      body +=
        `<path d="M362 182L400 420L438 182Q400 200 362 182Z" fill="${c.lo}"/>` +
        `<path d="M362 182L316 278L342 290L326 306L400 444ZM438 182L484 278L458 290L474 306L400 444Z"/>` +
        `<path d="M264 470H536V500H264Z"/>`;
      details += `<path d="M404 444V470M404 500V884M290 640H364M436 640H510"/><path d="M414 500Q430 560 420 620M428 500Q452 552 446 606" stroke-width="2.5"/>`;
      over += `<rect x="384" y="466" width="36" height="38" rx="4" fill="none" stroke="${HARDWARE}" stroke-width="5"/>`;
    }
    if (o.fine) details += dashed("M268 870H532", c) + dashed(o.back ? "M320 506H480" : "M268 476H532M268 494H532", c);
    return { body, details, over, focus: [400, 330], ground: [400, 900, 240] };
  },

  jacket(c, o) {
    let body = `<path d="M364 196L266 224Q240 232 236 262L186 640L240 654L272 396L268 700L392 706Q400 690 408 706L532 700L528 396L560 654L614 640L564 262Q560 232 534 224L436 196Z"/>`;
    let details = `<path d="M194 598L248 612M606 598L552 612"/>`;
    let over = "";
    if (o.back) {
      body += `<path d="M362 196Q400 214 438 196L444 214Q400 236 356 214Z"/>`;
      details += `<path d="M400 234V702" stroke-opacity=".6"/><path d="M400 610V702" stroke-width="3"/>`;
    } else {
      body +=
        `<path d="M364 196L400 470L436 196Q400 212 364 196Z" fill="${c.lo}"/>` +
        `<path d="M364 196L322 288L344 300L332 316L400 470ZM436 196L478 288L456 300L468 316L400 470Z"/>`;
      details += `<path d="M404 470V700M294 586H370V604H294ZM430 586H506V604H430ZM440 384L492 378"/>`;
      over += button(404, 508, 7.5, c) + button(404, 578, 7.5, c);
      if (o.fine) over += button(222, 582, 3.5, c) + button(214, 570, 3.5, c) + button(578, 582, 3.5, c) + button(586, 570, 3.5, c);
    }
    if (o.fine) details += dashed("M322 288L344 300L332 316M478 288L456 300L468 316", c);
    return { body, details, over, focus: [400, 330], ground: [400, 722, 225] };
  },

  bag(c, o) {
    const under =
      `<path d="M318 452C312 296 488 296 482 452" fill="none" stroke="${c.outline}" stroke-width="27"/>` +
      `<path d="M318 452C312 296 488 296 482 452" fill="none" stroke="${c.lo}" stroke-width="22"/>` +
      (o.fine ? `<path d="M318 452C312 296 488 296 482 452" fill="none" stroke="${c.hi}" stroke-width="1.5" stroke-dasharray="5 5"/>` : "") +
      `<path d="M304 430h28v30h-28zM468 430h28v30h-28z" fill="${c.lo}" stroke="${c.outline}" stroke-width="1.5"/>`;
    let body = `<path d="M246 450H554L586 792Q588 818 562 818H238Q212 818 214 792Z"/>`;
    let details = "";
    let over = "";
    if (o.back) {
      details += `<path d="M240 540H560"/>`;
    } else {
      body += `<path d="M246 450H554L562 560Q400 606 238 560Z"/>`;
      over += `<rect x="382" y="562" width="36" height="42" rx="6" fill="${HARDWARE}" stroke="${c.outline}"/><rect x="392" y="574" width="16" height="18" rx="3" fill="none" stroke="#8a744a" stroke-width="2"/>`;
    }
    if (o.fine) details += dashed("M226 800H574", c) + (o.back ? "" : dashed("M250 548Q400 590 550 548", c));
    return { under, body, details, over, focus: [400, 570], ground: [400, 832, 230] };
  },

  shoes(c, o) {
    const upper = `M206 692C196 660 196 612 214 570C250 580 290 604 340 608C372 596 410 588 452 592C520 600 586 626 612 656C624 672 622 688 610 692Z`;
    const shoe =
      `<path d="M196 690H614Q626 694 620 704L614 712H196ZM198 710H272V732H202Z" fill="${c.sole}" stroke="${c.sole}"/>` +
      `<path d="${upper}"/>` +
      `<path d="M214 570C258 564 310 584 340 608C290 604 250 582 214 570Z" fill="${c.lo}"/>` +
      `<path d="M350 618C410 604 474 610 530 634L522 650C468 628 410 624 354 634Z" fill="${c.lo}" stroke="${c.line}" stroke-width="1.5"/>` +
      `<path d="M424 614h42l-2 14h-40z" fill="${c.sole}" fill-opacity=".5"/>` +
      `<path d="M212 612C250 620 296 628 340 626" fill="none" stroke="${c.line}" stroke-width="1.5" stroke-opacity=".6"/>` +
      (o.fine ? `<path d="M346 604C420 590 520 606 604 654" fill="none" stroke="${c.line}" stroke-width="1.5" stroke-dasharray="5 4"/>` : "");
    // One shoe drawn once and reused for the pair (the one behind is shaded).
    const body =
      `<defs><g id="@sh">${shoe}</g></defs><g transform="translate(-60 -96) scale(1.15)"><use href="#@sh" transform="translate(70 -130)"/>` +
      `<path d="${upper}" transform="translate(70 -130)" fill="${SHADOW}" fill-opacity=".14" stroke="none"/>` +
      `<use href="#@sh" transform="translate(-30 -40)"/></g>`;
    return { body, details: "", focus: [460, 570], ground: [420, 702, 300] };
  },

  scarf(c, o) {
    const fringe = (a: Pt, b: Pt) => {
      const k = o.fine ? 18 : 11;
      return hatch(a, b, [a[0] - 3, a[1] + 44], [b[0] + 3, b[1] + 44], k);
    };
    const backTail = `M404 240L520 240L556 786L426 800Z`;
    const body =
      `<path d="M290 262C282 132 522 132 516 262L462 262C462 196 344 196 344 262Z" fill="${c.lo}"/>` +
      `<path d="${backTail}"/><path d="${backTail}" fill="${SHADOW}" fill-opacity=".16" stroke="none"/>` +
      `<path d="M290 246L458 246C474 420 472 620 452 818L278 806C298 620 300 420 290 246Z"/>` +
      `<path d="M290 246C330 222 420 222 458 246L460 282C420 262 330 262 292 282Z" fill="${c.hi}"/>`;
    const details =
      `<path d="${fringe([426, 800], [556, 786])}${fringe([278, 806], [452, 818])}" stroke-width="2.2" stroke-opacity=".85"/>` +
      `<path d="M284 728L457 740M283 752L456 764M423 736L548 728M425 760L550 752" stroke-width="6" stroke-opacity=".5"/>` +
      `<path d="M372 300C384 460 384 620 366 800" stroke-opacity=".3"/>` +
      (o.fine ? dashed("M296 292C308 440 306 640 292 790M446 292C460 440 458 640 440 802", c) : "");
    return { body, details, focus: [420, 740], ground: [420, 862, 200] };
  },

  belt(c, o) {
    const cx = 420,
      cy = 420,
      r0 = 24,
      p = 50;
    let d = `M${cx + r0} ${cy}`;
    for (let k = 0; k < 5; k++) {
      const d0 = r0 + (k * p) / 2;
      const d1 = r0 + ((k + 1) * p) / 2;
      const x1 = k % 2 === 0 ? cx - d1 : cx + d1;
      const r = (d0 + d1) / 2;
      d += `A${n(r)} ${n(r)} 0 0 0 ${n(x1)} ${cy}`;
    }
    const ex = cx - (r0 + (5 * p) / 2);
    d += `L${ex} 700`;
    const strap = (stroke: string, w: number, extra = "") =>
      `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}"${extra}/>`;
    const body =
      strap(c.outline, 44) +
      strap(c.light ? c.lo : c.line, 40) +
      (o.fine ? strap(c.line, 33, ` stroke-dasharray="7 5"`) : "") +
      `<path d="${d}" fill="none" stroke="url(#@g)" stroke-width="${o.fine ? 30 : 36}"/>` +
      `<path d="M${cx + r0 - 16} ${cy - 10}q10 -14 22 -2" fill="none" stroke="${c.lo}" stroke-width="3"/>`;
    const over =
      `<rect x="${ex - 34}" y="696" width="68" height="74" rx="14" fill="none" stroke="${c.outline}" stroke-width="12"/>` +
      `<rect x="${ex - 34}" y="696" width="68" height="74" rx="14" fill="none" stroke="${HARDWARE}" stroke-width="8"/>` +
      `<path d="M${ex} 700V764" stroke="${HARDWARE}" stroke-width="6" stroke-linecap="round"/>` +
      (o.fine ? `<path d="M${ex} 620v0M${ex} 650v0" stroke="${c.sole}" stroke-width="8" stroke-linecap="round"/>` : "");
    return { body, details: "", over, focus: [ex + 30, 680], ground: [410, 800, 230] };
  },
};

/* ------------------------------------------------------------------ composition */

interface Placed {
  defs: string;
  markup: string;
  drawing: Drawing;
}

/**
 * Draws one garment in its 800×1000 space. `id` prefixes the gradient and pattern ids;
 * `filter` is the id of a drop-shadow filter defined by the caller (or "").
 */
function drawGarment(garment: Garment, c: Colors, o: DrawOpts, id: string, filter: string): Placed {
  const dr = DRAW[garment](c, o);
  const g = `${id}g`;
  let defs =
    `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${c.hi}"/><stop offset=".5" stop-color="${c.base}"/><stop offset="1" stop-color="${c.lo}"/></linearGradient>`;
  // "@" in a drawing stands for this garment's id prefix (for gradient references and <use>).
  const body = dr.body.replace(/@/g, id);
  let texture = "";
  if (dr.knit && o.fine) {
    defs +=
      `<pattern id="${id}k" width="12" height="14" patternUnits="userSpaceOnUse">` +
      `<path d="M0 0l6 7 6-7M0 7l6 7 6-7" fill="none" stroke="${c.line}" stroke-opacity=".28" stroke-width="1.2"/></pattern>`;
    texture = `<g fill="url(#${id}k)" stroke="none">${body}</g>`;
  }
  const markup =
    `<g${filter ? ` filter="url(#${filter})"` : ""}>` +
    (dr.under ?? "") +
    `<g fill="url(#${g})" stroke="${c.outline}" stroke-width="${c.ow}" stroke-linejoin="round">${body}</g>` +
    texture +
    (dr.details ? `<g fill="none" stroke="${c.line}" stroke-width="2" stroke-linecap="round">${dr.details}</g>` : "") +
    (dr.over ?? "") +
    `</g>`;
  return { defs, markup, drawing: dr };
}

const groundShadow = (gid: string, g: [number, number, number]) =>
  `<ellipse cx="${g[0]}" cy="${g[1]}" rx="${g[2]}" ry="${n(g[2] * 0.11)}" fill="url(#${gid})"/>`;

const shadowDefs = (id: string, blur = 12) =>
  `<radialGradient id="${id}s"><stop offset="0" stop-color="${SHADOW}" stop-opacity=".3"/><stop offset="1" stop-color="${SHADOW}" stop-opacity="0"/></radialGradient>` +
  `<filter id="${id}f" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="${n(blur * 0.8)}" stdDeviation="${blur}" flood-color="${SHADOW}" flood-opacity=".16"/></filter>`;

const backdropDefs = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** Small deterministic variations: rotation (deg), dx, dy. */
const VARIATIONS: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 0],
  [-2.5, -10, 6],
  [2, 12, -4],
  [-1.2, 6, 10],
  [1.6, -8, -6],
];

function assertGarment(g: string): asserts g is Garment {
  if (!(GARMENTS as readonly string[]).includes(g)) throw new RangeError(`garment-art: unknown garment ${JSON.stringify(g)}`);
}

/** A 4:5 SVG document: width = `width`, height = width*5/4, viewBox 0 0 800 1000. */
export function renderGarmentSvg(input: {
  garment: Garment;
  hex: string;
  view: GarmentView;
  width: number;
  variant?: number;
}): string {
  const { garment, view } = input;
  assertGarment(garment);
  if (!(GARMENT_VIEWS as readonly string[]).includes(view)) throw new RangeError(`garment-art: unknown view ${JSON.stringify(view)}`);
  const width = validWidth(input.width);
  const height = Math.round((width * 5) / 4);
  const c = colorsFor(input.hex);
  const variant = Math.abs(Math.floor(Number.isFinite(input.variant) ? (input.variant as number) : 0));
  const fine = width > 480;
  const id = "b" + shortHash(`${ART_VERSION}|${garment}|${c.base}|${view}|${width}|${variant}`);
  const back = view === "back";
  const placed = drawGarment(garment, c, { back, fine }, id, `${id}f`);
  const [rot, dx, dy] = VARIATIONS[variant % VARIATIONS.length];

  let transform: string;
  let shadow = "";
  if (view === "detail") {
    const [fx, fy] = placed.drawing.focus;
    transform = `translate(400 480) scale(1.8) rotate(${n(rot)}) translate(${-fx} ${-fy})`;
  } else {
    const r = back ? rot - 2 : rot;
    transform = `translate(${dx} ${dy}) rotate(${n(r)} 400 500)` + (back ? " translate(800 0) scale(-1 1)" : "");
    const gr = placed.drawing.ground;
    shadow = `<g transform="translate(${dx} ${dy})">${groundShadow(`${id}s`, back ? [800 - gr[0], gr[1], gr[2]] : gr)}</g>`;
  }
  const [top, bottom] = c.light ? ["#e6ddd1", "#d6cbbc"] : ["#efe9e1", "#e4dcd1"];
  return (
    svgOpen(width, height, 800, 1000) +
    `<defs>${backdropDefs(id, top, bottom)}${shadowDefs(id)}${placed.defs}</defs>` +
    `<rect width="800" height="1000" fill="url(#${id}b)"/>` +
    shadow +
    `<g transform="${transform}">${placed.markup}</g>` +
    `</svg>`
  );
}

/* ------------------------------------------------------------------ scenes */

type Theme = "donna" | "uomo" | "accessori";

interface SceneItem {
  garment: Garment;
  hex: string;
  x: number; // where the garment's (400, 500) lands
  y: number;
  s: number; // scale
  r?: number; // rotation
  back?: boolean;
}

/** Places several garments (each with its ground shadow) in a scene. */
function drawItems(items: SceneItem[], id: string, fine: boolean): { defs: string; markup: string } {
  let defs = "";
  let markup = "";
  items.forEach((it, i) => {
    const c = colorsFor(it.hex);
    const placed = drawGarment(it.garment, c, { back: !!it.back, fine }, `${id}${i}`, `${id}f`);
    defs += placed.defs;
    const gr = placed.drawing.ground;
    markup +=
      `<g transform="translate(${it.x} ${it.y}) scale(${it.s}) rotate(${it.r ?? 0}) translate(-400 -500)">` +
      groundShadow(`${id}s`, gr) +
      placed.markup +
      `</g>`;
  });
  return { defs, markup };
}

const SCENE_ITEMS: Record<Theme, { wide: SceneItem[]; tall: SceneItem[] }> = {
  donna: {
    wide: [
      { garment: "coat", hex: "#a88462", x: 1000, y: 470, s: 0.74, r: -2 },
      { garment: "dress", hex: "#1b1b1b", x: 1250, y: 500, s: 0.72 },
      { garment: "bag", hex: "#a4472f", x: 1440, y: 640, s: 0.42, r: 3 },
    ],
    tall: [
      { garment: "coat", hex: "#a88462", x: 290, y: 600, s: 0.62, r: -2 },
      { garment: "dress", hex: "#1b1b1b", x: 520, y: 620, s: 0.6 },
      { garment: "bag", hex: "#a4472f", x: 650, y: 800, s: 0.34, r: 3 },
    ],
  },
  uomo: {
    wide: [
      { garment: "coat", hex: "#3d3a36", x: 1000, y: 470, s: 0.74, r: -2 },
      { garment: "jacket", hex: "#8a7a62", x: 1250, y: 480, s: 0.72 },
      { garment: "shirt", hex: "#f3eee6", x: 1440, y: 600, s: 0.44, r: 4 },
    ],
    tall: [
      { garment: "coat", hex: "#3d3a36", x: 290, y: 600, s: 0.62, r: -2 },
      { garment: "jacket", hex: "#8a7a62", x: 520, y: 610, s: 0.6 },
      { garment: "shirt", hex: "#f3eee6", x: 660, y: 790, s: 0.36, r: 4 },
    ],
  },
  accessori: {
    wide: [
      { garment: "scarf", hex: "#a4472f", x: 1000, y: 450, s: 0.74, r: -3 },
      { garment: "bag", hex: "#1b1b1b", x: 1230, y: 430, s: 0.66 },
      { garment: "shoes", hex: "#7a4a32", x: 1250, y: 700, s: 0.5 },
      { garment: "belt", hex: "#c9a27a", x: 1450, y: 560, s: 0.42, r: 8 },
    ],
    tall: [
      { garment: "scarf", hex: "#a4472f", x: 250, y: 560, s: 0.62, r: -3 },
      { garment: "bag", hex: "#1b1b1b", x: 500, y: 530, s: 0.56 },
      { garment: "shoes", hex: "#7a4a32", x: 470, y: 800, s: 0.46 },
      { garment: "belt", hex: "#c9a27a", x: 660, y: 740, s: 0.34, r: 8 },
    ],
  },
};

/** Campaign hero, 16:9 on desktop (viewBox 0 0 1600 900); a 4:5 crop for phones (0 0 800 1000). No text. */
export function renderCampaignSvg(input: { width: number; ratio: "16:9" | "4:5"; theme?: Theme }): string {
  const width = validWidth(input.width);
  const theme: Theme = input.theme ?? "donna";
  if (!(theme in SCENE_ITEMS)) throw new RangeError(`garment-art: unknown theme ${JSON.stringify(theme)}`);
  const wide = input.ratio === "16:9";
  if (!wide && input.ratio !== "4:5") throw new RangeError(`garment-art: unknown ratio ${JSON.stringify(input.ratio)}`);
  const [vw, vh] = wide ? [1600, 900] : [800, 1000];
  const height = wide ? Math.round((width * 9) / 16) : Math.round((width * 5) / 4);
  const id = "b" + shortHash(`${ART_VERSION}|campaign|${theme}|${input.ratio}|${width}`);
  const fine = width > 960;
  const items = drawItems(SCENE_ITEMS[theme][wide ? "wide" : "tall"], id, fine);
  // Large soft shapes: an arch, a terracotta sun, draped fabric curves. The headline sits in HTML
  // (left third on desktop, top on phones), so the composition keeps that area calm.
  const shapes = wide
    ? `<path d="M880 900V420A340 340 0 0 1 1560 420V900Z" fill="#e7ddd0"/>` +
      `<circle cx="1330" cy="300" r="150" fill="${PALETTE.terracotta}" fill-opacity=".88"/>` +
      `<path d="M0 770C300 700 560 830 860 752S1320 690 1600 770V900H0Z" fill="#dccfbf"/>` +
      `<path d="M0 812C340 760 600 870 900 800S1340 760 1600 820" fill="none" stroke="#cdbfad" stroke-width="3"/>`
    : `<path d="M110 1000V560A290 290 0 0 1 690 560V1000Z" fill="#e7ddd0"/>` +
      `<circle cx="560" cy="470" r="120" fill="${PALETTE.terracotta}" fill-opacity=".88"/>` +
      `<path d="M0 880C200 830 420 930 800 860V1000H0Z" fill="#dccfbf"/>` +
      `<path d="M0 920C240 880 460 970 800 905" fill="none" stroke="#cdbfad" stroke-width="3"/>`;
  return (
    svgOpen(width, height, vw, vh) +
    `<defs>${backdropDefs(id, "#f1ebe3", "#e2d8cb")}${shadowDefs(id, 10)}${items.defs}</defs>` +
    `<rect width="${vw}" height="${vh}" fill="url(#${id}b)"/>` +
    shapes +
    items.markup +
    `</svg>`
  );
}

const TILES: Record<Theme, { top: string; bottom: string; arch: string; disc: string; items: SceneItem[] }> = {
  donna: {
    top: "#f0e6dc",
    bottom: "#e3d3c4",
    arch: "#e9dccf",
    disc: "#d9b8a6",
    items: [
      { garment: "dress", hex: "#a4472f", x: 380, y: 500, s: 0.8 },
      { garment: "bag", hex: "#1b1b1b", x: 590, y: 700, s: 0.4, r: 4 },
    ],
  },
  uomo: {
    top: "#ebe7e0",
    bottom: "#d9d2c7",
    arch: "#e2ddd4",
    disc: "#b9b0a4",
    items: [
      { garment: "jacket", hex: "#3d3a36", x: 360, y: 520, s: 0.8 },
      { garment: "shirt", hex: "#f3eee6", x: 590, y: 700, s: 0.42, r: 5 },
    ],
  },
  accessori: {
    top: "#f1e8da",
    bottom: "#e3d5bf",
    arch: "#ebdfcc",
    disc: "#d6b48f",
    items: [
      { garment: "scarf", hex: "#8a9a7b", x: 250, y: 500, s: 0.66, r: -4 },
      { garment: "bag", hex: "#a4472f", x: 520, y: 470, s: 0.62 },
      { garment: "shoes", hex: "#1b1b1b", x: 460, y: 820, s: 0.5 },
    ],
  },
};

/** Category tile art, 4:5 (viewBox 0 0 800 1000), for the top categories. No text. */
export function renderCategoryTileSvg(input: { category: Theme; width: number }): string {
  const width = validWidth(input.width);
  const t = TILES[input.category];
  if (!t || !(input.category in TILES)) throw new RangeError(`garment-art: unknown category ${JSON.stringify(input.category)}`);
  const height = Math.round((width * 5) / 4);
  const id = "b" + shortHash(`${ART_VERSION}|tile|${input.category}|${width}`);
  const items = drawItems(t.items, id, width > 640);
  return (
    svgOpen(width, height, 800, 1000) +
    `<defs>${backdropDefs(id, t.top, t.bottom)}${shadowDefs(id, 10)}${items.defs}</defs>` +
    `<rect width="800" height="1000" fill="url(#${id}b)"/>` +
    `<path d="M120 1000V430A280 280 0 0 1 680 430V1000Z" fill="${t.arch}"/>` +
    `<circle cx="600" cy="230" r="90" fill="${t.disc}" fill-opacity=".7"/>` +
    items.markup +
    `</svg>`
  );
}

/* ------------------------------------------------------------------ URL parsing */

/**
 * Parses and validates URL parts; returns null for anything invalid (unknown garment,
 * bad hex, width not in IMAGE_WIDTHS, unknown view). `hex` must be exactly 6 hex digits
 * without "#"; it is returned lower-case.
 */
export function parseGarmentImageParams(p: {
  garment: string;
  hex: string;
  view: string;
  width: string;
}): { garment: Garment; hex: string; view: GarmentView; width: number } | null {
  if (!p || typeof p !== "object") return null;
  const { garment, hex, view, width } = p;
  if (typeof garment !== "string" || !(GARMENTS as readonly string[]).includes(garment)) return null;
  if (typeof hex !== "string" || !/^[0-9a-fA-F]{6}$/.test(hex)) return null;
  if (typeof view !== "string" || !(GARMENT_VIEWS as readonly string[]).includes(view)) return null;
  if (typeof width !== "string" || !/^[1-9][0-9]{0,4}$/.test(width)) return null;
  const w = Number(width);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(w)) return null;
  return { garment: garment as Garment, hex: hex.toLowerCase(), view: view as GarmentView, width: w };
}
