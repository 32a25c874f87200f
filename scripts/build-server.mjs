// Bundles server.ts into build/server.js so production runs with plain `node`.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  banner: { js: "// Built from server.ts by scripts/build-server.mjs" },
});
