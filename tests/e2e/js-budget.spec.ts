import { measureFetchedJs } from "../../scripts/bench/browser";
import { PAGES } from "../../scripts/bench/pages";
import { expect, test } from "./fixtures";

// The JavaScript budgets of `npm run bench` (scripts/bench/pages.ts), held on every test run:
// one load per page that has a budget and needs no prepared shopper (a bag with lines, a
// checkout step: those stay with the bench), counting every script a first-time visitor's
// Chromium fetches until the network is idle, gzipped at level 9 as the bench counts them.
// Decision 047: the home and product pages have ≈ 0.1–0.3 KiB of headroom, so a change that
// breaks the budget fails here, not at the next bench.
const MEASURED = PAGES.filter((page) => page.jsBudgetKiB && !page.lite && !page.cached && !page.action && !page.bagLines && !page.checkoutStep);

test.describe("JavaScript fetched until idle, within budget", { tag: "@server-html" }, () => {
  for (const entry of MEASURED) {
    test(`${entry.name} (${entry.path}) ≤ ${entry.jsBudgetKiB} KiB`, async ({ browser, baseURL }) => {
      const fetched = await measureFetchedJs(browser, new URL(entry.path, baseURL).href, undefined, 20_000);
      const kib = fetched.gzipBytes / 1024;
      const files = fetched.files.map((file) => `${file.path} ${(file.gzipBytes / 1024).toFixed(1)}`).join("\n");
      test.info().annotations.push({ type: "fetched", description: `${kib.toFixed(1)} KiB` });
      console.log(`${entry.name}: ${kib.toFixed(2)} KiB gzipped until idle (budget ${entry.jsBudgetKiB})`);
      // Every page hydrates something: nothing counted means nothing was measured, not a light page.
      expect(fetched.files.length, "scripts counted").toBeGreaterThan(0);
      expect(kib, `KiB of gzipped JavaScript until idle:\n${files}`).toBeLessThanOrEqual(entry.jsBudgetKiB!);
      expect(fetched.cspViolations).toEqual([]);
    });
  }
});
