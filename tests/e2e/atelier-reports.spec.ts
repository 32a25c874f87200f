import { signInNewMember } from "./atelier-member";
import { expect, expectAccessible, test } from "./fixtures";
import { shoot } from "./walk-shots";

// Issue 42 part 6, what only a browser shows: Atelier's reports without JavaScript — the chart
// drawn on the server, the kinds as links, the period and grouping chosen with a GET form, the
// CSV downloaded. The figures themselves are tests/http/atelier-reports.test.ts's business. With
// WALK_SHOTS=<directory> the sales and the products reports are screenshot at 390 and 1440 px.

test("Atelier's reports without JavaScript: sales by day, then products by size over chosen days, and the CSV", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the reports are server-rendered GET pages; the walk without JavaScript is the one that matters");
  // A member invited and enrolled, two pages checked by axe.
  test.setTimeout(90_000);
  await signInNewMember(page, `reports-${Date.now()}@bottega.test`, "Marta Ricci");
  await page.getByRole("navigation", { name: "Sezioni di Atelier" }).getByRole("link", { name: "Report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Vendite nel tempo");
  await expect(page.getByTestId("report-chart")).toBeVisible();
  await expect(page.getByRole("table", { name: "Vendite nel tempo" }).getByRole("row")).toHaveCount(32);
  await expectAccessible(page);
  await shoot(page, "reports-sales");

  await page.getByRole("navigation", { name: "Tipo di report" }).getByRole("link", { name: "Vendite per prodotto" }).click();
  const form = page.getByRole("search", { name: "Periodo del report" });
  await form.getByLabel("Dal").fill("2026-01-01");
  await form.getByLabel("Per", { exact: true }).selectOption("size");
  await form.getByRole("button", { name: "Filtra" }).click();
  await expect(page).toHaveURL(/kind=products&from=2026-01-01&to=\d{4}-\d{2}-\d{2}&group=size/);
  await expect(page.getByRole("columnheader", { name: "Vendite nette", exact: true })).toBeVisible();
  await expect(page.getByLabel("Per", { exact: true })).toHaveValue("size");
  await expectAccessible(page);
  await shoot(page, "reports-products");

  const download = page.getByRole("link", { name: "Scarica CSV" });
  const csv = await page.request.get((await download.getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split(/\r?\n/)[0]).toContain("Nome,Pezzi,Ordini,Vendite nette");
});
