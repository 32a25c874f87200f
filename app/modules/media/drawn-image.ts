// The addresses of the shop's drawn images, without the drawings: small enough for a page's own
// code (the error page shows a still-life), where garment-art.ts, which draws them, is not.
// Every input of a drawing is in its URL (plus the art version), so a URL's bytes never change.

/** Widths offered in srcset. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;

/**
 * Bump when the drawings change (it is part of cache-busting URLs). 3: the poncho, scarves,
 * belts and shoes redrawn as they are shown in a shop (decision 029). 4: the stole hung over a
 * wooden hanger instead of over an invisible figure's shoulders. 5: the lookbook (issue 40): the
 * styled and fabric views, the cloths (silk, suede, leather, linen), near-repeats told apart.
 */
export const ART_VERSION = "5";

export interface ResponsiveImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  /** Better formats than `src`'s, best first, for a `<picture>`'s `<source>`s (photographs: AVIF, WebP). */
  sources?: { type: string; srcSet: string }[];
}

/** Portrait pictures: 4 wide, 5 high. */
export const RATIO_4_5 = 5 / 4;

export function responsive(url: (width: number) => string, widths: readonly number[] = IMAGE_WIDTHS, ratio = RATIO_4_5): ResponsiveImage {
  const base = widths[Math.min(2, widths.length - 1)];
  return {
    src: url(base),
    srcSet: widths.map((w) => `${url(w)} ${w}w`).join(", "),
    width: base,
    height: Math.round(base * ratio),
  };
}

/** An editorial still-life: /media/c<version>/still-<composition>-<palette>/tall-<width>.svg. */
export function stillLifeImage(composition: string, palette: string): ResponsiveImage {
  return responsive((w) => `/media/c${ART_VERSION}/still-${composition}-${palette}/tall-${w}.svg`);
}

