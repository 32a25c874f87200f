import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "@playwright/test";
import { readMessage, startTestSmtpServer } from "../support/mail";
import { PORT } from "./e2e-env";
import { arrived, expect, expectAccessible, test, visit } from "./fixtures";

const run = promisify(execFile);

/** Every price a card shows first (the current price), in grid order, in cents. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("product-grid").locator("article").evaluateAll((cards) =>
    cards.map((card) => (card.textContent ?? "").match(/(\d{1,3}(?:\.\d{3})*),(\d{2})\s€/)?.slice(1, 3).join(",") ?? ""),
  );
  return texts.map((text) => Number(text.replace(/\./g, "").replace(",", "")));
}

/** Applies the listing form: with JavaScript a change applies by itself; without, the button. */
async function applyFilters(page: Page, javaScriptEnabled: boolean, change: () => Promise<void>, expectedUrl: RegExp) {
  await change();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Mostra i risultati" }).click();
  await arrived(page, expectedUrl);
}

const resultCount = (page: Page) => page.getByTestId("result-count");

/** The main content's heading levels in document order never skip a level on the way down. */
async function expectHeadingOrder(page: Page) {
  const levels = await page.getByRole("main").locator("h1, h2, h3, h4, h5, h6").evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  const jumps = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1] + 1 ? [`h${levels[i - 1]} → h${level}`] : []));
  expect(jumps).toEqual([]);
}
const countOf = async (locator: Locator) => Number((await locator.textContent())?.match(/\d+/)?.[0]);

