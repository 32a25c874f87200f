import { signInNewMember } from "./atelier-member";
import { expect, test } from "./fixtures";
import { shoot } from "./walk-shots";

// Issue 37, item 8, what only a browser shows: the import's job page refreshes itself without
// JavaScript (a meta refresh) until the check's report is there, with no click. Run without
// JavaScript only (the same server HTML either way). With WALK_SHOTS=<directory> the job page and
// the colour and manufacturer editors are screenshot at 390 and 1440 px (for a person to look at).


test("the import's job page refreshes itself without JavaScript until the report is there; the colour and manufacturer editors", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the meta refresh is the page without JavaScript; the server HTML is the same with it");
  test.slow();
  await signInNewMember(page, `import-${Date.now()}@bottega.test`, "Giovanna Bianchi");
  // A file of 6 000 rows made here: its check takes a few seconds on the job's worker.
  const lines = ["Handle,Title,Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price"];
  const run = Date.now().toString(36);
  for (let p = 0; p < 1_200; p++)
    for (let s = 0; s < 5; s++) lines.push(`e2e-${run}-${p},${s ? "" : `Capo ${p}`},${s ? "" : "Donna > Abiti"},${s ? "" : "Colore"},Nero,${s ? "" : "Taglia"},${["XS", "S", "M", "L", "XL"][s]},E2E-${run}-${p}-${s},49.00`);
  await page.goto("/atelier/catalog/import");
  await page.getByLabel("File CSV").setInputFiles({ name: "grande.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  await page.getByRole("button", { name: "Controlla il file" }).click();
  await expect(page).toHaveURL(/\/atelier\/catalog\/import\?upload=[0-9a-f]{32}$/);
  const url = page.url();
  if (await page.getByText("Controllo in corso: grande.csv").isVisible()) {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "3");
    await shoot(page, "import-job");
  }
  // No click: the page reloads itself until the report.
  await expect(page.getByRole("heading", { name: "Prova: grande.csv" })).toBeVisible({ timeout: 60_000 });
  expect(page.url()).toBe(url);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);

  await page.getByRole("link", { name: "Colori", exact: true }).first().click();
  await expect(page).toHaveURL(/\/atelier\/catalog\/colors$/);
  await shoot(page, "colours");
  await page.getByRole("link", { name: /Modifica Nero/ }).click();
  await expect(page.getByLabel("Nome (italiano)")).toHaveValue("Nero");
  await shoot(page, "colour-edit");
  await page.goto("/atelier/catalog/manufacturers/new");
  await page.getByLabel("Nome", { exact: true }).first().fill("Lanificio E2E");
  await page.getByLabel("Indirizzo", { exact: true }).first().fill("Via della Lana 3, 13900 Biella");
  await page.getByLabel("Paese", { exact: true }).fill("CH");
  await page.getByLabel("E-mail o sito web", { exact: true }).first().fill("info@lanificio.example");
  await page.getByRole("button", { name: "Aggiungi il produttore" }).click();
  await expect(page.getByText("Obbligatorio per un produttore fuori dall'UE.").first()).toBeVisible();
  await shoot(page, "manufacturer-invalid");
});
