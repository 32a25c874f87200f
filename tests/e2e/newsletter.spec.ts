import type { Locator, Page } from "@playwright/test";
import { BASE_URL } from "./e2e-env";
import { arrived, expect, expectAccessible, test, visit, waitForHydration } from "./fixtures";

const TEXTS = {
  it: {
    prefix: "",
    privacy: /informativa sulla privacy/,
    submit: "Iscriviti",
    pending: "Invio in corso…",
    success: "Utente iscritto correttamente alla newsletter",
    required: "Il campo è obbligatorio",
    invalidEmail: "La email inserita non è valida",
    privacyRequired: "È necessario accettare la privacy",
  },
  en: {
    prefix: "/en",
    privacy: /privacy notice/,
    submit: "Subscribe",
    pending: "Sending…",
    success: "User correctly subscribed to the newsletter",
    required: "The field is required",
    invalidEmail: "The email entered is not valid",
    privacyRequired: "You must accept the privacy",
  },
} as const;
type Lang = keyof typeof TEXTS;

// The form lives in the footer of every page (tested on the home page) and on its own page.
const VARIANTS = {
  footer: { path: (prefix: string) => prefix || "/", scope: (page: Page) => page.getByRole("contentinfo") },
  page: { path: (prefix: string) => `${prefix}/pages/newsletter`, scope: (page: Page) => page.getByRole("main") },
} as const;
type Variant = keyof typeof VARIANTS;

const ANY_EMAIL_ERROR = /obbligatorio|non è valida|required|not valid/;

let counter = 0;
const uniqueEmail = () => `e2e.${Date.now().toString(36)}.${process.pid}.${counter++}.${Math.random().toString(36).slice(2, 8)}@example.com`;

function form(page: Page, variant: Variant, lang: Lang) {
  const scope = VARIANTS[variant].scope(page);
  const t = TEXTS[lang];
  return {
    path: VARIANTS[variant].path(t.prefix),
    email: scope.getByLabel("Email", { exact: true }),
    privacy: scope.getByRole("checkbox", { name: t.privacy }),
    submit: scope.getByRole("button", { name: t.submit }),
    status: page.getByTestId(`newsletter-${variant}-status`),
  };
}

/**
 * The footer form is the server's plain form until the shopper first uses it; then its code
 * loads and the validating form takes its place (its no-JavaScript return field goes). With
 * JavaScript, focus the field and wait for that before testing the validating form.
 */
async function activate(page: Page, variant: Variant, lang: Lang, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled || variant !== "footer") return;
  await form(page, variant, lang).email.focus();
  await expect(page.locator('#newsletter-footer input[name="redirectTo"]')).toHaveCount(0);
}

const NEWSLETTER_CHUNK = /\/assets\/newsletter-form-[\w-]+\.js$/;

/** The page's top notices (flash messages after a no-JS post-redirect-get). */
const notices = (page: Page) => page.getByRole("status", { name: /^(Notifiche|Notifications)$/ });

/**
 * Without JavaScript: submits with a real form post and waits for the answer page, which may
 * have the same URL as the page it came from.
 */
async function postAndLand(page: Page, submit: Locator, path: string) {
  const navigated = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() });
  await submit.click();
  await navigated;
  await arrived(page, path);
}

/** Records method and status of every document the page loads (redirects included). */
function recordDocuments(page: Page) {
  const documents: Array<{ method: string; status: number }> = [];
  page.on("response", (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push({ method: request.method(), status: response.status() });
  });
  return documents;
}

/** Records the posts the page sends, to prove client-side validation kept the form home. */
function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

