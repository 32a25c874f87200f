import type { Page, Request } from "@playwright/test";
import { BASE_URL } from "./e2e-env";
import { fillAddress } from "./checkout-address";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// Lite mode (docs/decisions/027): a shopper whose browser runs JavaScript chooses the footer's
// "Versione leggera", then browses, fills the bag, checks out and pays; from that choice on, the
// browser requests no script at all, and every page says it is the lite version. Leaving it
// brings the scripts back. The browser runs JavaScript here on purpose: without it nothing would
// differ (playwright.config.ts runs this spec once).

const LITE_MODE_PATH = "/preferenze/versione-leggera";
let counter = 0;
const uniqueEmail = () => `lite.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`;
const main = (page: Page) => page.getByRole("main");
const notice = (page: Page) => page.getByRole("complementary", { name: "Versione leggera: nessun JavaScript." });

/** Clicks what posts a form and waits for the next document to load (it may have the same address). */
async function submit(page: Page, click: () => Promise<void>) {
  const loaded = page.waitForEvent("load");
  await click();
  await loaded;
}

/** A lite page has loaded: the address, the notice, and axe's check (no hydration to wait for). */
async function arrivedLite(page: Page, url: string | RegExp) {
  await page.waitForURL(typeof url === "string" ? (current) => current.href === new URL(url, BASE_URL).href : url);
  await page.waitForLoadState("load");
  await expect(notice(page)).toBeVisible();
  await expect(notice(page).getByRole("button", { name: "Passa alla versione completa" })).toBeVisible();
  await expectAccessible(page);
}

test.describe("lite mode (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // A dozen pages, each checked by axe: past test.slow()'s 90 s on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test("with JavaScript on in the browser, a shopper picks the lite version and buys an order without a single script", async ({ page, javaScriptEnabled }) => {
    expect(javaScriptEnabled, "this spec is about a browser that would run scripts").toBe(true);
    // Every script the browser asks for once the lite form is posted (the post included).
    let liteChosen = false;
    const scriptsAfterChoice: string[] = [];
    page.on("request", (request: Request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === LITE_MODE_PATH) liteChosen = true;
      if (liteChosen && request.resourceType() === "script") scriptsAfterChoice.push(request.url());
    });

    // The full version first: hydrated, its scripts loaded.
    await page.goto("/");
    await waitForHydration(page);
    await expect(notice(page)).toHaveCount(0);
    await submit(page, () => page.getByRole("contentinfo").getByRole("button", { name: "Versione leggera" }).click());
    await arrivedLite(page, "/");
    expect(liteChosen).toBe(true);
    // No script element at all but the page's data (JSON-LD).
    expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    expect(await page.locator("link[rel='modulepreload']").count()).toBe(0);

    // Browsing: the header's search, a result, a variant.
    const header = page.getByRole("banner");
    await header.getByRole("searchbox", { name: "Cerca" }).fill("oxford");
    await header.getByRole("button", { name: "Cerca" }).click();
    await arrivedLite(page, "/search?q=oxford");
    await page.getByTestId("product-grid").getByRole("link", { name: "Camicia a righe in cotone oxford" }).first().click();
    await arrivedLite(page, /\/products\/camicia-a-righe-in-cotone-oxford/);
    const productPath = "/products/camicia-a-righe-in-cotone-oxford?color=celeste&size=M";
    await page.goto(productPath);
    await arrivedLite(page, productPath);
    await submit(page, () => page.getByRole("button", { name: "Aggiungi al carrello" }).click());
    await arrivedLite(page, productPath);
    await expect(page.getByTestId("notice").filter({ hasText: "Prodotto aggiunto al carrello!" })).toBeVisible();
    await expect(page.getByTestId("bag-count")).toHaveText("1");

    // The bag and the checkout, as without JavaScript.
    await page.getByTestId("bag-link").click();
    await arrivedLite(page, "/cart");
    await main(page).getByRole("link", { name: "Procedi al checkout" }).click();
    await arrivedLite(page, "/checkout/registrationLogin");
    const guest = main(page).getByRole("form", { name: "Continua come ospite" });
    await guest.getByLabel("Email *").fill(uniqueEmail());
    await guest.getByLabel("Nome *", { exact: true }).fill("Giulia");
    await guest.getByLabel("Cognome *", { exact: true }).fill("Rossi");
    await guest.getByRole("button", { name: "Continua come ospite" }).click();
    await arrivedLite(page, "/checkout");
    await fillAddress(page);
    await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
    await arrivedLite(page, "/checkout/payment");
    await main(page).getByRole("radio", { name: /Carta di credito o di debito/ }).check();
    await main(page).getByRole("button", { name: "Continua al riepilogo" }).click();
    await arrivedLite(page, "/checkout/review");
    await main(page).getByRole("checkbox", { name: /Ho letto e accetto/ }).check();
    await main(page).getByRole("button", { name: "Ordine con obbligo di pagamento" }).click();
    await arrivedLite(page, /\/pay\/sandbox\/sbx_/);
    await main(page).getByRole("button", { name: /^Paga / }).click();
    await arrivedLite(page, /\/checkout\/success\/\d+$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Grazie per il tuo ordine!");
    await expect(main(page).getByTestId("order-confirmation")).toHaveAttribute("data-state", "paid");

    expect(scriptsAfterChoice, "scripts requested in lite mode").toEqual([]);

    // The way out: the full version again, hydrated, on the same page (which proves the watch above sees scripts).
    const confirmation = page.url();
    await submit(page, () => notice(page).getByRole("button", { name: "Passa alla versione completa" }).click());
    expect(page.url()).toBe(confirmation);
    await waitForHydration(page);
    await expect(notice(page)).toHaveCount(0);
    expect(scriptsAfterChoice.length, "scripts requested in the full version").toBeGreaterThan(0);
  });
});
