// URLs of the shop's drawn images. Every input of a drawing is in its URL (plus the art
// version), so a URL's bytes never change: they are cached for a year, and every app process
// renders the same file without shared storage.
import { ART_VERSION, IMAGE_WIDTHS, RATIO_4_5, type ResponsiveImage, responsive, stillLifeImage } from "./drawn-image";
import { type GarmentView, type Subtype, type Surface, VARIATIONS } from "./garment-art";
import { stillLifeFor } from "./art/still-life";
import { garmentStyleOf } from "./garment-style";

/** A drawing's URL inputs: what it shows and how (one of the sub-type's variations). */
export interface DrawnGarment {
  subtype: Subtype;
  surface: Surface;
  variation: number;
}

/** A drawn garment at every width: /media/g<version>/<sub-type>/<surface>-<colour>-<view>-<variation>-<width>.svg. */
export function garmentImage(garment: DrawnGarment, hex: string, view: GarmentView = "front"): ResponsiveImage {
  const color = hex.replace(/^#/, "").toLowerCase();
  const { subtype, surface, variation } = garment;
  return responsive((w) => `/media/g${ART_VERSION}/${subtype}/${surface}-${color}-${view}-${variation}-${w}.svg`);
}

/**
 * A product's variation of its sub-type's drawing. Consecutive ids get different ones, so two
 * products of the same sub-type and colour side by side never look the same.
 */
export const variationOf = (productId: number) => ((Math.trunc(productId) % VARIATIONS) + VARIATIONS) % VARIATIONS;

/** What a product's drawing shows: the sub-type and surface its name promises, its own variation. */
export function drawnGarmentOf(product: { id: number; name: string; garment: string }): DrawnGarment {
  return { ...garmentStyleOf(product.name, product.garment), variation: variationOf(product.id) };
}

/** A product's drawing in a colour, for products without photographs. */
export function productDrawing(product: { id: number; name: string; garment: string }, hex: string, view: GarmentView = "front"): ResponsiveImage {
  return garmentImage(drawnGarmentOf(product), hex, view);
}

export function campaignImage(ratio: "16:9" | "4:5", theme: "donna" | "uomo" | "accessori" = "donna"): ResponsiveImage {
  const shape = ratio === "16:9" ? "wide" : "tall";
  return responsive(
    (w) => `/media/c${ART_VERSION}/hero-${theme}/${shape}-${w}.svg`,
    IMAGE_WIDTHS,
    ratio === "16:9" ? 9 / 16 : RATIO_4_5,
  );
}

/** A content entry's drawn cover: a still-life its theme (a garment type, or "atelier") allows, chosen by its key. */
export function editorialImage(theme: string | null, key: string): ResponsiveImage {
  const { composition, palette } = stillLifeFor(theme, key);
  return stillLifeImage(composition, palette);
}

/** The home's two teasers: the journal's loom, the care guide's folded knitwear. */
export function teaserImage(teaser: "journal" | "care"): ResponsiveImage {
  return teaser === "journal" ? stillLifeImage("loom", "terracotta") : stillLifeImage("knitwear", "sage");
}

export function categoryTileImage(category: "donna" | "uomo" | "accessori"): ResponsiveImage {
  return responsive((w) => `/media/c${ART_VERSION}/tile-${category}/tall-${w}.svg`);
}

// Photographs (docs/decisions/023): the variants of an uploaded image, made by the media worker
// under a key naming the original and its crop, so a URL's bytes never change either.
export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_MIME: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };

/** A photograph variant's path: /media/p/<variant key>/<width>.<format>. */
export function photoUrl(variantKey: string, width: number, format: PhotoFormat): string {
  return `/media/p/${variantKey}/${width}.${format}`;
}

const PHOTO_PATH = /^\/media\/p\/([0-9a-f]{40})\/[1-9]\d{2,3}\.(?:avif|webp|jpg)$/;

/** The variant set a photograph variant's path names (/media/p/<key>/<width>.<format>), or null for any other path. */
export function photoVariantKeyOfPath(path: string): string | null {
  return PHOTO_PATH.exec(path)?.[1] ?? null;
}

/** A photograph's largest JPEG variant (what leaves the shop: the export's Image Src). */
export function largestPhotoUrl(variantKey: string, widths: readonly number[]): string | null {
  return widths.length ? photoUrl(variantKey, Math.max(...widths), "jpg") : null;
}

/**
 * A photograph's `<picture>`: AVIF and WebP sources and the JPEG `<img>`, each at every width
 * made, 4:5. `width`/`height` are the middle width's (the attributes only give the ratio).
 */
export function photoImage(variantKey: string, widths: readonly number[]): ResponsiveImage {
  const set = (format: PhotoFormat) => widths.map((w) => `${photoUrl(variantKey, w, format)} ${w}w`).join(", ");
  const base = widths[Math.min(2, widths.length - 1)]!;
  return {
    src: photoUrl(variantKey, base, "jpg"),
    srcSet: set("jpg"),
    width: base,
    height: Math.round(base * RATIO_4_5),
    sources: [
      { type: PHOTO_MIME.avif, srcSet: set("avif") },
      { type: PHOTO_MIME.webp, srcSet: set("webp") },
    ],
  };
}
