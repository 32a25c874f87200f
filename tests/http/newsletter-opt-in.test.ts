import { expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";

// Double opt-in and unsubscribe through the request handler (issue 23), on both databases: the
// sign-up still answers the spec's message and stores a pending row; the e-mailed link's page
// writes nothing on GET and confirms on POST, once; the unsubscribe link's page likewise, and a
// mail client's one-click POST (RFC 8058) unsubscribes with the token in the query. The same-origin
// check in front of it is tested on the built server (newsletter-one-click.test.ts).
describeEachApp("newsletter double opt-in", (app) => {
  let next = 0;
  const newEmail = (name: string) => `${name}-${++next}-${app().kind}@example.it`;

  async function row(email: string) {
    return app().db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email).executeTakeFirst();
  }

  async function links(email: string) {
    const mail = await app()
      .db.selectFrom("mail_outbox")
      .select(["text_body", "headers"])
      .where("recipient", "=", email)
      .where("template", "=", "newsletter-confirmation")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return {
      confirm: /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text_body)![1]!,
      unsubscribe: /\/newsletter\/unsubscribe\?token=([\w.-]+)/.exec(mail.text_body)![1]!,
      headers: JSON.parse(mail.headers!) as Record<string, string>,
    };
  }

  it("answers the JSON sign-up with the spec's message unchanged, and stores it pending", async () => {
    const visitor = app().client();
    const email = newEmail("api");
    const italian = await visitor.fetch("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ email, privacy: true, language: "it" }),
    });
    expect(italian.status).toBe(200);
    expect(await italian.json()).toEqual({ message: "Utente iscritto correttamente alla newsletter" });
    expect(await row(email)).toMatchObject({ status: "pending", source: "api" });
    const english = await visitor.fetch("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ email: newEmail("api-en"), privacy: true, language: "en" }),
    });
    expect(await english.json()).toEqual({ message: "User correctly subscribed to the newsletter" });
    const { headers } = await links(email);
    expect(headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${ORIGIN}/newsletter/unsubscribe\\?token=\\d+\\.[\\w-]{43}>, <mailto:[^>]+>$`));
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("the footer form without JavaScript still lands with the spec's message as its notice", async () => {
    const visitor = app().client();
    const email = newEmail("footer");
    const posted = await visitor.postForm("/pages/newsletter", { email, privacy: "on", source: "footer", redirectTo: "/pages/Faq" });
    expect(posted.status).toBe(302);
    const landed = await visitor.get(posted.headers.get("Location")!);
    expect(await landed.text()).toContain("Utente iscritto correttamente alla newsletter");
    expect(await row(email)).toMatchObject({ status: "pending", source: "footer" });
  });

  it("the confirmation link's GET shows a button and writes nothing; the POST confirms once; a used or bad link is a localized 410", async () => {
    const email = newEmail("confirm");
    await app().client().postForm("/en/pages/newsletter", { email, privacy: "on" });
    const { confirm } = await links(email);
    const before = await row(email);
    const visitor = app().client();
    const page = await visitor.get(`/en/newsletter/confirm?token=${confirm}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain(`name="token" value="${confirm}"`);
    expect(html).toContain("Confirm the subscription");
    expect(await row(email)).toEqual(before);

    const confirmed = await visitor.postForm(`/en/newsletter/confirm?token=${confirm}`, { token: confirm });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/en");
    expect(await row(email)).toMatchObject({ status: "confirmed", confirm_token_hash: null });
    const notice = await visitor.get("/en");
    expect(await notice.text()).toContain("Subscription confirmed");

    const again = await visitor.postForm("/en/newsletter/confirm", { token: confirm });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link is not valid");
    const used = await visitor.get(`/newsletter/confirm?token=${confirm}`);
    expect(used.status).toBe(410);
    expect(await used.text()).toContain("Questo link non è valido");
    for (const bad of ["", "x", "A".repeat(43), `${confirm}x`]) {
      expect((await visitor.get(`/newsletter/confirm?token=${encodeURIComponent(bad)}`)).status).toBe(410);
      expect((await visitor.postForm("/newsletter/confirm", { token: bad })).status).toBe(410);
    }
  });

  it("the unsubscribe page's GET writes nothing; its button unsubscribes and redirects with a notice", async () => {
    const email = newEmail("page-out");
    await app().client().postForm("/pages/newsletter", { email, privacy: "on" });
    const { confirm, unsubscribe } = await links(email);
    await app().client().postForm("/newsletter/confirm", { token: confirm });
    const before = await row(email);
    const visitor = app().client();
    const page = await visitor.get(`/newsletter/unsubscribe?token=${unsubscribe}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain("Annulla l&#x27;iscrizione");
    expect(await row(email)).toEqual(before);
    const posted = await visitor.postForm("/newsletter/unsubscribe", { token: unsubscribe });
    expect(posted.status).toBe(303);
    const landed = await visitor.get(posted.headers.get("Location")!);
    const text = await landed.text();
    expect(text).toContain("Iscrizione annullata");
    expect(text).toContain("non è iscritto");
    expect(await row(email)).toMatchObject({ status: "unsubscribed" });
  });

  it("a one-click POST (RFC 8058) with the link's token unsubscribes, without cookie or redirect; a forged token is a 410 changing nothing", async () => {
    const email = newEmail("one-click");
    await app().client().postForm("/pages/newsletter", { email, privacy: "on" });
    const { confirm, unsubscribe } = await links(email);
    await app().client().postForm("/newsletter/confirm", { token: confirm });
    const client = app().client();
    const [id, mac] = unsubscribe.split(".");
    const forged = await client.fetch(`/newsletter/unsubscribe?token=${id}.${mac!.slice(1)}A`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(410);
    expect(await row(email)).toMatchObject({ status: "confirmed" });
    const oneClick = await client.fetch(`/newsletter/unsubscribe?token=${unsubscribe}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get("Set-Cookie")).toBeNull();
    expect(await oneClick.text()).toContain("Iscrizione annullata");
    expect(await row(email)).toMatchObject({ status: "unsubscribed" });
    // Again: still fine, nothing more to do.
    const twice = await client.fetch(`/newsletter/unsubscribe?token=${unsubscribe}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(twice.status).toBe(200);
  });
});
