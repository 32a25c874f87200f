import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import { BASE_URL, PORT } from "./e2e-env";
import { expect, test, waitForHydration } from "./fixtures";
import { shoot } from "./walk-shots";
import { shippingStepForm } from "../support/forms";

// Atelier's catalogue walk (issue 24), with JavaScript and without: an owner creates a product
// through the editor's own forms (names and Markdown descriptions in both languages, a
// category), sets its price, builds two colours × three sizes with SKUs and stock, uploads a
// photograph and waits for it to be processed, and publishes it. A shopper (a browser of their
// own) then finds it in its category, in search and in the sitemap, sees the photograph on its
// page and buys it as a guest by bank transfer. Last the owner lowers the price twice and the
// product page's Omnibus line names the lowest price of the 30 days before the reduction. The
// rules, guards and bad input of each form are the service and HTTP tests'.
//
// With WALK_SHOTS=<directory> the editor, the variants page and the photographs page are
// screenshot at 390 and 1440 px on the way (for a person to look at; nothing is compared).

const run = promisify(execFile);
const DB_FILE = path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`);
const env = { ...process.env, DATABASE_URL: `file:${DB_FILE}`, LOG_LEVEL: "warn", PUBLIC_URL: BASE_URL, MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `bottega-e2e-mail-${PORT}`) };
const PASSWORD = "tre parole lunghe per atelier";

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A new owner, signed in: the set-up link or an invitation (tests/support/atelier-owner-link.ts), the second factor enrolled. */
async function signInOwner(page: Page, email: string, mode: "setup" | "invite") {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/support/atelier-owner-link.ts", email, mode], { env });
  const link = stdout.trim().split("\n").pop()!;
  await page.goto(link);
  if (link.includes("/atelier/setup")) await page.locator('input[name="email"]').fill(email);
  await page.getByLabel("Nome e cognome").fill("Giovanna Bianchi");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Ripeti la password").fill(PASSWORD);
  await page.getByRole("button", { name: /Crea l'account/ }).click();
  await expect(page).toHaveURL(/\/atelier\/login\/enrol$/);
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Codice a 6 cifre").fill(code(secret));
  await page.getByRole("button", { name: "Conferma e continua" }).click();
  await expect(page).toHaveURL(/\/atelier\/login\/recovery-codes$/);
  await page.getByRole("link", { name: "Li ho salvati, vai ad Atelier" }).click();
  await expect(page).toHaveURL(/\/atelier$/);
}

/** A 1200 × 1500 photograph-like JPEG: a warm gradient with a darker band, made here. */
async function photograph(): Promise<Buffer> {
  const width = 1200;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const band = Math.abs(y - height / 2) < 120 ? 0.55 : 1;
      pixels[i] = Math.round((150 + (x / width) * 90) * band);
      pixels[i + 1] = Math.round((95 + (y / height) * 60) * band);
      pixels[i + 2] = Math.round(60 * band);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/** Posts a form as the shopper's browser does (its cookies), without following the redirect. */
function poster(request: import("@playwright/test").APIRequestContext) {
  return (url: string, form: Record<string, string>) => request.post(`${BASE_URL}${url}`, { headers: { Origin: BASE_URL }, form, maxRedirects: 0 });
}

async function shopperContext(browser: Browser, javaScriptEnabled: boolean) {
  return browser.newContext({ javaScriptEnabled, baseURL: BASE_URL, extraHTTPHeaders: { "X-Forwarded-For": `10.24.${javaScriptEnabled ? 1 : 2}.${process.pid % 250}` } });
}

test("an owner creates a product with two colours, three sizes and a photograph, publishes it; a shopper finds it, sees the photograph and buys it; a lower price shows the Omnibus line", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.slow();
  const mode = javaScriptEnabled ? "js" : "nojs";
  // A word no other product has, so that search and the category find this run's product.
  const tag = `${mode}${Date.now().toString(36)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
  const nameIt = `Cintura Ortensia ${tag}`;
  const nameEn = `Ortensia belt ${tag}`;
  const image = photograph();

  await signInOwner(page, `owner.catalogue.${tag}@bottega.test`, javaScriptEnabled ? "setup" : "invite");

  // --- The product's editor: Atelier → Prodotti → Nuovo prodotto.
  await page.getByRole("navigation").getByRole("link", { name: "Prodotti", exact: true }).click();
  await expect(page).toHaveURL(/\/atelier\/products$/);
  await page.getByRole("link", { name: "Nuovo prodotto" }).click();
  await expect(page).toHaveURL(/\/atelier\/products\/new$/);
  await waitForHydration(page);
  await page.getByLabel("Nome (Italiano)").fill(nameIt);
  await page.getByLabel("Nome (Inglese)").fill(nameEn);
  await page.getByLabel("Descrizione (Italiano)").fill(`Pelle **intrecciata** a mano, fibbia in ottone.\n\n- Altezza 3 cm\n- Fatta in Toscana`);
  await page.getByLabel("Descrizione (Inglese)").fill(`Hand-**woven** leather, brass buckle.\n\n- 3 cm wide\n- Made in Tuscany`);
  await page.getByLabel("Categoria").selectOption({ label: "Accessori › Cinture" });
  await page.getByRole("button", { name: "Crea il prodotto" }).first().click();
  await expect(page.getByText("Prodotto creato.")).toBeVisible();
  await expect(page).toHaveURL(/\/atelier\/products\/\d+$/);
  const productId = /\/atelier\/products\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nameIt);
  await expect(page.getByLabel("Descrizione (Italiano)")).toHaveValue(/Pelle \*\*intrecciata\*\*/);
  await shoot(page, `editor-${javaScriptEnabled ? "js" : "nojs"}`);

  // --- Variants and prices: the price, a first variant, two more sizes, a second colour.
  await page.getByRole("link", { name: "Varianti e prezzi (0)" }).click();
  await expect(page).toHaveURL(new RegExp(`/atelier/products/${productId}/variants$`));
  await waitForHydration(page);
  await page.getByLabel("Prezzo", { exact: true }).fill("120");
  await page.getByRole("button", { name: "Salva i prezzi" }).click();
  await expect(page.getByText("Prezzi salvati: il negozio li mostra già.")).toBeVisible();

  const matrix = page.getByRole("table", { name: /Varianti per colore e taglia/ });
  await page.getByLabel("Colore del negozio").selectOption({ label: "Tabacco" });
  await page.getByLabel("Taglia", { exact: true }).fill("S");
  await page.getByRole("button", { name: "Aggiungi la variante" }).click();
  await expect(matrix.getByRole("rowheader", { name: "Tabacco" })).toBeVisible();
  for (const size of ["M", "L"]) {
    await page.getByLabel("Taglia", { exact: true }).fill(size);
    await page.getByRole("button", { name: "Aggiungi la taglia" }).click();
    await expect(matrix.getByRole("columnheader", { name: size, exact: true })).toBeVisible();
    // Added: the field is empty again (with JavaScript too, where the page stays).
    await expect(page.getByLabel("Taglia", { exact: true })).toHaveValue("");
  }
  await page.getByLabel("Colore del negozio").selectOption({ label: "Nero" });
  await page.getByRole("button", { name: "Aggiungi il colore" }).click();
  await expect(matrix.getByRole("rowheader", { name: "Nero" })).toBeVisible();
  await expect(matrix.getByRole("textbox", { name: /^SKU,/ })).toHaveCount(6);

  // Every cell's SKU (this run's own) and stock, saved in one form.
  const skus: string[] = [];
  for (const color of ["Tabacco", "Nero"]) {
    for (const size of ["S", "M", "L"]) {
      const sku = `ORT-${tag}-${color.slice(0, 3)}-${size}`.toUpperCase();
      skus.push(sku);
      await matrix.getByLabel(`SKU, ${color}, taglia ${size}`).fill(sku);
      await matrix.getByLabel(`Disponibili, ${color}, taglia ${size}`).fill("4");
    }
  }
  await page.getByRole("button", { name: "Salva le varianti" }).click();
  await expect(page.getByText("Varianti salvate.")).toBeVisible();
  await expect(matrix.getByLabel("SKU, Nero, taglia L")).toHaveValue(skus[5]);
  await expect(matrix.getByLabel("Disponibili, Nero, taglia L")).toHaveValue("4");
  await shoot(page, `variants-${javaScriptEnabled ? "js" : "nojs"}`);

  // --- A photograph: uploaded, then processed off the request (with JavaScript the page looks
  // again by itself; without, the owner reloads it).
  await page.getByRole("link", { name: "Torna al prodotto" }).click();
  await page.getByRole("link", { name: "Fotografie" }).click();
  await expect(page).toHaveURL(new RegExp(`/atelier/products/${productId}/photos$`));
  await waitForHydration(page);
  const upload = page.getByRole("region", { name: "Aggiungi una foto" });
  await upload.getByLabel("Testo alternativo in italiano").fill("Cintura in pelle intrecciata color tabacco, arrotolata");
  await upload.getByLabel("Testo alternativo in inglese").fill("Tobacco woven leather belt, rolled up");
  await upload.getByLabel("Foto", { exact: true }).setInputFiles({ name: "cintura ortensia.jpg", mimeType: "image/jpeg", buffer: await image });
  await page.getByRole("button", { name: "Carica la foto" }).click();
  await expect(page.getByText("Foto caricata: è in elaborazione.")).toBeVisible();
  const photo = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Foto 1" }) });
  if (javaScriptEnabled) {
    await expect(photo.getByText("Pronta", { exact: true })).toBeVisible({ timeout: 30_000 });
  } else {
    await expect(async () => {
      await page.reload();
      await expect(photo.getByText("Pronta", { exact: true })).toBeVisible({ timeout: 500 });
    }).toPass({ intervals: [500, 1000, 1000, 2000], timeout: 30_000 });
  }
  await expect(photo.locator('img[src*="/media/p/"]')).toBeVisible();
  await shoot(page, `photos-${javaScriptEnabled ? "js" : "nojs"}`);

  // --- Published, from the editor.
  await page.getByRole("link", { name: "Torna al prodotto" }).click();
  await expect(page).toHaveURL(new RegExp(`/atelier/products/${productId}$`));
  await waitForHydration(page);
  await page.getByLabel("Stato").selectOption({ label: "Pubblicato" });
  await page.getByRole("button", { name: "Salva", exact: true }).first().click();
  await expect(page.getByText("Prodotto salvato.")).toBeVisible();
  const shopLink = page.getByRole("link", { name: "Vedi nel negozio" });
  await expect(shopLink).toBeVisible();
  const productPath = new URL((await shopLink.getAttribute("href"))!, BASE_URL).pathname;
  expect(productPath).toMatch(/^\/products\/cintura-ortensia-/);

  // --- A shopper, in a browser of their own.
  const shopper = await shopperContext(browser, javaScriptEnabled);
  try {
    const shop = await shopper.newPage();
    const productLink = shop.getByRole("main").getByRole("link", { name: nameIt });

    // In its category's listing and in search.
    await shop.goto("/categories/accessori/cinture");
    await expect(productLink).toBeVisible();
    await shop.goto(`/search?q=${encodeURIComponent(tag)}`);
    await expect(productLink).toBeVisible();

    // In the sitemap the index points to.
    const index = await (await shopper.request.get("/sitemap.xml")).text();
    const productsSitemap = /<loc>([^<]*products[^<]*)<\/loc>/.exec(index)?.[1];
    expect(productsSitemap, "the index names a products sitemap").toBeTruthy();
    const sitemap = await (await shopper.request.get(productsSitemap!)).text();
    expect(sitemap).toContain(`<loc>${BASE_URL}${productPath}</loc>`);

    // Its page, from the search result: the photograph, the Markdown, the price.
    await productLink.click();
    await expect(shop).toHaveURL(new RegExp(`${productPath}(\\?|$)`));
    await waitForHydration(shop);
    await expect(shop.getByRole("heading", { level: 1 })).toHaveText(nameIt);
    const gallery = shop.getByRole("main").locator('img[src*="/media/p/"]').first();
    await expect(gallery).toBeVisible();
    await expect(gallery).toHaveAttribute("alt", "Cintura in pelle intrecciata color tabacco, arrotolata");
    expect((await shopper.request.get(new URL((await gallery.getAttribute("src"))!, BASE_URL).href)).headers()["content-type"]).toMatch(/^image\//);
    await expect(shop.getByRole("main").locator("strong", { hasText: "intrecciata" })).toBeVisible();
    await expect(shop.getByRole("main").getByText("120,00 €").first()).toBeVisible();

    // Bought: a colour and size into the bag from its page, then the checkout's forms as a guest,
    // by bank transfer.
    await shop.goto(`${productPath}?color=nero&size=M`);
    await waitForHydration(shop);
    await shop.getByRole("button", { name: "Aggiungi al carrello" }).click();
    await expect(shop.getByTestId("notice").filter({ hasText: "Prodotto aggiunto al carrello!" })).toBeVisible();
    const post = poster(shopper.request);
    const email = `shopper.${tag}@example.com`;
    expect((await post("/checkout/registrationLogin", { intent: "guest", email, firstName: "Chiara", lastName: "Verdi" })).status()).toBe(303);
    expect((await post("/checkout", shippingStepForm({ "shipping.firstName": "Chiara", "shipping.lastName": "Verdi" }))).status()).toBe(303);
    expect((await post("/checkout/payment", { paymentMethod: "bankTransfer" })).status()).toBe(303);
    const review = await (await shopper.request.get("/checkout/review")).text();
    expect(review).toContain(nameIt);
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(review)![1];
    const placed = await post("/checkout/review", { acceptTerms: "on", orderKey: field("orderKey"), shownTotalCents: field("shownTotalCents") });
    expect(placed.status()).toBe(303);
    await shop.goto(placed.headers().location);
    await expect(shop.getByTestId("order-number")).toHaveText(/^BT\d{9}$/);
    await expect(shop.getByRole("main")).toContainText(nameIt);

    // --- The owner lowers the price: 120 → 105, then 90 with 120 crossed out. The Omnibus line
    // names the lowest price of the 30 days before this reduction: 105, not the crossed-out 120.
    await page.goto(`/atelier/products/${productId}/variants`);
    await waitForHydration(page);
    await page.getByLabel("Prezzo", { exact: true }).fill("105");
    await page.getByRole("button", { name: "Salva i prezzi" }).click();
    await expect(page.getByText("Prezzi salvati: il negozio li mostra già.")).toBeVisible();
    await expect(matrix.getByText("In negozio 105,00 €").first()).toBeVisible();
    await page.getByLabel("Prezzo", { exact: true }).fill("90");
    await page.getByLabel("Prezzo barrato").fill("120");
    await page.getByRole("button", { name: "Salva i prezzi" }).click();
    await expect(matrix.getByText("In negozio 90,00 €").first()).toBeVisible();

    await shop.goto(productPath);
    const price = shop.getByRole("main").getByText("90,00 €").first();
    await expect(price).toBeVisible();
    await expect(shop.getByRole("main").locator("s", { hasText: "120,00 €" }).first()).toBeVisible();
    await expect(shop.getByTestId("lowest-price").first()).toHaveText("Prezzo più basso degli ultimi 30 giorni: 105,00 €");
  } finally {
    await shopper.close();
  }
});
