import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type Sharp } from "sharp";
import { DomainError } from "~/utils/domain-error";
import { type FocalPoint, focalCrop, roundFocal } from "./focal";
import { IMAGE_WIDTHS } from "./drawn-image";
import { PHOTO_FORMATS, type PhotoFormat } from "./media-urls";

export { type FocalPoint, focalCrop, roundFocal };

// The image pipeline (docs/decisions/023): what an upload may be, and how its variants are made.
// Both run sharp (libvips). Checking happens on the request path and reads the whole image once
// at a small size (libvips streams it: memory stays low); making the variants happens in the
// media worker, off the request path.

/** 20 MB, as Atelier's upload form says. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** No side shorter: the shop's smallest width (a 4:5 crop of it is still a usable thumbnail). */
export const MIN_IMAGE_SIDE = 320;
export const MAX_IMAGE_SIDE = 16_384;
/** Declared pixels above this are a decompression bomb to sharp (limitInputPixels), whatever the file's size. */
export const MAX_IMAGE_PIXELS = 64_000_000;
/** The long side at most five times the short one (a panorama strip cannot become a 4:5 photo). */
export const MAX_IMAGE_RATIO = 5;

export const ACCEPTED_IMAGE_TYPES = {
  jpg: { mime: "image/jpeg", sharpFormat: "jpeg" },
  png: { mime: "image/png", sharpFormat: "png" },
  webp: { mime: "image/webp", sharpFormat: "webp" },
  avif: { mime: "image/avif", sharpFormat: "heif" },
} as const;

export type ImageErrorCode = "IMAGE_TOO_LARGE" | "IMAGE_TYPE" | "IMAGE_DAMAGED" | "IMAGE_DIMENSIONS" | "IMAGE_TOO_MANY_PIXELS";

export interface CheckedImage {
  mime: string;
  /** Orientation applied: the size the picture is seen at. */
  width: number;
  height: number;
}

/** sharp's options for reading an upload: bombs refused, a truncated file is an error. */
const READ = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated" } as const;

function refuse(code: ImageErrorCode, detail: string, field?: string): never {
  throw new DomainError(code, detail, field ? { field } : {});
}

/**
 * The first bytes of an accepted type (for the upload's stream, to stop reading early): what
 * file-type makes of them is a JPEG, PNG, WebP or AVIF.
 */
export async function mayBeImage(head: Uint8Array): Promise<boolean> {
  const detected = await fileTypeFromBuffer(head);
  return (detected?.ext ?? "") in ACCEPTED_IMAGE_TYPES;
}

/**
 * Checks an upload from its bytes, whatever it is called: at most MAX_IMAGE_BYTES, a JPEG, PNG,
 * WebP or AVIF by its content (and by libvips' reading of it), sides within bounds, pixels
 * within MAX_IMAGE_PIXELS (judged from the header before anything is decoded), and decodable to
 * its end (a truncated or corrupt file is refused). Throws DomainError (IMAGE_*) with `field`.
 */
export async function checkImage(bytes: Uint8Array, { field }: { field?: string } = {}): Promise<CheckedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) refuse("IMAGE_TOO_LARGE", `${bytes.byteLength} bytes`, field);
  if (bytes.byteLength === 0) refuse("IMAGE_TYPE", "empty file", field);
  let detected: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    detected = await fileTypeFromBuffer(bytes);
  } catch {
    detected = undefined;
  }
  const type = detected && detected.ext in ACCEPTED_IMAGE_TYPES ? ACCEPTED_IMAGE_TYPES[detected.ext as keyof typeof ACCEPTED_IMAGE_TYPES] : null;
  if (!type) refuse("IMAGE_TYPE", `detected ${detected?.mime ?? "nothing"}`, field);

  let metadata: Metadata;
  try {
    // The header only (nothing decoded): the pixel count is judged below, with a message of its own.
    metadata = await sharp(bytes, { ...READ, limitInputPixels: false }).metadata();
  } catch (error) {
    refuse("IMAGE_DAMAGED", describe(error), field);
  }
  // An AVIF is a HEIF with AV1 inside: a HEIC (HEVC) is not one of the accepted types.
  if (metadata.format !== type.sharpFormat || (type.sharpFormat === "heif" && metadata.compression !== "av1")) {
    refuse("IMAGE_TYPE", `libvips reads ${metadata.format}`, field);
  }
  const rawWidth = metadata.width ?? 0;
  const rawHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (rawWidth * rawHeight > MAX_IMAGE_PIXELS) refuse("IMAGE_TOO_MANY_PIXELS", `${rawWidth}×${rawHeight}`, field);
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (short < MIN_IMAGE_SIDE || long > MAX_IMAGE_SIDE || long > short * MAX_IMAGE_RATIO) refuse("IMAGE_DIMENSIONS", `${width}×${height}`, field);

  // Every byte decoded (to a thumbnail: libvips streams, shrinking JPEGs while they load).
  try {
    await sharp(bytes, READ).resize(64, 64, { fit: "inside" }).raw().toBuffer();
  } catch (error) {
    refuse("IMAGE_DAMAGED", describe(error), field);
  }
  return { mime: type.mime, width, height };
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200);
}

/** The pipeline's version: part of every variant set's name, so a change makes new URLs. */
export const PIPELINE_VERSION = "1";

/** The name of the variants of an original (by its hash) cropped on a focal point. */
export function variantKeyOf(sha256: string, focal: FocalPoint): string {
  const input = `${PIPELINE_VERSION}|${sha256}|${roundFocal(focal.x).toFixed(4)}|${roundFocal(focal.y).toFixed(4)}`;
  return createHash("sha256").update(input).digest("hex").slice(0, 40);
}

/** The widths made for a crop `cropWidth` wide: the shop's widths up to it (never upscaled past the smallest). */
export function variantWidthsFor(cropWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w <= cropWidth);
  return widths.length ? [...widths] : [IMAGE_WIDTHS[0]];
}

export interface RenderedVariant {
  width: number;
  height: number;
  format: PhotoFormat;
  bytes: Buffer;
}

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
};

/**
 * An original's variants: orientation applied, colours converted to sRGB, the 4:5 crop around
 * `focal`, transparency flattened on white, every width of variantWidthsFor in AVIF, WebP and
 * JPEG, without metadata (sharp writes none unless asked: no EXIF, no GPS, no ICC profile).
 * The crop is decoded once, at the largest width, and each variant made from it.
 */
export async function renderVariants(original: Uint8Array, focal: FocalPoint): Promise<{ widths: number[]; variants: RenderedVariant[] }> {
  const metadata = await sharp(original, READ).metadata();
  const rawWidth = metadata.width ?? 0;
  const rawHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  const box = focalCrop(width, height, focal);
  const widths = variantWidthsFor(box.width);
  const largest = widths[widths.length - 1]!;
  const master = await sharp(original, READ)
    .rotate()
    .extract(box)
    .resize(largest, Math.round((largest * 5) / 4), { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: master.info.width, height: master.info.height, channels: master.info.channels };
  const variants: RenderedVariant[] = [];
  for (const w of widths) {
    const h = Math.round((w * 5) / 4);
    for (const format of PHOTO_FORMATS) {
      const image = sharp(master.data, { raw }).resize(w, h, { fit: "fill" });
      variants.push({ width: w, height: h, format, bytes: await ENCODE[format](image).toBuffer() });
    }
  }
  return { widths, variants };
}
