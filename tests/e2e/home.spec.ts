import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
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

    // The journal's newest story beside four of the pieces it names, and the newsletter as a band
    // above the footer's columns (issue 40).
    const story = page.getByTestId("story-band");
    await expect(story.getByRole("heading", { level: 2 })).toHaveText("Autunno-Inverno: la collezione del tempo lento");
    await expect(story.getByRole("link", { name: "Leggi la storia" })).toHaveAttribute("href", "/blog/collezione-autunno-inverno");
    await expect(story.getByRole("list", { name: "I capi della storia" }).getByRole("article")).toHaveCount(4);
    await expect(page.getByRole("contentinfo").getByTestId("newsletter-band").getByRole("textbox", { name: /Email/ })).toBeVisible();

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
    // Asked as a browser navigates, with its Fetch Metadata: a client without it gets a form-proof
    // cookie and pages of its own, never the cached ones (docs/decisions/036).
    const browser = { headers: { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "none", "Sec-Fetch-Dest": "document" } };
    // The bag is rendered for every request (docs/decisions/028).
    const response = await request.get("/cart", browser);
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
    const again = await request.get("/cart", browser);
    expect(again.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    expect(again.headers()["content-security-policy"]).not.toContain(nonce);

    // The home page, kept by the page cache for shoppers without a session: no nonce, its inline
    // scripts by hash (the browser tests above run its scripts under that policy).
    const home = await request.get("/", browser);
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
 * The worst contrast of a text against what is really behind it: the text is made transparent,
 * its box is captured, and every pixel is compared with the text's own colour. axe cannot do
 * this: it skips text over images.
 */
async function worstContrast(page: Page, text: Locator, { animations = "disabled" }: { animations?: "disabled" | "allow" } = {}): Promise<number> {
  const color = await text.evaluate((element) => getComputedStyle(element).color);
  await text.evaluate((element) => ((element as HTMLElement).style.cssText += ";color:transparent;transition:none"));
  // Painted before it is captured (a capture may otherwise show the frame before the change).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // The text's box where it is now, as the window shows it: an element's own screenshot would
  // scroll the page to it (a sticky header's box is then the top of the page).
  const png = await page.screenshot({ clip: (await text.boundingBox())!, animations });
  await text.evaluate((element) => ((element as HTMLElement).style.cssText = (element as HTMLElement).style.cssText.replace(/color:\s*transparent;?\s*transition:\s*none;?/, "")));
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
  const ink = luminance(r!, g!, b!);
  let worst = Infinity;
  for (let i = 0; i < data.length; i += info.channels) {
    const behind = luminance(data[i]!, data[i + 1]!, data[i + 2]!);
    worst = Math.min(worst, (Math.max(ink, behind) + 0.05) / (Math.min(ink, behind) + 0.05));
  }
  expect(worst, `contrast measured on ${info.width}×${info.height} pixels of ${color}`).not.toBeNaN();
  return worst;
}

test.describe("the home hero", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`at ${viewport.width} px: the campaign under a transparent header, the copy at 4.5:1 on the picture or under it, all in the first screen, nothing shifting`, async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "measured by a script in the page; the markup and styles are the same without JavaScript");
      await page.setViewportSize(viewport);
      await visit(page, "/");
      const hero = page.getByRole("region", { name: "Lana, lino e tempo: capi fatti per restare." });
      const art = hero.locator("img");
      await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // Only what is behind the text: the cookie banner (which may overlap on a phone) goes.
      await page.getByTestId("consent-banner").evaluate((banner) => (banner.style.visibility = "hidden"));

      // Across the whole width, from the top of the page: the header sits over it.
      const picture = (await art.boundingBox())!;
      const header = page.locator("header").first();
      expect(picture.width).toBe(viewport.width);
      expect(picture.y, "the hero starts under the header").toBeLessThan((await header.boundingBox())!.height);
      const copy = (await page.getByTestId("hero-copy").boundingBox())!;
      if (viewport.width < 984) expect(picture.y + picture.height, "phones: the picture above the words").toBeLessThanOrEqual(copy.y);
      else expect(copy.y + copy.height, "desktop: the words on the picture").toBeLessThanOrEqual(picture.y + picture.height);

      for (const element of [art, hero.getByRole("heading", { level: 1 }), hero.getByRole("link", { name: "Scopri Donna" }), hero.getByRole("link", { name: "Scopri Uomo" })]) {
        const box = (await element.boundingBox())!;
        expect(box.y + box.height, `${await element.evaluate((e) => e.outerHTML.slice(0, 60))} in the first screen`).toBeLessThanOrEqual(viewport.height);
      }
      expect(await worstContrast(page, hero.locator("p").first())).toBeGreaterThanOrEqual(4.5);
      expect(await worstContrast(page, hero.getByRole("heading", { level: 1 }))).toBeGreaterThanOrEqual(4.5);

      // The header: see-through at the top, solid once the page has scrolled, its wordmark legible
      // over whatever passes under it on the way.
      const headerAlpha = () => header.evaluate((element) => Number(getComputedStyle(element).backgroundColor.match(/[\d.]+(?=\))/)?.[0] ?? 1));
      const wordmark = header.getByRole("link", { name: "Bottega, vai alla home" });
      // The pointer away from the header, which it would otherwise pass under as the page scrolls
      // (hovered, the header is solid; and it wakes the header's code, which takes over its HTML).
      await page.mouse.move(viewport.width / 2, viewport.height - 1);
      expect(await headerAlpha(), "transparent over the hero").toBe(0);
      for (const y of [0, 40, 80, 160, 400]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        // As the shopper sees it: the header's scroll-driven animation where the page is now.
        expect(await worstContrast(page, wordmark, { animations: "allow" }), `the wordmark at ${y} px`).toBeGreaterThanOrEqual(4.5);
      }
      expect(await headerAlpha(), "solid once scrolled").toBeGreaterThan(0.8);
      await page.evaluate(() => window.scrollTo(0, 0));

      // No layout shift while the page loaded (CLS 0): every picture's box was set before it came.
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0))).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(0), 500);
          }),
      );
      expect(shift, "cumulative layout shift").toBe(0);

      // The collections' labels sit under their pictures (no text on the art); axe checks their contrast.
      for (const tile of await page.getByRole("region", { name: "Le collezioni" }).getByRole("listitem").all()) {
        const image = (await tile.locator("img").boundingBox())!;
        const label = (await tile.getByRole("link").boundingBox())!;
        expect(label.y, "a tile's label under its picture").toBeGreaterThanOrEqual(image.y + image.height);
      }

      // New arrivals show there is more: the row scrolls, and the card after the last whole one peeks in.
      const row = page.getByRole("region", { name: "Nuovi arrivi" }).getByRole("list", { name: "Nuovi arrivi" });
      const { peek } = await row.evaluate((list) => {
        const edge = list.getBoundingClientRect().right;
        const cards = Array.from(list.children, (card) => card.getBoundingClientRect());
        const next = cards.find((card) => card.right > edge)!;
        return { peek: edge - next.left };
      });
      expect(peek, "the next card's visible part").toBeGreaterThan(40);
    });
  }
});
