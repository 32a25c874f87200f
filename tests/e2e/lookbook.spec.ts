import { expect, test, visit } from "./fixtures";

// What only a browser shows of the product page's lookbook (issue 40; the markup itself is held
// by tests/http/product-lookbook.test.ts): the thumbnails bring their picture into the row on
// desktop, the row swipes with its counter on a phone, a card turns to its back under the
// pointer (CSS only), and the bag's total stays at the bottom of a phone's screen. With
// JavaScript and without: the same CSS and links.
const PRODUCT = "/products/camicia-in-seta-lavata";

/** How far (px) a slide's left edge sits from the gallery row's. */
const offsetInRow = (page: import("@playwright/test").Page, n: number) =>
  page.evaluate((index) => {
    const row = document.querySelector('[data-testid="gallery-row"]')!;
    return Math.round(document.getElementById(`product-image-${index}`)!.getBoundingClientRect().left - row.getBoundingClientRect().left);
  }, n);

test.describe("the lookbook on desktop (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Each visit is checked by axe: more than the default 30 s on a busy machine.
  test.slow();

  test("a thumbnail brings its picture into view; a card shows its back under the pointer", async ({ page, javaScriptEnabled }) => {
    await visit(page, PRODUCT);
    const thumbs = page.getByTestId("gallery-thumbs").getByRole("link");
    await expect(thumbs).toHaveCount(5);
    await thumbs.nth(2).click();
    // The third picture rests in the row's frame (smoothly with JavaScript, at once without).
    await expect.poll(() => offsetInRow(page, 3)).toBe(0);
    await expect(page.locator("#product-image-3 img")).toBeInViewport();
    if (javaScriptEnabled) {
      // The address stays the product's; the chosen thumbnail is marked.
      expect(new URL(page.url()).hash).toBe("");
      await expect(thumbs.nth(2)).toHaveAttribute("aria-current", "true");
    } else expect(new URL(page.url()).hash).toBe("#product-image-3");

    const card = page.locator("#related-title + ul article").first();
    const back = card.locator(".card-image-hover");
    await card.scrollIntoViewIfNeeded();
    // The pointer away first: left where the thumbnail was clicked, it can rest on the card.
    await page.mouse.move(0, 0);
    await expect(back).toHaveCSS("opacity", "0");
    await card.hover();
    await expect(back).toHaveCSS("opacity", "1");
    await expect(back).toHaveAttribute("src", /-back-/);
  });
});

test.describe("the lookbook on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test.slow();

  test("the row swipes, each picture with its counter", async ({ page }) => {
    await visit(page, PRODUCT);
    await expect(page.getByTestId("gallery-thumbs")).toBeHidden();
    const counters = page.getByTestId("gallery-counter");
    await expect(counters.first()).toHaveText("1 / 5");
    await expect(counters.first()).toBeInViewport();
    // A short swipe (two thirds of a picture): the row snaps to the next picture.
    await page.getByTestId("gallery-row").evaluate((row) => row.scrollBy({ left: 220 }));
    await expect.poll(() => offsetInRow(page, 2), { timeout: 5_000 }).toBeLessThan(40);
    await expect(counters.nth(1)).toHaveText("2 / 5");
    await expect(counters.nth(1)).toBeInViewport();
    // No card turns on a phone: its back is never even fetched.
    await expect(page.locator(".card-image-hover").first()).toBeHidden();
  });

  test("the bag's total and the way to the checkout stay at the bottom of the screen", async ({ page }) => {
    await page.goto(`${PRODUCT}?size=M`);
    await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
    await expect(page.getByTestId("notice").filter({ hasText: "Prodotto aggiunto al carrello!" })).toBeVisible();
    await visit(page, "/cart");
    const bar = page.getByTestId("checkout-bar");
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(/Totale\s*\d+,\d{2}\s€/);
    await expect(bar.getByRole("link", { name: "Procedi al checkout" })).toBeVisible();
  });
});
