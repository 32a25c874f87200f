import { createHmac, timingSafeEqual } from "node:crypto";
import {
  PaymentProviderError,
  PaymentSignatureError,
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderMethod,
  type ProviderPaymentState,
} from "~/modules/payment/provider";

// Stripe Checkout over its HTTP API (no SDK: a handful of endpoints and a signature do not
// justify a dependency that follows Stripe's release train). The shop creates a Checkout Session
// per payment and sends the shopper to its hosted page; the signed webhook says how it ended.

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API origin (default https://api.stripe.com); tests point it at a local fake. */
  apiBase?: string;
  fetch?: typeof fetch;
  /** How far a webhook's signed timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
}

type Json = Record<string, unknown>;

/** Checkout Session ids as Stripe issues them; anything else never reaches a URL path. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
/** A hung Stripe call would hold the shopper's request (and a server slot) indefinitely. */
const REQUEST_TIMEOUT_MS = 15_000;

// Apple Pay and Google Pay are wallets of Stripe's card method: Checkout offers them on its own
// when the shopper's device has one, so the shop only chooses between card and PayPal.
const PAYMENT_METHOD_TYPES: Record<ProviderMethod, string> = {
  card: "card",
  applePay: "card",
  googlePay: "card",
  paypalInstalments: "paypal",
};

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const apiBase = (options.apiBase ?? "https://api.stripe.com").replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch;
  const toleranceSeconds = options.toleranceSeconds ?? 300;
  const { secretKey, webhookSecret } = options;
  // An empty webhook secret would make every signature computable by anyone.
  if (!secretKey || !webhookSecret) throw new Error("Stripe needs a secret key and a webhook signing secret");

  /** Stripe's messages mask keys, but a proxy or a future message might not: never pass one on. */
  const redact = (text: string) => {
    let safe = secretKey ? text.split(secretKey).join("[redacted]") : text;
    safe = safe.replace(/\b(sk|rk)_(live|test)_[A-Za-z0-9]+/g, "$1_$2_[redacted]");
    return safe;
  };

  async function call(method: "GET" | "POST", path: string, form?: URLSearchParams, idempotencyKey?: string): Promise<Json> {
    const headers: Record<string, string> = { Authorization: `Bearer ${secretKey}`, Accept: "application/json" };
    if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    let response: Response;
    try {
      response = await doFetch(`${apiBase}${path}`, { method, headers, body: form?.toString(), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PaymentProviderError(redact(`Stripe ${method} ${path} unreachable: ${reason}`));
    }
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const error = isObject(body) && isObject(body.error) ? body.error : undefined;
      const detail = error && typeof error.message === "string" ? error.message : `HTTP ${response.status}`;
      const type = error && typeof error.type === "string" ? ` (${error.type})` : "";
      throw new PaymentProviderError(redact(`Stripe ${method} ${path} failed with ${response.status}${type}: ${detail}`), response.status);
    }
    if (!isObject(body)) throw new PaymentProviderError(`Stripe ${method} ${path}: the response is not a JSON object`, response.status);
    return body;
  }

  async function getSession(providerRef: string): Promise<Json> {
    if (!SESSION_ID.test(providerRef)) throw new PaymentProviderError("Not a Stripe Checkout Session id", 400);
    return call("GET", `/v1/checkout/sessions/${providerRef}`);
  }

  return {
    id: "stripe",

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new PaymentProviderError(`Invalid amount for payment ${input.paymentId}: ${input.amountCents}`);
      }
      const expiresAt = unixSeconds(input.expiresAt);
      if (expiresAt === null) {
        throw new PaymentProviderError(`Invalid expiry for payment ${input.paymentId}: ${JSON.stringify(input.expiresAt)}`, 400);
      }
      const name = input.locale === "it" ? `Ordine Bottega ${input.orderNumber}` : `Bottega order ${input.orderNumber}`;
      const form = new URLSearchParams([
        ["mode", "payment"],
        ["line_items[0][price_data][currency]", input.currency],
        ["line_items[0][price_data][unit_amount]", String(input.amountCents)],
        ["line_items[0][price_data][product_data][name]", name],
        ["line_items[0][quantity]", "1"],
        ["payment_method_types[0]", PAYMENT_METHOD_TYPES[input.method]],
        ["customer_email", input.email],
        ["success_url", input.successUrl],
        ["cancel_url", input.cancelUrl],
        ["client_reference_id", input.orderNumber],
        ["locale", input.locale],
        ["metadata[payment_id]", String(input.paymentId)],
        ["metadata[order_id]", String(input.orderId)],
        // On the PaymentIntent too: it is what the Stripe dashboard shows for disputes and refunds.
        ["payment_intent_data[metadata][payment_id]", String(input.paymentId)],
        // The hosted page closes when the order's stock hold ends (Stripe takes 30 minutes to 24 hours).
        ["expires_at", String(expiresAt)],
      ]);
      // One session per payments row, even when the shopper's request is retried.
      const session = await call("POST", "/v1/checkout/sessions", form, `bottega-payment-${input.paymentId}`);
      if (typeof session.id !== "string" || !SESSION_ID.test(session.id) || typeof session.url !== "string") {
        throw new PaymentProviderError("Stripe created a Checkout Session without an id or a URL");
      }
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async verifyWebhook(rawBody: string, headers: Headers, now: Date = new Date()): Promise<PaymentEvent | null> {
      const header = headers.get("stripe-signature");
      if (!header) throw new PaymentSignatureError("no Stripe-Signature header");
      let timestamp: string | undefined;
      const signatures: Buffer[] = [];
      for (const item of header.split(",")) {
        const at = item.indexOf("=");
        if (at < 0) continue;
        const key = item.slice(0, at).trim();
        const value = item.slice(at + 1).trim();
        if (key === "t") timestamp = value;
        // Only v1: other schemes (test mode's v0) are ignored so that none can be downgraded to.
        else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, "hex"));
      }
      if (!timestamp || !/^\d{1,12}$/.test(timestamp)) throw new PaymentSignatureError("malformed Stripe-Signature (timestamp)");
      if (signatures.length === 0) throw new PaymentSignatureError("malformed Stripe-Signature (no v1 signature)");
      const expected = createHmac("sha256", webhookSecret).update(`${timestamp}.${rawBody}`, "utf8").digest();
      // Every candidate is compared, so the time taken does not tell which one matched.
      let matched = false;
      for (const signature of signatures) {
        if (signature.length === expected.length && timingSafeEqual(signature, expected)) matched = true;
      }
      if (!matched) throw new PaymentSignatureError("signature mismatch");
      // Checked after the signature, so a forged header cannot probe the clock; a replayed old
      // event is refused even with its genuine signature.
      if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > toleranceSeconds) {
        throw new PaymentSignatureError("timestamp outside the tolerance");
      }

      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new PaymentSignatureError("the body is not JSON");
      }
      if (!isObject(event) || typeof event.type !== "string") throw new PaymentSignatureError("the body is not a Stripe event");
      const outcome = eventOutcome(event);
      if (!outcome) return null;
      const object = isObject(event.data) && isObject(event.data.object) ? event.data.object : undefined;
      if (typeof event.id !== "string" || !object || typeof object.id !== "string") {
        throw new PaymentSignatureError(`the ${event.type} event lacks its id or its session`);
      }
      const amount = object.amount_total;
      return {
        eventId: event.id,
        outcome,
        providerRef: object.id,
        amountCents: typeof amount === "number" && Number.isSafeInteger(amount) ? amount : null,
      };
    },

    async retrievePayment(providerRef: string): Promise<ProviderPaymentState> {
      const session = await getSession(providerRef);
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return "succeeded";
      if (session.status === "expired") return "failed";
      return "pending";
    },

    async cancelPayment(providerRef: string): Promise<void> {
      if (!SESSION_ID.test(providerRef)) throw new PaymentProviderError("Not a Stripe Checkout Session id", 400);
      try {
        await call("POST", `/v1/checkout/sessions/${providerRef}/expire`, undefined, `bottega-expire-${providerRef}`);
      } catch (error) {
        // Stripe expires only an open session and answers 400 for one already expired or
        // complete (paid, or a delayed method under way): that page takes nothing more either.
        if (!(error instanceof PaymentProviderError) || error.status !== 400) throw error;
        const session = await getSession(providerRef);
        if (session.status === "open" || typeof session.status !== "string") throw error;
      }
    },

    async refund({ providerRef, amountCents, idempotencyKey }): Promise<void> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
        throw new PaymentProviderError(`Invalid refund amount for ${providerRef}: ${amountCents}`);
      }
      // Refunds belong to the PaymentIntent, which the session only names once it has been paid.
      const session = await getSession(providerRef);
      const intent = session.payment_intent;
      const intentId = typeof intent === "string" ? intent : isObject(intent) && typeof intent.id === "string" ? intent.id : undefined;
      if (!intentId) throw new PaymentProviderError(`Stripe Checkout Session ${providerRef} has no payment to refund`, 409);
      const form = new URLSearchParams([
        ["payment_intent", intentId],
        ["amount", String(amountCents)],
      ]);
      await call("POST", "/v1/refunds", form, idempotencyKey);
    },
  };
}

