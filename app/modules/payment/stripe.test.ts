import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unusedPort } from "../../../tests/support/mail";
import { startStripeFake, stripeSignatureHeader, type StripeFake } from "../../../tests/support/stripe-fake";
import { PaymentProviderError, PaymentSignatureError, type CreatePaymentInput, type PaymentProvider, type ProviderMethod } from "~/modules/payment/provider";
import { createStripeProvider } from "~/modules/payment/stripe.server";

// The Stripe adapter against a local fake of Stripe's HTTP API (tests/support/stripe-fake.ts):
// real requests over loopback, so form encoding, headers and status codes are what is tested.

const SECRET_KEY = "sk_test_bottegaFake0123456789abcdefSECRET";
const WEBHOOK_SECRET = "whsec_bottegaFakeWebhookSecret0123456789";

let fake: StripeFake;
let stripe: PaymentProvider;
let nextPaymentId = 1000;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  stripe = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
});

afterAll(async () => {
  await fake?.close();
});

/** A fresh payment each time: its id is the idempotency key's, and Stripe refuses a key reused for other parameters. */
function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  const paymentId = overrides.paymentId ?? ++nextPaymentId;
  return {
    paymentId,
    orderId: 70 + paymentId,
    orderNumber: `BT-2026-${paymentId}`,
    amountCents: 12_950,
    currency: "eur",
    method: "card",
    email: "giulia@example.com",
    locale: "it",
    successUrl: `https://shop.example/checkout/return?payment=${paymentId}`,
    cancelUrl: `https://shop.example/checkout/cancel?payment=${paymentId}`,
    expiresAt: new Date(Date.now() + 40 * 60_000).toISOString(),
    ...overrides,
  };
}

const lastRequest = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path).at(-1);

