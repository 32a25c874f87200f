import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { NewsletterSchema } from "./newsletter.schema";
import { findSubscription } from "./newsletter.repository.server";
import { NEWSLETTER_RATE_LIMIT, subscribeToNewsletter } from "./newsletter.service.server";

describe("newsletter schema", () => {
  it("requires a valid email and the privacy consent, with translation keys as messages", () => {
    const messages = (input: unknown) => {
      const r = NewsletterSchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    };
    expect(messages({ email: "", privacy: true })).toEqual(["email:validation.required"]);
    expect(messages({ privacy: true })).toEqual(["email:validation.required"]);
    expect(messages({ email: "mario@", privacy: true })).toEqual(["email:validation.email"]);
    expect(messages({ email: "mario@example.it", privacy: false })).toEqual(["privacy:validation.privacy"]);
    expect(messages({ email: "mario@example.it" })).toEqual(["privacy:validation.privacy"]);
    expect(messages({ email: " Mario.Rossi@Example.it ", privacy: true, language: "en" })).toEqual([]);
    expect(messages({ email: "mario@example.it", privacy: true, language: "fr" })).toEqual(["language:Invalid option: expected one of \"it\"|\"en\""]);
  });
});

describeEachDatabase("newsletter service", (ctx) => {
  const base = { privacy: true as const, locale: "it" as const, source: "footer" as const };

  it("stores one row per address; a repeat refreshes language and consent", async () => {
    const { db } = ctx();
    await subscribeToNewsletter(db, { ...base, email: "Giulia@Example.it", clientIp: "10.0.0.1" }, new Date("2026-11-01T10:00:00Z"));
    await subscribeToNewsletter(db, { ...base, email: "giulia@example.it", language: "en", clientIp: "10.0.0.1" }, new Date("2026-11-02T10:00:00Z"));
    const rows = await db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", "giulia@example.it").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].locale).toBe("en");
    expect(rows[0].consent_at).toBe("2026-11-02T10:00:00.000Z");
    expect(rows[0].created_at).toBe("2026-11-01T10:00:00.000Z");
  });

  it("answers a filled honeypot as a success and stores nothing", async () => {
    const { db } = ctx();
    await expect(subscribeToNewsletter(db, { ...base, email: "bot@example.it", clientIp: "10.0.0.2", honeypot: "https://spam" })).resolves.toBeUndefined();
    expect(await findSubscription(db, "bot@example.it")).toBeUndefined();
  });

  it("limits sign-ups per client address and lets them through again in the next window", async () => {
    const { db } = ctx();
    const now = new Date("2026-11-22T12:00:00Z");
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.limit; i++) {
      await subscribeToNewsletter(db, { ...base, email: `p${i}@example.it`, clientIp: "10.0.0.3" }, now);
    }
    await expect(subscribeToNewsletter(db, { ...base, email: "late@example.it", clientIp: "10.0.0.3" }, now)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      retryAfter: NEWSLETTER_RATE_LIMIT.windowMs / 1000,
    });
    expect(await findSubscription(db, "late@example.it")).toBeUndefined();
    // Another address is not affected.
    await subscribeToNewsletter(db, { ...base, email: "other@example.it", clientIp: "10.0.0.4" }, now);
    expect(await findSubscription(db, "other@example.it")).toBeDefined();
    const later = new Date(now.getTime() + NEWSLETTER_RATE_LIMIT.windowMs);
    await subscribeToNewsletter(db, { ...base, email: "late@example.it", clientIp: "10.0.0.3" }, later);
    expect(await findSubscription(db, "late@example.it")).toBeDefined();
  });
});
