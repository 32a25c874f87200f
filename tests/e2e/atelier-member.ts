import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Page, expect } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { BASE_URL, PORT } from "./e2e-env";

// A new Atelier member for a walk: invited as `npm run staff -- invite` does it
// (tests/support/atelier-owner-link.ts), the account made on the invitation's page, the second
// factor enrolled, signed in on Atelier's overview.

const run = promisify(execFile);
/** The e2e server's environment, for the commands a walk runs beside it (its database, its mail). */
export const E2E_SERVER_ENV = {
  ...process.env,
  DATABASE_URL: `file:${path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`)}`,
  LOG_LEVEL: "warn",
  PUBLIC_URL: BASE_URL,
  MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `bottega-e2e-mail-${PORT}`),
};
export const MEMBER_PASSWORD = "tre parole lunghe per atelier";
const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

export async function signInNewMember(page: Page, email: string, name: string) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/support/atelier-owner-link.ts", email, "invite"], { env: E2E_SERVER_ENV });
  await page.goto(stdout.trim().split("\n").pop()!);
  await page.getByLabel("Nome e cognome").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel("Ripeti la password").fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: /Crea l'account/ }).click();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Codice a 6 cifre").fill(code(secret));
  await page.getByRole("button", { name: "Conferma e continua" }).click();
  await page.getByRole("link", { name: "Li ho salvati, vai ad Atelier" }).click();
  await expect(page).toHaveURL(/\/atelier$/);
}