test.describe("category listing (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  // Each step of the filter flow starts from its own URL (the state lives there) and makes one
  // navigation, so no test adds up the cost of many pages on a slow machine.
  test("filters by size: the size's count is the number of results", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/categories/donna");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Donna");
    await expectHeadingOrder(page);
    expect(await countOf(resultCount(page))).toBeGreaterThan(24);
    await expect(page.getByTestId("product-grid").locator("article")).toHaveCount(24);

    const sizeM = page.getByRole("checkbox", { name: /^M \(\d+\)$/ });
    const mCount = Number((await page.locator("label", { has: sizeM }).textContent())?.match(/\((\d+)\)/)?.[1]);
    await applyFilters(page, javaScriptEnabled, () => page.locator("label", { has: sizeM }).click(), /size=M/);
    await expect(resultCount(page)).toHaveText(`${mCount} prodotti`);
    await expect(page.getByRole("link", { name: "Rimuovi il filtro Taglia: M" })).toBeVisible();
  });

  test("adds a colour to the size, on the same variant", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/categories/donna?size=M");
    const nero = page.getByRole("checkbox", { name: /Nero/ });
    const neroCount = Number((await page.locator("label", { has: nero }).textContent())?.match(/\((\d+)\)/)?.[1]);
    // The colour's swatch is the visible label of a visually hidden checkbox: click what a person taps.
    await applyFilters(page, javaScriptEnabled, () => page.locator("label", { has: nero }).click(), /size=M&color=nero/);
    await expect(resultCount(page)).toHaveText(neroCount === 1 ? "1 prodotto" : `${neroCount} prodotti`);
    for (const alt of await page.getByTestId("product-grid").locator("img").evaluateAll((imgs) => imgs.filter((i) => !i.closest("[aria-hidden='true'], .card-image-hover")).map((i) => i.getAttribute("alt")))) {
      expect(alt).toMatch(/, Nero$/);
    }
  });

  test("removes every filter with one link", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/categories/donna?size=M&color=nero");
    const filtered = await countOf(resultCount(page));
    await page.getByRole("link", { name: "Rimuovi tutti i filtri" }).click();
    await arrived(page, /\/categories\/donna$/);
    expect(await countOf(resultCount(page))).toBeGreaterThan(filtered);
    await expect(page.getByRole("link", { name: /^Rimuovi il filtro/ })).toHaveCount(0);
  });

  test("sorts by price, lowest first", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/categories/donna");
    await applyFilters(page, javaScriptEnabled, async () => {
      await page.getByLabel("Ordina per").selectOption("price-asc");
    }, /sort=price-asc/);
    const prices = await cardPrices(page);
    expect(prices.length).toBe(24);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test("paginates with real links that keep the sort", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/categories/donna?sort=price-asc");
    const total = await countOf(resultCount(page));
    expect(total).toBeGreaterThan(24);
    const prices = await cardPrices(page);
    const pages = page.getByRole("navigation", { name: "Pagine dei risultati" });
    await pages.getByRole("link", { name: "Successiva" }).click();
    await arrived(page, /sort=price-asc&page=2/);
    await expect(pages.getByText("Pagina 2", { exact: true })).toHaveAttribute("aria-current", "page");
    const second = await cardPrices(page);
    expect(second[0]).toBeGreaterThanOrEqual(prices.at(-1)!);
    expect(second.length).toBe(total - 24);
  });

  test("reduced prices show the lowest price of the last 30 days", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/categories/donna?sale=1");
    const lowest = page.getByTestId("lowest-price");
    expect(await lowest.count()).toBe(await page.getByTestId("product-grid").locator("article").count());
    // On a card the line is short and on one line (the cards of a row keep one height); assistive
    // technology reads the whole sentence.
    await expect(lowest.first().getByText(/^Prezzo più basso degli ultimi 30 giorni: \d+,\d{2}\s€$/)).toHaveCount(1);
    await expect(lowest.first().locator('[aria-hidden="true"]')).toHaveText([/^Prezzo min\. 30 gg:$/, /^\s?\d+,\d{2}\s€$/]);
    for (const box of await lowest.evaluateAll((lines) => lines.map((line) => line.getBoundingClientRect().height))) expect(box).toBeLessThanOrEqual(17);
  });

  test("a filter that matches nothing says so and offers to clear the filters", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/categories/donna?min=5000&max=6000");
    await expect(page.getByTestId("empty-listing")).toContainText("Nessun prodotto disponibile");
    await page.getByTestId("empty-listing").getByRole("link", { name: "Rimuovi tutti i filtri" }).click();
    await arrived(page, /\/categories\/donna$/);
    await visit(page, "/en/categories/women?min=5000");
    await expect(page.getByTestId("empty-listing")).toContainText("No products available");
  });

  test("bad input never breaks the listing", { tag: "@server-html" }, async ({ page, request }) => {
    // Unknown values are ignored, a reversed price range is swapped.
    await visit(page, "/categories/donna?size=ZZZ&color=unicorn&sort=cheap&page=abc");
    await expect(page.getByTestId("product-grid").locator("article")).toHaveCount(24);
    await visit(page, "/categories/donna?min=300&max=100");
    for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(10000);
    await expect(page.getByLabel("Da (€)", { exact: true })).toHaveValue("100");
    await expect(page.getByLabel("A (€)", { exact: true })).toHaveValue("300");
    await expect(page.getByTestId("price-swapped")).toHaveText("Il prezzo minimo era più alto del massimo: li abbiamo invertiti.");
    // Past the last page, and an unknown category: the designed 404.
    expect((await request.get("/categories/donna?page=99")).status()).toBe(404);
    await visit(page, "/categories/donna/nope", { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina non trovata");
  });
});

