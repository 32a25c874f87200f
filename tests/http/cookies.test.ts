import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";

// The cookie banner's refusing X without JavaScript: the form the server renders in the banner,
// posted as a browser without JavaScript posts it (its hidden fields and the button's own name
// and value), then the pages it leads to. The end-to-end tests make the same choice with
// JavaScript (tests/e2e/cookies.spec.ts), and accept and save it without.
describeEachApp("cookie consent without JavaScript", (app) => {
  const SIX_MONTHS_S = 183 * 86_400;
  const BANNER = 'data-testid="consent-banner"';

  it("the banner's X goes back to the page with the notice, stores the refusal for six months, and the banner stays away in both languages", async () => {
    const visitor = app().client();
    const page = await (await visitor.get("/pages/Faq")).text();
    const banner = /<section[^>]*data-testid="consent-banner"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(banner);
    expect(form, "the banner's form").not.toBeNull();
    expect(form![1]).toContain('method="post"');
    const action = /action="([^"]*)"/.exec(form![1])![1];
    expect(action).toBe("/pages/cookies");
    const hidden = [...form![2].matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)].map((m) => [/name="([^"]*)"/.exec(m[0])![1], /value="([^"]*)"/.exec(m[0])?.[1] ?? ""] as [string, string]);
    expect(hidden).toContainEqual(["redirectTo", "/pages/Faq"]);
    const x = /<button\b[^>]*data-testid="consent-refuse"[^>]*>/.exec(form![2])![0];
    const button: [string, string] = [/name="([^"]*)"/.exec(x)![1], /value="([^"]*)"/.exec(x)![1]];

    const answer = await visitor.postForm(action, [...hidden, button]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/pages/Faq");
    const consent = answer.headers.getSetCookie().find((line) => line.startsWith("consent="));
    expect(consent).toMatch(/HttpOnly/i);
    expect(consent).toMatch(/SameSite=Lax/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(consent!)?.[1]);
    expect(maxAge).toBeGreaterThan(SIX_MONTHS_S - 120);
    expect(maxAge).toBeLessThanOrEqual(SIX_MONTHS_S + 5);

    const back = await (await visitor.get("/pages/Faq")).text();
    expect(back).toContain("Hai rifiutato i cookie non tecnici: usiamo solo quelli tecnici.");
    expect(back).not.toContain(BANNER);
    for (const path of ["/", "/categories/uomo", "/en", "/en/pages/Faq"]) {
      const other = await visitor.get(path);
      expect(other.status, path).toBe(200);
      expect(await other.text(), path).not.toContain(BANNER);
    }
    const choices = await (await visitor.get("/en/pages/cookies")).text();
    for (const name of ["analytics", "marketing"]) {
      const box = new RegExp(`<input\\b[^>]*name="${name}"[^>]*>`).exec(choices)?.[0];
      expect(box, name).toBeDefined();
      expect(box, name).not.toMatch(/\schecked/);
    }
  });
});
