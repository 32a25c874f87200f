import type { Kysely } from "kysely";
import { type ReceivedMail, readMessage, startTestSmtpServer } from "../../../tests/support/mail";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import type { Database, Locale } from "~/db/schema";
import { getVariantStock, setVariantStock } from "~/modules/catalog/stock.service.server";
import { createMailer } from "~/modules/mail/mail.server";
import { createMailWorker } from "~/modules/mail/mail-worker.server";
import { isDomainError } from "~/utils/domain-error";
import { BackInStockSchema } from "./backstock.schema";
import { BACK_IN_STOCK_RATE_LIMIT, notifyBackInStock, requestBackInStock } from "./backstock.service.server";

const ORIGIN = "https://shop.example";

describe("back-in-stock schema", () => {
  it("requires a SKU, a valid email and the privacy consent, with translation keys as messages", () => {
    const messages = (input: unknown) => {
      const r = BackInStockSchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    };
    const valid = { sku: "ARIA-NAVY-M", email: "giulia@example.it", privacy: true };
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, sku: " " })).toEqual(["sku:validation.required"]);
    expect(messages({ ...valid, sku: undefined })).toEqual(["sku:validation.required"]);
    expect(messages({ ...valid, sku: "X".repeat(65) })).toEqual(["sku:validation.required"]);
    expect(messages({ ...valid, email: "" })).toEqual(["email:validation.required"]);
    expect(messages({ ...valid, email: "giulia@" })).toEqual(["email:validation.email"]);
    expect(messages({ ...valid, privacy: false })).toEqual(["privacy:validation.privacy"]);
    expect(messages({ ...valid, language: "en" })).toEqual([]);
    expect(messages({ ...valid, language: "fr" })).toHaveLength(1);
  });
});

