import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { BASE_URL, PORT } from "./e2e-env";
import { arrived, expect, test, visit, waitForHydration } from "./fixtures";
import { receivedMail } from "./mailbox";

// After the order, as shoppers see it with JavaScript and without: the account's order history
// and order page, a return request, ordering again with a line sold out since, and the withdrawal
// function for a guest (with a wrong email first). The orders are bought through the checkout's
// forms (its pages are checkout.spec.ts's business) and moved along with the owner's tool,
// `npm run orders`; the rules (windows, amounts, races) are the service and HTTP tests' business.

const run = promisify(execFile);
const env = { ...process.env, DATABASE_URL: `file:${path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`)}`, LOG_LEVEL: "warn", PUBLIC_URL: BASE_URL, MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `bottega-e2e-mail-${PORT}`) };
const PASSWORD = "una frase lunga e sicura";
let counter = 0;
const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`;
const main = (page: Page) => page.getByRole("main");

const ADDRESS = {
  addressChoice: "new",
  "shipping.firstName": "Chiara",
  "shipping.lastName": "Verdi",
  "shipping.street": "Corso Magenta",
  "shipping.streetNumber": "5",
  "shipping.city": "Milano",
  "shipping.province": "MI",
  "shipping.zip": "20123",
  "shipping.country": "IT",
  "shipping.phonePrefix": "+39",
  "shipping.phone": "3471234567",
  billingSame: "on",
  shippingMethod: "ups_standard",
  invoiceType: "none",
};

/**
 * A paid order of these lines, bought through the shop's own forms as a browser without
 * JavaScript posts them (in the page's cookie jar: the account signed in, or a guest), paid on the
 * sandbox provider's page. The checkout's pages themselves are checkout.spec.ts's business.
 */
async function purchase(page: Page, lines: { sku: string; quantity: number }[], guestEmail?: string) {
  const post = (url: string, form: Record<string, string>) => page.request.post(url, { headers: { Origin: BASE_URL }, form, maxRedirects: 0 });
  for (const line of lines) expect((await post("/cart", { intent: "add", sku: line.sku, quantity: String(line.quantity), redirectTo: "/cart" })).status()).toBe(303);
  if (guestEmail) expect((await post("/checkout/registrationLogin", { intent: "guest", email: guestEmail, firstName: "Chiara", lastName: "Verdi" })).status()).toBe(303);
  expect((await post("/checkout", ADDRESS)).status()).toBe(303);
  expect((await post("/checkout/payment", { paymentMethod: "card" })).status()).toBe(303);
  const review = await (await page.request.get("/checkout/review")).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(review)![1];
  const placed = await post("/checkout/review", { acceptTerms: "on", orderKey: field("orderKey"), shownTotalCents: field("shownTotalCents") });
  expect(placed.status()).toBe(303);
  const paid = await post(new URL(placed.headers().location).pathname, { outcome: "pay" });
  const success = new URL(paid.headers().location, BASE_URL).pathname;
  const id = Number(success.split("/").pop());
  const html = await (await page.request.get(success)).text();
  return { id, number: /data-testid="order-number">(BT\d{9})</.exec(html)![1] };
}

