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
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
