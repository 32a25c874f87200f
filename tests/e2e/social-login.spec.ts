import type { Page } from "@playwright/test";
import { OIDC_PORT } from "./e2e-env";
import { arrived, expect, test, visit } from "./fixtures";

// Social login end to end, with JavaScript and without: the login page's button, the sign-in at a
// real OpenID provider started beside the shop (tests/support/oidc-provider.mjs, whose development
// page takes any login), and the way back. Linking by verified email, replays and forged states
// are the service tests' (app/modules/account/social-login.test.ts).

test.describe.configure({ timeout: 60_000 });

const uniqueEmail = (prefix = "social") => `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** At the provider's development page: signs in as `email` (any password). */
async function signInAtProvider(page: Page, email: string) {
  await page.waitForURL((url) => url.port === String(OIDC_PORT));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
}

test("a new shopper continues with the provider from the account page's login and comes back signed in, with an account without a password", async ({ page }) => {
  await visit(page, "/account");
  await expect(page).toHaveURL(/\/login$/);
  const consent = page.getByRole("main").getByText(/Continuando con un account esterno/);
  await expect(consent.getByRole("link", { name: "informativa sulla privacy" })).toHaveAttribute("href", "/pages/Privacy-Policy");
  await page.getByRole("button", { name: "Continua con Demo ID" }).click();

  await signInAtProvider(page, uniqueEmail());
  // Back at the stored target (spec §2), signed in as the provider's person; the callback is a GET
  // that writes no notice into the session: the notice comes in the address (issue 37, item 25).
  await arrived(page, /\/account\?notice=signed-in$/);
  await expect(page.getByTestId("notice").filter({ hasText: "Bentornato! Hai effettuato l'accesso." })).toHaveCount(1);
  await expect(page.getByRole("main").getByLabel("Nome *", { exact: true })).toHaveValue("Giulia");
  await expect(page.getByRole("main").getByRole("link", { name: "Scegli una password" })).toBeVisible();
});

test("an email the provider has not verified is refused, back on the English login page with the reason", async ({ page }) => {
  await visit(page, "/en/login");
  await page.getByRole("button", { name: "Continue with Demo ID" }).click();
  await signInAtProvider(page, uniqueEmail("unverified"));
  await arrived(page, /\/en\/login\?notice=social-unverified$/);
  await expect(page.getByTestId("notice").filter({ hasText: "Your external account has no verified email" })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});
