import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, visit, waitForHydration } from "./fixtures";

const MESSAGES = ["Spedizione gratuita da 250 €", "Resi entro 14 giorni lavorativi", "Nuova collezione Autunno-Inverno", "Paga con PayPal in 3 rate"];
const DELAY = 5_000;

const bannerOf = (page: Page) => page.getByRole("region", { name: "Avvisi del negozio" });

/**
 * The messages actually painted: visually hidden ones (the sr-only pattern) keep a 1×1 px box.
 * Uses bounding boxes, which work with and without JavaScript.
 */
async function painted(banner: Locator): Promise<string[]> {
  const items = banner.getByRole("listitem");
  const shown: string[] = [];
  for (let i = 0, n = await items.count(); i < n; i++) {
    const box = await items.nth(i).boundingBox();
    if (box && box.width > 1 && box.height > 1) shown.push(((await items.nth(i).textContent()) ?? "").trim());
  }
  return shown;
}

/** With the fake clock installed before navigation: load, hydrate, then freeze time. */
async function loadWithFrozenClock(page: Page) {
  await page.clock.install();
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  // A little ahead of the page's clock, which keeps running until the pause lands.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
  return bannerOf(page);
}

/** axe needs running timers: let the clock go again, then check the page as the test left it. */
async function resumeAndCheck(page: Page) {
  await page.clock.resume();
  await expectAccessible(page);
}

test.describe("global message banner", () => {
  test("shows the first message; the others are in the document but visually hidden", { tag: "@server-html" }, async ({ page }) => {
    await page.goto("/");
    const banner = bannerOf(page);
    // Read right after load, before any rotation could happen.
    expect(await painted(banner)).toEqual([MESSAGES[0]]);
    await waitForHydration(page);
    await expectAccessible(page);

    const items = banner.getByRole("listitem");
    await expect(items).toHaveText(MESSAGES);
    // Linked messages keep their links for assistive technology.
    await expect(banner.getByRole("link", { name: MESSAGES[1] })).toHaveAttribute("href", "/pages/Returns");
    for (const i of [1, 2, 3]) {
      await expect(items.nth(i)).toHaveCSS("position", "absolute");
      await expect(items.nth(i)).toHaveCSS("width", "1px");
      await expect(items.nth(i)).toHaveCSS("overflow", "hidden");
    }
  });

  test.describe(() => {
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "rotation needs JavaScript");
    test("with JavaScript, the message rotates every 5 s until the banner is hovered", async ({ page }) => {
      const banner = await loadWithFrozenClock(page);
      await expect(banner).toHaveAttribute("data-rotating", "true");
      const before = await painted(banner);
      expect(before).toHaveLength(1);

      await page.clock.fastForward(DELAY);
      await expect.poll(() => painted(banner)).not.toEqual(before);
      const after = await painted(banner);
      expect(after).toHaveLength(1);
      expect(MESSAGES.indexOf(after[0])).toBe((MESSAGES.indexOf(before[0]) + 1) % MESSAGES.length);

      // Hovering the banner stops it.
      await banner.hover();
      await expect(banner).toHaveAttribute("data-rotating", "false");
      await expect(banner.getByRole("button", { name: "Riprendi gli avvisi" })).toBeVisible();
      await page.clock.fastForward(2 * DELAY);
      expect(await painted(banner)).toEqual(after);
      await resumeAndCheck(page);
    });
  });

  test.describe(() => {
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "rotation needs JavaScript");
    test("with JavaScript, the pause button stops and restarts the rotation", async ({ page }) => {
      const banner = await loadWithFrozenClock(page);
      const pause = banner.getByRole("button", { name: "Metti in pausa gli avvisi" });
      await expect(pause).toBeVisible();
      const before = await painted(banner);

      // Keyboard use, so that no hover is involved.
      await pause.focus();
      await page.keyboard.press("Enter");
      const play = banner.getByRole("button", { name: "Riprendi gli avvisi" });
      await expect(play).toBeVisible();
      await page.clock.fastForward(2 * DELAY);
      expect(await painted(banner)).toEqual(before);

      await page.keyboard.press("Enter");
      await expect(banner.getByRole("button", { name: "Metti in pausa gli avvisi" })).toBeVisible();
      await page.clock.fastForward(DELAY);
      await expect.poll(() => painted(banner)).not.toEqual(before);
      await resumeAndCheck(page);
    });
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test.describe(() => {
      test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "rotation needs JavaScript");
      test("does not rotate", async ({ page }) => {
        const banner = await loadWithFrozenClock(page);
        await expect(banner).toHaveAttribute("data-rotating", "false");
        await expect(banner.getByRole("button", { name: "Riprendi gli avvisi" })).toBeVisible();
        await page.clock.fastForward(3 * DELAY);
        expect(await painted(banner)).toEqual([MESSAGES[0]]);
        // The shopper's own play overrides the preference.
        await banner.getByRole("button", { name: "Riprendi gli avvisi" }).click();
        await expect(banner).toHaveAttribute("data-rotating", "true");
        await resumeAndCheck(page);
      });
    });
  });

  test.describe(() => {
    test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-JavaScript path");
    test("without JavaScript, the first message stays and there is no pause button", async ({ page }) => {
      await visit(page, "/");
      const banner = bannerOf(page);
      expect(await painted(banner)).toEqual([MESSAGES[0]]);
      await expect(banner.getByRole("button")).toHaveCount(0);
      // With no script running, only an endless CSS animation could change the message later:
      // the first one's entrance plays once, and the others have none.
      const items = banner.getByRole("listitem");
      for (let i = 0; i < MESSAGES.length; i++) await expect(items.nth(i)).toHaveCSS("animation-iteration-count", "1");
    });
  });
});
