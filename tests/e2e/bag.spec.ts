import { arrived, expect, expectAccessible, test, visit, waitForHydration } from "./fixtures";

// Filling and changing a bag as a shopper does, with JavaScript and without: the same forms.
test.describe("bag", () => {
  test("add from the product page, change the quantity, use a code, remove", async ({ page, javaScriptEnabled }) => {
    // One variant per project, so the two runs never share stock.
    const product = javaScriptEnabled ? "/products/cardigan-in-cashmere?color=cammello&size=M" : "/products/cardigan-in-cashmere?color=cammello&size=L";
    await visit(page, product);
    if (javaScriptEnabled) await waitForHydration(page);
    const badge = page.getByTestId("bag-count");
    await expect(badge).toHaveText("0");
    await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
    if (!javaScriptEnabled) await arrived(page, /size=L$/);
    await expect(page.getByTestId("notice").filter({ hasText: "Prodotto aggiunto al carrello!" })).toBeVisible();
    await expect(badge).toHaveText("1");

    await page.getByTestId("bag-link").click();
    await arrived(page, /\/cart$/);
    const line = page.getByTestId("bag-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("line-quantity")).toContainText("1");
    await line.getByRole("button", { name: "Aumenta la quantità di Cardigan in cashmere" }).click();
    await expect(line.getByTestId("line-quantity")).toContainText("2");
    await expect(page.getByTestId("notice").filter({ hasText: "Quantità carrello modificata!" })).toBeVisible();
    await expect(badge).toHaveText("2");
    await expect(page.getByTestId("shipping")).toHaveText("Gratuita");

    const code = page.getByRole("textbox", { name: "Codice sconto" });
    await code.fill("NIENTE");
    await page.getByRole("button", { name: "Applica" }).click();
    await expect(page.getByText("Coupon sconto non valido")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Codice sconto" })).toHaveValue("NIENTE");
    await page.getByRole("textbox", { name: "Codice sconto" }).fill("benvenuto10");
    await page.getByRole("button", { name: "Applica" }).click();
    await expect(page.getByTestId("coupon-applied")).toContainText("Codice BENVENUTO10 applicato");
    await expect(page.getByTestId("discount")).toHaveText("−69,80 €");
    await expectAccessible(page);

    await line.getByRole("button", { name: "Rimuovi Cardigan in cashmere dal carrello" }).click();
    await expect(page.getByRole("heading", { name: "Il carrello è vuoto" })).toBeVisible();
    await expect(page.getByTestId("notice").filter({ hasText: "Prodotto rimosso dal carrello!" })).toBeVisible();
    await expect(badge).toHaveText("0");
  });
});