describeEachDatabase("back-in-stock alerts", (ctx) => {
  let productId: number;
  let nextVariant = 0;
  // Each test asks from its own address, so the rate limit of one never blocks another.
  let nextIp = 0;
  const ip = () => `10.1.0.${++nextIp}`;

  beforeAll(async () => {
    productId = await seedProduct(ctx().db);
  });

  /** A variant of the seeded cardigan with its own SKU; a size may be used once per database. */
  async function addVariant(stock: number, size = `T${nextVariant + 1}`): Promise<string> {
    const sku = `ARIA-NAVY-${size}-${++nextVariant}`;
    await ctx()
      .db.insertInto("variants")
      .values({ product_id: productId, sku, color_code: "navy", size, position: nextVariant, price_cents: 12900, compare_at_cents: null, stock, created_at: STAMP, updated_at: STAMP })
      .execute();
    return sku;
  }

  async function ask(sku: string, email: string, language?: Locale) {
    return requestBackInStock(ctx().db, { sku, email, language, locale: "it", clientIp: ip() });
  }

  function requestsOf(sku: string) {
    return ctx()
      .db.selectFrom("back_in_stock_requests as r")
      .innerJoin("variants as v", "v.id", "r.variant_id")
      .select(["r.email", "r.locale", "r.consent_at", "r.notified_at"])
      .where("v.sku", "=", sku)
      .orderBy("r.id")
      .execute();
  }

  describe("asking for an alert", () => {
    it("stores one request per email and variant; asking again is fine and adds nothing", async () => {
      const sku = await addVariant(0);
      await requestBackInStock(ctx().db, { sku, email: "Giulia@Example.it", language: "en", locale: "it", clientIp: ip() }, new Date("2026-11-20T10:00:00Z"));
      await requestBackInStock(ctx().db, { sku, email: "giulia@example.it", locale: "it", clientIp: ip() }, new Date("2026-11-21T10:00:00Z"));
      expect(await requestsOf(sku)).toEqual([{ email: "giulia@example.it", locale: "en", consent_at: "2026-11-20T10:00:00.000Z", notified_at: null }]);
      // The same address may wait for another size.
      const other = await addVariant(0, "L");
      await ask(other, "giulia@example.it");
      expect(await requestsOf(other)).toHaveLength(1);
    });

    it("takes the page language when the request names none", async () => {
      const sku = await addVariant(0);
      await requestBackInStock(ctx().db, { sku, email: "luca@example.it", locale: "en", clientIp: ip() });
      expect((await requestsOf(sku))[0].locale).toBe("en");
    });

    it("refuses a SKU that does not exist as PRODUCT_UNAVAILABLE (404)", async () => {
      await expect(ask("NO-SUCH-SKU", "giulia@example.it")).rejects.toMatchObject({ code: "PRODUCT_UNAVAILABLE", status: 404 });
    });

    it("refuses a variant that can be bought now as ALREADY_IN_STOCK (409), and stores nothing", async () => {
      const sku = await addVariant(2);
      await expect(ask(sku, "giulia@example.it")).rejects.toMatchObject({ code: "ALREADY_IN_STOCK", status: 409 });
      expect(await requestsOf(sku)).toEqual([]);
    });

    it("answers a filled honeypot as a success and stores nothing", async () => {
      const sku = await addVariant(0);
      await expect(requestBackInStock(ctx().db, { sku, email: "bot@example.it", locale: "it", clientIp: ip(), honeypot: "https://spam" })).resolves.toBeUndefined();
      expect(await requestsOf(sku)).toEqual([]);
    });

    it("limits requests per client address and lets them through again in the next window", async () => {
      const sku = await addVariant(0);
      const clientIp = ip();
      const now = new Date("2026-11-22T12:00:00Z");
      const send = (email: string, at = now) => requestBackInStock(ctx().db, { sku, email, locale: "it", clientIp }, at);
      for (let i = 0; i < BACK_IN_STOCK_RATE_LIMIT.limit; i++) await send(`p${i}@example.it`);
      const refusal = await send("late@example.it").catch((error: { code: string; retryAfter: number }) => error);
      // The window slides (issue 37): the hits weigh on into the next window, so the wait runs past it.
      expect(refusal).toMatchObject({ code: "RATE_LIMITED" });
      expect(refusal!.retryAfter).toBeGreaterThan(BACK_IN_STOCK_RATE_LIMIT.windowMs / 1000);
      expect((await requestsOf(sku)).map((r) => r.email)).not.toContain("late@example.it");
      await send("late@example.it", new Date(now.getTime() + refusal!.retryAfter * 1000));
      expect((await requestsOf(sku)).map((r) => r.email)).toContain("late@example.it");
    });
  });

  /** The mail queued for these addresses, oldest first. */
  function outboxFor(...recipients: string[]) {
    return ctx()
      .db.selectFrom("mail_outbox")
      .select(["recipient", "template", "locale", "subject", "text_body", "html_body", "status", "claimed_by"])
      .where("recipient", "in", recipients)
      .orderBy("id")
      .execute();
  }

  describe("restocking", () => {
    it("queues one mail per waiting shopper, in their own language, and marks them notified", async () => {
      const sku = await addVariant(0, "M");
      await ask(sku, "giulia@example.it", "it");
      await ask(sku, "emma@example.co.uk", "en");
      const at = new Date("2026-11-23T09:00:00Z");

      const change = await setVariantStock(ctx().db, { sku, quantity: 3, origin: `${ORIGIN}/` }, at);

      expect(change).toEqual({ sku, previous: 0, quantity: 3, notified: 2 });
      const queued = await outboxFor("giulia@example.it", "emma@example.co.uk");
      expect(queued.map((m) => [m.recipient, m.template, m.locale, m.status])).toEqual([
        ["giulia@example.it", "back-in-stock", "it", "pending"],
        ["emma@example.co.uk", "back-in-stock", "en", "pending"],
      ]);
      const [italian, english] = queued;
      expect(italian.subject).toBe("È tornato: Cardigan Aria");
      expect(italian.text_body).toContain("Cardigan Aria nel colore Blu notte, taglia M");
      expect(italian.text_body).toContain(`${ORIGIN}/products/cardigan-aria?color=navy&size=M`);
      expect(italian.text_body).toContain("una volta sola");
      expect(italian.html_body).toContain(`<a href="${ORIGIN}/products/cardigan-aria?color=navy&amp;size=M">`);
      expect(english.subject).toBe("It's back: Aria cardigan");
      expect(english.text_body).toContain("Aria cardigan in Midnight blue, size M");
      expect(english.text_body).toContain(`${ORIGIN}/en/products/aria-cardigan?color=navy&size=M`);
      expect(english.text_body).toContain("just this once");
      expect((await requestsOf(sku)).map((r) => r.notified_at)).toEqual([at.toISOString(), at.toISOString()]);
      expect(await getVariantStock(ctx().db, sku)).toEqual({ sku, stock: 3, waiting: 0 });
      const stored = await ctx().db.selectFrom("variants").select("updated_at").where("sku", "=", sku).executeTakeFirstOrThrow();
      expect(stored.updated_at).toBe(at.toISOString());

      // Sold out and back again: those shoppers already had their one e-mail.
      await setVariantStock(ctx().db, { sku, quantity: 0, origin: ORIGIN });
      expect(await setVariantStock(ctx().db, { sku, quantity: 3, origin: ORIGIN })).toMatchObject({ previous: 0, notified: 0 });
      expect(await outboxFor("giulia@example.it", "emma@example.co.uk")).toHaveLength(2);
    });

    it("queues nothing when a variant that was in stock gets more", async () => {
      const sku = await addVariant(0);
      await ask(sku, "anna@example.it");
      // A request left over from a sold-out spell that someone restocked without alerts.
      await ctx().db.updateTable("variants").set({ stock: 3 }).where("sku", "=", sku).execute();
      expect(await setVariantStock(ctx().db, { sku, quantity: 5, origin: ORIGIN })).toEqual({ sku, previous: 3, quantity: 5, notified: 0 });
      expect(await setVariantStock(ctx().db, { sku, quantity: 0, origin: ORIGIN })).toMatchObject({ previous: 5, notified: 0 });
      expect(await outboxFor("anna@example.it")).toEqual([]);
      expect((await requestsOf(sku))[0].notified_at).toBeNull();
    });

    it("leaves a request pending, and logs it without the address, when its product has no text in the shopper's language", async () => {
      // A colour named in Italian only.
      await ctx().db.insertInto("colors").values({ code: "ruggine", hex: "#8a3b1f", position: 1 }).execute();
      await ctx().db.insertInto("color_translations").values({ color_code: "ruggine", locale: "it", name: "Ruggine" }).execute();
      const sku = `ARIA-RUGGINE-M-${++nextVariant}`;
      await ctx()
        .db.insertInto("variants")
        .values({ product_id: productId, sku, color_code: "ruggine", size: "M", position: nextVariant, price_cents: 12900, compare_at_cents: null, stock: 0, created_at: STAMP, updated_at: STAMP })
        .execute();
      await ask(sku, "bruno@example.it", "it");
      await ask(sku, "olivia@example.co.uk", "en");
      const lines: string[] = [];
      const errors = vi.spyOn(process.stderr, "write").mockImplementation((line) => lines.push(String(line)) > 0);
      try {
        expect(await setVariantStock(ctx().db, { sku, quantity: 2, origin: ORIGIN })).toMatchObject({ notified: 1 });
      } finally {
        errors.mockRestore();
      }
      expect((await outboxFor("bruno@example.it", "olivia@example.co.uk")).map((m) => m.recipient)).toEqual(["bruno@example.it"]);
      expect((await requestsOf(sku)).map((r) => [r.email, r.notified_at === null])).toEqual([
        ["bruno@example.it", false],
        ["olivia@example.co.uk", true],
      ]);
      const logged = lines.join("");
      expect(logged).toContain("back-in-stock mail not queued");
      expect(logged).not.toContain("olivia@example.co.uk");
    });

    it("queues once when two restocks of the same variant run at the same time", async () => {
      const sku = await addVariant(0);
      const waiting = ["a@example.it", "b@example.it", "c@example.it"];
      for (const email of waiting) await ask(sku, email);
      const changes = await Promise.all([setVariantStock(ctx().db, { sku, quantity: 3, origin: ORIGIN }), setVariantStock(ctx().db, { sku, quantity: 4, origin: ORIGIN })]);
      // Only one of the two writes saw the variant come back from 0.
      expect(changes.filter((c) => c.previous === 0)).toHaveLength(1);
      expect(changes.reduce((sum, c) => sum + c.notified, 0)).toBe(3);
      expect((await outboxFor(...waiting)).map((m) => m.recipient).sort()).toEqual(waiting);
    });

    it("queues once when two processes notify the same variant at the same time", async () => {
      const sku = await addVariant(0);
      const waiting = ["d@example.it", "e@example.it", "f@example.it", "g@example.it"];
      for (const email of waiting) await ask(sku, email);
      const { id } = await ctx().db.selectFrom("variants").select("id").where("sku", "=", sku).executeTakeFirstOrThrow();
      // What two app processes would do if both saw the variant come back.
      const notify = () => ctx().db.transaction().execute((trx) => notifyBackInStock(trx, id, { origin: ORIGIN }));
      const queued = await Promise.all([notify(), notify()]);
      expect(queued[0] + queued[1]).toBe(4);
      expect((await outboxFor(...waiting)).map((m) => m.recipient).sort()).toEqual(waiting);
    });

    it("refuses an unknown SKU and a quantity that is not a whole number of 0 or more", async () => {
      const sku = await addVariant(0);
      const codeOf = (quantity: number, target = sku) =>
        setVariantStock(ctx().db, { sku: target, quantity, origin: ORIGIN }).then(
          () => "ok",
          (error: unknown) => (isDomainError(error) ? error.code : String(error)),
        );
      expect(await codeOf(1, "NO-SUCH-SKU")).toBe("UNKNOWN_SKU");
      expect(await codeOf(-1)).toBe("INVALID_QUANTITY");
      expect(await codeOf(1.5)).toBe("INVALID_QUANTITY");
      expect(await codeOf(Number.NaN)).toBe("INVALID_QUANTITY");
      expect((await getVariantStock(ctx().db, sku)).stock).toBe(0);
      await expect(getVariantStock(ctx().db, "NO-SUCH-SKU")).rejects.toMatchObject({ code: "UNKNOWN_SKU" });
    });
  });

  describe("through a real SMTP server", () => {
    let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
    let received: ReceivedMail[];
    let port: number;

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      ({ received, port } = smtp);
    });

    afterAll(() => smtp.close());

    it("delivers the alert from the request to the shopper's mailbox, as the stock command does", async () => {
      const sku = await addVariant(0, "S");
      await requestBackInStock(ctx().db, { sku, email: "Chiara@Example.it", locale: "it", clientIp: ip() });
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", from: "Bottega <negozio@bottega.example>" });
      const worker = createMailWorker(ctx().db, mailer);

      // Queued claimed by the command's own worker, which sends it; no other worker may take it.
      expect(await setVariantStock(ctx().db, { sku, quantity: 2, origin: ORIGIN, claimMailFor: worker.id })).toMatchObject({ notified: 1 });
      expect((await outboxFor("chiara@example.it"))[0].claimed_by).toBe(worker.id);
      expect(await worker.deliverClaimed()).toEqual({ sent: 1, retrying: 0, failed: 0 });

      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual(["chiara@example.it"]);
      const message = readMessage(received[0].raw);
      expect(message.subject).toBe("È tornato: Cardigan Aria");
      expect(message.text).toContain("taglia S");
      expect(message.text).toContain(`${ORIGIN}/products/cardigan-aria?color=navy&size=S`);
      expect(message.html).toContain(`<a href="${ORIGIN}/products/cardigan-aria?color=navy&amp;size=S">`);
      expect((await outboxFor("chiara@example.it"))[0].status).toBe("sent");
    });
  });
});

