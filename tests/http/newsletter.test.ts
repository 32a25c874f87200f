import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";

// The newsletter page's action through the request handler: a refused form is a 400 page in
// the visitor's language, with the field's error and what was typed kept; a good one subscribes.
describeEachApp("newsletter page action", (app) => {
  it("answers a bad email with 400, the localized error at the field and the input kept", async () => {
    const visitor = app().client();
    const italian = await visitor.postForm("/pages/newsletter", { email: "not-an-email", privacy: "on" });
    expect(italian.status).toBe(400);
    expect(italian.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await italian.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toContain("La email inserita non è valida");
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"|<input[^>]*value="not-an-email"[^>]*name="email"/);
    expect(html).toMatch(/aria-invalid="true"/);

    const english = await visitor.postForm("/en/pages/newsletter", { email: "not-an-email", privacy: "on" });
    expect(english.status).toBe(400);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en"');
    expect(englishHtml).toContain("The email entered is not valid");
  });

  it("signs a good address up: 200 and one pending row, in the page's language, with its confirmation mail", async () => {
    const response = await app().client().postForm("/en/pages/newsletter", { email: "anna@example.com", privacy: "on" });
    expect(response.status).toBe(200);
    const rows = await app().db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", "anna@example.com").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: "en", status: "pending", confirmed_at: null });
    const mails = await app().db.selectFrom("mail_outbox").select(["template", "locale"]).where("recipient", "=", "anna@example.com").execute();
    expect(mails).toEqual([{ template: "newsletter-confirmation", locale: "en" }]);
  });

  it("answers an unknown path with the 404 page in the path's language", async () => {
    const visitor = app().client();
    const italian = await visitor.get("/pagina-che-non-esiste");
    expect(italian.status).toBe(404);
    const italianHtml = await italian.text();
    expect(italianHtml).toContain('<html lang="it"');
    expect(italianHtml).toContain("Pagina non trovata");

    const english = await visitor.get("/en/no-such-page");
    expect(english.status).toBe(404);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en"');
    expect(englishHtml).toContain("Page not found");
  });
});