for (const variant of ["footer", "page"] as const) {
  test.describe(`newsletter ${variant} form`, () => {
    for (const lang of ["it", "en"] as const) {
      const t = TEXTS[lang];
      // Without JavaScript the English forms are the Italian ones with other texts, which the
      // HTTP tests check: the no-JS project runs the Italian pair only.
      const details = lang === "en" ? { tag: "@server-html" } : {};

      test(`[${lang}] subscribes a new address`, details, async ({ page, javaScriptEnabled }) => {
        const f = form(page, variant, lang);
        await visit(page, f.path);
        await expect(f.email).toBeVisible();
        await activate(page, variant, lang, javaScriptEnabled);
        await f.email.fill(uniqueEmail());
        await f.privacy.check();

        if (javaScriptEnabled) {
          await page.evaluate(() => Object.assign(window, { __e2eSamePage: true }));
          await f.submit.click();
          // No navigation: the message appears in the form's status region, in view, with focus.
          await expect(f.status).toHaveText(t.success);
          expect(await page.evaluate(() => "__e2eSamePage" in window)).toBe(true);
          await expect(f.status).toBeFocused();
          await expect(f.status).toBeInViewport();
          await expect(f.email).toHaveValue("");
          await expect(f.privacy).not.toBeChecked();
          await expect(page).toHaveURL(f.path);
          await expectAccessible(page);
        } else {
          // Post-redirect-get back to the same page, with the notice at the top.
          const documents = recordDocuments(page);
          await postAndLand(page, f.submit, f.path);
          expect(documents.at(-1), "the page shown after the post").toEqual({ method: "GET", status: 200 });
          await expect(notices(page)).toContainText(t.success);
          await expect(f.email).toHaveValue("");
          await expect(f.privacy).not.toBeChecked();
        }
      });

      test(`[${lang}] validation errors show next to the fields`, details, async ({ page, javaScriptEnabled }) => {
        const f = form(page, variant, lang);
        await visit(page, f.path);
        await expect(f.email).toBeVisible();
        await activate(page, variant, lang, javaScriptEnabled);

        if (javaScriptEnabled) {
          // Validated in the browser (on blur, then as the shopper types, spec §5 "on change"; and
          // on submit): no navigation, no request.
          const posts = recordPosts(page);
          await page.evaluate(() => Object.assign(window, { __e2eSamePage: true }));

          await f.email.focus();
          await f.email.blur();
          await expect(f.email).toHaveAccessibleDescription(new RegExp(t.required));
          await expect(f.email).toHaveAttribute("aria-invalid", "true");

          // Touched once: each keystroke revalidates, without leaving the field.
          await f.email.fill("mario@");
          await expect(f.email).toHaveAccessibleDescription(new RegExp(t.invalidEmail));
          await expect(f.email).not.toHaveAccessibleDescription(new RegExp(t.required));

          await f.email.fill(uniqueEmail());
          await expect(f.email).not.toHaveAccessibleDescription(ANY_EMAIL_ERROR);
          await f.submit.click();
          await expect(f.privacy).toHaveAccessibleDescription(t.privacyRequired);
          await expect(f.privacy).toHaveAttribute("aria-invalid", "true");
          await expect(f.email).not.toHaveAccessibleDescription(ANY_EMAIL_ERROR);
          await expect(f.status).toHaveText("");
          await expectAccessible(page);

          await expect(page).toHaveURL(f.path);
          expect(await page.evaluate(() => "__e2eSamePage" in window)).toBe(true);
          expect(posts).toEqual([]);
          return;
        }

        // Without JavaScript the form posts to the newsletter page, which answers with the
        // errors next to the fields and the typed values kept.
        const landing = `${t.prefix}/pages/newsletter`;
        const landed = form(page, "page", lang);
        const documents = recordDocuments(page);
        const refused = { method: "POST", status: 400 };

        await f.privacy.check();
        await postAndLand(page, f.submit, landing);
        expect(documents.at(-1)).toEqual(refused);
        await expect(landed.email).toHaveAccessibleDescription(new RegExp(t.required));
        await expect(landed.email).toHaveValue("");
        await expect(landed.privacy).toBeChecked();

        await landed.email.fill("mario@");
        await postAndLand(page, landed.submit, landing);
        expect(documents.at(-1)).toEqual(refused);
        await expect(landed.email).toHaveAccessibleDescription(new RegExp(t.invalidEmail));
        await expect(landed.email).toHaveValue("mario@");

        const email = uniqueEmail();
        await landed.email.fill(email);
        await landed.privacy.uncheck();
        await postAndLand(page, landed.submit, landing);
        expect(documents.at(-1)).toEqual(refused);
        await expect(landed.privacy).toHaveAccessibleDescription(t.privacyRequired);
        await expect(landed.email).toHaveValue(email);
        await expect(landed.email).not.toHaveAccessibleDescription(ANY_EMAIL_ERROR);
        await expect(landed.status).toHaveText("");
      });
    }
  });
}