test.describe("filters on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** "Filtri" and "Ordina" share the top row, and the first products start in the screen's upper half. */
  async function expectPhoneLayout(page: Page) {
    const filters = await page.getByTestId("filters-open").boundingBox();
    const sort = await page.getByLabel("Ordina per").boundingBox();
    expect(Math.abs(filters!.y + filters!.height / 2 - (sort!.y + sort!.height / 2))).toBeLessThan(2);
    expect(sort!.x).toBeGreaterThan(filters!.x + filters!.width - 1);
    const first = await page.getByTestId("product-grid").locator("article").first().boundingBox();
    expect(first!.y).toBeLessThan(844 / 2);
  }

  test("without JavaScript, the filters open as a sheet over the page and apply a size and a colour", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript the filters open in the drawer (the next test)");
    await visit(page, "/categories/uomo");
    await expectPhoneLayout(page);
    const sheet = page.getByRole("region", { name: "Filtri" });
    await expect(sheet).toBeHidden();
    await page.getByRole("link", { name: /^Filtri/ }).click();
    await expect(page).toHaveURL(/#filters$/);
    await expect(sheet).toBeVisible();
    await expectAccessible(page);
    // Size chips and colour swatches are the visible labels of visually hidden checkboxes: click what a person taps.
    await sheet.locator("label", { has: page.getByRole("checkbox", { name: /^L \(\d+\)$/ }) }).click();
    await sheet.locator("label", { has: page.getByRole("checkbox", { name: /^Nero \(\d+\)$/ }) }).click();
    await sheet.getByRole("button", { name: "Mostra i risultati" }).click();
    await arrived(page, /size=L&color=nero/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("link", { name: "Rimuovi il filtro Taglia: L" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rimuovi il filtro Colore: Nero" })).toBeVisible();
  });

  // The drawer is JavaScript's; the same choices without it are the test above's.
  test("the filter drawer: focus inside, a colour counted before it applies, Escape closes it", { tag: "@no-js-elsewhere" }, async ({ page }) => {
    await visit(page, "/categories/uomo");
    await expectPhoneLayout(page);
    const total = await countOf(resultCount(page));
    const opener = page.getByRole("button", { name: "Filtri", exact: true });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "Filtri" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Chiudi i filtri" })).toBeFocused();
    await expect(drawer.getByRole("button", { name: `Mostra ${total} risultati` })).toBeVisible();
    await expectAccessible(page);
    // A modal: the focus stays inside.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement === document.body || !!document.activeElement?.closest("dialog"))).toBe(true);
    }

    // (A locator inside `has` is relative to the label: from the page, not from the drawer.)
    const nero = page.getByRole("checkbox", { name: /^Nero \(\d+\)$/ });
    const neroCount = Number((await drawer.locator("label", { has: nero }).textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(neroCount).toBeLessThan(total);
    await drawer.locator("label", { has: nero }).click();
    await expect(nero).toBeChecked();
    // Counted, not applied: the page behind stays as it was until the button.
    const show = drawer.getByRole("button", { name: neroCount === 1 ? "Mostra 1 risultato" : `Mostra ${neroCount} risultati` });
    await expect(show).toBeVisible();
    await expect(page).toHaveURL(/\/categories\/uomo$/);
    await show.click();
    await arrived(page, /color=nero/);
    await expect(drawer).toBeHidden();
    await expect(resultCount(page)).toHaveText(neroCount === 1 ? "1 prodotto" : `${neroCount} prodotti`);
    await expect(page.getByRole("link", { name: "Rimuovi il filtro Colore: Nero" })).toBeVisible();
    const reopen = page.getByRole("button", { name: "Filtri (1)" });
    await expect(reopen).toBeFocused();

    // Escape closes it; what was chosen and not applied is forgotten; the focus goes back.
    await reopen.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("checkbox", { name: /^Nero / })).toBeChecked();
    await drawer.locator("label", { has: page.getByRole("checkbox", { name: /^L \(\d+\)$/ }) }).click();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(reopen).toBeFocused();
    await expect(page).not.toHaveURL(/size=L/);
    await expect(page.getByRole("link", { name: /^Rimuovi il filtro Taglia/ })).toHaveCount(0);
  });
});

test.describe("product page", () => {
  test("opens from the listing; colour and size go into the URL", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/categories/donna/abiti");
    const first = page.getByTestId("product-grid").locator("article").first();
    const name = (await first.getByRole("link").textContent())!;
    await first.getByRole("link").click();
    await arrived(page, /\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("navigation", { name: "Percorso" })).toContainText("Abiti");
    // Until a size is chosen the button says what it waits for (issue 40), and only the button.
    const addButton = page.getByRole("button", { name: "Scegli una taglia" });
    await expect(addButton).toBeDisabled();
    await expect(page.getByText("Scegli una taglia", { exact: true })).toHaveCount(1);
    // The pictures are one row beside the details now (issue 40: lookbook.spec.ts walks it), so
    // nothing scrolls past the details any more.
    if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { __e2eSamePage: true }));

    // Another colour.
    const swatches = page.getByRole("group", { name: /^Colore:/ }).getByRole("link");
    const second = swatches.nth(1);
    // Each swatch names its colour in text (visually hidden), a sold-out one adds so.
    const colorName = (await second.textContent())!.split(",")[0];
    await second.click();
    await arrived(page, /\?color=[a-z-]+$/);
    await expect(page.getByRole("group", { name: `Colore: ${colorName}` })).toBeVisible();
    await expect(page.getByRole("img").first()).toHaveAttribute("alt", new RegExp(`, ${colorName}, fronte$`));

    // A size that is in stock.
    const available = page.getByTestId("sizes").locator("a:not([data-sold-out])").first();
    const size = (await available.textContent())!.split(",")[0];
    await available.click();
    await arrived(page, new RegExp(`size=${size}$`));
    await expect(page.getByRole("group", { name: `Taglia: ${size}` })).toBeVisible();
    // The button's label follows the choice: it waits no more.
    await expect(page.getByRole("button", { name: "Aggiungi al carrello" })).toBeEnabled();
    if (javaScriptEnabled) expect(await page.evaluate(() => "__e2eSamePage" in window)).toBe(true);
  });

  test("has Product and BreadcrumbList structured data and a canonical without the selection", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/products/cardigan-in-cashmere?color=nero");
    const data = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = data.map((json) => JSON.parse(json)["@type"]);
    expect(types).toEqual(expect.arrayContaining(["BreadcrumbList"]));
    expect(types.some((type) => type === "Product" || type === "ProductGroup")).toBe(true);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\/cardigan-in-cashmere$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/en\/products\//);
    // The maker's contacts (GPSR art. 19) are on the page, not folded away.
    const safety = page.getByRole("region", { name: "Sicurezza del prodotto" });
    await expect(safety).toBeVisible();
    await expect(safety).toContainText("ProduttoreBottega S.r.l.Via della Spiga 12, 20121 Milano, Italia");
    await expect(safety.getByRole("link", { name: "sicurezza.prodotti@bottega.example" })).toHaveAttribute("href", "mailto:sicurezza.prodotti@bottega.example");
  });

  test.describe("on a phone (390×844)", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the way back to the category, the share link, and a quantity held to the size's stock", async ({ page, javaScriptEnabled }) => {
      // Three in stock: the stepper stops at three. One variant per project, so the runs never meet in a bag.
      const product = javaScriptEnabled ? "/products/pantaloni-ampi-in-lino?color=sabbia&size=M" : "/products/pantaloni-ampi-in-lino?color=avorio&size=M";
      await visit(page, product);
      const trail = page.getByRole("navigation", { name: "Percorso" });
      await expect(trail.getByRole("link", { name: "Pantaloni" })).toBeVisible();
      await expect(trail.getByRole("link", { name: "Donna" })).toBeHidden();
      await expect(trail.getByText("Pantaloni ampi in lino")).toBeHidden();
      const share = page.getByRole("link", { name: "Condividi" });
      await expect(share).toHaveAttribute("href", /^mailto:\?subject=Pantaloni%20ampi%20in%20lino&body=http%3A%2F%2Flocalhost%3A\d+%2Fproducts%2Fpantaloni-ampi-in-lino$/);
      // "Scegli una taglia" once, and only while no size is chosen.
      await expect(page.getByText("Scegli una taglia")).toHaveCount(0);

      const quantity = page.getByRole("spinbutton", { name: "Quantità" });
      await expect(quantity).toHaveValue("1");
      const stock = Number(await quantity.getAttribute("max"));
      expect(stock).toBeGreaterThan(1);
      if (javaScriptEnabled) {
        // The page's content is a lazy island (decision 034): the stepper's buttons come with its
        // code, which the first use loads (here the focus on the field, as a tap gives it).
        await quantity.focus();
        const less = page.getByRole("button", { name: "Diminuisci la quantità" });
        const more = page.getByRole("button", { name: "Aumenta la quantità" });
        await expect(less).toBeDisabled();
        for (const button of [less, more]) {
          const box = (await button.boundingBox())!;
          expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
        }
        for (let n = 2; n <= stock; n++) {
          await more.click();
          await expect(quantity).toHaveValue(String(n));
        }
        await expect(more).toBeDisabled();
        await less.click();
        await expect(quantity).toHaveValue(String(stock - 1));
        await expect(page.getByRole("status").filter({ hasText: `Quantità: ${stock - 1}` })).toBeAttached();
        await quantity.fill("2");
      } else {
        // Without JavaScript the number field is the whole control.
        await expect(page.getByRole("button", { name: /quantità/ })).toHaveCount(0);
        await quantity.fill("2");
      }
      await expectAccessible(page);
      await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
      await expect(page.getByTestId("notice").filter({ hasText: "Prodotto aggiunto al carrello!" })).toBeVisible();
      await expect(page.getByTestId("bag-count")).toHaveText("2");
    });
  });

  test("an unknown product is the designed 404", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/products/no-such-thing", { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina non trovata");
  });
});

