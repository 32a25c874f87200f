import type { Page } from "@playwright/test";
import { BASE_URL } from "./e2e-env";
import { arrived, expect, test, visit } from "./fixtures";

// Cookie consent after the Italian data protection authority's guidelines (10 June 2021).

const banner = (page: Page) => page.getByRole("region", { name: /^(I cookie su Bottega|Cookies on Bottega)$/ });
const notices = (page: Page) => page.getByRole("status", { name: /^(Notifiche|Notifications)$/ });
/** The cookies the shop may set without consent: all technical. */
const TECHNICAL = ["__session", "__flash", "__login_redirect", "preference", "consent", "bottega_lite"];
const SIX_MONTHS_S = 183 * 86_400;

async function cookieNames(page: Page) {
  return (await page.context().cookies()).map((cookie) => cookie.name);
}

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "consent");
}

test.describe("cookie consent", () => {
  // Most of these walk through several pages, each checked by axe: 25–30 s on a busy 2-core run.
  test.describe.configure({ timeout: 60_000 });
  test("only technical cookies before consent; the banner offers accept all, the choices and a refusing X", { tag: "@server-html" }, async ({ page }) => {
    await visit(page, "/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText("Usiamo cookie tecnici, necessari al funzionamento del negozio");
    await expect(banner(page)).toContainText("Se chiudi questo avviso con la X continui senza accettare");
    await expect(banner(page).getByRole("button", { name: "Accetta tutti" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Scegli i cookie" })).toHaveAttribute("href", "/pages/cookies");
    const close = banner(page).getByRole("button", { name: "Chiudi: continua senza accettare i cookie non tecnici" });
    await expect(close).toHaveText(/Continua senza accettare\s*×/);
    await expect(banner(page).getByRole("link", { name: "Leggi la cookie policy" })).toHaveAttribute("href", "/pages/Cookie-Policy");

    // Browsing sets nothing that is not technical.
    for (const path of ["/categories/donna", "/pages/Faq", "/en", "/pages/cookies"]) await visit(page, path);
    for (const name of await cookieNames(page)) expect(TECHNICAL, `cookie ${name}`).toContain(name);
    expect(await consentCookie(page)).toBeUndefined();
  });

  test("the banner does not hide the end of the page", { tag: "@server-html" }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const legal = page.getByRole("contentinfo").getByText(/Bottega S\.r\.l\./);
    const [legalBox, bannerBox] = [await legal.boundingBox(), await banner(page).boundingBox()];
    expect(legalBox!.y + legalBox!.height).toBeLessThanOrEqual(bannerBox!.y + 1);
  });

  test("accept all hides the banner, sets consent for six months and says so", async ({ page }) => {
    await visit(page, "/categories/donna");
    await banner(page).getByRole("button", { name: "Accetta tutti" }).click();
    await arrived(page, /\/categories\/donna$/);
    await expect(banner(page)).toHaveCount(0);
    await expect(notices(page)).toContainText("Hai accettato tutti i cookie.");
    const consent = await consentCookie(page);
    expect(consent?.httpOnly).toBe(true);
    expect(consent?.sameSite).toBe("Lax");
    expect(consent!.expires - Date.now() / 1000).toBeGreaterThan(SIX_MONTHS_S - 120);
    expect(consent!.expires - Date.now() / 1000).toBeLessThanOrEqual(SIX_MONTHS_S + 5);

    // Not asked again; the choices page shows it.
    await visit(page, "/pages/Faq");
    await expect(banner(page)).toHaveCount(0);
    await visit(page, "/pages/cookies");
    await expect(page.getByTestId("consent-state")).toContainText("La tua scelta è del");
    await expect(page.getByRole("checkbox", { name: "Consenti i cookie di statistica" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Consenti i cookie di marketing e profilazione" })).toBeChecked();
  });

  // Without JavaScript the X posts the banner's form: tests/http/cookies.test.ts posts it as such a
  // browser does and follows it across pages and languages; "accept all" below posts the same form.
  test("the X refuses, says so, and the choice holds across pages and languages", { tag: "@no-js-elsewhere" }, async ({ page }) => {
    await visit(page, "/pages/Faq");
    await banner(page).getByRole("button", { name: "Chiudi: continua senza accettare i cookie non tecnici" }).click();
    await arrived(page, /\/pages\/Faq$/);
    await expect(banner(page)).toHaveCount(0);
    await expect(notices(page)).toContainText("Hai rifiutato i cookie non tecnici: usiamo solo quelli tecnici.");
    expect(await consentCookie(page)).toBeDefined();

    // The server leaves the banner out of every page then (tests/http/cookies.test.ts reads four,
    // in both languages): here a page of the other language.
    await visit(page, "/en/pages/Faq");
    await expect(banner(page)).toHaveCount(0);
    await visit(page, "/en/pages/cookies");
    await expect(page.getByRole("checkbox", { name: "Allow statistics cookies" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Allow marketing and profiling cookies" })).not.toBeChecked();
  });

  test("the footer link reopens the choices; a granular choice is saved", async ({ page }) => {
    await visit(page, "/");
    await banner(page).getByRole("button", { name: "Accetta tutti" }).click();
    await expect(banner(page)).toHaveCount(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "Preferenze cookie" }).click();
    await arrived(page, "/pages/cookies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preferenze cookie");
    const statistics = page.getByRole("checkbox", { name: "Consenti i cookie di statistica" });
    const marketing = page.getByRole("checkbox", { name: "Consenti i cookie di marketing e profilazione" });
    const preferences = page.getByRole("checkbox", { name: "Consenti i cookie di preferenza" });
    await expect(preferences).toBeChecked();
    await expect(statistics).toBeChecked();
    await marketing.uncheck();
    await page.getByRole("button", { name: "Salva le mie scelte" }).click();
    await arrived(page, "/pages/cookies");
    await expect(notices(page)).toContainText("Abbiamo salvato le tue preferenze sui cookie.");
    await expect(statistics).toBeChecked();
    await expect(marketing).not.toBeChecked();

    await page.getByRole("button", { name: "Rifiuta tutti" }).click();
    await arrived(page, "/pages/cookies");
    await expect(statistics).not.toBeChecked();
    await expect(preferences).not.toBeChecked();
  });

  // A plain link, and the choices page's save: without JavaScript the footer-link test saves there.
  test("the banner's choices link leads to the choices page, where the banner steps aside", { tag: "@no-js-elsewhere" }, async ({ page }) => {
    await visit(page, "/en");
    await expect(banner(page)).toContainText("We use technical cookies, which the shop needs to work");
    await banner(page).getByRole("link", { name: "Choose cookies" }).click();
    await arrived(page, "/en/pages/cookies");
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByTestId("consent-state")).toHaveText("You have not chosen yet: until you do, we only use technical cookies.");
    await page.getByRole("checkbox", { name: "Allow statistics cookies" }).check();
    await page.getByRole("button", { name: "Save my choices" }).click();
    await arrived(page, "/en/pages/cookies");
    await expect(notices(page)).toContainText("Your cookie preferences are saved.");
    await visit(page, "/en/pages/Faq");
    await expect(banner(page)).toHaveCount(0);
  });

  test("an unknown choice is a bad request, never a 500", { tag: "@server-html" }, async ({ request }) => {
    expect((await request.post("/pages/cookies", { form: { intent: "maybe" }, maxRedirects: 0, headers: { Origin: BASE_URL } })).status()).toBe(400);
    expect((await request.post("/pages/cookies", { form: { intent: "save", analytics: "yes" }, maxRedirects: 0, headers: { Origin: BASE_URL } })).status()).toBe(400);
    const ok = await request.post("/pages/cookies", { form: { intent: "reject", redirectTo: "//evil.example" }, maxRedirects: 0, headers: { Origin: BASE_URL } });
    expect(ok.status()).toBe(302);
    expect(ok.headers().location).toBe("/");
  });
});
