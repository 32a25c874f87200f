// Two builds side by side on this machine, in one run: `npx tsx scripts/bench/compare.ts <before>
// <after>` where each is a copy of build/ (e.g. `cp -r build /tmp/before` on the old commit).
// Both servers run at once on fresh SQLite databases; the pages are measured in alternating
// windows (before, after | after, before …), so a busy machine weighs on both alike, and each
// round's after ÷ before is compared, not the absolute figures. Prints the median over the rounds
// of the server's CPU ms per request and of requests/s, and their ratios. See docs/performance.md.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runWindow } from "./load";
import { PAGES } from "./pages";
import { fixed, table } from "./report";
import { ServerProcess, freePort, snapshotBuild } from "./server";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HEADERS = { "Accept-Encoding": "gzip, deflate, br, zstd", Accept: "text/html,application/xhtml+xml", "User-Agent": "bottega-bench" };
/** The pages compared unless --path says otherwise: the control and the anonymous catalogue pages. */
const DEFAULT_PAGES = PAGES.filter((page) => ["control", "home", "listing", "product"].includes(page.name));

interface Sample {
  cpuMs: number;
  requestsPerSecond: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { duration: { type: "string", default: "5" }, rounds: { type: "string", default: "6" }, path: { type: "string", multiple: true } },
  });
  if (positionals.length !== 2) throw new Error("usage: npx tsx scripts/bench/compare.ts <before build/> <after build/> [--duration 5] [--rounds 6] [--path /x …]");
  const seconds = Number(values.duration);
  const rounds = Number(values.rounds);
  const paths = values.path?.length ? values.path : DEFAULT_PAGES.map((page) => page.path);
  const dirs = positionals.map((buildDir) => snapshotBuild(ROOT, path.resolve(buildDir)));
  const servers: ServerProcess[] = [];
  try {
    for (const dir of dirs) servers.push(ServerProcess.start({ dir, port: await freePort(), databaseFile: path.join(dir, "bench.sqlite") }));
    for (const server of servers) await server.waitHealthy(60_000);
    const samples = new Map<string, Sample[]>();
    const measure = async (side: number, target: string, windowSeconds: number) => {
      const server = servers[side];
      const window = await runWindow({ url: server.url + target, connections: 10, seconds: windowSeconds, headers: HEADERS, serverCpuSeconds: () => server.cpuSeconds() });
      const failed = window.failures.errors + window.failures.non2xx;
      if (failed) throw new Error(`${positionals[side]} ${target}: ${failed} failed requests`);
      if (window.serverCpuSeconds === null) throw new Error("the server's CPU time is not readable (/proc)");
      return { cpuMs: (window.serverCpuSeconds / window.completed) * 1000, requestsPerSecond: window.requestsPerSecond };
    };
    process.stdout.write("Warming up… ");
    for (const target of paths) for (const side of [0, 1, 1, 0]) await measure(side, target, 2);
    console.log("done.");
    for (let round = 0; round < rounds; round++) {
      for (const target of paths) {
        for (const side of round % 2 ? [1, 0] : [0, 1]) {
          const sample = await measure(side, target, seconds);
          samples.set(`${side} ${target}`, [...(samples.get(`${side} ${target}`) ?? []), sample]);
          console.log(`  round ${round + 1}/${rounds}  ${side ? "after " : "before"}  ${target.padEnd(32)} ${fixed(sample.requestsPerSecond, 1).padStart(7)} req/s  ${fixed(sample.cpuMs, 2).padStart(6)} ms CPU/req`);
        }
      }
    }
    const rows = paths.map((target) => {
      const [before, after] = [0, 1].map((side) => samples.get(`${side} ${target}`)!);
      const cpuRatio = median(after.map((sample, i) => sample.cpuMs / before[i].cpuMs));
      const rateRatio = median(after.map((sample, i) => sample.requestsPerSecond / before[i].requestsPerSecond));
      return [
        target,
        fixed(median(before.map((s) => s.cpuMs)), 2),
        fixed(median(after.map((s) => s.cpuMs)), 2),
        fixed(cpuRatio, 2),
        fixed(median(before.map((s) => s.requestsPerSecond)), 0),
        fixed(median(after.map((s) => s.requestsPerSecond)), 0),
        fixed(rateRatio, 2),
      ];
    });
    console.log();
    console.log(table(["path", "CPU ms before", "after", "after ÷ before", "req/s before", "after", "after ÷ before"], rows, ["left", "right", "right", "right", "right", "right", "right"]));
    console.log(`* medians over ${rounds} rounds of ${seconds} s per build and page; the ratios are the median of each round's after ÷ before.`);
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(2);
});
