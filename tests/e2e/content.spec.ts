import type { Page } from "@playwright/test";
import { arrived, expect, test, visit } from "./fixtures";

const title = (page: Page) => page.getByRole("heading", { level: 1 });
const toEnglish = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Read this page in English" });
const toItalian = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Leggi questa pagina in italiano" });

test.describe("content (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the journal lists posts newest first and opens one; the language switch follows its slug", async ({ page }) => {
    await visit(page, "/blog");
    await expect(title(page)).toHaveText("Il Journal");
    const posts = page.getByRole("main").getByRole("article");
    expect(await posts.count()).toBeGreaterThanOrEqual(5);
    // The newest post opens the journal as its lead story, large (issue 40).
    await expect(posts.first()).toHaveAttribute("data-testid", "lead-story");
    const dates = await page.getByRole("main").locator("article time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime")!));
    expect(dates).toEqual([...dates].sort().reverse());

    const first = posts.first().getByRole("link");
    const name = (await first.textContent())!;
    await first.click();
    await arrived(page, /\/blog\/[a-z0-9-]+$/);
    await expect(title(page)).toHaveText(name);
    await expect(page.getByRole("main").locator("time")).toHaveText(/\d{1,2} \w+ \d{4}/);
    // The pieces the story's text links to, after it, as cards to shop (issue 40).
    const pieces = page.getByRole("region", { name: "I capi di questa storia" });
    await expect(pieces.getByRole("article")).toHaveCount(6);
    await expect(pieces.getByRole("article").first().getByRole("link")).toHaveAttribute("href", "/products/abito-sottoveste-in-seta");
    const italianPath = new URL(page.url()).pathname;

    await toEnglish(page).click();
    await arrived(page, /\/en\/blog\/[a-z0-9-]+$/);
    expect(new URL(page.url()).pathname).not.toBe(`/en${italianPath}`);
    await toItalian(page).click();
    await arrived(page, italianPath);
  });

  test("the care guide lives at /curadelcapo in Italian and /en/careguide in English, slugs included", async ({ page }) => {
    await visit(page, "/curadelcapo");
    await expect(title(page)).toHaveText("Cura del capo");
    await page.getByRole("main").getByRole("article").first().getByRole("link").click();
    await arrived(page, /^.*\/curadelcapo\/[a-z0-9-]+$/);
    await toEnglish(page).click();
    await arrived(page, /\/en\/careguide\/[a-z0-9-]+$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await visit(page, "/en/careguide");
    await expect(title(page)).toHaveText("Care guide");
  });

  // One page per test: each has its own time budget, so a slow machine cannot add them up.
  test("static pages show the shop's constants from the settings", async ({ page }) => {
    await visit(page, "/pages/Shipping");
    await expect(title(page)).toHaveText("Spedizioni");
    await expect(page.getByRole("main")).toContainText(/250,00\s€/);
    await expect(page.getByRole("main")).toContainText("UPS");
    await expect(page.getByRole("main")).not.toContainText("{{");
    // The seller's identity and the support hours in the footer come from the same settings.
    await expect(page.getByRole("contentinfo")).toContainText("Bottega S.r.l. — Via della Spiga 12, 20121 Milano (MI) — P. IVA IT12345678903 — REA MI-1234567 — Capitale sociale 10.000,00\u00a0€ i.v.");
    await expect(page.getByRole("contentinfo")).toContainText("Assistenza dal lunedì al venerdì, 8:30–17:30");
  });

  test("both spellings of the terms path are served, with one canonical", async ({ page }) => {
    await visit(page, "/pages/Terms-Conditions");
    await expect(title(page)).toHaveText("Termini e condizioni di vendita");
    await visit(page, "/pages/Terms-and-Conditions");
    await expect(title(page)).toHaveText("Termini e condizioni di vendita");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/pages\/Terms-Conditions$/);
  });

  for (const id of ["Faq", "Returns", "About", "Contact", "Privacy-Policy", "Cookie-Policy", "garment-care"]) {
    test(`the English static page ${id} has all its placeholders filled`, async ({ page }) => {
      await visit(page, `/en/pages/${id}`);
      await expect(title(page)).not.toBeEmpty();
      await expect(page.getByRole("main")).not.toContainText("{{");
    });
  }

  test("Whistleblowing exists only in Italian: its language switch leads to the English home", async ({ page }) => {
    await visit(page, "/pages/Whistleblowing");
    await expect(title(page)).not.toHaveText("Pagina non trovata");
    await expect(toEnglish(page)).toHaveAttribute("href", "/en");
    await visit(page, "/en/pages/Whistleblowing", { status: 404 });
  });

  test("the accessibility statement is linked from the footer in both languages and names the enforcement body", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Dichiarazione di accessibilità" }).click();
    await arrived(page, "/pages/Accessibility");
    await expect(title(page)).toHaveText("Dichiarazione di accessibilità");
    const main = page.getByRole("main");
    for (const heading of ["Stato di conformità", "Limiti noti", "Segnalare una barriera", "Organismo di vigilanza"]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    // The Markdown renderer sets typographic apostrophes.
    await expect(main).toContainText(/Agenzia per l.Italia Digitale \(AgID\)/);
    await expect(main).not.toContainText("{{");

    await toEnglish(page).click();
    await arrived(page, "/en/pages/Accessibility");
    await expect(title(page)).toHaveText("Accessibility statement");
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Reporting a barrier" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Accessibility statement" })).toHaveAttribute("href", "/en/pages/Accessibility");
  });

  test("the brand's story pages live at /inside-{name}", async ({ page }) => {
    await visit(page, "/inside-atelier");
    await expect(title(page)).not.toBeEmpty();
    await visit(page, "/en/inside-materials");
    await visit(page, "/inside-nothing", { status: 404 });
  });
});
