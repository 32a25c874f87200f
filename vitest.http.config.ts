import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// HTTP-level tests (tests/http): routes' loaders and actions through React Router's request
// handler of the production build, on fresh SQLite and PostgreSQL databases (tests/support/http.ts).
// Kept out of vitest.config.ts because they need `npm run build` first; `npm test` runs them
// right after its build, before the browser tests.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/http/**/*.test.ts"],
    environment: "node",
    reporters: ["default", "./tests/support/timeout-margin-reporter.ts"],
    maxWorkers: 2,
    // Files share a worker's loaded modules (the server build among them) instead of loading
    // them again for each of 66 files: 433 s → 308 s on two cores. Each file starts its own app
    // on its own databases, so nothing a test sees is shared but the code.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