test.describe("the footer form's code", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "about loading JavaScript");

  test("is not fetched until the shopper uses the form", async ({ page }) => {
    const chunks: string[] = [];
    page.on("request", (request) => {
      if (NEWSLETTER_CHUNK.test(new URL(request.url()).pathname)) chunks.push(request.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(chunks).toEqual([]);
    const loaded = page.waitForRequest((request) => NEWSLETTER_CHUNK.test(new URL(request.url()).pathname));
    await form(page, "footer", "it").email.focus();
    await loaded;
    await expect(page.locator('#newsletter-footer input[name="redirectTo"]')).toHaveCount(0);
  });

  test("keeps what was typed before it arrived, and the focus", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(NEWSLETTER_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    const f = form(page, "footer", "it");
    await visit(page, "/");
    await f.email.click();
    await page.keyboard.type("mario@exa");
    await f.privacy.check();
    await f.email.focus();
    await expect(page.locator('#newsletter-footer input[name="redirectTo"]')).toHaveCount(1);
    release();
    await expect(page.locator('#newsletter-footer input[name="redirectTo"]')).toHaveCount(0);
    await expect(f.email).toBeFocused();
    await expect(f.email).toHaveValue("mario@exa");
    await expect(f.privacy).toBeChecked();
    await page.keyboard.type("mple.com");
    await expect(f.email).toHaveValue("mario@example.com");
    await f.submit.click();
    await expect(f.status).toHaveText(TEXTS.it.success);
    await expect(page).toHaveURL("/");
  });

  test("a submit before it has loaded is a plain form post", async ({ page }) => {
    // The code never arrives (slow network, or a new deployment): the server's form still works.
    await page.route(NEWSLETTER_CHUNK, (route) => route.abort());
    const f = form(page, "footer", "it");
    await visit(page, "/");
    await f.email.fill(uniqueEmail());
    await f.privacy.check();
    const documents = recordDocuments(page);
    await postAndLand(page, f.submit, "/");
    expect(documents).toEqual([
      { method: "POST", status: 302 },
      { method: "GET", status: 200 },
    ]);
    await expect(notices(page)).toContainText(TEXTS.it.success);
  });
});

test.describe(() => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "pending states need JavaScript");
  test("with JavaScript, the button shows a pending state while the sign-up is sent", async ({ page }) => {
    const f = form(page, "page", "it");
    await visit(page, f.path);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/pages/newsletter"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.fallback();
      },
    );
    await f.email.fill(uniqueEmail());
    await f.privacy.check();
    await f.submit.click();
    const pending = page.getByRole("main").getByRole("button", { name: TEXTS.it.pending });
    await expect(pending).toBeDisabled();
    await expect(pending).toHaveAttribute("aria-busy", "true");
    release();
    await expect(f.status).toHaveText(TEXTS.it.success);
    await expect(f.submit).toBeEnabled();
  });
});

test("subscribing twice with the same address succeeds both times", async ({ page, javaScriptEnabled }) => {
  const f = form(page, "page", "it");
  const email = uniqueEmail();
  await visit(page, f.path);
  for (let attempt = 0; attempt < 2; attempt++) {
    await f.email.fill(email);
    await f.privacy.check();
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    if (javaScriptEnabled) await f.submit.click();
    else await postAndLand(page, f.submit, f.path);
    // With JavaScript the fetcher gets the result; without, post-redirect-get with a notice.
    expect((await answer).status(), `attempt ${attempt + 1}`).toBe(javaScriptEnabled ? 200 : 302);
    await expect(javaScriptEnabled ? f.status : notices(page)).toContainText(TEXTS.it.success);
    await expect(f.email).toHaveValue("");
  }
});