const STAMP = "2026-11-01T08:00:00.000Z";

/** A category, a colour and one cardigan, translated into both languages; tests add variants. */
async function seedProduct(db: Kysely<Database>): Promise<number> {
  const { id: categoryId } = await db
    .insertInto("categories")
    .values({ parent_id: null, position: 0, created_at: STAMP, updated_at: STAMP })
    .returning("id")
    .executeTakeFirstOrThrow();
  const seo = { meta_title: "", meta_description: "", keywords: "", share_image: null };
  await db
    .insertInto("category_translations")
    .values([
      { category_id: categoryId, locale: "it", name: "Maglieria", slug: "maglieria", path: "maglieria", ...seo },
      { category_id: categoryId, locale: "en", name: "Knitwear", slug: "knitwear", path: "knitwear", ...seo },
    ])
    .execute();
  await db.insertInto("colors").values({ code: "navy", hex: "#1f2a44", position: 0 }).execute();
  await db
    .insertInto("color_translations")
    .values([
      { color_code: "navy", locale: "it", name: "Blu notte" },
      { color_code: "navy", locale: "en", name: "Midnight blue" },
    ])
    .execute();
  const { id } = await db
    .insertInto("products")
    .values({ category_id: categoryId, garment: "cardigan", featured_rank: 1, published_at: STAMP, created_at: STAMP, updated_at: STAMP })
    .returning("id")
    .executeTakeFirstOrThrow();
  const text = { description: "", composition: "", care: "", ...seo };
  await db
    .insertInto("product_translations")
    .values([
      { product_id: id, locale: "it", name: "Cardigan Aria", slug: "cardigan-aria", ...text },
      { product_id: id, locale: "en", name: "Aria cardigan", slug: "aria-cardigan", ...text },
    ])
    .execute();
  return id;
}
