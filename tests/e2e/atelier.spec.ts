import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Secret, TOTP } from "otpauth";
import { BASE_URL, PORT } from "./e2e-env";
import { expect, test } from "./fixtures";
import { receivedMail } from "./mailbox";
import { shoot } from "./walk-shots";
import { skusInStock, transferOrder } from "./shop-orders";

// Atelier's walk, with JavaScript and without: an owner starts from the set-up link (the run with
// JavaScript makes the first owner; the run without, from an owner's invitation once it exists), enrols the second factor
// with a code computed here, marks a bank transfer paid, ships it with a tracking number (the
// shopper's e-mail carries it and the courier's link), refunds an amount (confirmed, then its
// transfer recorded), and finds the steps
// in the order's audit trail. The rules, guards and bad input are the service and HTTP tests'.

const run = promisify(execFile);
const DB_FILE = path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`);
const env = { ...process.env, DATABASE_URL: `file:${DB_FILE}`, LOG_LEVEL: "warn", PUBLIC_URL: BASE_URL, MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `bottega-e2e-mail-${PORT}`) };
const PASSWORD = "tre parole lunghe per atelier";
const unique = (who: string) => `${who}.${Date.now().toString(36)}.${process.pid}@example.com`;

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

test("an owner sets up Atelier, marks a transfer paid, ships it with a tracking number, refunds an amount through its confirmation, records the refund's transfer and finds the steps in the audit trail and the activity log", async ({ page, javaScriptEnabled }) => {
  test.slow();
  const ownerEmail = `owner.${javaScriptEnabled ? "js" : "nojs"}.${Date.now().toString(36)}@bottega.test`;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/support/atelier-owner-link.ts", ownerEmail, javaScriptEnabled ? "setup" : "invite"], { env });
  const link = stdout.trim().split("\n").pop()!;

  // The link's page: the owner's name and password (and address, for the set-up link).
  await page.goto(link);
  if (link.includes("/atelier/setup")) await page.locator('input[name="email"]').fill(ownerEmail);
  await page.getByLabel("Nome e cognome").fill("Giovanna Bianchi");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Ripeti la password").fill(PASSWORD);
  await page.getByRole("button", { name: /Crea l'account/ }).click();

  // The second factor: the secret as text beside the QR code, a code computed here.
  await expect(page).toHaveURL(/\/atelier\/login\/enrol$/);
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Codice a 6 cifre").fill(code(secret));
  await page.getByRole("button", { name: "Conferma e continua" }).click();
  await expect(page).toHaveURL(/\/atelier\/login\/recovery-codes$/);
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "Li ho salvati, vai ad Atelier" }).click();
  await expect(page).toHaveURL(/\/atelier$/);

  // A shopper's order paid by bank transfer, found by its number.
  const shopper = unique("atelier");
  const number = await transferOrder(page, shopper, skusInStock(javaScriptEnabled ? 60 : 70));
  await page.goto(`/atelier/orders?q=${number}`);
  await page.getByRole("link", { name: `Apri l'ordine ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(number);

  await page.getByRole("button", { name: "Segna il bonifico come ricevuto" }).click();
  await expect(page.getByText("Bonifico registrato: l'ordine è pagato.")).toBeVisible();

  await page.getByLabel("Corriere").selectOption("brt");
  await page.getByLabel("Numero di tracciamento").fill("BRT0042137");
  await page.getByRole("button", { name: "Segna come spedito" }).click();
  await expect(page.getByText("Ordine spedito: il cliente riceve l'e-mail con il tracciamento.")).toBeVisible();
  const shipped = await receivedMail(shopper, new RegExp(`${number} è partito`));
  expect(shipped.text).toContain("BRT0042137");
  expect(shipped.text).toContain("https://vas.brt.it/vas/sped_det_show.hsm?Nspediz=BRT0042137");

  // A part of the payment back (issue 37): the amount and its reason, then the confirmation page
  // (nothing moved yet); paid by transfer, the refund waits "to wire" until the transfer is recorded.
  const refund = page.getByTestId("desk-refund");
  await refund.getByLabel("Importo da rimborsare (€)").fill("10");
  await refund.getByLabel("Motivo").fill("Bottone mancante");
  await refund.getByRole("button", { name: "Continua" }).click();
  await expect(page.getByTestId("refund-confirm")).toContainText("Con un bonifico che invii tu");
  await shoot(page, "refund-confirm");
  await page.getByRole("button", { name: /^Conferma il rimborso di 10,00/ }).click();
  await expect(page.getByText("Rimborso registrato: ora invia il bonifico e registralo qui.")).toBeVisible();
  await expect(page.getByTestId("desk-refunds")).toContainText("Da bonificare");
  await shoot(page, "refund-order-towire");
  await page.getByRole("link", { name: /^Registra il bonifico del rimborso/ }).click();
  await page.getByLabel("Data del bonifico").fill(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date()));
  await page.getByLabel("CRO o TRN").fill("12345678901");
  await shoot(page, "refund-transfer");
  await page.getByRole("button", { name: "Registra il bonifico" }).click();
  await expect(page.getByText("Bonifico registrato: il rimborso è eseguito.")).toBeVisible();
  await expect(page.getByTestId("desk-refunds")).toContainText("Eseguito");
  await shoot(page, "refund-order-done");

  const trail = page.getByTestId("desk-audit");
  await expect(trail).toContainText("order.paid");
  await expect(trail).toContainText("order.ship");
  await expect(trail).toContainText("order.refund");
  await expect(trail).toContainText(ownerEmail);

  // The same three in the searchable activity log, found by the order's number (a GET form).
  await page.getByRole("link", { name: "Registro attività" }).click();
  await page.getByLabel("Parole").fill(number);
  await page.getByRole("main").getByRole("search").getByRole("button").first().click();
  await expect(page).toHaveURL(new RegExp(`q=${number}`));
  const log = page.getByRole("table");
  await expect(log).toContainText("order.paid");
  await expect(log).toContainText("order.ship");
  await expect(log).toContainText("order.refund");
});
