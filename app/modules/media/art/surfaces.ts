/**
 * Surfaces: the cloth a name promises (stripes, rib, cable, herringbone, corduroy…), as SVG
 * patterns painted over the garment's own colour. Each pattern's id is the image's prefix plus
 * "-s", so two images on one page never share one.
 */
import { type Colors, INK, mixHex, n } from "./kit";

export const SURFACES = [
  "plain",
  "knit",
  "rib",
  "cable",
  "stripes",
  "check",
  "herringbone",
  "tweed",
  "corduroy",
  "denim",
  "quilted",
  "plisse",
  "pintuck",
  "pointelle",
  "mohair",
  "woven",
  "grain",
  "gauze",
  // The cloth itself, when the name says no pattern: silk's sheen, suede's nap, leather's grain, linen's slubs.
  "silk",
  "suede",
  "leather",
  "linen",
] as const;

export type Surface = (typeof SURFACES)[number];

export const isSurface = (s: string): s is Surface => (SURFACES as readonly string[]).includes(s);

/** The motif of one pattern tile: width, height and its markup (over a rect of the base colour). */
function tile(s: Surface, c: Colors): [number, number, string] | null {
  const line = c.seam;
  const lo = c.lo;
  const hi = c.hi;
  switch (s) {
    case "plain":
      return null;
    case "knit":
      // Stocking stitch: columns of small Vs.
      return [12, 14, `<path d="M0 0l6 7 6-7M0 7l6 7 6-7" fill="none" stroke="${line}" stroke-opacity=".22" stroke-width="1.3"/>`];
    case "rib":
      return [12, 10, `<rect x="7" width="5" height="10" fill="${lo}" fill-opacity=".55"/><path d="M2 0v10" stroke="${hi}" stroke-opacity=".5" stroke-width="1.5"/>`];
    case "cable": {
      // A twisted rope flanked by purl ribs, repeated across the front.
      const rope =
        `<path d="M14 0C14 18 40 22 40 40S14 62 14 80" fill="none" stroke="${lo}" stroke-width="11" stroke-opacity=".5"/>` +
        `<path d="M40 0C40 18 14 22 14 40" fill="none" stroke="${hi}" stroke-width="9" stroke-opacity=".65"/>` +
        `<path d="M14 40C14 58 40 62 40 80" fill="none" stroke="${hi}" stroke-width="9" stroke-opacity=".65"/>` +
        `<path d="M40 0C40 18 14 22 14 40M14 40C14 58 40 62 40 80" fill="none" stroke="${line}" stroke-width="1.2" stroke-opacity=".45"/>`;
      const ribs = `<path d="M52 0v80M58 0v80" stroke="${lo}" stroke-width="3" stroke-opacity=".45"/>`;
      return [64, 80, rope + ribs];
    }
    case "stripes": {
      // Fine yarn-dyed stripes: a deeper tone on pale cloth, a pale one on dark cloth.
      const stripe = c.dark || !c.light ? mixHex(c.base, "#fffdf9", 0.7) : mixHex(c.base, "#35507a", 0.55);
      return [18, 10, `<rect width="5" height="10" fill="${stripe}"/><rect x="8" width="1.6" height="10" fill="${stripe}" fill-opacity=".7"/>`];
    }
    case "check": {
      const band = c.dark ? mixHex(c.base, "#fffdf9", 0.25) : mixHex(c.base, INK, 0.35);
      const thin = mixHex(c.base, "#fffdf9", 0.55);
      return [
        48,
        48,
        `<rect width="48" height="16" fill="${band}" fill-opacity=".55"/><rect width="16" height="48" fill="${band}" fill-opacity=".55"/>` +
          `<path d="M32 0v48M0 32h48" stroke="${thin}" stroke-width="2"/>`,
      ];
    }
    case "herringbone":
      return [
        20,
        10,
        `<path d="M0 10L10 0M0 5L5 0M5 10L10 5M10 0L20 10M10 5L15 10M15 0L20 5" stroke="${line}" stroke-opacity=".42" stroke-width="1.6"/>`,
      ];
    case "tweed": {
      const fleck = mixHex(c.base, "#c9733f", 0.5);
      return [
        26,
        26,
        `<path d="M2 3h5M14 8h4M7 15h6M19 20h5M3 22h3M11 1h3" stroke="${hi}" stroke-width="2.2" stroke-linecap="round" stroke-opacity=".8"/>` +
          `<path d="M9 6h3M21 13h3M1 12h4M15 24h4" stroke="${lo}" stroke-width="2.2" stroke-linecap="round"/>` +
          `<path d="M5 18h2M22 4h2" stroke="${fleck}" stroke-width="2.4" stroke-linecap="round"/>`,
      ];
    }
    case "corduroy":
      return [11, 10, `<rect x="7" width="4" height="10" fill="${lo}" fill-opacity=".75"/><path d="M3 0v10" stroke="${hi}" stroke-width="2" stroke-opacity=".55"/>`];
    case "denim":
      return [8, 8, `<path d="M0 8L8 0M-2 2L2 -2M6 10L10 6" stroke="${c.dark ? "#fff" : INK}" stroke-opacity="${c.dark ? ".14" : ".12"}" stroke-width="1.6"/>`];
    case "quilted":
      return [
        56,
        56,
        `<path d="M0 28L28 0L56 28L28 56Z" fill="none" stroke="${line}" stroke-width="1.6" stroke-dasharray="4 3" stroke-opacity=".7"/>` +
          `<path d="M28 6L50 28L28 50L6 28Z" fill="${hi}" fill-opacity=".22"/>`,
      ];
    case "plisse":
      return [9, 10, `<rect x="5" width="4" height="10" fill="${lo}" fill-opacity=".5"/><path d="M1 0v10" stroke="${hi}" stroke-width="1.4" stroke-opacity=".6"/>`];
    case "pintuck":
      return [28, 10, `<path d="M3 0v10M9 0v10M15 0v10" stroke="${line}" stroke-opacity=".45" stroke-width="1.3"/><path d="M4.5 0v10M10.5 0v10M16.5 0v10" stroke="${hi}" stroke-opacity=".7" stroke-width="1.2"/>`];
    case "pointelle":
      return [20, 22, `<circle cx="5" cy="5" r="2.4" fill="${lo}"/><circle cx="15" cy="16" r="2.4" fill="${lo}"/>` + `<path d="M0 0l5 5.5 5-5.5M10 11l5 5.5 5-5.5" fill="none" stroke="${line}" stroke-opacity=".2"/>`];
    case "mohair":
      return [
        30,
        30,
        `<path d="M2 4q4 -3 7 1M16 2q3 4 8 2M6 14q5 2 7 -2M20 12q2 5 7 5M3 25q4 -4 8 -1M17 23q4 3 9 0M11 8q2 3 0 5M25 27q-2 -3 1 -5" fill="none" stroke="${hi}" stroke-width="1.6" stroke-opacity=".8" stroke-linecap="round"/>` +
          `<path d="M9 20q3 -2 5 1M24 6q-3 2 -1 5" fill="none" stroke="${lo}" stroke-width="1.4" stroke-opacity=".6" stroke-linecap="round"/>`,
      ];
    case "woven":
      // Basket weave: pairs of strips over and under.
      return [
        28,
        28,
        `<rect x="1" y="1" width="12" height="12" rx="2" fill="${hi}" fill-opacity=".45"/><rect x="15" y="15" width="12" height="12" rx="2" fill="${hi}" fill-opacity=".45"/>` +
          `<path d="M1 7h12M15 21h12M21 1v12M7 15v12" stroke="${line}" stroke-opacity=".4" stroke-width="1.4"/>` +
          `<path d="M0 14h28M14 0v28" stroke="${lo}" stroke-width="1.6"/>`,
      ];
    case "grain":
      return [
        18,
        18,
        `<path d="M3 4q2 -2 4 0t-1 3-3 -3M12 10q2 -2 4 0t-1 3-3 -3M5 14q2 -1 3 1" fill="none" stroke="${lo}" stroke-width="1.2" stroke-opacity=".7"/>` +
          `<path d="M11 3q1 -1 2 0M2 11q1 -1 2 0" fill="none" stroke="${hi}" stroke-width="1.2" stroke-opacity=".7"/>`,
      ];
    case "silk":
      // Sheen: broad soft diagonal bands of light, as satin and twill catch it.
      return [
        160,
        160,
        `<path d="M-40 120L120 -40L160 0L0 160Z" fill="${hi}" fill-opacity=".26"/><path d="M-10 150L150 -10" stroke="#fff" stroke-opacity=".22" stroke-width="5"/>` +
          `<path d="M60 180L180 60" stroke="${lo}" stroke-opacity=".22" stroke-width="18"/>`,
      ];
    case "suede":
      // Nap: short brushed fibres lying one way, a few catching the light.
      return [
        16,
        14,
        `<path d="M2 3l4 1.4M10 1l4 1.4M5 9l4 1.4M12 11l3 1M0 12l2 .7" stroke="${lo}" stroke-opacity=".45" stroke-width="1.5" stroke-linecap="round"/>` +
          `<path d="M7 5l3 1M1 7l2.4 .8M13 6l2.4 .8" stroke="${hi}" stroke-opacity=".5" stroke-width="1.3" stroke-linecap="round"/>`,
      ];
    case "leather":
      // Full grain: fine pores and the faint creases of the hide.
      return [
        26,
        26,
        `<g fill="${lo}" fill-opacity=".5"><circle cx="4" cy="5" r="1"/><circle cx="15" cy="3" r=".9"/><circle cx="21" cy="13" r="1"/><circle cx="9" cy="17" r=".9"/><circle cx="18" cy="23" r="1"/><circle cx="3" cy="22" r=".8"/></g>` +
          `<path d="M6 11q4 -2 8 0M14 19q3 -2 7 -1" fill="none" stroke="${hi}" stroke-opacity=".35" stroke-width="1.1"/>`,
      ];
    case "linen":
      // Slubs: the uneven thick-and-thin of the flax yarn across a plain weave.
      return [
        34,
        18,
        `<path d="M2 4h11M18 3.5h5M6 12h14M25 13h7M28 7h4" stroke="${lo}" stroke-opacity=".3" stroke-width="1.4" stroke-linecap="round"/>` +
          `<path d="M14 8h6M1 15h4" stroke="${hi}" stroke-opacity=".45" stroke-width="1.3" stroke-linecap="round"/>`,
      ];
    case "gauze":
      return [16, 40, `<path d="M3 0q4 10 0 20t0 20M11 0q-4 10 0 20t0 20" fill="none" stroke="${lo}" stroke-width="1.4" stroke-opacity=".45"/><path d="M7 0q3 10 0 20t0 20" fill="none" stroke="${hi}" stroke-width="1.2" stroke-opacity=".6"/>`];
  }
}

/**
 * The pattern for a surface, and the paint the silhouette uses: `url(#…)` for a pattern, the
 * plain colour otherwise. `scale` enlarges the motif (the close-up keeps its own scale because it
 * zooms the whole drawing).
 */
export function surfacePaint(s: Surface, c: Colors, id: string, scale = 1): { defs: string; fill: string } {
  const t = tile(s, c);
  if (!t) return { defs: "", fill: c.base };
  const [w, h, motif] = t;
  const transform = scale === 1 ? "" : ` patternTransform="scale(${n(scale)})"`;
  return {
    defs: `<pattern id="${id}-s" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${transform}><rect width="${w}" height="${h}" fill="${c.base}"/>${motif}</pattern>`,
    fill: `url(#${id}-s)`,
  };
}
