import fs from "node:fs";
import path from "node:path";
import { signInNewMember } from "./atelier-member";
import { expect, expectAccessible, test } from "./fixtures";

// Issue 42 part 7, what only a browser shows: Atelier's keyboard shortcuts, with JavaScript ("/"
// to the header's search, "?" their list in a dialog that Escape closes, "g o" the orders). The
// search itself is a GET form, tested over HTTP (tests/http/atelier-global-search.test.ts). With
// WALK_SHOTS=<directory> the search page is screenshot at 390 and 1440 px.

const SHOTS = process.env.WALK_SHOTS;

test("Atelier's keyboard shortcuts: / to the search, ? their list, g o the orders", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "shortcuts need JavaScript; without it the search page lists them and the search is a GET form");
  await signInNewMember(page, `search-${Date.now()}@bottega.test`, "Elena Conti");
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

  // Switched off in this browser (speech input can press single keys): "?" does nothing.
  await page.getByRole("button", { name: "Disattiva le scorciatoie in questo browser" }).click();
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Scorciatoie da tastiera" })).toBeHidden();
  await page.getByRole("button", { name: "Riattiva le scorciatoie in questo browser" }).click();

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
