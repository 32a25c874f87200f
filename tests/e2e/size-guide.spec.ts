import { arrived, expect, expectAccessible, test, visit } from "./fixtures";

// The size guide as a shopper uses it: with JavaScript a dialog over the product page whose
// "Trova la tua taglia" answers in place; without, the guide's page and a GET form. The same
// table and the same answer; the suggested size's link chooses it on the product page.
test.describe("size guide (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.slow();

  test("open the guide from a product, find a size from a usual size, choose it", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/products/pantaloni-ampi-in-lino");
    await expect(page.getByTestId("fit-note")).toHaveText("Veste ampia: se sei tra due taglie, scegli la più piccola.");
    await page.getByTestId("size-guide").click();
    const guide = javaScriptEnabled ? page.getByRole("dialog", { name: "Guida alle taglie" }) : page.locator("main");
    if (javaScriptEnabled) {
      await expect(guide).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/products/pantaloni-ampi-in-lino");
      await expectAccessible(page);
    } else {
      await arrived(page, /\/guida-taglie\/pantaloni-ampi-in-lino$/);
    }
    await expect(guide.getByTestId("size-table").getByRole("row")).toHaveCount(7); // two header rows, five sizes
    await guide.getByLabel("Sistema della tua taglia abituale").selectOption("eu");
    await guide.getByRole("textbox", { name: "Taglia abituale" }).fill("40");
    await guide.getByRole("button", { name: "Suggerisci la taglia" }).click();
    if (!javaScriptEnabled) await arrived(page, /\/guida-taglie\/pantaloni-ampi-in-lino\?/);
    await expect(guide.getByTestId("size-suggestion")).toContainText("Ti suggeriamo la taglia L.");
    if (javaScriptEnabled) await expectAccessible(page);
    await guide.getByRole("link", { name: "Scegli la taglia L" }).click();
    await arrived(page, /\/products\/pantaloni-ampi-in-lino\?size=L$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("#size-legend")).toHaveText("Taglia: L");
  });
});
