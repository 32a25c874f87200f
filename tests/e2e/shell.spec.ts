import type { Page } from "@playwright/test";
import { arrived, expect, test, visit } from "./fixtures";

// The page shell (menu, banner, settings) comes from the root loader, cached on the server and
// loaded once per language in the browser; the shopper's own state (bag badge, notices) comes
// from the shop layout and is fetched again on every navigation (spec §4).
test.describe("shell and shopper state (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a navigation between two listings loads the shopper state but not the shell again", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
    const dataRequests: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data")) dataRequests.push(url);
    });
    await visit(page, "/categories/donna");
    const nav = page.getByRole("navigation", { name: "Categorie", exact: true });
    await nav.getByRole("link", { name: "Uomo", exact: true }).click();
    await arrived(page, "/categories/uomo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uomo");

    const navigation = dataRequests.find((url) => url.pathname === "/categories/uomo.data");
    expect(navigation, "the listing's data request").toBeDefined();
    const routes = navigation!.searchParams.get("_routes")?.split(",") ?? [];
    expect(routes).toContain("shop");
    expect(routes).not.toContain("root");
    // The shell is still there, from the first page.
    for (const name of ["Donna", "Uomo", "Accessori"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  });
});

// The header, the footer, the cookie banner and the country suggestion are lazy islands
// (decision 034): server HTML that works without scripts until the shopper first uses it, when
// its code loads. A press that comes before the code is held and played on the live component.
test.describe("the shell's islands (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "islands are about the code that loads later");
  const HEADER_CHUNK = /\/assets\/header-[\w-]+\.js$/;

  test("a page loads none of their code; a press before it arrives does what it does with JavaScript", async ({ page }) => {
    const chunks: string[] = [];
    page.on("request", (request) => void (HEADER_CHUNK.test(new URL(request.url()).pathname) && chunks.push(request.url())));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(HEADER_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, "/categories/donna");
    await page.waitForLoadState("networkidle");
    expect(chunks, "the header's code before any use").toEqual([]);
    // The country link is a plain link to the chooser page until the header is live; pressed
    // now, it must open the chooser dialog once the code is there, and not leave the page.
    await page.getByRole("banner").getByRole("link", { name: /· € — Paese di spedizione/i }).click();
    await expect.poll(() => chunks.length).toBe(1);
    await expect(page).toHaveURL("/categories/donna");
    release();
    await expect(page.getByRole("dialog", { name: "Scegli il paese di spedizione" })).toBeVisible();
    await expect(page).toHaveURL("/categories/donna");
  });

  test("when the code cannot come, a press does what it does without JavaScript", async ({ page }) => {
    await page.route(HEADER_CHUNK, (route) => route.abort());
    await visit(page, "/categories/donna");
    await page.getByTestId("bag-link").click();
    await arrived(page, "/cart");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Il tuo carrello");
  });

  // Issue 37: after a client-side navigation the header's server HTML was made for the page
  // before until its code comes; a press on "English" then must lead to this page in English.
  const toAboutWithHeldHeader = async (page: Page) => {
    await visit(page, "/categories/donna");
    await page.getByRole("contentinfo").getByRole("link", { name: "Chi siamo" }).click();
    await arrived(page, "/pages/About");
  };

  test("a press in the header just after a client-side navigation acts on the page shown, once the code comes", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(HEADER_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await toAboutWithHeldHeader(page);
    await page.getByRole("banner").getByRole("link", { name: "Read this page in English" }).click();
    await expect(page).toHaveURL("/pages/About");
    release();
    await expect(page).toHaveURL("/en/pages/About");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
  });

  test("when the code cannot come after a client-side navigation, the page loads as a document and its language switch leads to it in English", async ({ page }) => {
    await page.route(HEADER_CHUNK, (route) => route.abort());
    await visit(page, "/categories/donna");
    // The header's HTML made for the listing is not left on the page about us: it loads again.
    const reloaded = page.waitForRequest((request) => request.resourceType() === "document" && new URL(request.url()).pathname === "/pages/About");
    await page.getByRole("contentinfo").getByRole("link", { name: "Chi siamo" }).click();
    await reloaded;
    await arrived(page, "/pages/About");
    await page.getByRole("banner").getByRole("link", { name: "Read this page in English" }).click();
    await expect(page).toHaveURL("/en/pages/About");
  });

  test("a link in the footer leads on by a client-side navigation", async ({ page }) => {
    await visit(page, "/categories/donna");
    const documents: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.url())));
    await page.getByRole("contentinfo").getByRole("link", { name: "Chi siamo" }).click();
    await arrived(page, "/pages/About");
    expect(documents, "no document load").toEqual([]);
  });
});

test.describe("the product page's island on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "islands are about the code that loads later");

  test("going live keeps the gallery where it was swiped, and the focus", async ({ page }) => {
    await visit(page, "/products/cardigan-in-cashmere?color=cammello&size=M");
    const gallery = page.getByRole("region", { name: "Immagini del prodotto" }).getByRole("list");
    // A swipe moves the row without waking the island: scroll it the way a swipe ends.
    await gallery.evaluate((row) => row.scrollTo({ left: 300, behavior: "instant" }));
    const offset = await gallery.evaluate((row) => row.scrollLeft);
    expect(offset).toBeGreaterThan(100);
    const quantity = page.getByRole("spinbutton", { name: "Quantità" });
    await quantity.focus();
    // The stepper's buttons come with the page's code: the island is live.
    await expect(page.getByRole("button", { name: "Aumenta la quantità" })).toBeVisible();
    await expect(quantity).toBeFocused();
    expect(await gallery.evaluate((row) => row.scrollLeft)).toBe(offset);
  });
});
