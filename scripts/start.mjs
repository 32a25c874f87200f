// `npm start`: builds when the build is missing or older than the sources, then runs the
// production server with plain node.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { withThreadPool } from "./thread-pool.mjs";

const SOURCES = ["app", "locales", "public", "server.ts", "vite.config.ts", "react-router.config.ts", "package.json"];
const BUILD_MARK = "build/server.js";

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(BUILD_MARK) ? fs.statSync(BUILD_MARK).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A local `npm start` without NODE_ENV is a demo run: production code, but the development
// session secret is allowed (with its loud warning). An operator who sets NODE_ENV=production
// must also set SESSION_SECRET.
const env = withThreadPool({ ...process.env });
if (!env.NODE_ENV) {
  env.NODE_ENV = "production";
  env.ALLOW_DEV_SECRET = "1";
}
const child = spawn(process.execPath, [BUILD_MARK], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
