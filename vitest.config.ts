import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit, service and repository tests. The React Router plugin is left out on purpose: these
// tests import modules directly, without the app's route tree.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    reporters: ["default", "./tests/support/timeout-margin-reporter.ts"],
    // Database suites create their own isolated databases; two files at a time suit 2 cores.
    maxWorkers: 2,
    // Files share a worker's loaded modules instead of loading the app again for each of 130
    // files: imports took 107 of 236 s on two cores, 14 of 118 s shared. So a test file must
    // leave no module state behind (spies restored, no vi.mock: the suite passes in any order).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
