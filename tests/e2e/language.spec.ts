import type { Page } from "@playwright/test";
import { arrived, expect, test, visit } from "./fixtures";

// The header's language switch (desktop viewport: the drawer's copy is hidden).
const toEnglish = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Read this page in English" });
const toItalian = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Leggi questa pagina in italiano" });
const title = (page: Page) => page.getByRole("heading", { level: 1 });

/** From an Italian page, switches to English and back, checking path, language and title. */
async function roundTrip(page: Page, it: { path: string; title: string }, en: { path: string; title: string }) {
  await expect(page).toHaveURL(it.path);
  await expect(toEnglish(page)).toHaveAttribute("hreflang", "en");
  await toEnglish(page).click();
  await arrived(page, en.path);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(title(page)).toHaveText(en.title);

  await toItalian(page).click();
  await arrived(page, it.path);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(title(page)).toHaveText(it.title);
}

test.describe("language switch keeps the shopper on the same page", () => {
  test("home: / ↔ /en", async ({ page }) => {
    await visit(page, "/");
    await roundTrip(page, { path: "/", title: "Lana, lino e tempo: capi fatti per restare." }, { path: "/en", title: "Wool, linen and time: clothes made to stay." });
  });

  test("static page: /pages/Faq ↔ /en/pages/Faq", async ({ page }) => {
    await visit(page, "/pages/Faq");
    await roundTrip(page, { path: "/pages/Faq", title: "Domande frequenti" }, { path: "/en/pages/Faq", title: "Frequently asked questions" });
  });

  test("category with localized slugs: /categories/donna ↔ /en/categories/women", async ({ page }) => {
    await visit(page, "/");
    // The first category of the desktop menu.
    const firstCategory = page.getByRole("navigation", { name: "Categorie", exact: true }).getByRole("link").first();
    await expect(firstCategory).toHaveText("Donna");
    await firstCategory.click();
    await arrived(page, "/categories/donna");
    await roundTrip(page, { path: "/categories/donna", title: "Donna" }, { path: "/en/categories/women", title: "Women" });
  });

  test("subcategory with localized slugs: /categories/donna/abiti ↔ /en/categories/women/dresses", async ({ page }) => {
    await visit(page, "/");
    // The footer's "Negozio" column lists the top categories.
    const shop = page.getByRole("contentinfo").locator("section").filter({ has: page.getByRole("heading", { name: "Negozio" }) });
    await shop.getByRole("link").first().click();
    await arrived(page, "/categories/donna");
    const nav = page.getByRole("navigation", { name: "Categorie", exact: true });
    await nav.getByRole("link", { name: "Donna", exact: true }).hover();
    await nav.getByRole("link", { name: "Abiti" }).click();
    await arrived(page, "/categories/donna/abiti");
    await roundTrip(page, { path: "/categories/donna/abiti", title: "Abiti" }, { path: "/en/categories/women/dresses", title: "Dresses" });
  });

  test("care guide: /curadelcapo ↔ /en/careguide", async ({ page }) => {
    await visit(page, "/curadelcapo");
    await roundTrip(page, { path: "/curadelcapo", title: "Cura del capo" }, { path: "/en/careguide", title: "Care guide" });
  });
});

test.describe("the language comes from the path only", () => {
  test.use({ locale: "en-GB", extraHTTPHeaders: { "Accept-Language": "en-GB,en;q=0.9" } });

  test("Accept-Language: en on / still gives Italian", async ({ page }) => {
    await visit(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(title(page)).toHaveText("Lana, lino e tempo: capi fatti per restare.");
    await expect(page.getByRole("region", { name: "Nuovi arrivi" })).toBeVisible();
  });
});

test("there is no /it prefix: /it/ and /it/pages/Faq are the Italian 404 page", async ({ page }) => {
  for (const path of ["/it/", "/it/pages/Faq"]) {
    await visit(page, path, { status: 404 });
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(title(page)).toHaveText("Pagina non trovata");
    await expect(page.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
  }
});
