import type { Locale } from "~/db/schema";
import type { PaymentMethod } from "~/modules/settings/shop-settings";

// The seam between the shop and a payment provider. The shop creates a payment for an order and
// sends the shopper to the provider's hosted page (card data never touches the shop); the
// provider tells the outcome through a signed webhook (the truth) and the shopper's return (a
// hint, checked against the provider). A provider is one module implementing this interface:
// the built-in sandbox (sandbox.server.ts) and Stripe Checkout (stripe.server.ts).

export type ProviderId = "sandbox" | "stripe";

/** The methods a hosted payment page offers; bank transfer needs no provider. */
export type ProviderMethod = Exclude<PaymentMethod, "bankTransfer">;

export interface CreatePaymentInput {
  /** Our payments.id: the provider keeps it as metadata and in its idempotency key. */
  paymentId: number;
  orderId: number;
  orderNumber: string;
  amountCents: number;
  currency: "eur";
  method: ProviderMethod;
  email: string;
  locale: Locale;
  /** Absolute URLs the provider sends the shopper back to. */
  successUrl: string;
  cancelUrl: string;
  /**
   * When the hosted page must stop taking the payment (ISO 8601): the end of the order's stock
   * hold, at least 31 minutes ahead (Stripe's minimum is 30) and at most 24 hours.
   */
  expiresAt: string;
}

export interface CreatedPayment {
  /** The provider's id for the payment (matches webhook events to the payments row). */
  providerRef: string;
  /** The provider's hosted page (absolute URL) the shopper is redirected to. */
  redirectUrl: string;
}

/** A provider event, reduced to what the shop acts on. */
export interface PaymentEvent {
  /** The provider's event id: each is handled once (payment_events). */
  eventId: string;
  outcome: "succeeded" | "failed";
  providerRef: string;
  /** What the provider says was paid, in cents, when it says. */
  amountCents: number | null;
}

/** What the provider says of a payment now (the return page asks when the webhook is late). */
export type ProviderPaymentState = "pending" | "succeeded" | "failed";

export interface PaymentProvider {
  readonly id: ProviderId;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Checks the webhook's signature against the raw body and parses it. Throws
   * PaymentSignatureError when the signature is missing, wrong or too old; returns null for an
   * event of a kind the shop does not act on.
   */
  verifyWebhook(rawBody: string, headers: Headers, now?: Date): Promise<PaymentEvent | null>;
  retrievePayment(providerRef: string): Promise<ProviderPaymentState>;
  /**
   * Closes a payment's hosted page so it can no longer be paid (the shopper retries with another
   * payment). A payment already closed, paid or expired is not an error.
   */
  cancelPayment(providerRef: string): Promise<void>;
  /** Refunds the whole payment (a payment confirmed after its order was cancelled). */
  refund(input: { providerRef: string; amountCents: number; idempotencyKey: string }): Promise<void>;
}

export class PaymentSignatureError extends Error {
  constructor(detail: string) {
    super(`Payment webhook refused: ${detail}`);
    this.name = "PaymentSignatureError";
  }
}

/** The provider could not be reached or refused the call (the shopper may retry). */
export class PaymentProviderError extends Error {
  constructor(
    detail: string,
    readonly status?: number,
  ) {
    super(detail);
    this.name = "PaymentProviderError";
  }
}
