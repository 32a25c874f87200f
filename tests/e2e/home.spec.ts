import type { Locator, Page } from "@playwright/test";
import { arrived, expect, test, visit } from "./fixtures";

// Prices as Intl formats them: "259,00 €" in Italian, "€259.00" in English.
const EURO_IT = /\d+,\d{2}\s€/;
const EURO_EN = /€\d+\.\d{2}/;

test.describe("home page in Italian (/)", () => {
  test("shows the hero, the three collections, new arrivals, the Italian footer; images reserve space", async ({ page }) => {
    await visit(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page).toHaveTitle(/Bottega/);
    const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((json) => JSON.parse(json));
    expect(structured.map((data) => data["@type"])).toContain("Organization");

    const headline = "Lana, lino e tempo: capi fatti per restare.";
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);

    const collections = page.getByRole("region", { name: "Le collezioni" });
    for (const [name, href] of [
      ["Donna", "/categories/donna"],
      ["Uomo", "/categories/uomo"],
      ["Accessori", "/categories/accessori"],
    ]) {
      await expect(collections.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(collections.getByRole("link")).toHaveCount(3);

    const arrivals = page.getByRole("region", { name: "Nuovi arrivi" });
    await expect(arrivals.getByRole("heading", { level: 2, name: "Nuovi arrivi" })).toBeVisible();
    const cards = arrivals.getByRole("article");
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(4);
    // Every card: a product link and a price in euro.
    await expect(cards.filter({ has: page.getByRole("link", { name: /\S/ }) })).toHaveCount(count);
    await expect(cards.filter({ hasText: EURO_IT })).toHaveCount(count);
    await expect(cards.first().getByRole("link")).toHaveAttribute("href", /^\/products\//);

    // Images reserve their space; the hero (the largest paint) is not lazy.
    const images = page.locator("img");
    const imageCount = await images.count();
    expect(imageCount).toBeGreaterThan(4);
    for (let i = 0; i < imageCount; i++) {
      await expect(images.nth(i), `image ${i} width`).toHaveAttribute("width", /^\d+$/);
      await expect(images.nth(i), `image ${i} height`).toHaveAttribute("height", /^\d+$/);
    }
    const hero = page.getByRole("region", { name: headline }).locator("img");
    await expect(hero).toHaveCount(1);
    await expect(hero).not.toHaveAttribute("loading", "lazy");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    // Below the fold, product images do load lazily.
    await expect(page.getByRole("region", { name: "Nuovi arrivi" }).locator("img").first()).toHaveAttribute("loading", "lazy");

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Whistleblowing" })).toHaveAttribute("href", "/pages/Whistleblowing");
    await expect(footer.getByRole("link", { name: "Progetto finanziato (PDF)" })).toHaveAttribute("href", "/docs/progetto-finanziato.pdf");
    for (const [name, href] of [
      ["Domande frequenti", "/pages/Faq"],
      ["Resi", "/pages/Returns"],
      ["Spedizioni", "/pages/Shipping"],
      ["Chi siamo", "/pages/About"],
      ["Lavora con noi", "/pages/career"],
      ["Contatti", "/pages/Contact"],
      ["Trova un negozio", "/pages/storelocator"],
      ["Termini e condizioni", "/pages/Terms-Conditions"],
      ["Privacy policy", "/pages/Privacy-Policy"],
      ["Cookie policy", "/pages/Cookie-Policy"],
      ["Iscriviti alla newsletter", "/pages/newsletter"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true }), name).toHaveAttribute("href", href);
    }
  });

  test("the funding PDF linked from the footer is served", async ({ request }) => {
    const response = await request.get("/docs/progetto-finanziato.pdf");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
  });

  test("header links: logo, help, account and the bag with its badge", async ({ page }) => {
    await visit(page, "/");
    const header = page.getByRole("banner");
    const logo = header.getByRole("link", { name: "Bottega, vai alla home" });
    const help = header.getByRole("link", { name: "Aiuto" });
    const account = header.getByRole("link", { name: "Accedi" });
    const bag = header.getByRole("link", { name: "Carrello, 0 articoli" });
    await expect(logo).toHaveAttribute("href", "/");
    await expect(help).toHaveAttribute("href", "/pages/Faq");
    await expect(account).toHaveAttribute("href", "/login");
    await expect(bag).toHaveAttribute("href", "/cart");
    await expect(bag.getByTestId("bag-count")).toHaveText("0");

    await help.click();
    await arrived(page, "/pages/Faq");
    await page.getByRole("banner").getByRole("link", { name: "Bottega, vai alla home" }).click();
    await arrived(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lana, lino e tempo: capi fatti per restare.");

    await page.getByRole("banner").getByRole("link", { name: "Carrello, 0 articoli" }).click();
    await arrived(page, "/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Il tuo carrello");

    await page.getByRole("banner").getByRole("link", { name: "Accedi" }).click();
    await arrived(page, "/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accedi");
  });

  test("security headers: a rendered page's CSP has a per-response nonce, a cached page's the hashes of its scripts; no framing, nosniff", async ({ request }) => {
    // The bag is rendered for every request (docs/decisions/028).
    const response = await request.get("/cart");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toBeTruthy();
    const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1] ?? "";
    expect(nonce, `no script nonce in ${csp}`).not.toBe("");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // The document's own script and link tags carry the nonce of its header...
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toMatch(new RegExp(`<script[^>]*nonce="${nonce.replace(/[+/=]/g, "\\$&")}"`));
    // ...and the next response gets a fresh one.
    const again = await request.get("/cart");
    expect(again.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    expect(again.headers()["content-security-policy"]).not.toContain(nonce);

    // The home page, kept by the page cache for shoppers without a session: no nonce, its inline
    // scripts by hash (the browser tests above run its scripts under that policy).
    const home = await request.get("/");
    const homePolicy = home.headers()["content-security-policy"];
    expect(homePolicy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
    expect(homePolicy).not.toContain("'nonce-");
    expect(homePolicy).toContain("frame-ancestors 'none'");
    expect(home.headers()["x-content-type-options"]).toBe("nosniff");
    expect(await home.text()).not.toMatch(/\snonce="/);
  });
});

test.describe("home page in English (/en)", () => {
  test("shows the English home without the Italian-only footer links", async ({ page }) => {
    await visit(page, "/en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wool, linen and time: clothes made to stay.");

    const collections = page.getByRole("region", { name: "The collections" });
    for (const [name, href] of [
      ["Women", "/en/categories/women"],
      ["Men", "/en/categories/men"],
      ["Accessories", "/en/categories/accessories"],
    ]) {
      await expect(collections.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }

    const arrivals = page.getByRole("region", { name: "New arrivals" });
    await expect(arrivals.getByRole("heading", { name: "New arrivals" })).toBeVisible();
    const cards = arrivals.getByRole("article");
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: EURO_EN })).toHaveCount(await cards.count());

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "FAQ", exact: true })).toHaveAttribute("href", "/en/pages/Faq");
    await expect(footer.getByRole("link", { name: "Subscribe to the newsletter" })).toHaveAttribute("href", "/en/pages/newsletter");
    await expect(page.getByRole("link", { name: /Whistleblowing/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Funded project|Progetto finanziato/ })).toHaveCount(0);
    await expect(page.locator('a[href$=".pdf"]')).toHaveCount(0);

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Bottega, go to the home page" })).toHaveAttribute("href", "/en");
    await expect(header.getByRole("link", { name: "Help" })).toHaveAttribute("href", "/en/pages/Faq");
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/en/login");
    await expect(header.getByRole("link", { name: "Bag, 0 items" })).toHaveAttribute("href", "/en/cart");
  });
});

