// Starts the production build for the end-to-end tests (Playwright's webServer): a fresh SQLite
// database in the temp directory on every run, port 3210 unless E2E_PORT says otherwise. It only
// starts the server; `npm run test:e2e` builds first.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withThreadPool } from "./thread-pool.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.E2E_PORT ?? "3210";
const dbFile = path.join(os.tmpdir(), `bottega-e2e-${port}.sqlite`);
const serverEntry = path.join(root, "build", "server.js");

if (!fs.existsSync(serverEntry)) {
  console.error(`[e2e-server] ${path.relative(root, serverEntry)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

// SQLite keeps -wal and -shm files next to the database: remove them too.
for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(dbFile + suffix, { force: true });
// The mail the server writes as files (tests read reset links from it: tests/e2e/mailbox.ts).
const mailDir = path.join(os.tmpdir(), `bottega-e2e-mail-${port}`);
fs.rmSync(mailDir, { recursive: true, force: true });
// The accessibility checks' record of clean documents is per run (see tests/e2e/fixtures.ts).
fs.rmSync(path.join(os.tmpdir(), `bottega-e2e-a11y-${port}`), { recursive: true, force: true });

const child = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: "inherit",
  env: withThreadPool({
    ...process.env,
    NODE_ENV: "production",
    ALLOW_DEV_SECRET: "1",
    PORT: port,
    DATABASE_URL: `file:${dbFile}`,
    LOG_LEVEL: "warn",
    MAIL_OUTBOX_DIR: mailDir,
    PUBLIC_URL: `http://localhost:${port}`,
    // The two shops on one server under two host names: the country chooser's redirects
    // between them are real cross-host redirects (tests/e2e/country.spec.ts).
    IT_SHOP_HOST: `http://localhost:${port}`,
    EU_SHOP_HOST: `http://127.0.0.1:${port}`,
    // Social login at the test provider Playwright starts beside the shop (tests/support/oidc-provider.mjs).
    OIDC_PROVIDERS: "demo",
    OIDC_DEMO_ISSUER: `http://localhost:${Number(port) + 1}`,
    OIDC_DEMO_CLIENT_ID: "bottega-e2e",
    OIDC_DEMO_CLIENT_SECRET: "bottega-e2e-secret",
    OIDC_DEMO_NAME: "Demo ID",
  }),
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
