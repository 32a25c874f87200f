import { signInNewMember } from "./atelier-member";
import { expect, expectAccessible, test } from "./fixtures";
import { skusInStock, transferOrder } from "./shop-orders";
import { shoot } from "./walk-shots";

// Issue 42, what only a browser shows, without JavaScript: a working day at the desk — the saved
// view "Bonifici in attesa", a view of one's own saved, two transfers marked paid, both shipped
// from the list's selection in one form, their packing slips printed together, a return opened
// for a customer who came to the shop, and the reports. The rules, guards and bad input are the
// HTTP tests' (atelier-views-and-bulk, atelier-staff-returns, atelier-reports). With
// WALK_SHOTS=<directory> the pages are screenshot at 390 and 1440 px.

test("a desk's day without JavaScript: views, the selection shipped in one form, its slips, a return opened for the customer", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the walk without JavaScript; every step is a plain form or link");
  // Two orders through the shop's forms, a member invited and enrolled, five pages checked by axe.
  test.setTimeout(150_000);
  const numbers = [await transferOrder(page, `giornata.a.${Date.now()}@example.com`, skusInStock(24)), await transferOrder(page, `giornata.b.${Date.now()}@example.com`, skusInStock(26))];
  await signInNewMember(page, `giornata-${Date.now()}@bottega.test`, "Giulia Sarti");
  const main = page.getByRole("main");

  // The shop's own view, then one of the member's: saved from the list as it is filtered.
  await page.goto("/atelier/orders");
  await page.getByRole("navigation", { name: "Viste salvate" }).getByRole("link", { name: "Bonifici in attesa" }).click();
  for (const number of numbers) await expect(main.getByRole("link", { name: `Apri l'ordine ${number}` })).toBeVisible();
  await page.getByText("Salva o elimina una vista").click();
  await page.getByLabel("Nome della vista").fill(`Bonifici ${Date.now()}`);
  await page.getByRole("button", { name: "Salva la vista" }).click();
  await expect(page.getByText(/^Vista «Bonifici \d+» salvata\.$/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "desk-views");

  for (const number of numbers) {
    await page.goto(`/atelier/orders?q=${number}`);
    await main.getByRole("link", { name: `Apri l'ordine ${number}` }).click();
    await page.getByRole("button", { name: "Segna il bonifico come ricevuto" }).click();
    await expect(page.getByText("Bonifico registrato: l'ordine è pagato.")).toBeVisible();
  }

  // Both ticked in the list, shipped in one form: a tracking number each.
  await page.goto("/atelier/orders?status=confirmed");
  for (const number of numbers) await page.getByLabel(`Seleziona l'ordine ${number}`).check();
  await page.getByRole("button", { name: "Spedisci", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spedisci gli ordini selezionati");
  for (const [index, number] of numbers.entries()) await page.getByLabel(`Numero di tracciamento ${number}`).fill(`BRT00${index}77788899`);
  await expectAccessible(page);
  await shoot(page, "desk-bulk-ship");
  await page.getByRole("button", { name: "Segna come spediti" }).click();
  await expect(page.getByText("2 ordini spediti: ogni cliente riceve l'e-mail con il tracciamento.")).toBeVisible();

  // Their packing slips, one a sheet.
  await page.goto("/atelier/orders?status=shipped");
  for (const number of numbers) await page.getByLabel(`Seleziona l'ordine ${number}`).check();
  await page.getByRole("button", { name: "Stampa le distinte" }).click();
  await expect(page.getByTestId("packing-slip")).toHaveCount(2);
  await expectAccessible(page);
  await shoot(page, "desk-slips");

  // The first customer came to the shop with a size too large: delivered, then a return opened for them.
  await page.goto(`/atelier/orders?q=${numbers[0]}`);
  await main.getByRole("link", { name: `Apri l'ordine ${numbers[0]}` }).click();
  await page.getByRole("button", { name: "Segna come consegnato" }).click();
  const form = page.getByTestId("desk-open-return");
  await form.getByText("Apri un reso per il cliente").click();
  await form.getByLabel("Capi (su 1)").first().selectOption("1");
  await form.getByLabel("Motivo").first().selectOption("too_large");
  await form.getByLabel("Senza commissione di reso (cortesia del negozio)").check();
  await expectAccessible(page);
  await shoot(page, "desk-open-return");
  await form.getByRole("button", { name: "Apri il reso" }).click();
  await expect(page.getByText("Reso aperto: il cliente riceve l'e-mail con le istruzioni.")).toBeVisible();

  // The returns report counts it against the pieces sold.
  await page.getByRole("navigation", { name: "Sezioni di Atelier" }).getByRole("link", { name: "Report" }).click();
  await page.getByRole("navigation", { name: "Tipo di report" }).getByRole("link", { name: "Resi" }).click();
  await page.getByRole("search", { name: "Periodo del report" }).getByLabel("Per", { exact: true }).selectOption("reason");
  await page.getByRole("button", { name: "Filtra" }).click();
  await expect(page.getByRole("table", { name: "Resi" }).getByRole("rowheader", { name: "Troppo grande" })).toBeVisible();
  await expectAccessible(page);
});
