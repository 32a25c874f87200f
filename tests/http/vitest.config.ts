import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// HTTP-level tests against the production build (`npm run test:http`, after `npm run build`):
// each file starts build/server.js on a free port with a fresh database.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: {
    alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) },
  },
  test: {
    include: ["tests/http/**/*.test.ts"],
    environment: "node",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
