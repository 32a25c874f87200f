import { expect, it } from "vitest";
import { registrationForm } from "../support/forms";
import { type HttpClient, describeEachApp } from "../support/http";
import { CONFIRMATION_ACCOUNT_RATE_LIMIT } from "~/modules/account/account.service.server";

// The welcome e-mail's address-confirmation link through the request handler, without
// JavaScript: its page only reads, its button's post proves the address and redirects, a bad
// link gets a localized page, and the account page sends the link again within limits.
describeEachApp("address confirmation", (app) => {
  let nextEmail = 0;
  const newEmail = () => `conferma${++nextEmail}-${app().kind}@example.it`;
  const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

  async function registered(): Promise<{ shopper: HttpClient; email: string; token: string }> {
    const shopper = app().client();
    const email = newEmail();
    expect((await shopper.postForm("/login/register", registrationForm(email))).status).toBe(302);
    const mail = await app().db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", email).where("template", "=", "welcome").executeTakeFirstOrThrow();
    const token = /\/account\/confirm-email\?token=([\w-]+)/.exec(mail.text_body)![1];
    return { shopper, email, token };
  }
  const proofOf = async (email: string) =>
    (await app().db.selectFrom("users").select("email_verified_at").where("email_key", "=", email).executeTakeFirstOrThrow()).email_verified_at;
  const tokenRows = () => app().db.selectFrom("password_reset_tokens").selectAll().orderBy("id").execute();

  it("shows the link's page with a post button in both languages, and the GET writes nothing", async () => {
    const { email, token } = await registered();
    const before = await tokenRows();
    const page = await app().client().get(`/account/confirm-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = decode(await page.text());
    expect(html).toMatch(/<form[^>]* method="post"/);
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain("Conferma l'indirizzo");
    expect(html).toContain(email);
    const english = await app().client().get(`/en/account/confirm-email?token=${token}`);
    expect(english.status).toBe(200);
    expect(await english.text()).toContain("Confirm the address");
    expect(await tokenRows()).toEqual(before);
    expect(await proofOf(email)).toBeNull();
  });

  it("confirms with the button's post, for a visitor or the account itself, and redirects with a notice", async () => {
    const visitor = app().client();
    const first = await registered();
    const done = await visitor.postForm("/account/confirm-email", { token: first.token });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/");
    expect(await proofOf(first.email)).not.toBeNull();
    expect(await (await visitor.get("/")).text()).toContain("Il tuo indirizzo email è confermato.");

    const second = await registered();
    const unconfirmed = decode(await (await second.shopper.get("/account")).text());
    expect(unconfirmed).toContain('data-email-status="unconfirmed"');
    expect(unconfirmed).toContain("Invia di nuovo il link di conferma");
    const own = await second.shopper.postForm("/en/account/confirm-email", { token: second.token });
    expect(own.status).toBe(303);
    expect(own.headers.get("Location")).toBe("/en/account");
    const confirmed = await (await second.shopper.get("/en/account")).text();
    expect(confirmed).toContain('data-email-status="confirmed"');
    expect(confirmed).not.toContain(`name="intent" value="confirm-email"`);
  });

  it("answers a bad, used or foreign-origin link with a localized 4xx page, never a 500, changing nothing", async () => {
    const { email, token } = await registered();
    for (const path of ["/account/confirm-email", "/account/confirm-email?token=abc", `/account/confirm-email?token=${"x".repeat(43)}`, "/account/confirm-email?token=%00%22<>"]) {
      const page = await app().client().get(path);
      expect(page.status, path).toBe(410);
      expect(decode(await page.text()), path).toContain("Il link per confermare l'indirizzo non è valido");
    }
    for (const token of ["", "x".repeat(43), "<script>"]) {
      const answer = await app().client().postForm("/account/confirm-email", { token });
      expect(answer.status, token).toBe(410);
    }
    const bodyless = await app().client().fetch("/account/confirm-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(bodyless.status).toBeLessThan(500);
    expect(bodyless.status).toBeGreaterThanOrEqual(400);
    // Refused before the action (the built server answers 403 first: tests/http/cross-origin.test.ts).
    const foreign = await app().client().postForm("/account/confirm-email", { token }, { headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    expect(await proofOf(email)).toBeNull();

    expect((await app().client().postForm("/account/confirm-email", { token })).status).toBe(303);
    const again = await app().client().postForm("/en/account/confirm-email", { token });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("The address confirmation link is not valid, has already been used or has expired.");
    expect((await app().client().get(`/account/confirm-email?token=${token}`)).status).toBe(410);
  });

  it("sends the link again from the account page, up to the per-account limit, then a 429 at the button", async () => {
    const { shopper, email } = await registered();
    for (let i = 0; i < CONFIRMATION_ACCOUNT_RATE_LIMIT.limit; i++) {
      const sent = await shopper.postForm("/account", { intent: "confirm-email" });
      expect(sent.status).toBe(303);
      expect(sent.headers.get("Location")).toBe("/account");
    }
    expect(await (await shopper.get("/account")).text()).toContain("Ti abbiamo inviato un nuovo link di conferma");
    const refused = await shopper.postForm("/account", { intent: "confirm-email" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(decode(await refused.text())).toMatch(/role="alert"[^>]*>[^<]+</);
    const mails = await app().db.selectFrom("mail_outbox").select("template").where("recipient", "=", email).orderBy("id").execute();
    expect(mails.map((m) => m.template)).toEqual(["welcome", ...Array(CONFIRMATION_ACCOUNT_RATE_LIMIT.limit).fill("email-confirmation")]);
  });

  it("exports the data filed under the address only once it is confirmed", async () => {
    const { shopper, email, token } = await registered();
    const before = await (await shopper.get("/account/export")).json();
    expect(before.notIncluded).toMatchObject({ email, reason: expect.stringContaining("Confirm the address") });
    expect(before.mail).toEqual([]);
    await shopper.postForm("/account/confirm-email", { token });
    const after = await (await shopper.get("/account/export")).json();
    expect(after.notIncluded).toBeNull();
    expect(after.mail.map((m: { template: string }) => m.template)).toContain("welcome");
  });
});
