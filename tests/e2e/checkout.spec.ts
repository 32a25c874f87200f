import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { BASE_URL, PORT } from "./e2e-env";
import { fillAddress } from "./checkout-address";
import { arrived, expect, expectAccessible, test, visit, waitForHydration } from "./fixtures";
import { receivedMail } from "./mailbox";
import { shippingStepForm } from "../support/forms";

// From the bag to a paid order, as shoppers do it, with JavaScript and without: the same forms.
// Rules and edge cases (totals, stock, keys, signatures, who sees an order) are the service and
// HTTP tests' business; here is what a browser shows: the steps, their errors next to the
// fields, the back button, the provider's page and the confirmation.

const PASSWORD = "una frase lunga e sicura";
let counter = 0;
const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`;
const main = (page: Page) => page.getByRole("main");

/** Adds a product page's chosen variant to the bag (the bag's own tests cover the drawer). */
async function addToBag(page: Page, productPath: string, javaScriptEnabled: boolean) {
  await page.goto(productPath);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
  await expect(page.getByTestId("notice").filter({ hasText: "Prodotto aggiunto al carrello!" })).toBeVisible();
  if (javaScriptEnabled) await page.keyboard.press("Escape");
}

/** The shop owner changes a price (straight in the e2e server's database: there is no back office yet). */
function raisePrice(size: string, cents: number) {
  const db = new Database(path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`));
  try {
    db.prepare(
      `update variants set price_cents = price_cents + ? where color_code = 'bordeaux' and size = ?
         and product_id = (select product_id from product_translations where slug = 'camicia-a-righe-in-cotone-oxford' and locale = 'it')`,
    ).run(cents, size);
  } finally {
    db.close();
  }
}

/** A page the first test already checked with axe: wait for it, without checking it again. */
async function reached(page: Page, url: string | RegExp) {
  await page.waitForURL(typeof url === "string" ? `${BASE_URL}${url}` : url);
  await waitForHydration(page);
}

async function placeOrder(page: Page) {
  await main(page).getByRole("checkbox", { name: /Ho letto e accetto/ }).check();
  await main(page).getByRole("button", { name: "Ordine con obbligo di pagamento" }).click();
}

