import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { addDiscountCode, addToBag, getBag } from "~/modules/bag/bag.service.server";
import type { CheckoutAddress } from "~/modules/checkout/checkout.schema";
import { getCheckout, savePaymentMethod, savePersonalInfo, saveShippingStep } from "~/modules/checkout/checkout.service.server";
import { type PlaceOrderInput, placeOrder } from "~/modules/order/order.service.server";
import { handlePaymentEvent, startPayment } from "~/modules/order/order-payment.service.server";
import type { PaymentProvider } from "~/modules/payment/provider";
import type { PaymentMethod } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";

// Orders for the service tests: a checkout completed step by step, placed, and paid through a
// provider's event, as the shop does it.

export const ADDRESS: CheckoutAddress = {
  firstName: "Giulia",
  lastName: "Rossi",
  street: "Via Montenapoleone",
  streetNumber: "8",
  city: "Milano",
  province: "MI",
  country: "IT",
  zip: "20121",
  phonePrefix: "+39",
  phone: "3331234567",
};

/** A bag with `quantity` of `sku`, through every checkout step as a guest: ready for the review's order button. */
export async function readyCheckout(db: Kysely<Database>, { sku, quantity = 1, email = `guest-${randomBytes(4).toString("hex")}@example.com`, method = "card" as PaymentMethod, coupon }: { sku: string; quantity?: number; email?: string; method?: PaymentMethod; coupon?: string }) {
  const { bagId } = await addToBag(db, { bagId: null, sku, quantity });
  if (coupon) await addDiscountCode(db, { bagId, code: coupon }, "it");
  const settings = await getShopSettings(db);
  const who = { kind: "guest" as const, email };
  await savePersonalInfo(db, bagId, { email, firstName: "Giulia", lastName: "Rossi" });
  await saveShippingStep(db, bagId, { addressId: null, shipping: ADDRESS, saveAddress: false, billing: null, shippingMethod: "ups_standard", pickupStoreId: null, invoice: null }, who);
  await savePaymentMethod(db, bagId, method, settings);
  const checkout = (await getCheckout(db, bagId))!;
  const bag = await getBag(db, "it", bagId);
  const input: PlaceOrderInput = {
    bagId,
    sessionId: `session-${bagId}`,
    who,
    contact: { email, firstName: "Giulia", lastName: "Rossi" },
    locale: "it",
    orderKey: checkout.orderKey,
    shownTotalCents: bag.totals.totalCents,
  };
  return { bagId, input, totalCents: bag.totals.totalCents };
}

export async function variantWithStock(db: Kysely<Database>, stock: number, index = 0) {
  const rows = await db.selectFrom("variants").select(["id", "sku", "price_cents"]).orderBy("id").offset(index * 7).limit(1).execute();
  await db.updateTable("variants").set({ stock }).where("id", "=", rows[0].id).execute();
  return rows[0];
}


/**
 * A placed order of these lines (the first sku with its quantity, more added to the same bag), paid
 * through the provider's event unless `pay` is false. Returns its id and the guest's session.
 */
export async function paidOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  {
    lines,
    pay = true,
    method = "card" as PaymentMethod,
    userId = null,
    email,
  }: { lines: { sku: string; quantity: number }[]; pay?: boolean; method?: PaymentMethod; userId?: number | null; email?: string },
) {
  const [first, ...more] = lines;
  const { bagId, input } = await readyCheckout(db, { sku: first.sku, quantity: first.quantity, method, ...(email ? { email } : {}) });
  for (const line of more) await addToBag(db, { bagId, sku: line.sku, quantity: line.quantity });
  const bag = await getBag(db, "it", bagId);
  const who = userId === null ? input.who : ({ kind: "account", userId } as const);
  const { orderId } = await placeOrder(db, { ...input, who, shownTotalCents: bag.totals.totalCents });
  if (pay && method !== "bankTransfer") {
    const page = await startPayment(db, provider, orderId, { successUrl: "http://shop.test/ok", cancelUrl: "http://shop.test/ko" });
    const ref = page!.split("/").pop()!;
    await handlePaymentEvent(db, provider, { eventId: `evt-${randomBytes(6).toString("hex")}`, outcome: "succeeded", providerRef: ref, amountCents: null });
  }
  return { orderId, sessionId: input.sessionId, email: input.contact.email, viewer: { userId, sessionId: input.sessionId } };
}