/**
 * The contrast of the hero's white copy against what is really behind it: the text is made
 * transparent, each line's box is captured, and its lightest pixel (the worst case) is compared
 * with the text's ivory. axe cannot do this: it skips text over images.
 */
async function heroContrast(page: Page, text: Locator): Promise<number> {
  const png = (await text.screenshot({ animations: "disabled" })).toString("base64");
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    let lightest = 0;
    for (let i = 0; i < data.length; i += 4) lightest = Math.max(lightest, luminance(data[i], data[i + 1], data[i + 2]));
    const ivory = luminance(0xfa, 0xf8, 0xf5);
    return (ivory + 0.05) / (lightest + 0.05);
  }, png);
}

test.describe("the home hero's copy", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`passes AA contrast over the art at ${viewport.width} px: 4.5:1 for the label, 3:1 for the headline`, async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "measured by a script in the page; the markup and styles are the same without JavaScript");
      await page.setViewportSize(viewport);
      await visit(page, "/");
      const art = page.getByRole("region", { name: "Lana, lino e tempo: capi fatti per restare." }).locator("img");
      await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const copy = page.getByTestId("hero-copy");
      // Only what is behind the text: the text itself and the cookie banner (which may overlap on a phone) go.
      await copy.evaluate((element) => element.querySelectorAll<HTMLElement>("p, h1").forEach((text) => (text.style.color = "transparent")));
      await page.getByTestId("consent-banner").evaluate((banner) => (banner.style.visibility = "hidden"));
      expect(await heroContrast(page, copy.locator("p").first())).toBeGreaterThanOrEqual(4.5);
      expect(await heroContrast(page, copy.getByRole("heading", { level: 1 }))).toBeGreaterThanOrEqual(3);
    });
  }
});
