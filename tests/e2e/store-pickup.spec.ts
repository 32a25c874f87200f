import type { Page } from "@playwright/test";
import { fillAddress } from "./checkout-address";
import { BASE_URL } from "./e2e-env";
import { signInNewMember } from "./atelier-member";
import { arrived, expect, expectAccessible, test, visit } from "./fixtures";
import { shoot } from "./walk-shots";
import { receivedMail } from "./mailbox";

// Issue 41's walk, as a shopper and a staff member without JavaScript: a piece hearted as a
// guest, the sign-in that keeps it, the wishlist, the checkout with pick-up in a store (the store
// list shown by CSS alone), the confirmation that says where, Atelier's "ready" and "collected"
// steps, and the e-mails of each. The rules (the race for a store's last pieces, the uncollected
// order's cancellation) are tests/http/store-pickup.test.ts's business. With WALK_SHOTS=<directory>
// the success page and Atelier's order are screenshot at 390 and 1440 px (for a person to look at).

const PASSWORD = "una frase lunga e sicura";
const PRODUCT = "/products/cardigan-in-cashmere";
const main = (page: Page) => page.getByRole("main");

test("heart a piece as a guest, sign in, buy it from the wishlist with pick-up in a store; Atelier marks it ready and collected; the e-mails arrive", async ({ page, browser, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the walk without JavaScript; with it the same forms are enhanced (wishlist.spec.ts, checkout.spec.ts)");
  // Ten pages checked by axe, a staff member's sign-in and four e-mails.
  test.setTimeout(180_000);
  const email = `pickup.${Date.now().toString(36)}.${process.pid}@example.com`;
  // The account exists already (made elsewhere): the walk starts as a guest.
  const registered = await page.request.post("/api/auth/register", {
    headers: { Origin: BASE_URL },
    data: { firstName: "Chiara", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true },
  });
  expect(registered.status()).toBe(200);
  expect((await page.request.post("/api/auth/logout", { headers: { Origin: BASE_URL }, data: {} })).status()).toBe(200);

  // A guest hearts the piece on its page.
  await visit(page, PRODUCT);
  const name = (await main(page).getByRole("heading", { level: 1 }).textContent())!.trim();
  await main(page).getByRole("button", { name: `Aggiungi ${name} ai preferiti` }).first().click();
  await arrived(page, new RegExp(`${PRODUCT}`));
  await expect(page.getByTestId("notice").filter({ hasText: "Aggiunto ai preferiti." })).toBeVisible();

  // Signs in: the piece joins the account's list.
  await visit(page, "/login");
  await main(page).getByLabel("Email", { exact: true }).fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main(page).getByRole("button", { name: "Accedi" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.getByTestId("wishlist-link").first().click();
  await arrived(page, /\/preferiti$/);
  const item = page.getByTestId("wishlist-item");
  await expect(item.getByRole("heading", { level: 2 })).toHaveText(name);
  await item.getByRole("button", { name: /^Aggiungi al carrello la taglia / }).first().click();
  await arrived(page, /\/preferiti$/);
  await expect(page.getByTestId("bag-count")).toHaveText("1");

  // The checkout: pick-up in a store, chosen without JavaScript (CSS shows the stores).
  await visit(page, "/checkout");
  await fillAddress(page);
  const stores = main(page).getByRole("group", { name: "Negozio del ritiro" });
  await expect(stores).toBeHidden();
  await main(page).getByLabel(/^Ritiro in negozio/).check();
  await expect(stores).toBeVisible();
  const store = stores.getByRole("radio").first();
  const storeName = (await stores.locator("label").first().locator(".font-medium").textContent())!.trim();
  await store.check();
  await main(page).getByRole("button", { name: "Continua al pagamento" }).click();
  await arrived(page, /\/checkout\/payment$/);
  await main(page).getByLabel(/^Carta/).first().check();
  await main(page).getByRole("button", { name: /^Continua/ }).click();
  await arrived(page, /\/checkout\/review$/);
  await expect(main(page).getByRole("heading", { name: "Ritiro in negozio" })).toBeVisible();
  await expect(main(page).getByText(storeName)).toBeVisible();
  await main(page).getByLabel(/Ho letto e accetto/).check();
  await main(page).getByRole("button", { name: /^Ordine con obbligo di pagamento/ }).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await main(page).getByRole("button", { name: /^Paga / }).click();
  await arrived(page, /\/checkout\/success\/\d+$/);
  await expect(main(page).getByRole("heading", { name: "Ritiro in negozio" })).toBeVisible();
  await expect(main(page).getByText(storeName)).toBeVisible();
  const orderId = page.url().split("/").pop()!;
  await shoot(page, "pickup-success");
  const confirmation = await receivedMail(email, /Ordine|ordine/);
  expect(confirmation.text).toContain(`Ritiro in negozio: ${storeName}`);

  // Atelier, in its own browser: ready, then collected, each with its e-mail.
  const staff = await browser.newPage({ javaScriptEnabled: false });
  await signInNewMember(staff, `pickup-staff-${Date.now()}@bottega.test`, "Marta Ferri");
  await staff.goto(`/atelier/orders/${orderId}`);
  await expect(staff.getByText(storeName).first()).toBeVisible();
  await expect(staff.getByRole("button", { name: "Segna come spedito" })).toHaveCount(0);
  await staff.getByRole("button", { name: "Segna come pronto per il ritiro" }).click();
  await expect(staff.getByText("Ordine pronto per il ritiro")).toBeVisible();
  await shoot(staff, "pickup-desk");
  await expectAccessible(staff);
  const ready = await receivedMail(email, /pronto per il ritiro/);
  expect(ready.text).toContain(storeName);
  expect(ready.text).toContain("Orari di apertura:");
  expect(ready.text).toContain("https://www.google.com/maps/search/");
  await staff.getByRole("button", { name: "Segna come ritirato" }).click();
  await expect(staff.getByText("Ordine ritirato.")).toBeVisible();
  await receivedMail(email, /Hai ritirato il tuo ordine/);
  await staff.close();

  // The shopper's order page says where it was collected.
  await visit(page, `/account/orders/${orderId}`);
  await expect(main(page).getByText(storeName)).toBeVisible();
});
