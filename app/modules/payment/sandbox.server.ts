import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { localizePath } from "~/utils/locale";
import type { CreatedPayment, CreatePaymentInput, PaymentEvent, PaymentProvider, ProviderPaymentState } from "./provider";
import { PaymentSignatureError } from "./provider";

// The built-in sandbox provider: the default, for development, demos and the tests. Its hosted
// page is the shop's own (/pay/sandbox/{ref}, /en/… for an English order: a provider's page
// speaks the order's language), where the shopper chooses to pay or to fail; it
// then signs its event with a secret and delivers it as a real provider's webhook would
// (Stripe's scheme: `t=<seconds>,v1=<HMAC-SHA256 of "t.body">`), so the shop's webhook path is
// the one a real provider exercises.

export const SANDBOX_SIGNATURE_HEADER = "Sandbox-Signature";
const TOLERANCE_SECONDS = 300;
const REF_PATTERN = /^sbx_[A-Za-z0-9_-]{20,64}$/;

export type SandboxOutcome = "succeeded" | "failed";

interface SandboxEventBody {
  id: string;
  type: "payment.succeeded" | "payment.failed";
  data: { ref: string; amount: number };
}

export function isSandboxRef(value: string): boolean {
  return REF_PATTERN.test(value);
}

function sign(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The webhook the sandbox sends: its JSON body and signature header. */
export function signSandboxEvent(secret: string, event: { ref: string; outcome: SandboxOutcome; amountCents: number }, now = new Date()) {
  const body: SandboxEventBody = {
    id: `evt_${randomUUID()}`,
    type: event.outcome === "succeeded" ? "payment.succeeded" : "payment.failed",
    data: { ref: event.ref, amount: event.amountCents },
  };
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(now.getTime() / 1000);
  return { body: raw, headers: new Headers({ "Content-Type": "application/json", [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(secret, timestamp, raw)}` }) };
}

export function createSandboxProvider(options: { secret: string; publicUrl: string }): PaymentProvider {
  return {
    id: "sandbox",
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const ref = `sbx_${randomBytes(18).toString("base64url")}`;
      return { providerRef: ref, redirectUrl: new URL(localizePath(`/pay/sandbox/${ref}`, input.locale), options.publicUrl).toString() };
    },
    async verifyWebhook(rawBody: string, headers: Headers, now = new Date()): Promise<PaymentEvent | null> {
      const header = headers.get(SANDBOX_SIGNATURE_HEADER);
      if (!header) throw new PaymentSignatureError("no signature");
      const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
      const timestamp = Number(parts.get("t"));
      const given = parts.get("v1") ?? "";
      if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new PaymentSignatureError("malformed signature");
      if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) throw new PaymentSignatureError("signature too old");
      const expected = Buffer.from(sign(options.secret, timestamp, rawBody), "hex");
      if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw new PaymentSignatureError("signature mismatch");
      let body: SandboxEventBody;
      try {
        body = JSON.parse(rawBody) as SandboxEventBody;
      } catch {
        throw new PaymentSignatureError("body is not JSON");
      }
      if (typeof body?.id !== "string" || typeof body.data?.ref !== "string") throw new PaymentSignatureError("not an event");
      if (body.type !== "payment.succeeded" && body.type !== "payment.failed") return null;
      return {
        eventId: body.id,
        outcome: body.type === "payment.succeeded" ? "succeeded" : "failed",
        providerRef: body.data.ref,
        amountCents: Number.isInteger(body.data.amount) ? body.data.amount : null,
      };
    },
    // The sandbox delivers its event before it sends the shopper back: the shop already knows.
    async retrievePayment(): Promise<ProviderPaymentState> {
      return "pending";
    },
    // The sandbox's page reads the payment's status from the shop: a cancelled one takes nothing.
    async cancelPayment(): Promise<void> {},
    async refund(): Promise<void> {},
  };
}
