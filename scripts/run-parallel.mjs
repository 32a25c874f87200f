// Runs npm scripts side by side and fails when any of them fails: `node scripts/run-parallel.mjs lint typecheck`.
// `npm test` runs lint and the type check this way: each keeps one core busy on its own (ESLint
// and tsc are single-threaded), so on a 2-core machine the pair takes the time of the longer one.
// Each script's output is held and printed whole when it ends, so the two logs do not interleave.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-parallel.mjs <npm script>…");
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("error", (error) => resolve({ script, code: 1, output: [Buffer.from(String(error))] }));
        child.on("close", (code, signal) => {
          const seconds = Math.round((Date.now() - started) / 1000);
          process.stdout.write(`\n── npm run ${script}: ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s ──\n`);
          process.stdout.write(Buffer.concat(output));
          resolve({ script, code: code ?? 1 });
        });
      }),
  ),
);

const failed = results.filter((result) => result.code !== 0).map((result) => result.script);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
