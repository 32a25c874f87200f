import type { Page } from "@playwright/test";

/** Fills the checkout's shipping address form (the first one in the page's main) with a Milan address. */
export async function fillAddress(page: Page, { country = "Italia" } = {}) {
  const form = page.getByRole("main");
  await form.getByLabel("Nome *", { exact: true }).first().fill("Giulia");
  await form.getByLabel("Cognome *", { exact: true }).first().fill("Rossi");
  await form.getByLabel("Via *", { exact: true }).first().fill("Via della Spiga");
  await form.getByLabel("Numero civico *", { exact: true }).first().fill("12");
  await form.getByLabel("Città *", { exact: true }).first().fill("Milano");
  await form.getByLabel("Provincia *", { exact: true }).first().selectOption("MI");
  await form.getByLabel("CAP *", { exact: true }).first().fill("20121");
  await form.getByLabel("Paese *", { exact: true }).first().selectOption({ label: country });
  await form.getByLabel("Telefono *", { exact: true }).first().fill("333 123 4567");
}
