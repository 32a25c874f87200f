// A photograph on the benchmark's shop (issue 24, docs/decisions/023): the product page measured
// by scripts/bench/pages.ts gets an uploaded photograph (so its JavaScript budget is checked with
// photographs), made by the server's own media worker; then one of its variants is fetched from
// disk by one client at a time: its median must stay under IMAGE_MAX_P50_MS.
import path from "node:path";
import sharp from "sharp";
import { openDatabase } from "../../app/db/connection.server";
import { addProductPhoto } from "../../app/modules/media/product-photos.service.server";
import { createDiskStorage } from "../../app/modules/media/storage.server";
import { defaultMediaDir } from "../../app/utils/env.server";
import { addFailures, concatSorted, emptyFailures, type Failures, failureCount, percentile, runWindow } from "./load";
import { fixed } from "./report";
import type { ServerProcess } from "./server";

export const IMAGE_MAX_P50_MS = 5;

export interface ImageResult {
  path?: string;
  bytes?: number;
  requestsPerSecond?: number;
  p50?: number;
  p99?: number;
  failures: Failures;
  violations: string[];
}

/**
 * Uploads a photograph (a 2 400 × 3 000 JPEG drawn here) to the product at `productPath`, through
 * the service as Atelier does, into the server's database and media folder, and waits for the
 * server's worker to make its variants. Returns the 640-pixel AVIF's path.
 */
export async function addBenchPhotograph(databaseFile: string, productPath: string): Promise<string> {
  const handle = openDatabase(`file:${databaseFile}`);
  try {
    const slug = decodeURIComponent(productPath.split("/").pop()!);
    const product = await handle.db.selectFrom("product_translations").select("product_id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="3000"><rect width="2400" height="3000" fill="#d8cbb8"/><ellipse cx="1200" cy="1500" rx="700" ry="1100" fill="#6b4f3a"/></svg>`;
    const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    const storage = createDiskStorage(defaultMediaDir(`file:${databaseFile}`));
    const photoId = await addProductPhoto(handle.db, storage, { productId: product.product_id, bytes, color: "", altIt: "Foto di prova", altEn: "Bench photograph", actor: { kind: "cli" } });
    // The server's worker polls every few seconds (the upload woke this process's, which runs none).
    for (let i = 0; i < 600; i++) {
      const row = await handle.db
        .selectFrom("product_photos as p")
        .innerJoin("media_assets as a", "a.id", "p.asset_id")
        .select(["a.status", "a.variant_key", "a.error"])
        .where("p.id", "=", photoId)
        .executeTakeFirstOrThrow();
      if (row.status === "failed") throw new Error(`the photograph's processing failed: ${row.error}`);
      if (row.status === "ready") return `/media/p/${row.variant_key}/640.avif`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the server did not process the photograph within a minute");
  } finally {
    await handle.close();
  }
}

/** One client fetching the variant for `rounds` windows: a single request's cost from disk. */
export async function measureImageVariant(server: ServerProcess, variantPath: string, options: { duration: number; rounds: number }, headers: Record<string, string>): Promise<ImageResult> {
  const result: ImageResult = { path: variantPath, failures: emptyFailures(), violations: [] };
  const first = await fetch(server.url + variantPath);
  result.bytes = (await first.arrayBuffer()).byteLength;
  if (first.status !== 200 || first.headers.get("Cache-Control") !== "public, max-age=31536000, immutable") {
    result.violations.push(`GET ${variantPath} answers ${first.status} with Cache-Control ${first.headers.get("Cache-Control")}`);
    return result;
  }
  const window = (seconds: number) => runWindow({ url: server.url + variantPath, connections: 1, seconds, headers, serverCpuSeconds: () => server.cpuSeconds() });
  await window(Math.min(3, options.duration));
  const rounds = [];
  for (let round = 0; round < options.rounds; round++) rounds.push(await window(options.duration));
  for (const round of rounds) addFailures(result.failures, round.failures);
  const sorted = concatSorted(rounds.map((r) => r.latencies));
  result.requestsPerSecond = rounds.reduce((s, r) => s + r.completed, 0) / rounds.reduce((s, r) => s + r.seconds, 0);
  result.p50 = percentile(sorted, 50);
  result.p99 = percentile(sorted, 99);
  if (failureCount(result.failures)) result.violations.push(`${failureCount(result.failures)} failed requests`);
  if (result.p50 >= IMAGE_MAX_P50_MS) result.violations.push(`median ${fixed(result.p50, 2)} ms from disk, ceiling ${IMAGE_MAX_P50_MS} ms`);
  return result;
}

export function imageLine(result: ImageResult): string {
  if (result.p50 === undefined) return `image variant: not measured (${result.violations.join("; ")})`;
  return (
    `image variant ${path.basename(result.path ?? "")} (${fixed((result.bytes ?? 0) / 1024, 1)} KiB) from disk, 1 connection: ` +
    `${fixed(result.requestsPerSecond, 0)} req/s, p50 ${fixed(result.p50, 2)} ms, p99 ${fixed(result.p99, 2)} ms (ceiling p50 < ${IMAGE_MAX_P50_MS} ms) ${result.violations.length ? "FAIL" : "ok"}`
  );
}
