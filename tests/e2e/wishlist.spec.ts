import { arrived, expect, test, visit } from "./fixtures";

// The wishlist as a shopper uses it, with JavaScript and without: the same forms. With it the
// heart fills in place and says so; without it the post comes back to the listing with a notice.
test.describe("wishlist (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Four pages, each checked by axe.
  test.slow();

  test("heart a piece on a listing, find it in the wishlist, add a size to the bag, remove it", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/categories/uomo");
    // One piece per project, so the two runs never share a list's page.
    const card = page.getByTestId("product-grid").locator("> li").nth(javaScriptEnabled ? 2 : 3);
    const name = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
    await card.getByRole("button", { name: `Aggiungi ${name} ai preferiti` }).click();
    if (javaScriptEnabled) {
      // In place: the heart is filled, its name says what it does now, and the change is announced.
      await expect(card.getByTestId("wishlist-heart")).toHaveAttribute("data-saved", "true");
      await expect(card.getByRole("status")).toHaveText("Aggiunto ai preferiti.");
      expect(new URL(page.url()).pathname).toBe("/categories/uomo");
    } else {
      await arrived(page, /\/categories\/uomo$/);
      await expect(page.getByTestId("notice").filter({ hasText: "Aggiunto ai preferiti." })).toBeVisible();
    }
    await expect(card.getByRole("button", { name: `Rimuovi ${name} dai preferiti` })).toBeVisible();
    await expect(page.getByTestId("wishlist-link")).toHaveAccessibleName("Preferiti, 1 capo");

    await page.getByTestId("wishlist-link").click();
    await arrived(page, /\/preferiti$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preferiti");
    const item = page.getByTestId("wishlist-item");
    await expect(item).toHaveCount(1);
    await expect(item.getByRole("heading", { level: 2 })).toHaveText(name);

    // A size straight into the bag.
    await item.getByRole("button", { name: /^Aggiungi al carrello la taglia / }).first().click();
    if (javaScriptEnabled) {
      const drawer = page.getByRole("dialog", { name: /^Il tuo carrello/ });
      if (await drawer.isVisible().catch(() => false)) await page.keyboard.press("Escape");
    } else {
      await arrived(page, /\/preferiti$/);
    }
    await expect(page.getByTestId("bag-count")).toHaveText("1");

    await item.getByRole("button", { name: `Rimuovi ${name}` }).click();
    if (!javaScriptEnabled) await arrived(page, /\/preferiti$/);
    await expect(page.getByTestId("wishlist-item")).toHaveCount(0);
    await expect(page.getByText("Non hai ancora salvato nessun capo.")).toBeVisible();
  });
});
