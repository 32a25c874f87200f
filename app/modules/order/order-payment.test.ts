import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { readyCheckout, variantWithStock } from "../../../tests/support/order-fixtures";
import { seedDatabase } from "~/db/seed/seed.server";
import { getOrderFor, placeOrder } from "~/modules/order/order.service.server";
import { handlePaymentEvent, retryPayment, startPayment } from "~/modules/order/order-payment.service.server";
import type { PaymentProvider } from "~/modules/payment/provider";
import { createSandboxProvider, signSandboxEvent } from "~/modules/payment/sandbox.server";

// A provider's event whose amount is not the order's: the order is never confirmed by it, the
// money taken goes back, and the shopper is not left waiting: the order's payment has failed, so
// the success page sends them to the retry, where they pay again.

const SECRET = "sandbox-test-secret";
const URLS = { successUrl: "http://shop.test/ok", cancelUrl: "http://shop.test/ko" };

/** The sandbox, recording the refunds it is asked for. */
function recordingSandbox() {
  const refunds: { providerRef: string; amountCents: number }[] = [];
  const sandbox = createSandboxProvider({ secret: SECRET, publicUrl: "http://shop.test" });
  const provider: PaymentProvider = {
    ...sandbox,
    async refund({ providerRef, amountCents }) {
      refunds.push({ providerRef, amountCents });
    },
  };
  return { provider, refunds };
}

const refOf = (page: string | null) => page!.split("/").pop()!;

describeEachDatabase("payment events", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  async function event(provider: PaymentProvider, ref: string, outcome: "succeeded" | "failed", amountCents: number) {
    const signed = signSandboxEvent(SECRET, { ref, outcome, amountCents });
    return (await provider.verifyWebhook(signed.body, signed.headers))!;
  }

  it("a payment of the wrong amount is refunded, fails the order's payment at once, and the retry pays the order", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingSandbox();
    const variant = await variantWithStock(db, 5, 4);
    const { input, totalCents } = await readyCheckout(db, { sku: variant.sku });
    const { orderId } = await placeOrder(db, input);
    const viewer = { userId: null, sessionId: input.sessionId };
    const ref = refOf(await startPayment(db, provider, orderId, URLS));

    const wrong = await event(provider, ref, "succeeded", totalCents - 100);
    expect(await handlePaymentEvent(db, provider, wrong)).toEqual({ result: "applied", orderId });
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "pending_payment", paymentStatus: "failed" });
    // The money taken goes back, as much as was taken.
    expect(refunds).toEqual([{ providerRef: ref, amountCents: totalCents - 100 }]);
    const first = await db.selectFrom("payments").select(["status", "amount_cents"]).where("provider_ref", "=", ref).executeTakeFirstOrThrow();
    expect(first).toEqual({ status: "refunded", amount_cents: totalCents - 100 });
    // The provider's redelivery changes nothing; a right amount on that closed page does not confirm the order either.
    expect(await handlePaymentEvent(db, provider, wrong)).toEqual({ result: "replayed", orderId });
    expect((await handlePaymentEvent(db, provider, await event(provider, ref, "succeeded", totalCents))).result).toBe("replayed");
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "pending_payment", paymentStatus: "failed" });

    // The retry: a new page, paid with the order's amount, confirms the order.
    await retryPayment(db, provider, { orderId, viewer, method: "card" });
    const again = refOf(await startPayment(db, provider, orderId, URLS));
    expect(again).not.toBe(ref);
    expect(await handlePaymentEvent(db, provider, await event(provider, again, "succeeded", totalCents))).toEqual({ result: "applied", orderId });
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(refunds).toHaveLength(1);
  });

  it("a wrong amount on a page the shopper already left does not fail the payment under way", async () => {
    const { db } = ctx();
    const { provider, refunds } = recordingSandbox();
    const variant = await variantWithStock(db, 5, 5);
    const { input, totalCents } = await readyCheckout(db, { sku: variant.sku });
    const { orderId } = await placeOrder(db, input);
    const viewer = { userId: null, sessionId: input.sessionId };
    const old = refOf(await startPayment(db, provider, orderId, URLS));
    await handlePaymentEvent(db, provider, await event(provider, old, "failed", totalCents));
    await retryPayment(db, provider, { orderId, viewer, method: "googlePay" });
    const current = refOf(await startPayment(db, provider, orderId, URLS));

    // The old page takes a wrong amount: refunded; the payment under way stays open and pays the order.
    expect(await handlePaymentEvent(db, provider, await event(provider, old, "succeeded", totalCents + 500))).toEqual({ result: "applied", orderId });
    expect(refunds).toEqual([{ providerRef: old, amountCents: totalCents + 500 }]);
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "pending_payment", paymentStatus: "pending" });
    expect(await handlePaymentEvent(db, provider, await event(provider, current, "succeeded", totalCents))).toEqual({ result: "applied", orderId });
    expect(await getOrderFor(db, orderId, viewer)).toMatchObject({ status: "confirmed", paymentStatus: "paid", paymentMethod: "googlePay" });
  });
});
