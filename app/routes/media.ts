import type { Route } from "./+types/media";
import { ART_VERSION, IMAGE_WIDTHS } from "~/modules/media/drawn-image";
import {
  parseGarmentImageFile,
  renderCampaignSvg,
  renderCategoryTileSvg,
  renderGarmentSvg,
  renderStillLifeSvg,
  isStillLife,
  isStillPalette,
} from "~/modules/media/garment-art";
import { variantFileKey } from "~/modules/media/media.service.server";
import { PHOTO_MIME, type PhotoFormat } from "~/modules/media/media-urls";
import { getMediaStorage } from "~/modules/media/storage.server";
import { MAP_VERSION, renderMapLandSvg } from "~/modules/store/store-map.server";
import { appContext } from "~/server/context.server";
import { cacheControl } from "~/utils/cache-policy";
import { notFoundFile } from "~/utils/id-param";

// The shop's drawn images, and photographs' variants (docs/decisions/023). A URL names every input of its drawing and the art version, so the
// response never changes: cached for a year (the immutable policy), and identical from every app process.

function svg(body: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      ...cacheControl("immutable"),
      "X-Content-Type-Options": "nosniff",
      // An SVG opened directly must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}


// A photograph variant: /media/p/<variant set, 40 hex>/<width>.<avif|webp|jpg>, read from the media
// storage. The set's name hashes the original and its crop, so the bytes never change either.
const VARIANT_SET = /^[0-9a-f]{40}$/;
const VARIANT_FILE = /^([1-9]\d{2,3})\.(avif|webp|jpg)$/;

async function photo(env: { MEDIA_DIR: string }, name: string, file: string): Promise<Response> {
  const match = VARIANT_FILE.exec(file);
  if (!VARIANT_SET.test(name) || !match || !(IMAGE_WIDTHS as readonly number[]).includes(Number(match[1]))) return notFoundFile();
  const bytes = await getMediaStorage(env).get(variantFileKey(name, Number(match[1]), match[2]!));
  if (!bytes) return notFoundFile();
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), {
    headers: {
      "Content-Type": PHOTO_MIME[match[2] as PhotoFormat],
      "Content-Length": String(bytes.byteLength),
      ...cacheControl("immutable"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function loader({ params, context }: Route.LoaderArgs) {
  const { kind, name, file } = params;
  if (kind === "p") return photo(context.get(appContext).env, name, file);
  // The store locator's land: /media/m<version>/map/italia.svg (docs/decisions/030).
  if (kind === `m${MAP_VERSION}`) return name === "map" && file === "italia.svg" ? svg(renderMapLandSvg()) : notFoundFile();
  if (kind === `g${ART_VERSION}`) {
    // /media/g<version>/<sub-type>/<surface>-<colour>-<view>-<variation>-<width>.svg
    const parsed = parseGarmentImageFile(name, file);
    return parsed ? svg(renderGarmentSvg(parsed)) : notFoundFile();
  }
  if (kind === `c${ART_VERSION}`) {
    const match = /^(wide|tall)-(\d+)\.svg$/.exec(file);
    const width = Number(match?.[2]);
    if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return notFoundFile();
    const hero = /^hero-(donna|uomo|accessori)$/.exec(name);
    if (hero) return svg(renderCampaignSvg({ width, ratio: match[1] === "wide" ? "16:9" : "4:5", theme: hero[1] as "donna" }));
    const still = /^still-([a-z]+)-([a-z]+)$/.exec(name);
    if (still && match[1] === "tall" && isStillLife(still[1]) && isStillPalette(still[2])) return svg(renderStillLifeSvg({ composition: still[1], palette: still[2], width }));
    const tile = /^tile-(donna|uomo|accessori)$/.exec(name);
    if (tile && match[1] === "tall") return svg(renderCategoryTileSvg({ category: tile[1] as "donna", width }));
  }
  return notFoundFile();
}
