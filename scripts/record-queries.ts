// `npm run queries:record`: records this release's SQL for the rolling-migration check
// (docs/decisions/031). Run it when a release is cut, and commit what it writes: until the next
// cut, app/db/release-queries.test.ts prepares every statement against the newest schema, so a
// migration that breaks the released code (a drop, a rename) fails the build.
//
// The workload is the data-layer tests (every test file that opens a database), run once with
// RECORD_QUERIES_FILE set, on SQLite and on PostgreSQL (TEST_POSTGRES_URL, required); only
// statements compiled from app code are kept (app/db/query-recorder.server.ts).
// `-- --from FILE` writes the files from an earlier recording (its JSON lines) without running the tests.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseKind } from "../app/db/connection.server";
import { type RecordedQuery, isReleasedCode } from "../app/db/query-recorder.server";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const fromIndex = process.argv.indexOf("--from");
const earlier = fromIndex > 0 ? process.argv[fromIndex + 1] : undefined;
const started = Date.now();
const recording = earlier ? path.resolve(earlier) : record();

/** Runs the data-layer tests with the recorder on; returns the file it wrote. */
function record(): string {
  if (!process.env.TEST_POSTGRES_URL) {
    console.error("Set TEST_POSTGRES_URL (postgres://…/test): the queries are recorded on both databases.");
    process.exit(1);
  }
  const opensDatabase = /support\/databases|support\/http|createApp\(/;
  const testFiles = execFileSync("git", ["ls-files", "app/**/*.test.ts", "tests/unit/**/*.test.ts"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && opensDatabase.test(fs.readFileSync(path.join(root, file), "utf8")));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bottega-queries-")), "queries.jsonl");
  fs.writeFileSync(file, "");
  console.log(`Recording the queries of ${testFiles.length} test files into ${file}…`);
  const run = spawnSync("npx", ["vitest", "run", ...testFiles], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, RECORD_QUERIES_FILE: file } });
  // A failing test still ran its queries; say so, and record what ran.
  if (run.status !== 0) console.warn(`vitest exited with ${run.status}: some tests failed; their queries are recorded all the same.`);
  return file;
}

const byDialect: Record<DatabaseKind, Map<string, string>> = { sqlite: new Map(), postgres: new Map() };
for (const line of fs.readFileSync(recording, "utf8").split("\n")) {
  if (!line) continue;
  const query = JSON.parse(line) as RecordedQuery;
  if (!isReleasedCode(query.from)) continue;
  const seen = byDialect[query.dialect].get(query.sql);
  if (!seen || query.from < seen) byDialect[query.dialect].set(query.sql, query.from);
}

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
for (const dialect of ["sqlite", "postgres"] as const) {
  const statements = [...byDialect[dialect]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([sql, from]) => ({ sql, from }));
  const file = path.join(root, `tests/compat/release-queries.${dialect}.json`);
  // One statement a line, so a new baseline reads as a diff of statements.
  const body = `{\n  "recordedAt": ${JSON.stringify(commit)},\n  "statements": [\n${statements.map((s) => `    ${JSON.stringify(s)}`).join(",\n")}\n  ]\n}\n`;
  fs.writeFileSync(file, body);
  console.log(`${path.relative(root, file)}: ${statements.length} statements, ${Math.round(body.length / 1024)} KiB`);
}
console.log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