test.describe("back in stock", () => {
  // A sold-out size of the deterministic demo catalogue.
  const SOLD_OUT = { path: "/products/abito-a-portafoglio-in-crepe?color=nero", size: "S" };

  test("a sold-out size offers the alert form; errors show at the field, then the request is saved", async ({ page, javaScriptEnabled }) => {
    await visit(page, SOLD_OUT.path);
    // "S" then the visually hidden ", esaurita" (Chromium puts a space between the two in the name).
    const soldOut = page.getByRole("link", { name: new RegExp(`^${SOLD_OUT.size} ?, esaurita$`) });
    await soldOut.click();
    await arrived(page, /size=S$/);
    const form = page.getByTestId("back-in-stock");
    await expect(form.getByRole("heading", { name: "Avvisami quando torna disponibile" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Aggiungi al carrello" })).toHaveCount(0);

    const email = form.getByLabel("Email", { exact: true });
    const privacy = form.getByRole("checkbox");
    await email.fill("mario@");
    await privacy.check();
    await form.getByRole("button", { name: "Avvisami" }).click();
    await expect(email).toHaveAccessibleDescription("La email inserita non è valida");
    await expect(email).toHaveValue("mario@");
    await expect(privacy).toBeChecked();
    await expectAccessible(page);

    await email.fill(`e2e.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`);
    await form.getByRole("button", { name: "Avvisami" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByTestId("back-in-stock-status")).toHaveText("Fatto: ti scriveremo appena la taglia torna disponibile.");
      await expect(page.getByTestId("back-in-stock-status")).toBeFocused();
    } else {
      await arrived(page, /size=S$/);
      await expect(page.getByRole("status", { name: "Notifiche" })).toContainText("Fatto: ti scriveremo appena la taglia torna disponibile.");
    }
  });

  // The command and its mail are the server's; the page only asks and then offers the bag again.
  // The alert form's post without JavaScript is the test above's.
  test("restocking with the stock command mails everyone waiting", { tag: "@no-js-elsewhere" }, async ({ page }) => {
    const variant = { sku: "RIBBED-MERINO-KNIT-DRESS-GRIGIO-MELANGE-M", path: "/products/abito-in-maglia-a-coste-di-merino?color=grigio-melange&size=M" };
    const smtp = await startTestSmtpServer();
    const stock = (quantity: number) =>
      run(process.execPath, ["--import", "tsx", "scripts/stock.ts", "set", variant.sku, String(quantity)], {
        env: {
          ...process.env,
          DATABASE_URL: `file:${path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`)}`,
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          PUBLIC_URL: `http://localhost:${PORT}`,
          LOG_LEVEL: "warn",
        },
      });
    try {
      // Sold out (again, should a retry find it restocked).
      await stock(0);
      const address = `restock.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
      await visit(page, variant.path);
      const form = page.getByTestId("back-in-stock");
      await form.getByLabel("Email", { exact: true }).fill(address);
      await form.getByRole("checkbox").check();
      await form.getByRole("button", { name: "Avvisami" }).click();
      await expect(page.getByTestId("back-in-stock-status")).not.toBeEmpty();

      const { stdout } = await stock(3);
      expect(stdout).toMatch(/0 → 3 \(\d+ alerts? sent\)/);
      const mailTo = () => smtp.received.find((mail) => mail.to.includes(address));
      await expect.poll(mailTo).toBeTruthy();
      const { subject, text } = readMessage(mailTo()!.raw);
      expect(subject).toBe("È tornato: Abito in maglia a coste di merino");
      expect(text).toContain(`http://localhost:${PORT}/products/abito-in-maglia-a-coste-di-merino`);

      // The size is back: the page offers the bag again.
      await visit(page, variant.path);
      await expect(page.getByRole("button", { name: "Aggiungi al carrello" })).toBeEnabled();
    } finally {
      await smtp.close();
    }
  });

  test("the JSON API answers 404 for an unknown SKU and 400 with the message for a bad email", { tag: "@server-html" }, async ({ request }) => {
    const unknown = await request.post("/api/backstock/create", { data: { sku: "NOPE", email: "a@example.com", privacy: true, language: "it" } });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Prodotto non disponibile" });
    const bad = await request.post("/api/backstock/create", { data: { sku: "CREPE-WRAP-DRESS-NERO-S", email: "x@", privacy: true, language: "en" } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).message).toBe("The email entered is not valid");
  });
});

test.describe("sitemaps and robots.txt", () => {
  test("are served as XML and text, the index listing the three sitemaps", { tag: "@server-html" }, async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: http://localhost:${PORT}/sitemap.xml`);
    const index = await request.get("/sitemap.xml");
    expect(index.headers()["content-type"]).toContain("application/xml");
    const body = await index.text();
    for (const name of ["categories", "pages", "products"]) expect(body).toContain(`/sitemap/${name}.xml`);
    const products = await request.get("/sitemap/products.xml");
    expect(await products.text()).toContain('hreflang="en"');
    expect((await request.get("/sitemap/nope.xml")).status()).toBe(404);
  });
});

