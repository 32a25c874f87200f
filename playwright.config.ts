import { defineConfig } from "@playwright/test";
import { BASE_URL as baseURL, CHROMIUM_LAUNCH, OIDC_PORT, PORT } from "./tests/e2e/e2e-env";

// End-to-end tests against the production build (`npm run test:e2e` builds first; the web server
// below only starts build/server.js on a fresh SQLite database). The specs run twice: with
// JavaScript (hydrated app) and without it (plain HTML forms and links), except where nothing
// differs: the specs whose pages hold no form and no scripted behaviour, and the tests tagged
// @server-html (what the server's HTML shows, or plain HTTP calls). There the "js" project has
// checked the same server HTML before hydrating it. Tests tagged @no-js-elsewhere run with
// JavaScript only too: the no-JavaScript path of their flow is proven elsewhere, by the HTTP
// tests (tests/http, which post the page's own form as a browser without JavaScript does and
// follow its redirect) or by another no-JS test of the same form; each says where.
// Lite mode's spec is about a browser that would run scripts and is given none: without
// JavaScript nothing would differ.
const SAME_WITHOUT_JAVASCRIPT = ["content.spec.ts", "errors.spec.ts", "home.spec.ts", "language.spec.ts", "links.spec.ts", "lite-mode.spec.ts", "shell.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["./tests/e2e/timeout-margin-reporter.ts"]],
  timeout: 30_000,
  // A response behind a busy 2-core CI machine's queue can take several seconds.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    launchOptions: CHROMIUM_LAUNCH,
    // Recorded when a failed test runs again (CI retries once): recording every test's trace to
    // keep the failures' cost a quarter of the browser tests' time on two cores (the catalogue
    // spec with JavaScript: 84 s → 62 s).
    trace: "on-first-retry",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: SAME_WITHOUT_JAVASCRIPT, grepInvert: /@server-html|@no-js-elsewhere/ },
  ],
  webServer: [
    {
      // The OpenID provider of the social-login tests; the shop (below) finds it on first use.
      command: "node tests/support/oidc-provider.mjs",
      env: { OIDC_PORT: String(OIDC_PORT), SHOP_URL: baseURL },
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e-server.mjs",
      env: { E2E_PORT: String(PORT) },
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
