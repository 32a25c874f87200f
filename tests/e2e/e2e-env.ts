import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Shared by playwright.config.ts and the fixtures; scripts/e2e-server.mjs derives the same
// paths from the same port.
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;
/** The OpenID provider the social-login tests sign in at (tests/support/oidc-provider.mjs); scripts/e2e-server.mjs configures the shop for it. */
export const OIDC_PORT = PORT + 1;
/** Where the e2e server writes its mail as .eml files (scripts/e2e-server.mjs). */
export const MAIL_DIR = path.join(os.tmpdir(), `bottega-e2e-mail-${PORT}`);
/** The e2e server's SQLite database (scripts/e2e-server.mjs), read by tests that need a variant in stock. */
export const DB_FILE = path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`);
/** Records of documents found accessible in this run (emptied when the e2e server starts). */
export const A11Y_CACHE_DIR = path.join(os.tmpdir(), `bottega-e2e-a11y-${PORT}`);

// Debian's headless build of the same Chromium (package chromium-headless-shell, what Playwright
// itself runs headless) when it is installed: measured on the bag and home specs it needs about a
// quarter less CPU than the full browser, which CI's two cores feel. The full /usr/bin/chromium
// otherwise.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The system Chromium and its flags (this machine's closed network refuses its background calls), for the tests and the bench. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
