import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

// With WALK_SHOTS=<directory>, a walk keeps screenshots of the pages it passes, at a phone's and
// a desktop's width, to be looked at before a page is done; without it, nothing is taken.

const SHOTS = process.env.WALK_SHOTS;

/** The page as it is, at 390 and 1440 px (only with WALK_SHOTS); the viewport is put back after. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
