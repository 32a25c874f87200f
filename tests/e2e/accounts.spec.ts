import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { BASE_URL, PORT } from "./e2e-env";
import { arrived, expect, test, visit } from "./fixtures";
import { receivedMail } from "./mailbox";

// Accounts end to end: register, log out, log in, a lost password reset through the e-mailed
// link, the address book, deleting the account, the login rate limit, and the old cookie refused
// after logout. Register and login run with JavaScript and without; the other flows' no-JS posts
// are the HTTP tests' (tests/http/accounts.test.ts posts the same forms and follows their
// redirects), so they run with JavaScript only (@no-js-elsewhere). The redirect rules of spec §2
// are server redirects: the HTTP tests check them, the login form's way back included. Notices
// are checked as present, not visible: with JavaScript a success toast fades after 8 s, which a
// slow run's accessibility checks can outlast.

// Each flow signs up and in: a few password hashes (≈0.3–0.7 s each here) and several pages.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = "una frase lunga e sicura";
let counter = 0;
const uniqueEmail = () => `account.${Date.now().toString(36)}.${process.pid}.${counter++}.${Math.random().toString(36).slice(2, 7)}@example.com`;
const main = (page: Page) => page.getByRole("main");
const fieldError = (page: Page, text: string) => main(page).getByText(text, { exact: true });

