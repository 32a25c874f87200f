import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { BASE_URL, PORT } from "./e2e-env";
import { expect, expectAccessible, test } from "./fixtures";

// Issue 42 part 7, what only a browser shows: Atelier's keyboard shortcuts, with JavaScript ("/"
// to the header's search, "?" their list in a dialog that Escape closes, "g o" the orders). The
// search itself is a GET form, tested over HTTP (tests/http/atelier-global-search.test.ts). With
// WALK_SHOTS=<directory> the search page is screenshot at 390 and 1440 px.

const run = promisify(execFile);
const env = { ...process.env, DATABASE_URL: `file:${path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`)}`, LOG_LEVEL: "warn", PUBLIC_URL: BASE_URL, MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `bottega-e2e-mail-${PORT}`) };
const PASSWORD = "tre parole lunghe per atelier";
const SHOTS = process.env.WALK_SHOTS;
const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

async function signInStaff(page: Page, email: string) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/support/atelier-owner-link.ts", email, "invite"], { env });
  await page.goto(stdout.trim().split("\n").pop()!);
  await page.getByLabel("Nome e cognome").fill("Elena Conti");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Ripeti la password").fill(PASSWORD);
  await page.getByRole("button", { name: /Crea l'account/ }).click();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Codice a 6 cifre").fill(code(secret));
  await page.getByRole("button", { name: "Conferma e continua" }).click();
  await page.getByRole("link", { name: "Li ho salvati, vai ad Atelier" }).click();
  await expect(page).toHaveURL(/\/atelier$/);
}

test("Atelier's keyboard shortcuts: / to the search, ? their list, g o the orders", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "shortcuts need JavaScript; without it the search page lists them and the search is a GET form");
  await signInStaff(page, `search-${Date.now()}@bottega.test`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("/");
  const field = page.getByRole("searchbox", { name: "Cerca in Atelier" });
  await expect(field).toBeFocused();
  await field.fill("rossi");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/atelier\/search\?q=rossi$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Risultati per «rossi»");
  await expectAccessible(page);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `atelier-search-${width}.png`), fullPage: true });
    }
  }

  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Scorciatoie da tastiera" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.keyboard.press("g");
  await page.keyboard.press("o");
  await expect(page).toHaveURL(/\/atelier\/orders$/);
  // Typing in a field is typing: "g o" there moves nowhere.
  await page.getByRole("searchbox", { name: "Cerca in Atelier" }).fill("");
  await page.getByRole("searchbox", { name: "Cerca in Atelier" }).press("g");
  await page.getByRole("searchbox", { name: "Cerca in Atelier" }).press("p");
  await expect(page).toHaveURL(/\/atelier\/orders$/);
});