test.describe("JSON API POST /api/newsletter", () => {
  test("subscribes in the requested language, also twice", { tag: "@server-html" }, async ({ request }) => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await request.post("/api/newsletter", { data: { email, privacy: true, language: "en" } });
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ message: "User correctly subscribed to the newsletter" });
    }
    const italian = await request.post("/api/newsletter", { data: { email: uniqueEmail(), privacy: true, language: "it" } });
    expect(italian.status()).toBe(200);
    expect((await italian.json()).message).toBe("Utente iscritto correttamente alla newsletter");
  });

  test("answers 400 with the error text", { tag: "@server-html" }, async ({ request }) => {
    const badEmail = await request.post("/api/newsletter", { data: { email: "mario@", privacy: true, language: "en" } });
    expect(badEmail.status()).toBe(400);
    expect((await badEmail.json()).message).toBe("The email entered is not valid");

    const italian = await request.post("/api/newsletter", { data: { email: "mario@", privacy: true, language: "it" } });
    expect(italian.status()).toBe(400);
    expect((await italian.json()).message).toBe("La email inserita non è valida");

    const noConsent = await request.post("/api/newsletter", { data: { email: uniqueEmail(), privacy: false, language: "en" } });
    expect(noConsent.status()).toBe(400);
    expect((await noConsent.json()).message).toBe("You must accept the privacy");

    const empty = await request.post("/api/newsletter", { data: { email: "", privacy: true, language: "it" } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).message).toBe("Il campo è obbligatorio");

    const notJson = await request.post("/api/newsletter", { headers: { "Content-Type": "application/json" }, data: "{not json" });
    expect(notJson.status()).toBe(400);
  });

  test("refuses cross-origin posts", { tag: "@server-html" }, async ({ request }) => {
    const foreign = await request.post("/api/newsletter", {
      headers: { Origin: "https://evil.example" },
      data: { email: uniqueEmail(), privacy: true, language: "en" },
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).not.toContain("subscribed");

    const crossSite = await request.post("/api/newsletter", {
      headers: { "Sec-Fetch-Site": "cross-site" },
      data: { email: uniqueEmail(), privacy: true, language: "en" },
    });
    expect(crossSite.status()).toBe(403);

    // The same origin is welcome.
    const sameOrigin = await request.post("/api/newsletter", {
      headers: { Origin: BASE_URL },
      data: { email: uniqueEmail(), privacy: true, language: "en" },
    });
    expect(sameOrigin.status()).toBe(200);
  });

  test("rate-limits each client address: the 9th sign-up in 10 minutes gets 429", { tag: "@server-html" }, async ({ request, clientIp }) => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      const response = await request.post("/api/newsletter", { data: { email: uniqueEmail(), privacy: true, language: "it" } });
      expect(response.status(), `sign-up ${attempt} from ${clientIp}`).toBe(200);
    }
    const limited = await request.post("/api/newsletter", { data: { email: uniqueEmail(), privacy: true, language: "en" } });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    expect((await limited.json()).message).toBe("Too many attempts. Please try again in a few minutes.");

    // Another address is not affected.
    const other = clientIp.replace(/^10\./, "11.");
    const elsewhere = await request.post("/api/newsletter", {
      headers: { "X-Forwarded-For": other },
      data: { email: uniqueEmail(), privacy: true, language: "it" },
    });
    expect(elsewhere.status()).toBe(200);
  });

  test("GET is not allowed", { tag: "@server-html" }, async ({ request }) => {
    const response = await request.get("/api/newsletter");
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("POST");
  });
});
