import type { Page } from "@playwright/test";
import { arrived, expect, expectAccessible, test, visit } from "./fixtures";

const title = (page: Page) => page.getByRole("heading", { level: 1 });


/** The standard shell: header with the logo, the banner, the full footer. */
async function expectStandardShell(page: Page, lang: "it" | "en") {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: lang === "it" ? "Bottega, vai alla home" : "Bottega, go to the home page" })).toBeVisible();
  await expect(page.getByRole("region", { name: lang === "it" ? "Avvisi del negozio" : "Shop notices" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("heading", { name: lang === "it" ? "Negozio" : "Shop" })).toBeVisible();
}

test.describe("not found", () => {
  test("an unknown path is the designed Italian 404 inside the shell", async ({ page }) => {
    await visit(page, "/questa-pagina-non-esiste", { status: 404 });
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(title(page)).toHaveText("Pagina non trovata");
    await expect(page.getByText("La pagina che cerchi non esiste o è stata spostata.")).toBeVisible();
    await expectStandardShell(page, "it");
    await expect(page.getByRole("main").getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
    // A way on (issue 40): the collections with their categories, and a search box.
    const collections = page.getByRole("navigation", { name: "Le collezioni" });
    await expect(collections.getByRole("link", { name: "Donna", exact: true })).toHaveAttribute("href", "/categories/donna");
    await expect(collections.getByRole("link", { name: "Abiti" })).toHaveAttribute("href", "/categories/donna/abiti");
    await expect(page.getByRole("main").locator("img")).toHaveJSProperty("complete", true);
    const search = page.getByRole("main").getByRole("search").getByRole("searchbox", { name: "Cerca nel negozio" });
    await search.fill("lino");
    await search.press("Enter");
    await arrived(page, "/search?q=lino");
    await expect(title(page)).toContainText("lino");
  });

  test("an unknown English path is the English 404", async ({ page }) => {
    await visit(page, "/en/no-such-page", { status: 404 });
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(title(page)).toHaveText("Page not found");
    await expect(page.getByRole("main").getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/en");
    await expectStandardShell(page, "en");
  });

  test("an unknown category, or an Italian-only page in English, is a 404", async ({ page }) => {
    await visit(page, "/categories/nope", { status: 404 });
    await expect(title(page)).toHaveText("Pagina non trovata");
    await expectStandardShell(page, "it");

    // Whistleblowing exists only in Italian.
    await visit(page, "/en/pages/Whistleblowing", { status: 404 });
    await expect(title(page)).toHaveText("Page not found");
  });
});

test.describe("404 page title", () => {
  test("the 404 page has a document title", async ({ page }) => {
    const response = await page.goto("/questa-pagina-non-esiste");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Pagina non trovata | Bottega");
    await expect(page.locator("title")).toHaveCount(1);
    await expectAccessible(page);
  });
});

test.describe("JSON endpoints", () => {
  test("/api/settings validates the language", async ({ request }) => {
    const bad = await request.get("/api/settings?lang=xx");
    expect(bad.status()).toBe(400);
    expect(bad.headers()["content-type"]).toContain("application/json");
    expect(await bad.json()).toHaveProperty("message");

    const missing = await request.get("/api/settings");
    expect(missing.status()).toBe(400);
  });

  test("/api/settings returns the global messages of a language", async ({ request }) => {
    const response = await request.get("/api/settings?lang=it");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const settings = await response.json();
    expect(settings.globalMessages).toEqual(expect.arrayContaining(["Spedizione gratuita da 250 €"]));
    expect(settings.globalMessages.length).toBeGreaterThan(1);
    expect(settings.globalMessagesLink).toHaveLength(settings.globalMessages.length);
    expect(settings).toHaveProperty("globalMessagesBackground");
    expect(settings).toHaveProperty("globalMessagesColor");

    const english = await (await request.get("/api/settings?lang=en")).json();
    expect(english.globalMessages).toHaveLength(settings.globalMessages.length);
    expect(english.globalMessages).not.toEqual(settings.globalMessages);
  });

  test("/api/categories returns the three top categories, cacheable for 5 minutes", async ({ request }) => {
    const response = await request.get("/api/categories");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age=300");
    const menu: Array<{ name: string; url: string; children: Array<{ name: string; url: string }> }> = await response.json();
    expect(menu.map((c) => c.name)).toEqual(["Donna", "Uomo", "Accessori"]);
    expect(menu.map((c) => c.url)).toEqual(["/categories/donna", "/categories/uomo", "/categories/accessori"]);
    for (const top of menu) {
      expect(top.children.length).toBeGreaterThan(0);
      for (const child of top.children) expect(child.url.startsWith(`${top.url}/`)).toBe(true);
    }

    const english: Array<{ name: string; url: string }> = await (await request.get("/api/categories?lang=en")).json();
    expect(english.map((c) => c.url)).toEqual(["/en/categories/women", "/en/categories/men", "/en/categories/accessories"]);
  });

  test("/healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "sqlite" });
  });
});

test.describe("the auth layout", () => {
  test("/login uses the minimal auth layout with a back link", async ({ page }) => {
    await visit(page, "/login");
    await expect(title(page)).toHaveText("Accedi");
    const header = page.getByRole("banner");
    const back = header.getByRole("link", { name: "Indietro" });
    await expect(back).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "Bottega, vai alla home" })).toBeVisible();
    // Minimal: no category menu, no banner, no full footer.
    await expect(page.getByRole("navigation", { name: "Categorie", exact: true })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Avvisi del negozio" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toContainText("Bottega S.r.l.");
    await expect(page.getByRole("contentinfo").getByRole("link")).toHaveCount(0);

    await back.click();
    await arrived(page, "/");
  });
});