async function fillRegistration(page: Page, email: string, overrides: Partial<Record<"firstName" | "confirm" | "day", string>> = {}) {
  const form = main(page);
  await form.getByLabel("Nome *", { exact: true }).fill(overrides.firstName ?? "Giulia");
  await form.getByLabel("Cognome *", { exact: true }).fill("Verdi");
  await form.getByLabel("Email *", { exact: true }).fill(email);
  await form.getByLabel("Password *", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Conferma password *", { exact: true }).fill(overrides.confirm ?? PASSWORD);
  await form.getByLabel("Giorno", { exact: true }).fill(overrides.day ?? "12");
  await form.getByLabel("Mese", { exact: true }).fill("6");
  await form.getByLabel("Anno", { exact: true }).fill("1991");
  await form.getByRole("radio", { name: "Donna" }).last().check();
  await form.getByRole("checkbox", { name: /informativa sulla privacy/ }).check();
}

/**
 * An account holder, signed in, made through the JSON call on the page's own cookie jar (the
 * registration form itself is the first test's subject; here it would only cost time).
 */
async function register(page: Page, email: string) {
  const answer = await page.request.post("/api/auth/register", {
    headers: { Origin: BASE_URL },
    data: { firstName: "Giulia", lastName: "Verdi", email, password: PASSWORD, confirmPassword: PASSWORD, birthDay: "12", birthMonth: "6", birthYear: "1991", interests: "woman", privacy: true },
  });
  expect(answer.status()).toBe(200);
}

/** Signs out through the JSON call (the logout button is the second test's subject). */
async function signOut(page: Page) {
  expect((await page.request.post("/api/auth/logout", { headers: { Origin: BASE_URL }, data: {} })).status()).toBe(200);
}

/** A flow whose no-JavaScript posts tests/http/accounts.test.ts makes (see the top of the file). */
const NO_JS_OVER_HTTP = { tag: "@no-js-elsewhere" };

async function login(page: Page, email: string, password: string) {
  await main(page).getByLabel("Email", { exact: true }).fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(password);
  await main(page).getByRole("button", { name: "Accedi" }).click();
}

test("register: each validation error next to its field, then success with the avatar in the header", async ({ page }) => {
  await visit(page, "/login/register");
  const form = main(page);
  // Without a browser's own checks in the way (the no-JS page keeps them): the server's answers.
  await form.evaluate((el) => el.querySelector("form")?.setAttribute("novalidate", ""));
  await form.getByLabel("Nome *", { exact: true }).fill("Al3");
  await form.getByLabel("Email *", { exact: true }).fill("non-una-email");
  await form.getByLabel("Password *", { exact: true }).fill("corta");
  await form.getByLabel("Conferma password *", { exact: true }).fill("diversa");
  await form.getByLabel("Giorno", { exact: true }).fill("x");
  await form.getByRole("button", { name: "Registrati" }).click();
  for (const message of [
    "Usa solo lettere, spazi, apostrofi, trattini e punti",
    "La email inserita non è valida",
    "La password inserita non è valida",
    "Le 2 password non coincidono",
    "Devi inserire massimo 2 numeri",
    "È necessario accettare la privacy",
  ]) {
    await expect(fieldError(page, message)).toBeVisible();
  }
  // The first field to fix has focus; the typed email is kept (the server never sends passwords
  // back: tests/http/accounts.test.ts).
  await expect(form.getByLabel("Nome *", { exact: true })).toBeFocused();
  await expect(form.getByLabel("Nome *", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Email *", { exact: true })).toHaveValue("non-una-email");

  const email = uniqueEmail();
  await fillRegistration(page, email, { day: "31" });
  await form.getByLabel("Mese", { exact: true }).fill("2");
  await form.getByRole("button", { name: "Registrati" }).click();
  await expect(fieldError(page, "La data di nascita non è valida")).toBeVisible();

  await fillRegistration(page, email);
  await form.getByRole("button", { name: "Registrati" }).click();
  await arrived(page, "/");
  await expect(page.getByText("Benvenuto in Bottega! Il tuo account è pronto.")).toBeAttached();
  const account = page.getByRole("banner").getByRole("link", { name: "Il mio account" });
  await expect(account).toHaveAttribute("href", "/account");
  await expect(account).toHaveText("G");
  await expect((await receivedMail(email, /Benvenuto in Bottega, Giulia/)).text).toContain(`${BASE_URL}/account`);
});

test("logout (the old cookie refused afterwards), then login: a wrong password gets one generic error, the right one opens the account", async ({ page, request }) => {
  const email = uniqueEmail();
  await register(page, email);
  const [session] = (await page.context().cookies()).filter((c) => c.name === "__session");
  await visit(page, "/account");
  await expect(page.getByText("Ciao, Giulia")).toBeVisible();
  await main(page).getByRole("button", { name: "Esci" }).click();
  await arrived(page, "/");
  await expect(page.getByText("Sei uscito dal tuo account.")).toBeAttached();

  // A copy of the cookie taken before the logout opens nothing: the session row is gone (sent
  // as a browser sends it, by a client of its own; a second browser adds only its start-up).
  const stolen = await request.get("/account", { headers: { Cookie: `${session.name}=${session.value}` }, maxRedirects: 0 });
  expect(stolen.status()).toBe(302);
  expect(stolen.headers().location).toBe("/login");

  await expect(page.getByRole("banner").getByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/login");

  await page.getByRole("banner").getByRole("link", { name: "Accedi" }).click();
  await arrived(page, "/login");
  await login(page, email, "password sbagliata");
  await expect(main(page).getByRole("alert")).toHaveText("Email o password non corrette.");
  await expect(main(page).getByLabel("Email", { exact: true })).toHaveValue(email);
  await login(page, email, PASSWORD);
  await arrived(page, "/");
  await expect(page.getByText("Bentornato! Hai effettuato l'accesso.")).toBeAttached();
});

test("lost password: the e-mailed link resets it once, and the new password signs in", NO_JS_OVER_HTTP, async ({ page }) => {
  const email = uniqueEmail();
  await register(page, email);
  await signOut(page);

  await visit(page, "/login");
  await main(page).getByRole("link", { name: "Hai dimenticato la password?" }).click();
  await arrived(page, "/login/lost-password");
  await main(page).getByLabel("Email", { exact: true }).fill(email);
  await main(page).getByRole("button", { name: "Invia il link" }).click();
  await expect(page.getByTestId("notice")).toContainText("Se l'indirizzo corrisponde a un account");

  const mail = await receivedMail(email, /Reimposta la tua password/);
  const link = /(http:\/\/\S+\/login\/reset\?token=[\w-]+)/.exec(mail.text)![1];
  await visit(page, link);
  await main(page).getByLabel("Nuova password *", { exact: true }).fill("la mia nuova frase");
  await main(page).getByLabel("Conferma la nuova password *", { exact: true }).fill("la mia nuova frase");
  await main(page).getByRole("button", { name: "Salva la nuova password" }).click();
  await arrived(page, "/login");
  await expect(page.getByText("Password aggiornata. Accedi con la nuova password.")).toBeAttached();

  await login(page, email, "la mia nuova frase");
  await arrived(page, "/");
  await visit(page, link);
  await expect(main(page).getByRole("alert")).toContainText("non è valido o è scaduto");
});

test("the login rate limit answers 429 with a localized message", NO_JS_OVER_HTTP, async ({ page, clientIp }) => {
  await visit(page, "/en/login");
  await main(page).getByLabel("Email", { exact: true }).fill("nobody@example.com");
  await main(page).getByLabel("Password", { exact: true }).fill("wrong");
  // This client has used up its tries in the current minute (the counting itself, hash after
  // hash, is tested at the HTTP level: tests/http/accounts.test.ts). The limiter's windows are
  // whole minutes: too close to the next one, wait for it, so the click lands in the same window.
  const second = new Date().getUTCSeconds();
  if (second >= 50) await page.waitForTimeout((61 - second) * 1000);
  useUpLoginTries(clientIp);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await expect(main(page).getByRole("alert")).toHaveText("Too many attempts. Please try again in a few minutes.");
});

/** Sets the login limiter's counter of a client to ten tries in this minute (the e2e server's SQLite file). */
function useUpLoginTries(clientIp: string) {
  const db = new Database(path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const windowStart = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    db.prepare("insert into rate_limits (key, window_start, hits) values (?, ?, 10) on conflict (key) do update set window_start = excluded.window_start, hits = 10").run(
      `login:${clientIp}`,
      windowStart,
    );
  } finally {
    db.close();
  }
}

test("the address book: add (with the spec's messages), edit, delete", NO_JS_OVER_HTTP, async ({ page }) => {
  await register(page, uniqueEmail());
  await visit(page, "/account/addresses");
  await expect(main(page).getByTestId("addresses-empty")).toContainText("Nessun indirizzo salvato nell'account");
  const form = main(page).locator("form").filter({ has: page.getByRole("button", { name: "Salva l'indirizzo" }) });
  await form.evaluate((el) => el.setAttribute("novalidate", ""));
  await form.getByLabel("Nome *", { exact: true }).fill("Giulia");
  await form.getByLabel("Cognome *", { exact: true }).fill("Verdi");
  await form.getByLabel("Via *", { exact: true }).fill("Via della Spiga");
  await form.getByLabel("Città *", { exact: true }).fill("Milano");
  await form.getByLabel("Provincia *", { exact: true }).selectOption("MI");
  await form.getByLabel("CAP *", { exact: true }).fill("20121");
  await form.getByLabel("Paese *", { exact: true }).selectOption("EU");
  await form.getByRole("button", { name: "Salva l'indirizzo" }).click();
  for (const message of ["Il numero civico è obbligatorio!", "Il numero di telefono è obbligatorio", "Seleziona un paese tra quelli disponibili"]) {
    await expect(fieldError(page, message)).toBeVisible();
  }
  await expect(form.getByLabel("Via *", { exact: true })).toHaveValue("Via della Spiga");

  await form.getByLabel("Numero civico *", { exact: true }).fill("12");
  await form.getByLabel("Paese *", { exact: true }).selectOption("IT");
  await form.getByLabel("Telefono *", { exact: true }).fill("333 1234567");
  await form.getByRole("button", { name: "Salva l'indirizzo" }).click();
  const card = main(page).getByTestId("address");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Via della Spiga 12");
  await expect(card).toContainText("Predefinito");

  await card.getByRole("link", { name: "Modifica l'indirizzo di Giulia Verdi" }).click();
  await expect(main(page).getByRole("heading", { name: "Modifica l'indirizzo" })).toBeVisible();
  await main(page).getByLabel("Via *", { exact: true }).fill("Corso Como");
  await main(page).getByRole("button", { name: "Salva l'indirizzo" }).click();
  await expect(card).toContainText("Corso Como 12");

  await card.getByRole("button", { name: "Elimina l'indirizzo di Giulia Verdi" }).click();
  await expect(main(page).getByTestId("addresses-empty")).toBeVisible();
});

test("deleting the account asks for the password, signs out, and the account is gone", NO_JS_OVER_HTTP, async ({ page }) => {
  const email = uniqueEmail();
  await register(page, email);
  await visit(page, "/account");
  const section = main(page).getByRole("region", { name: "Elimina il tuo account" });
  await section.getByLabel("Conferma con la tua password *", { exact: true }).fill("sbagliata");
  await section.getByRole("button", { name: "Elimina definitivamente l'account" }).click();
  await expect(section.getByText("La password attuale non è corretta.")).toBeVisible();
  await section.getByLabel("Conferma con la tua password *", { exact: true }).fill(PASSWORD);
  await section.getByRole("button", { name: "Elimina definitivamente l'account" }).click();
  await arrived(page, "/");
  await expect(page.getByText("Il tuo account è stato eliminato.", { exact: false })).toBeAttached();
  await visit(page, "/login");
  await login(page, email, PASSWORD);
  await expect(main(page).getByRole("alert")).toHaveText("Email o password non corrette.");
});