function eventOutcome(event: Json): PaymentEvent["outcome"] | null {
  const object = isObject(event.data) && isObject(event.data.object) ? event.data.object : undefined;
  switch (event.type) {
    // Completed but unpaid: a delayed method (a bank debit, say) still under way; an
    // async_payment_* event follows.
    case "checkout.session.completed":
      return object?.payment_status === "paid" ? "succeeded" : null;
    case "checkout.session.async_payment_succeeded":
      return "succeeded";
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      return "failed";
    default:
      return null;
  }
}

/**
 * An ISO 8601 date-time with its offset (what toISOString() gives) as Unix seconds, or null. A
 * value without an offset would be read in the server's time zone, and Date.parse alone lets
 * through dates such as February 30th, so the fields are checked one by one.
 */
function unixSeconds(iso: unknown): number | null {
  if (typeof iso !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/i.exec(iso);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const offsetMinutes = match[7] ? (match[7] === "-" ? -1 : 1) * (Number(match[8]) * 60 + Number(match[9])) : 0;
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (hour > 23 || minute > 59 || second > 59 || Number(match[8] ?? 0) > 23 || Number(match[9] ?? 0) > 59) return null;
  // The fraction of a second is dropped: the session closes at the start of that second.
  return Date.UTC(year, month - 1, day, hour, minute, second) / 1000 - offsetMinutes * 60;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
