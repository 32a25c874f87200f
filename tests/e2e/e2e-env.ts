import os from "node:os";
import path from "node:path";

// Shared by playwright.config.ts and the fixtures; scripts/e2e-server.mjs derives the same
// paths from the same port.
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;
/** Records of documents found accessible in this run (emptied when the e2e server starts). */
export const A11Y_CACHE_DIR = path.join(os.tmpdir(), `bottega-e2e-a11y-${PORT}`);
