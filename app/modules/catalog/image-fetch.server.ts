import { type LookupFunction, BlockList, isIP } from "node:net";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "~/modules/media/image-pipeline.server";

// Fetching a product photograph from its `Image Src` URL (the Shopify import): http or https
// only, never an address on this machine or the shop's private network (checked on every
// address the name resolves to, at connection time, so a name that re-resolves cannot slip
// through), a few redirects, a time limit for the whole fetch, a size limit counted as the bytes
// arrive, and an image by its bytes (JPEG, PNG, WebP or AVIF, dimensions read and bounded).

export interface ImageFetchLimits {
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Decoded pixels at most (a decompression bomb is refused before it is decoded). */
  maxPixels: number;
  /** Tests only: lets the fetch reach a server on this machine. */
  allowPrivateHosts: boolean;
}

/** The bytes and pixels bounds are the photograph pipeline's (checkImage, which the import then applies in full). */
export const IMAGE_FETCH_LIMITS: ImageFetchLimits = {
  maxBytes: MAX_IMAGE_BYTES,
  timeoutMs: 15_000,
  maxRedirects: 3,
  maxPixels: MAX_IMAGE_PIXELS,
  allowPrivateHosts: false,
};

export type ImageFetchFailure = "badUrl" | "privateAddress" | "tooBig" | "timeout" | "httpStatus" | "tooManyRedirects" | "network" | "notImage" | "dimensions";

export type FetchedImage =
  | { ok: true; bytes: Buffer; mimeType: string; width: number; height: number }
  | { ok: false; reason: ImageFetchFailure; detail?: string };

export type ImageFetcher = (url: string) => Promise<FetchedImage>;

const IMAGE_TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" };

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges, both families. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1], "ipv4");
    return PRIVATE.check(address, "ipv6");
  }
  return true;
}

class FetchRefused extends Error {
  constructor(
    readonly reason: ImageFetchFailure,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** A DNS lookup that refuses names resolving to a private address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as unknown as { address: string; family: number }[];
    if (!list.length || list.some((a) => isPrivateAddress(a.address))) {
      return callback(new FetchRefused("privateAddress", hostname), "", 4);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/** Fetches and checks one image; never throws. */
export async function fetchImage(url: string, limits: ImageFetchLimits = IMAGE_FETCH_LIMITS): Promise<FetchedImage> {
  const deadline = Date.now() + limits.timeoutMs;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { ok: false, reason: "badUrl" };
  }
  try {
    for (let redirects = 0; ; redirects++) {
      if (current.protocol !== "http:" && current.protocol !== "https:") throw new FetchRefused("badUrl");
      if (current.username || current.password) throw new FetchRefused("badUrl");
      const host = current.hostname.replace(/^\[|\]$/g, "");
      if (!limits.allowPrivateHosts && (isIP(host) ? isPrivateAddress(host) : host === "localhost" || host.endsWith(".localhost"))) {
        throw new FetchRefused("privateAddress", host);
      }
      const answer = await get(current, deadline, limits);
      if (answer.kind === "redirect") {
        if (redirects >= limits.maxRedirects) throw new FetchRefused("tooManyRedirects");
        current = new URL(answer.location, current);
        continue;
      }
      return await inspect(answer.bytes, limits);
    }
  } catch (error) {
    if (error instanceof FetchRefused) return { ok: false, reason: error.reason, detail: error.message };
    const cause = (error as { cause?: unknown })?.cause;
    if (cause instanceof FetchRefused) return { ok: false, reason: cause.reason };
    return { ok: false, reason: "network", detail: error instanceof Error ? error.message.slice(0, 200) : undefined };
  }
}

function get(url: URL, deadline: number, limits: ImageFetchLimits): Promise<{ kind: "redirect"; location: string } | { kind: "body"; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefused("timeout"));
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(url, {
      headers: { "user-agent": "Bottega catalogue import", accept: "image/avif,image/webp,image/png,image/jpeg,*/*;q=0.5" },
      lookup: limits.allowPrivateHosts ? undefined : publicOnlyLookup,
    });
    const timer = setTimeout(() => request.destroy(new FetchRefused("timeout")), remaining);
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on("error", fail);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
        clearTimeout(timer);
        response.resume();
        request.destroy();
        return resolve({ kind: "redirect", location: response.headers.location });
      }
      if (status !== 200) {
        response.resume();
        request.destroy();
        return fail(new FetchRefused("httpStatus", String(status)));
      }
      const declared = Number(response.headers["content-length"] ?? Number.NaN);
      if (declared > limits.maxBytes) {
        request.destroy();
        return fail(new FetchRefused("tooBig"));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          request.destroy(new FetchRefused("tooBig"));
          return;
        }
        chunks.push(chunk);
      });
      response.on("error", fail);
      response.on("aborted", () => fail(new FetchRefused("network", "aborted")));
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ kind: "body", bytes: Buffer.concat(chunks) });
      });
    });
  });
}

async function inspect(bytes: Buffer, limits: ImageFetchLimits): Promise<FetchedImage> {
  const type = bytes.length ? await fileTypeFromBuffer(bytes).catch(() => undefined) : undefined;
  const mimeType = type ? IMAGE_TYPES[type.ext] : undefined;
  if (!mimeType) return { ok: false, reason: "notImage" };
  try {
    const meta = await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata();
    if (!meta.width || !meta.height) return { ok: false, reason: "notImage" };
    if (meta.width * meta.height > limits.maxPixels || meta.width > 20_000 || meta.height > 20_000) return { ok: false, reason: "dimensions" };
    return { ok: true, bytes, mimeType, width: meta.width, height: meta.height };
  } catch {
    return { ok: false, reason: "notImage" };
  }
}
