import type { Page } from "@playwright/test";
import { arrived, expect, test, visit } from "./fixtures";

const count = (page: Page) => page.getByTestId("store-count");
const cardNames = (page: Page) => page.getByTestId("store-card").getByRole("heading", { level: 3 }).allTextContents();
const optionsOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator("option").allTextContents();

/** Picks a value: with JavaScript the form applies it at once; without, the button does. */
async function choose(page: Page, javaScriptEnabled: boolean, label: string, option: string, expectedUrl: RegExp) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Mostra i negozi" }).click();
  await arrived(page, expectedUrl);
}

test.describe("store locator (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("filters by continent, then region, then country, the lower selects narrowing", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/pages/storelocator");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trova un negozio");
    await expect(count(page)).toHaveText("22 negozi");
    await expect(page.getByTestId("store-card")).toHaveCount(22);
    await expect(page.getByRole("button", { name: "Mostra i negozi" })).toBeVisible({ visible: !javaScriptEnabled });

    await choose(page, javaScriptEnabled, "Continente", "Asia (5)", /\/pages\/storelocator\?continent=asia$/);
    await expect(count(page)).toHaveText("5 negozi");
    expect(await optionsOf(page, "Regione")).toEqual(["Tutte le regioni", "Asia orientale (3)", "Sud-est asiatico (1)", "Medio Oriente (1)"]);
    expect(await optionsOf(page, "Paese")).toEqual(["Tutti i paesi", "Corea del Sud (1)", "Emirati Arabi Uniti (1)", "Giappone (2)", "Singapore (1)"]);

    await choose(page, javaScriptEnabled, "Regione", "Asia orientale (3)", /\?continent=asia&region=eastern-asia$/);
    await expect(count(page)).toHaveText("3 negozi");
    expect(await optionsOf(page, "Paese")).toEqual(["Tutti i paesi", "Corea del Sud (1)", "Giappone (2)"]);

    await choose(page, javaScriptEnabled, "Paese", "Giappone (2)", /\?continent=asia&region=eastern-asia&country=JP$/);
    await expect(count(page)).toHaveText("2 negozi");
    expect(await cardNames(page)).toEqual(["Bottega Tokyo Ginza", "Bottega Tokyo Omotesando"]);
    await expect(page.getByLabel("Paese", { exact: true })).toHaveValue("JP");

    // Another continent: East Asia and Japan no longer fit, so they go.
    await choose(page, javaScriptEnabled, "Continente", "Europa (13)", /\/pages\/storelocator\?continent=europe$/);
    await expect(count(page)).toHaveText("13 negozi");
    await expect(page.getByLabel("Regione", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Paese", { exact: true })).toHaveValue("");
    expect(await optionsOf(page, "Regione")).toEqual([
      "Tutte le regioni",
      "Europa meridionale (8)",
      "Europa occidentale (3)",
      "Europa settentrionale (2)",
      "Europa orientale (0)",
    ]);

    await page.getByRole("link", { name: "Rimuovi i filtri" }).click();
    await arrived(page, /\/pages\/storelocator$/);
    await expect(count(page)).toHaveText("22 negozi");
  });

  test("a store card shows the address, a phone link, the opening hours and a map link for a new tab", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/pages/storelocator?country=IT");
    await expect(count(page)).toHaveText("6 negozi");
    const card = page.getByTestId("store-card").filter({ has: page.getByRole("heading", { name: "Bottega Milano Spiga" }) });
    await expect(card.locator("address")).toHaveText(/Via della Spiga 18\s*20121 Milano MI\s*Italia/);
    await expect(card.getByRole("link", { name: "+39 02 7600 4182" })).toHaveAttribute("href", "tel:+390276004182");
    const hours = card.getByRole("listitem");
    await expect(hours).toHaveText(["Lunedì15:00–19:30", "Martedì–Sabato10:00–19:30", "Domenica11:00–19:00"]);

    const map = card.getByRole("link", { name: "Vedi sulla mappa (Bottega Milano Spiga, si apre in una nuova scheda)" });
    await expect(map).toHaveAttribute("href", "https://www.google.com/maps/search/?api=1&query=Via%20della%20Spiga%2018%2C%2020121%20Milano%20MI%2C%20Italia");
    await expect(map).toHaveAttribute("target", "_blank");
    await expect(map).toHaveAttribute("rel", /noopener/);

    await visit(page, "/en/pages/storelocator?country=GB");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a store");
    await expect(count(page)).toHaveText("1 store");
    const london = page.getByTestId("store-card");
    await expect(london.locator("address")).toHaveText(/38 Mount Street\s*London W1K 2RN\s*United Kingdom/);
    await expect(london.getByRole("listitem")).toHaveText(["Monday–Saturday10:00–19:00", "Sunday12:00–18:00"]);
    await expect(london.getByRole("link", { name: "View on map (Bottega London, opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=38%20Mount%20Street%2C%20London%20W1K%202RN%2C%20United%20Kingdom",
    );
  });

  test("the map beside the list: one pin per store on it, each a link to its card; the countries beyond it named", async ({ page }) => {
    await visit(page, "/pages/storelocator");
    const map = page.getByRole("group", { name: "Mappa dei negozi in Italia e nei paesi vicini" });
    await expect(map.getByRole("link")).toHaveCount(8);
    const [mapBox, listBox] = [await map.boundingBox(), await page.getByTestId("store-list").boundingBox()];
    expect(mapBox!.x).toBeGreaterThanOrEqual(listBox!.x + listBox!.width);

    await map.getByRole("link", { name: "Bottega Napoli" }).click();
    await expect(page).toHaveURL(/\/pages\/storelocator#store-\d+$/);
    await expect(page.getByTestId("store-card").filter({ has: page.getByRole("heading", { name: "Bottega Napoli" }) })).toBeInViewport();

    const caption = page.getByTestId("store-map").locator("figcaption");
    await expect(caption).toContainText("8 negozi sulla mappa. Anche in: Spagna, Francia, Regno Unito, Danimarca");
    await caption.getByRole("link", { name: "Giappone" }).click();
    await expect(page.getByTestId("store-card").filter({ has: page.getByRole("heading", { name: "Bottega Tokyo Ginza" }) })).toBeInViewport();
  });

  // Without JavaScript the same form (the region select and its button) is the test above's.
  test("a region without stores says so and leads back to every store", { tag: "@no-js-elsewhere" }, async ({ page, javaScriptEnabled }) => {
    await visit(page, "/pages/storelocator?continent=europe");
    await choose(page, javaScriptEnabled, "Regione", "Europa orientale (0)", /\?continent=europe&region=eastern-europe$/);
    await expect(count(page)).toHaveText("0 negozi");
    await expect(page.getByTestId("empty-stores")).toContainText("Nessun negozio nella regione selezionata");
    expect(await optionsOf(page, "Paese")).toEqual(["Tutti i paesi"]);
    await page.getByTestId("empty-stores").getByRole("link", { name: "Vedi tutti i negozi" }).click();
    await arrived(page, /\/pages\/storelocator$/);
    await expect(page.getByTestId("store-card")).toHaveCount(22);

    await visit(page, "/en/pages/storelocator?region=eastern-europe");
    await expect(page.getByTestId("empty-stores")).toContainText("No stores in the selected region");
  });

  test("unknown or stale filters are dropped from the URL, never an error", { tag: "@server-html" }, async ({ page, request }) => {
    await visit(page, "/pages/storelocator?continent=atlantis&region=Nope&country=ZZZ");
    await expect(page).toHaveURL(/\/pages\/storelocator$/);
    await expect(count(page)).toHaveText("22 negozi");
    // France is not in Southern Europe; a lower-case code is read as upper case.
    await visit(page, "/pages/storelocator?continent=europe&region=southern-europe&country=FR");
    await expect(page).toHaveURL(/\?continent=europe&region=southern-europe$/);
    await visit(page, "/pages/storelocator?country=jp&utm_source=mail");
    await expect(page).toHaveURL(/\?country=JP&utm_source=mail$/);
    const response = await request.get("/pages/storelocator?continent=&region=&country=", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/pages/storelocator");
  });

  test("is indexable, with Italian and English alternates, and keeps the filters across languages", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/pages/storelocator?continent=asia");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page).toHaveTitle("Trova un negozio | Bottega");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/pages\/storelocator$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/en\/pages\/storelocator$/);
    await page.getByRole("banner").getByRole("link", { name: "Read this page in English" }).click();
    await arrived(page, /\/en\/pages\/storelocator\?continent=asia$/);
    await expect(page.getByLabel("Continent", { exact: true })).toHaveValue("asia");
    await expect(count(page)).toHaveText("5 stores");
  });
});

test.describe("store locator on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters and the store cards fit a phone", { tag: "@server-html" }, async ({ page, javaScriptEnabled }) => {
    await visit(page, "/pages/storelocator");
    // The map above the list, the page's width.
    const [mapBox, listBox] = [await page.getByTestId("store-map").boundingBox(), await page.getByTestId("store-list").boundingBox()];
    expect(mapBox!.y + mapBox!.height).toBeLessThanOrEqual(listBox!.y);
    expect(mapBox!.width).toBeGreaterThan(340);
    await choose(page, javaScriptEnabled, "Continente", "Nord America (4)", /\?continent=north-america$/);
    expect(await cardNames(page)).toEqual(["Bottega New York", "Bottega Los Angeles", "Bottega Toronto", "Bottega Ciudad de México"]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });
});