test.describe("checkout", () => {
  // Seven or eight pages each, every one checked by axe.
  test.slow();

  test("a guest goes from the bag to a paid order: invoice checked, back button, sandbox payment, e-mail", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("guest");
    await addToBag(page, `/products/camicia-a-righe-in-cotone-oxford?color=celeste&size=${javaScriptEnabled ? "XS" : "S"}`, javaScriptEnabled);
    await page.goto("/cart");
    await main(page).getByRole("link", { name: "Procedi al checkout" }).click();
    await arrived(page, "/checkout/registrationLogin");

    const guest = main(page).getByRole("form", { name: "Continua come ospite" });
    await guest.getByLabel("Email *").fill(email);
    await guest.getByLabel("Nome *", { exact: true }).fill("Giulia");
    await guest.getByLabel("Cognome *", { exact: true }).fill("Rossi");
    await guest.getByRole("button", { name: "Continua come ospite" }).click();
    await arrived(page, "/checkout");

    await fillAddress(page);
    await main(page).getByRole("radio", { name: "Fattura a una persona (codice fiscale)" }).check();
    await main(page).getByLabel("Codice fiscale", { exact: true }).fill("RSSMRA85T10A562X");
    await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
    await expect(main(page).getByText("Il codice fiscale non è valido")).toBeVisible();
    await expect(main(page).getByLabel("Via *", { exact: true }).first()).toHaveValue("Via della Spiga");
    await main(page).getByLabel("Codice fiscale", { exact: true }).fill("rssmra85t10a562s");
    await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
    await arrived(page, "/checkout/payment");

    // The back button returns to the previous step with what was chosen there kept.
    await page.getByRole("link", { name: /Torna alla spedizione/ }).click();
    await reached(page, "/checkout");
    await expect(main(page).getByLabel("Codice fiscale", { exact: true })).toHaveValue("RSSMRA85T10A562S");
    await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
    await reached(page, "/checkout/payment");

    await main(page).getByRole("radio", { name: /Carta di credito o di debito/ }).check();
    await main(page).getByRole("button", { name: "Continua al riepilogo" }).click();
    await arrived(page, "/checkout/review");
    await expect(main(page).getByText("Codice fiscale RSSMRA85T10A562S")).toBeVisible();
    await expect(main(page).getByTestId("payment-warning")).toHaveText("Non chiudere la pagina finché il pagamento non è confermato.");
    await placeOrder(page);

    await arrived(page, /\/pay\/sandbox\/sbx_/);
    await main(page).getByRole("button", { name: /^Paga / }).click();
    await arrived(page, /\/checkout\/success\/\d+$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Grazie per il tuo ordine!");
    const number = await main(page).getByTestId("order-number").textContent();
    const mail = await receivedMail(email, new RegExp(`Il tuo ordine ${number}`));
    expect(mail.text).toContain("abbiamo ricevuto il pagamento del tuo ordine");

    // The bag is empty now, and the checkout sends the shopper away from it.
    await page.goto("/checkout/review");
    await page.waitForURL(`${BASE_URL}/`);
  });

  test("an account holder with a saved address: a declined payment, then a retry by another method", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("account");
    const registered = await page.request.post("/api/auth/register", {
      headers: { Origin: BASE_URL },
      data: { firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true },
    });
    expect(registered.status()).toBe(200);
    const saved = await page.request.post("/account/addresses", {
      headers: { Origin: BASE_URL },
      form: { intent: "save", firstName: "Chiara", lastName: "Verdi", street: "Corso Magenta", streetNumber: "5", city: "Milano", province: "MI", zip: "20123", country: "IT", phonePrefix: "+39", phone: "3471234567" },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    await addToBag(page, `/products/camicia-a-righe-in-cotone-oxford?color=bianco&size=${javaScriptEnabled ? "XS" : "S"}`, javaScriptEnabled);

    // An account holder skips Personal Info; the saved address is chosen already.
    await visit(page, "/checkout");
    await expect(main(page).getByRole("radio", { name: /Corso Magenta 5/ })).toBeChecked();
    await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
    await reached(page, "/checkout/payment");
    await main(page).getByRole("radio", { name: /Google Pay/ }).check();
    await main(page).getByRole("button", { name: "Continua al riepilogo" }).click();
    await reached(page, "/checkout/review");
    await expect(main(page).getByText("Corso Magenta 5")).toBeVisible();
    await placeOrder(page);

    await reached(page, /\/pay\/sandbox\//);
    await main(page).getByRole("button", { name: "Simula un pagamento rifiutato" }).click();
    await arrived(page, /\/checkout\/error\/\d+$/);
    await expect(main(page).getByRole("alert").filter({ hasText: "Siamo spiacenti ma il tuo pagamento non è andato a buon fine" })).toBeVisible();
    await main(page).getByRole("radio", { name: /Carta di credito o di debito/ }).check();
    await main(page).getByRole("button", { name: "Riprova il pagamento" }).click();
    await reached(page, /\/pay\/sandbox\//);
    await main(page).getByRole("button", { name: /^Paga / }).click();
    await arrived(page, /\/checkout\/success\/\d+$/);
    await expect(main(page).getByTestId("order-confirmation")).toHaveAttribute("data-state", "paid");
  });

  test("while a retry is under way, the last failure is not shown as its answer (issue 37)", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser shows the next page, not a pending state");
    await addToBag(page, "/products/camicia-a-righe-in-cotone-oxford?color=bianco&size=M", javaScriptEnabled);
    // The steps through the shop's own forms, as a browser without JavaScript posts them: a declined card.
    const post = (url: string, form: Record<string, string>) => page.request.post(url, { headers: { Origin: BASE_URL }, form, maxRedirects: 0 });
    await post("/checkout/registrationLogin", { intent: "guest", email: uniqueEmail("retry"), firstName: "Giulia", lastName: "Rossi" });
    expect((await post("/checkout", shippingStepForm({}))).status()).toBe(303);
    expect((await post("/checkout/payment", { paymentMethod: "card" })).status()).toBe(303);
    const review = await (await page.request.get("/checkout/review")).text();
    const placed = await post("/checkout/review", { acceptTerms: "on", orderKey: /name="orderKey" value="([^"]+)"/.exec(review)![1], shownTotalCents: /name="shownTotalCents" value="(\d+)"/.exec(review)![1] });
    const declined = await post(new URL(placed.headers().location!, BASE_URL).pathname, { outcome: "fail" });
    const errorPage = new URL(declined.headers().location!, BASE_URL).pathname;
    expect(errorPage).toMatch(/^\/checkout\/error\/\d+$/);

    await visit(page, errorPage);
    const failure = main(page).getByRole("alert").filter({ hasText: "Siamo spiacenti ma il tuo pagamento non è andato a buon fine" });
    await expect(failure).toBeVisible();
    // A slow network: the retry's post takes a while to answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${errorPage}*`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await main(page).getByRole("button", { name: "Riprova il pagamento" }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "Nuovo tentativo di pagamento in corso" })).toBeVisible();
    await expect(failure).toHaveCount(0);
    await expect(main(page).getByRole("button", { name: "Un momento…" })).toBeDisabled();
    release();
    await reached(page, /\/pay\/sandbox\//);
  });

  test("ships only to Italy, guards the steps, refuses a changed total, and takes a bank transfer", async ({ page, javaScriptEnabled }) => {
    const size = javaScriptEnabled ? "XS" : "S";
    await addToBag(page, `/products/camicia-a-righe-in-cotone-oxford?color=bordeaux&size=${size}`, javaScriptEnabled);
    // A later step before the earlier ones: the first incomplete step.
    await page.goto("/en/checkout/review");
    await reached(page, "/en/checkout/registrationLogin");
    const guest = main(page).getByRole("form", { name: "Continue as a guest" });
    await guest.getByLabel("Email *").fill(uniqueEmail("transfer"));
    await guest.getByLabel("First name *").fill("Anna");
    await guest.getByLabel("Last name *").fill("Bianchi");
    await guest.getByRole("button", { name: "Continue as a guest" }).click();
    await reached(page, "/en/checkout");
    await page.goto("/en/checkout/payment");
    await page.waitForURL(`${BASE_URL}/en/checkout`);

    await page.goto("/checkout");
    await fillAddress(page, { country: "Altro paese (spedizioni dallo shop europeo)" });
    await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
    await expect(main(page).getByText("Seleziona un paese tra quelli disponibili")).toBeVisible();
    await expect(main(page).getByTestId("eu-shop-pointer").getByRole("link", { name: "vai al negozio europeo" })).toBeVisible();
    await expectAccessible(page);
    await main(page).getByLabel("Paese *", { exact: true }).first().selectOption({ label: "Italia" });
    await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
    await reached(page, "/checkout/payment");

    await main(page).getByRole("radio", { name: /Bonifico bancario/ }).check();
    await main(page).getByRole("button", { name: "Continua al riepilogo" }).click();
    await reached(page, "/checkout/review");
    // The price changes while the shopper reads the review: the order is refused at the old total
    // and the review shows the new one, ready to be placed (with JavaScript: without a reload).
    const before = await main(page).getByTestId("review-total").textContent();
    raisePrice(size, 100);
    await placeOrder(page);
    await expect(main(page).getByText("Il totale del carrello e l'importo da pagare non corrispondono")).toBeVisible();
    await expect(main(page).getByTestId("review-total")).not.toHaveText(before!);
    await placeOrder(page);
    await arrived(page, /\/checkout\/success\/\d+$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Ordine ricevuto");
    await expect(main(page).getByTestId("bank-transfer")).toContainText("IT60X0542811101000000123456");
  });
  // Every test already fails on a console error (fixtures.ts: noPageErrors); this one walks the
  // bag and each checkout page on purpose, at a phone's width and a desktop's, each page loaded
  // as a new document (hydrated: React error #418 was seen on the bag), and says so itself.
  test("the bag, its drawer and every checkout page hydrate without an error in the console, on a phone and a desktop", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "hydration's errors are JavaScript's");
    // Twelve documents, six of them checked by axe.
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && errors.push(`${page.url()}: ${message.text()}`)));
    page.on("pageerror", (error) => void errors.push(`${page.url()}: uncaught ${error.message}`));
    const post = async (path: string, form: Record<string, string>) => expect((await page.request.post(path, { headers: { Origin: BASE_URL }, form, maxRedirects: 0 })).status()).toBe(303);
    /** The page as a new document at a phone's width (checked by axe there), then at a desktop's. */
    const atBothWidths = async (path: string) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await visit(page, path);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.reload();
      await waitForHydration(page);
    };

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/products/camicia-a-righe-in-cotone-oxford?color=bianco&size=M");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
    await expect(page.getByRole("dialog", { name: /^Il tuo carrello/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await atBothWidths("/cart");
    await expect(page.getByRole("heading", { name: "Completa il look" })).toBeVisible();
    await atBothWidths("/checkout/registrationLogin");
    await post("/checkout/registrationLogin", { intent: "guest", email: uniqueEmail("console"), firstName: "Giulia", lastName: "Rossi" });
    await atBothWidths("/checkout");
    await post("/checkout", shippingStepForm());
    await atBothWidths("/checkout/payment");
    await post("/checkout/payment", { paymentMethod: "bankTransfer" });
    await atBothWidths("/checkout/review");
    // On a phone the summary is a closed disclosure with the total; on a desktop it is open beside the form.
    await expect(main(page).getByTestId("order-summary").getByText("Subtotale")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    const summary = main(page).getByTestId("order-summary");
    await expect(summary.getByText("Subtotale")).toBeHidden();
    await expect(summary.getByTestId("order-summary-total")).toContainText(await main(page).getByTestId("review-total").innerText());
    await summary.locator("summary").click();
    await expect(summary.getByText("Subtotale")).toBeVisible();
    await placeOrder(page);
    await page.waitForURL(/\/checkout\/success\/\d+$/);
    await atBothWidths(new URL(page.url()).pathname);
    await expect(main(page).getByText("Grazie, Giulia")).toBeVisible();
    expect(errors, "errors in the browser's console").toEqual([]);
  });
});