test.describe("search (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Several searches and filtered pages, each checked by axe: close to 30 s on a busy 2-core run.
  test.describe.configure({ timeout: 60_000 });

  test("the header search finds accented names without accents and keeps the query through filters", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/");
    const header = page.getByRole("banner");
    await header.getByRole("searchbox", { name: "Cerca" }).fill("plisse");
    await header.getByRole("button", { name: "Cerca" }).click();
    await arrived(page, "/search?q=plisse");
    const grid = page.getByTestId("product-grid");
    await expect(grid.getByRole("link", { name: "Abito lungo plissé" })).toBeVisible();
    await expectHeadingOrder(page);

    // Filters keep the query.
    await applyFilters(page, javaScriptEnabled, () => page.getByRole("checkbox", { name: /^In saldo|^Solo disponibili/ }).first().check(), /q=plisse&/);
  });

  // The results pages as the server renders them (the form above leads to them).
  test("search ignores case and accents, in both languages, and says when nothing matches", { tag: "@server-html" }, async ({ page }) => {
    const grid = page.getByTestId("product-grid");
    await visit(page, "/search?q=MAGLIA");
    expect(await grid.locator("article").count()).toBeGreaterThan(0);
    await expect(grid.locator("article").first()).toContainText(/maglia/i);

    await visit(page, "/search?q=zzzzqqq");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Nessun risultato per «zzzzqqq»");

    await visit(page, "/search?q=decollete");
    await expect(page.getByTestId("product-grid").getByRole("link", { name: "Décolleté in pelle" })).toBeVisible();

    await visit(page, "/en/search?q=CREPE");
    await expect(page.getByTestId("product-grid").getByRole("link", { name: /Crêpe/ }).first()).toBeVisible();
  });
});