/** The instant `seconds` written as ISO 8601 at a UTC offset of `offsetMinutes`. */
function isoWithOffset(seconds: number, offsetMinutes: number): string {
  const local = new Date((seconds + offsetMinutes * 60) * 1000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local}${offsetMinutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("createPayment", () => {
  it("creates a Checkout Session for the order, keyed by the payment, and returns its id and page", async () => {
    const input = paymentInput({ locale: "it" });
    const created = await stripe.createPayment(input);

    const request = lastRequest("POST", "/v1/checkout/sessions");
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.idempotencyKey).toBe(`bottega-payment-${input.paymentId}`);
    expect(request?.body).toEqual({
      mode: "payment",
      line_items: [{ price_data: { currency: "eur", unit_amount: "12950", product_data: { name: `Ordine Bottega ${input.orderNumber}` } }, quantity: "1" }],
      payment_method_types: ["card"],
      customer_email: "giulia@example.com",
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.orderNumber,
      locale: "it",
      metadata: { payment_id: String(input.paymentId), order_id: String(input.orderId) },
      payment_intent_data: { metadata: { payment_id: String(input.paymentId) } },
      expires_at: String(Math.floor(Date.parse(input.expiresAt) / 1000)),
    });

    const session = fake.sessions.get(created.providerRef);
    expect(created.providerRef).toMatch(/^cs_test_/);
    expect(created.redirectUrl).toBe(`https://checkout.stripe.test/c/pay/${created.providerRef}`);
    expect(session).toMatchObject({ status: "open", payment_status: "unpaid", amount_total: 12_950, payment_intent: null });
  });

  it("names the line in English for an English order", async () => {
    const input = paymentInput({ locale: "en" });
    await stripe.createPayment(input);
    const body = lastRequest("POST", "/v1/checkout/sessions")?.body;
    expect(body).toMatchObject({ locale: "en", line_items: [{ price_data: { product_data: { name: `Bottega order ${input.orderNumber}` } } }] });
  });

  it.each<[ProviderMethod, string]>([
    ["card", "card"],
    ["applePay", "card"],
    ["googlePay", "card"],
    ["paypalInstalments", "paypal"],
  ])("offers %s as Stripe's %s method", async (method, stripeType) => {
    const { providerRef } = await stripe.createPayment(paymentInput({ method }));
    expect(fake.sessions.get(providerRef)?.payment_method_types).toEqual([stripeType]);
  });

  it("closes the hosted page at the given time, in Unix seconds", async () => {
    const seconds = Math.floor(Date.now() / 1000) + 3 * 3600;
    // toISOString's form, with milliseconds (dropped), and the same instant at an offset.
    const inputs = [
      paymentInput({ expiresAt: new Date(seconds * 1000 + 750).toISOString() }),
      paymentInput({ expiresAt: isoWithOffset(seconds, +120) }),
      paymentInput({ expiresAt: isoWithOffset(seconds, -330) }),
    ];
    for (const input of inputs) {
      const { providerRef } = await stripe.createPayment(input);
      expect(lastRequest("POST", "/v1/checkout/sessions")?.body.expires_at, input.expiresAt).toBe(String(seconds));
      expect(fake.sessions.get(providerRef)?.expires_at).toBe(seconds);
    }
  });

  it("refuses an expiry that is not a date before asking Stripe", async () => {
    const before = fake.requests.length;
    const soon = new Date(Date.now() + 40 * 60_000).toISOString();
    const invalid = ["", "tomorrow", "Invalid Date", "2026-13-01T10:00:00Z", "2026-02-30T10:00:00Z", "2026-06-01T24:00:00Z"];
    // Without an offset (read in the server's zone), a date alone, milliseconds since the epoch.
    invalid.push(soon.slice(0, -1), soon.slice(0, 10), String(Date.now() + 40 * 60_000));
    for (const expiresAt of invalid) {
      const error = await rejection(stripe.createPayment(paymentInput({ expiresAt })));
      expect(error, expiresAt).toBeInstanceOf(PaymentProviderError);
      expect((error as PaymentProviderError).status, expiresAt).toBe(400);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("reports an expiry outside Stripe's window as Stripe's refusal", async () => {
    const error = await rejection(stripe.createPayment(paymentInput({ expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() })));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(400);
    expect((error as Error).message).toContain("expires_at");
  });

  it("creates one session for a payment however often it is asked", async () => {
    const input = paymentInput();
    const first = await stripe.createPayment(input);
    const sessionsBefore = fake.sessions.size;
    const again = await stripe.createPayment(input);
    expect(again).toEqual(first);
    expect(fake.sessions.size).toBe(sessionsBefore);
  });

  it("reports a refused key as a provider error, without the key", async () => {
    const wrongKey = "sk_test_notTheRightKey00000000000000000";
    const misconfigured = createStripeProvider({ secretKey: wrongKey, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
    const error = await rejection(misconfigured.createPayment(paymentInput()));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(401);
    expect((error as Error).message).toContain("Invalid API Key");
    expect((error as Error).message).not.toContain(wrongKey);
  });

  it("reports Stripe's failure as a provider error, never echoing the secret key", async () => {
    // A message quoting the key (as a misbehaving proxy might) must not reach the logs.
    fake.failNext(500, `Upstream rejected Authorization: Bearer ${SECRET_KEY}`);
    const error = await rejection(stripe.createPayment(paymentInput()));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(500);
    expect((error as Error).message).not.toContain(SECRET_KEY);
    expect((error as Error).message).toContain("[redacted]");
  });

  it("reports an unreachable Stripe as a provider error without a status", async () => {
    const offline = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: `http://127.0.0.1:${await unusedPort()}` });
    const error = await rejection(offline.createPayment(paymentInput()));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBeUndefined();
    expect((error as Error).message).not.toContain(SECRET_KEY);
  });
});

describe("verifyWebhook", () => {
  async function openSession() {
    return (await stripe.createPayment(paymentInput())).providerRef;
  }

  it("turns a signed completed-and-paid session into a success", async () => {
    const ref = await openSession();
    fake.completeSession(ref, { paid: true });
    const event = fake.sessionEvent("checkout.session.completed", ref);
    const { body, headers } = fake.signEvent(event);
    await expect(stripe.verifyWebhook(body, headers)).resolves.toEqual({ eventId: event.id, outcome: "succeeded", providerRef: ref, amountCents: 12_950 });
  });

  it("waits on a completed but unpaid session (a delayed method) and acts on its async outcome", async () => {
    const ref = await openSession();
    fake.completeSession(ref, { paid: false });
    const completed = fake.signEvent(fake.sessionEvent("checkout.session.completed", ref));
    await expect(stripe.verifyWebhook(completed.body, completed.headers)).resolves.toBeNull();

    const succeeded = fake.signEvent(fake.sessionEvent("checkout.session.async_payment_succeeded", ref));
    await expect(stripe.verifyWebhook(succeeded.body, succeeded.headers)).resolves.toMatchObject({ outcome: "succeeded", providerRef: ref });
  });

  it("turns a failed delayed payment and an expired session into failures", async () => {
    const unpaid = await openSession();
    fake.completeSession(unpaid, { paid: false });
    const failed = fake.signEvent(fake.sessionEvent("checkout.session.async_payment_failed", unpaid));
    await expect(stripe.verifyWebhook(failed.body, failed.headers)).resolves.toMatchObject({ outcome: "failed", providerRef: unpaid });

    const abandoned = await openSession();
    fake.expireSession(abandoned);
    const expired = fake.signEvent(fake.sessionEvent("checkout.session.expired", abandoned));
    await expect(stripe.verifyWebhook(expired.body, expired.headers)).resolves.toMatchObject({ outcome: "failed", providerRef: abandoned });
  });

  it("ignores events the shop does not act on", async () => {
    const ref = await openSession();
    const { body, headers } = fake.signEvent(fake.sessionEvent("checkout.session.async_payment_pending", ref));
    await expect(stripe.verifyWebhook(body, headers)).resolves.toBeNull();
  });

  it("accepts an event within the tolerance of the given time", async () => {
    const ref = await openSession();
    fake.completeSession(ref, { paid: true });
    const signedAt = Date.UTC(2026, 10, 27, 12) / 1000;
    const { body, headers } = fake.signEvent(fake.sessionEvent("checkout.session.completed", ref), { timestamp: signedAt });
    await expect(stripe.verifyWebhook(body, headers, new Date((signedAt + 299) * 1000))).resolves.toMatchObject({ outcome: "succeeded" });
    await expect(stripe.verifyWebhook(body, headers, new Date((signedAt + 301) * 1000))).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  describe("refuses", () => {
    let event: object;
    beforeAll(async () => {
      const ref = await openSession();
      fake.completeSession(ref, { paid: true });
      event = fake.sessionEvent("checkout.session.completed", ref);
    });
    const withSignature = (value: string) => new Headers({ "stripe-signature": value });
    const nowSeconds = () => Math.floor(Date.now() / 1000);

    it("a signature made with another secret", async () => {
      const { body, headers } = fake.signEvent(event, { secret: "whsec_someoneElse" });
      await expect(stripe.verifyWebhook(body, headers)).rejects.toBeInstanceOf(PaymentSignatureError);
    });

    it("a body changed after signing", async () => {
      const { body, headers } = fake.signEvent(event);
      const tampered = body.replace('"amount_total": 12950', '"amount_total": 1');
      expect(tampered).not.toBe(body);
      await expect(stripe.verifyWebhook(tampered, headers)).rejects.toBeInstanceOf(PaymentSignatureError);
    });

    it("a delivery without a signature", async () => {
      const { body } = fake.signEvent(event);
      await expect(stripe.verifyWebhook(body, new Headers())).rejects.toBeInstanceOf(PaymentSignatureError);
    });

    it("a replay of an old delivery, and one dated in the future", async () => {
      const old = fake.signEvent(event, { timestamp: nowSeconds() - 301 });
      await expect(stripe.verifyWebhook(old.body, old.headers)).rejects.toThrow(/tolerance/);
      const future = fake.signEvent(event, { timestamp: nowSeconds() + 3600 });
      await expect(stripe.verifyWebhook(future.body, future.headers)).rejects.toThrow(/tolerance/);
    });

    it("malformed headers, and a v0 signature alone", async () => {
      const { body, headers } = fake.signEvent(event);
      const genuine = headers.get("stripe-signature") ?? "";
      const v1 = /v1=([0-9a-f]+)/.exec(genuine)?.[1] ?? "";
      const t = /t=(\d+)/.exec(genuine)?.[1] ?? "";
      for (const header of [`v1=${v1}`, `t=${t}`, `t=soon,v1=${v1}`, `t=${t},v1=${v1.slice(0, 10)}`, `t=${t},v0=${v1}`, "garbage"]) {
        await expect(stripe.verifyWebhook(body, withSignature(header)), header).rejects.toBeInstanceOf(PaymentSignatureError);
      }
      // Among several v1 signatures (Stripe sends one per secret while a secret is rolled), one that matches is enough.
      await expect(stripe.verifyWebhook(body, withSignature(`t=${t},v1=${"0".repeat(64)},v1=${v1}`))).resolves.not.toBeNull();
    });

    it("a genuinely signed body that is not JSON", async () => {
      const body = "not json";
      const headers = withSignature(stripeSignatureHeader(body, WEBHOOK_SECRET, nowSeconds()));
      await expect(stripe.verifyWebhook(body, headers)).rejects.toThrow(/not JSON/);
    });
  });
});

describe("retrievePayment", () => {
  it("follows the session from open to paid", async () => {
    const { providerRef } = await stripe.createPayment(paymentInput());
    await expect(stripe.retrievePayment(providerRef)).resolves.toBe("pending");
    fake.completeSession(providerRef, { paid: true });
    await expect(stripe.retrievePayment(providerRef)).resolves.toBe("succeeded");
  });

  it("keeps a delayed payment pending and an expired session failed", async () => {
    const delayed = (await stripe.createPayment(paymentInput())).providerRef;
    fake.completeSession(delayed, { paid: false });
    await expect(stripe.retrievePayment(delayed)).resolves.toBe("pending");

    const abandoned = (await stripe.createPayment(paymentInput())).providerRef;
    fake.expireSession(abandoned);
    await expect(stripe.retrievePayment(abandoned)).resolves.toBe("failed");
  });

  it("reports an unknown session as a provider error", async () => {
    const error = await rejection(stripe.retrievePayment("cs_test_doesNotExist"));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(404);
  });

  it("never puts something other than a session id in the URL", async () => {
    const before = fake.requests.length;
    for (const ref of ["cs_test_x/../../v1/refunds", "pi_test_123", "cs_test_a?expand[]=x", ""]) {
      await expect(stripe.retrievePayment(ref), ref).rejects.toBeInstanceOf(PaymentProviderError);
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe("cancelPayment", () => {
  const expireRequests = (ref: string) => fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${ref}/expire`);

  it("expires an open session, once however often it is asked", async () => {
    const { providerRef } = await stripe.createPayment(paymentInput());
    await stripe.cancelPayment(providerRef);
    expect(fake.sessions.get(providerRef)?.status).toBe("expired");
    await expect(stripe.retrievePayment(providerRef)).resolves.toBe("failed");

    await expect(stripe.cancelPayment(providerRef)).resolves.toBeUndefined();
    expect(expireRequests(providerRef).map((r) => r.idempotencyKey)).toEqual([`bottega-expire-${providerRef}`, `bottega-expire-${providerRef}`]);
  });

  it("leaves an expired, a paid and a delayed-payment session as they are, without an error", async () => {
    const expired = (await stripe.createPayment(paymentInput())).providerRef;
    fake.expireSession(expired);
    const paid = (await stripe.createPayment(paymentInput())).providerRef;
    fake.completeSession(paid, { paid: true });
    const delayed = (await stripe.createPayment(paymentInput())).providerRef;
    fake.completeSession(delayed, { paid: false });

    for (const ref of [expired, paid, delayed]) await expect(stripe.cancelPayment(ref)).resolves.toBeUndefined();
    expect([expired, paid, delayed].map((ref) => fake.sessions.get(ref)?.status)).toEqual(["expired", "complete", "complete"]);
    // Stripe was asked, and refused: the session's status is what made the refusal harmless.
    expect(expireRequests(paid)).toHaveLength(1);
  });

  it("passes on a refusal while the session is still open", async () => {
    const { providerRef } = await stripe.createPayment(paymentInput());
    fake.failNext(400, "Something Stripe did not like");
    const error = await rejection(stripe.cancelPayment(providerRef));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(400);
    expect(fake.sessions.get(providerRef)?.status).toBe("open");
  });

  it("reports an unknown session, and a failing Stripe, as provider errors", async () => {
    const unknown = await rejection(stripe.cancelPayment("cs_test_doesNotExist"));
    expect(unknown).toBeInstanceOf(PaymentProviderError);
    expect((unknown as PaymentProviderError).status).toBe(404);

    const { providerRef } = await stripe.createPayment(paymentInput());
    fake.failNext(500);
    const outage = await rejection(stripe.cancelPayment(providerRef));
    expect(outage).toBeInstanceOf(PaymentProviderError);
    expect((outage as PaymentProviderError).status).toBe(500);
  });

  it("never puts something other than a session id in the URL", async () => {
    const before = fake.requests.length;
    for (const ref of ["cs_test_x/../../v1/refunds", "pi_test_123", "cs_test_a/expire", ""]) {
      await expect(stripe.cancelPayment(ref), ref).rejects.toBeInstanceOf(PaymentProviderError);
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe("refund", () => {
  it("refunds a paid session's PaymentIntent once per idempotency key", async () => {
    const { providerRef } = await stripe.createPayment(paymentInput());
    const session = fake.completeSession(providerRef, { paid: true });
    const refundsBefore = fake.refunds.length;

    const request = { providerRef, amountCents: 12_950, idempotencyKey: `bottega-refund-${providerRef}` };
    await stripe.refund(request);
    await stripe.refund(request);

    const made = fake.refunds.slice(refundsBefore);
    expect(made).toEqual([expect.objectContaining({ amount: 12_950, payment_intent: session.payment_intent, status: "succeeded" })]);
    const posted = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds").slice(-2);
    expect(posted.map((r) => r.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect(posted[0].body).toEqual({ payment_intent: session.payment_intent, amount: "12950" });
  });

  it("refuses to refund more than was paid", async () => {
    const { providerRef } = await stripe.createPayment(paymentInput());
    fake.completeSession(providerRef, { paid: true });
    const error = await rejection(stripe.refund({ providerRef, amountCents: 12_951, idempotencyKey: `too-much-${providerRef}` }));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(400);
  });

  it("reports a session without a payment, and an unknown one, as provider errors", async () => {
    const { providerRef } = await stripe.createPayment(paymentInput());
    await expect(stripe.refund({ providerRef, amountCents: 12_950, idempotencyKey: `unpaid-${providerRef}` })).rejects.toBeInstanceOf(PaymentProviderError);
    const unknown = await rejection(stripe.refund({ providerRef: "cs_test_doesNotExist", amountCents: 100, idempotencyKey: "unknown" }));
    expect(unknown).toBeInstanceOf(PaymentProviderError);
    expect((unknown as PaymentProviderError).status).toBe(404);
    expect(fake.requests.some((r) => r.path === "/v1/refunds" && r.idempotencyKey === `unpaid-${providerRef}`)).toBe(false);
  });
});
