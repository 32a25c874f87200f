import { inStockSkus, sessionWithBag } from "../../scripts/bench/bag";
import { measureFetchedJs } from "../../scripts/bench/browser";
import { shopperAt } from "../../scripts/bench/orders";
import { PAGES } from "../../scripts/bench/pages";
import { DB_FILE } from "./e2e-env";
import { expect, test } from "./fixtures";

// The JavaScript budgets of `npm run bench` (scripts/bench/pages.ts), held on every test run:
// one load per page that has a budget, counting every script a first-time visitor's Chromium
// fetches until the network is idle, gzipped at level 9 as the bench counts them. The bag and
// the checkout steps are loaded as the bench loads them: by a guest whose bag the shop's own
// calls filled, brought through the steps by its own forms. Decision 047: the pages have
// 0.1–1 KiB of headroom, so a change that breaks a budget fails here, not at the next bench.
const MEASURED = PAGES.filter((page) => page.jsBudgetKiB && !page.lite && !page.cached && !page.action);

test.describe("JavaScript fetched until idle, within budget", { tag: "@server-html" }, () => {
  for (const entry of MEASURED) {
    test(`${entry.name} (${entry.path}) ≤ ${entry.jsBudgetKiB} KiB`, async ({ browser, baseURL }) => {
      let cookie: string | undefined;
      if (entry.bagLines) cookie = await sessionWithBag(baseURL!, DB_FILE, entry.bagLines);
      if (entry.checkoutStep) cookie = (await shopperAt(baseURL!, inStockSkus(DB_FILE, 1, "desc")[0], entry.checkoutStep, test.info().workerIndex)).cookie;
      const fetched = await measureFetchedJs(browser, new URL(entry.path, baseURL).href, cookie, 20_000);
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