/** The owner sells out a size (straight in the e2e server's database: there is no back office yet). */
function soldOut(sku: string) {
  const db = new Database(path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`));
  try {
    db.prepare("update variants set stock = 0 where sku = ?").run(sku);
  } finally {
    db.close();
  }
}

/** The owner's tool, as the README shows it. */
const orders = (...args: string[]) => run(process.execPath, ["--import", "tsx", "scripts/orders.ts", ...args], { env });

/** Registers (and so signs in) an account holder through the JSON call the register page's form mirrors. */
async function accountHolder(page: Page) {
  const email = uniqueEmail("orders");
  const registered = await page.request.post("/api/auth/register", {
    headers: { Origin: BASE_URL },
    data: { firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true },
  });
  expect(registered.status()).toBe(200);
  return email;
}

test.describe("after the order", () => {
  // The owner's tool runs as its own process (twice in the first test): slow on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("the order history and the order page, then a return request once the parcel arrived", async ({ page, javaScriptEnabled }) => {
    const email = await accountHolder(page);
    const sku = javaScriptEnabled ? "WOOL-CREPE-A-LINE-DRESS-BORDEAUX-M" : "WOOL-CREPE-A-LINE-DRESS-BORDEAUX-XL";
    const order = await purchase(page, [{ sku, quantity: 2 }]);

    await visit(page, "/account/orders");
    const row = main(page).getByTestId("order-row").filter({ hasText: order.number });
    await expect(row).toContainText("2 articoli");
    await expect(row.getByTestId("order-statuses")).toContainText("Confermato");
    await expect(row.getByTestId("order-statuses")).toContainText("Da spedire");
    await row.getByRole("link", { name: `Dettagli dell'ordine ${order.number}` }).click();
    await arrived(page, `/account/orders/${order.id}`);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(`Ordine ${order.number}`);
    await expect(main(page).getByTestId("order-line")).toContainText("Abito");
    await expect(main(page).getByRole("heading", { name: "Richiedi un reso" })).toHaveCount(0);

    await orders("ship", order.number, "1Z999AA10123456784");
    await orders("deliver", order.number);
    await receivedMail(email, /è stato consegnato/);
    await page.reload();
    await waitForHydration(page);
    await expect(main(page).getByTestId("order-statuses").first()).toContainText("Consegnato");
    await expect(main(page)).toContainText("1Z999AA10123456784");

    // A quantity without a reason: the error next to the reason, the quantity kept.
    const line = main(page).getByTestId("return-line");
    await line.getByLabel("Quantità da restituire").selectOption("1");
    await main(page).getByRole("button", { name: "Richiedi il reso" }).click();
    await expect(line.getByLabel("Motivo")).toHaveAttribute("aria-invalid", "true");
    await expect(line).toContainText("Scegli il motivo del reso.");
    await expect(line.getByLabel("Quantità da restituire")).toHaveValue("1");
    await line.getByLabel("Motivo").selectOption({ label: "Troppo grande" });
    await main(page).getByRole("button", { name: "Richiedi il reso" }).click();
    await expect(page.getByTestId("notice")).toContainText("Richiesta di reso registrata: ti abbiamo inviato un'email con le istruzioni.");
    await expect(main(page).getByTestId("return-status")).toHaveText("Reso richiesto");
    const mail = await receivedMail(email, /Richiesta di reso/);
    expect(mail.text).toMatch(/Spese di spedizione del reso \(IVA inclusa\): −10,00\s€/);
  });

  test("ordering again puts what is still sold in the bag and names the line that is not", async ({ page, javaScriptEnabled }) => {
    await accountHolder(page);
    const [available, gone] = javaScriptEnabled
      ? ["WOOL-CREPE-A-LINE-DRESS-NERO-S", "WOOL-CREPE-A-LINE-DRESS-VERDE-BOSCO-S"]
      : ["WOOL-CREPE-A-LINE-DRESS-NERO-XL", "WOOL-CREPE-A-LINE-DRESS-VERDE-BOSCO-XS"];
    const order = await purchase(page, [
      { sku: available, quantity: 1 },
      { sku: gone, quantity: 1 },
    ]);
    soldOut(gone);
    await page.goto(`/account/orders/${order.id}`);
    await waitForHydration(page);
    await main(page).getByRole("button", { name: "Ordina di nuovo" }).click();
    await arrived(page, "/cart");
    await expect(page.getByTestId("notice").filter({ hasText: "Gli articoli dell'ordine sono nella shopping bag" })).toBeVisible();
    await expect(page.getByTestId("notice").filter({ hasText: /Non più disponibili: .*\(Verde bosco, (S|XS)\)/ })).toBeVisible();
    await expect(main(page).getByTestId("bag-line")).toHaveCount(1);
  });

  test("a guest withdraws by order number and email: a wrong email gets the one generic answer, then the confirmation and the acknowledgement", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("guest");
    const order = await purchase(page, [{ sku: javaScriptEnabled ? "WOOL-CREPE-A-LINE-DRESS-BORDEAUX-XS" : "WOOL-CREPE-A-LINE-DRESS-NERO-XS", quantity: 1 }], email);
    // Another device: the withdrawal needs no session, only the number and the email.
    await page.context().clearCookies();

    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Recedi dal contratto qui" }).click();
    await arrived(page, "/pages/recesso");
    const form = main(page).getByTestId("withdrawal-lookup");
    await form.getByLabel("Numero d'ordine").fill(order.number.toLowerCase());
    await form.getByLabel("Email usata per l'ordine").fill("someone.else@example.com");
    await form.getByRole("button", { name: "Continua" }).click();
    await expect(main(page)).toContainText("Non possiamo procedere con questi dati.");
    // The input is kept: only the email needs fixing.
    await expect(main(page).getByLabel("Numero d'ordine")).toHaveValue(order.number.toLowerCase());

    await main(page).getByLabel("Email usata per l'ordine").fill(email);
    await main(page).getByRole("button", { name: "Continua" }).click();
    const confirm = main(page).getByTestId("withdrawal-confirm");
    await expect(confirm.getByRole("heading")).toHaveText(`Conferma il recesso dall'ordine ${order.number}`);
    await expect(confirm).toContainText("L'ordine non è ancora partito");
    await confirm.getByRole("button", { name: "Conferma il recesso" }).click();
    await expect(confirm.getByLabel(`Dichiaro di recedere dal contratto di acquisto dell'ordine ${order.number}.`)).toHaveAttribute("aria-invalid", "true");
    await confirm.getByLabel(`Dichiaro di recedere dal contratto di acquisto dell'ordine ${order.number}.`).check();
    await confirm.getByRole("button", { name: "Conferma il recesso" }).click();
    const notices = page.getByTestId("notice");
    // The day's article follows the date ("il 7", but "l'8", "l'11"): either is the receipt.
    await expect(notices.first()).toContainText(new RegExp(`Abbiamo ricevuto il tuo recesso dall'ordine ${order.number} (il |l')\\d`));
    await expect(notices.nth(1)).toContainText("L'ordine è stato annullato.");
    const ack = await receivedMail(email, /conferma di ricezione/);
    expect(ack.text).toMatch(new RegExp(`ordine ${order.number} (il |l')\\d{1,2} \\w+ \\d{4}(,| alle ore) \\d{2}:\\d{2}`));
  });
});
