import { randomBytes } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { CheckoutsTable, Database } from "~/db/schema";
import { listAddresses, saveAddress } from "~/modules/address/address.service.server";
import { type BagView, bagStockLines } from "~/modules/bag/bag.service.server";
import { withoutShipping } from "~/modules/bag/bag-pricing";
import { pickupOptions } from "~/modules/store/store-pickup.service.server";
import type { PaymentMethod, ShopSettings } from "~/modules/settings/shop-settings";
import { DomainError, isDomainError } from "~/utils/domain-error";
import type { CheckoutAddress, InvoiceRequest, PersonalInfo, ShippingMethod, ShippingStepInput } from "./checkout.schema";
import { SHIPPING_METHODS } from "./checkout.schema";
import * as repo from "./checkout.repository.server";
import { CHECKOUT_STEPS, type CheckoutStep } from "./checkout-steps";

// What the shopper chose at each checkout step, on the server: one row per bag, so the steps
// survive a reload, the back button, and JavaScript being switched on or off. The row also holds
// the one-time key of the next order (the review form carries it: a double submit is one order).

export { CHECKOUT_STEPS, type CheckoutStep, STEP_PATHS } from "./checkout-steps";

/** Who is checking out: an account holder, a guest (an email given at Personal Info), or nobody yet. */
export type Checkouter = { kind: "account"; userId: number } | { kind: "guest"; email: string } | { kind: "anonymous" };

export interface CheckoutState {
  id: number;
  bagId: number;
  contact: { email: string; firstName: string; lastName: string } | null;
  shipping: CheckoutAddress | null;
  /** Null: billing goes to the shipping address. */
  billing: CheckoutAddress | null;
  shippingMethod: ShippingMethod | null;
  /** Pick-up: the store, and whether its pieces come from the warehouse (2–3 working days) or are on its shelf. */
  pickup: { storeId: number; byTransfer: boolean } | null;
  invoice: InvoiceRequest | null;
  paymentMethod: PaymentMethod | null;
  orderKey: string;
}

const newOrderKey = () => randomBytes(24).toString("base64url");

function parseJson<T>(value: string | null): T | null {
  if (value === null) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

function toState(row: Selectable<CheckoutsTable>): CheckoutState {
  return {
    id: row.id,
    bagId: row.bag_id,
    contact: row.email && row.first_name && row.last_name ? { email: row.email, firstName: row.first_name, lastName: row.last_name } : null,
    shipping: parseJson<CheckoutAddress>(row.shipping_address),
    billing: parseJson<CheckoutAddress>(row.billing_address),
    shippingMethod: (SHIPPING_METHODS as readonly string[]).includes(row.shipping_method ?? "") ? (row.shipping_method as ShippingMethod) : null,
    pickup: row.shipping_method === "store_pickup" && row.pickup_store_id !== null ? { storeId: row.pickup_store_id, byTransfer: row.pickup_by_transfer === 1 } : null,
    invoice: parseJson<InvoiceRequest>(row.invoice),
    paymentMethod: (row.payment_method as PaymentMethod | null) ?? null,
    orderKey: row.order_key,
  };
}

export async function getCheckout(db: Kysely<Database>, bagId: number | null): Promise<CheckoutState | null> {
  if (bagId === null) return null;
  const row = await repo.findCheckoutOfBag(db, bagId);
  return row ? toState(row) : null;
}

/** The bag's checkout row, created on first need (two tabs creating it at once make one). */
export async function ensureCheckout(db: Kysely<Database>, bagId: number, now = new Date()): Promise<CheckoutState> {
  const existing = await getCheckout(db, bagId);
  if (existing) return existing;
  await repo.insertCheckoutIfMissing(db, bagId, newOrderKey(), now.toISOString());
  return (await getCheckout(db, bagId))!;
}

async function updateCheckout(db: Kysely<Database>, bagId: number, changes: Partial<Omit<Selectable<CheckoutsTable>, "id" | "bag_id" | "created_at">>, now: Date) {
  await ensureCheckout(db, bagId, now);
  await repo.updateCheckoutOfBag(db, bagId, changes, now.toISOString());
}

/** Personal Info as a guest: the email and name the order will carry. */
export function savePersonalInfo(db: Kysely<Database>, bagId: number, info: PersonalInfo, now = new Date()): Promise<void> {
  return updateCheckout(db, bagId, { email: info.email, first_name: info.firstName, last_name: info.lastName }, now);
}

/** The shipping methods that serve an address's country (the shop ships to Italy only, spec §1). */
export function shippingMethodsFor(country: string | null): readonly ShippingMethod[] {
  return country === "IT" ? SHIPPING_METHODS : [];
}

/**
 * The shipping step: a saved address must be the account's own (it is copied, so editing the
 * book later does not move a checkout under way); a new one may be saved to the book.
 */
export async function saveShippingStep(db: Kysely<Database>, bagId: number, input: ShippingStepInput, who: Checkouter, now = new Date()): Promise<void> {
  let shipping = input.shipping;
  if (input.addressId !== null) {
    const saved = who.kind === "account" ? (await listAddresses(db, who.userId)).find((address) => address.id === input.addressId) : undefined;
    if (!saved) throw new DomainError("ADDRESS_NOT_FOUND", `Address ${input.addressId} is not this shopper's.`, { field: "addressChoice" });
    shipping = {
      firstName: saved.firstName,
      lastName: saved.lastName,
      street: saved.street,
      streetNumber: saved.streetNumber,
      additionalInfo: saved.additionalInfo ?? undefined,
      city: saved.city,
      province: saved.province as CheckoutAddress["province"],
      country: saved.country as CheckoutAddress["country"],
      zip: saved.zip,
      phonePrefix: saved.phonePrefix as CheckoutAddress["phonePrefix"],
      phone: saved.phone,
    };
  }
  if (!shipping) throw new DomainError("CHECKOUT_INCOMPLETE", "No shipping address.");
  if (!shippingMethodsFor(shipping.country).includes(input.shippingMethod)) throw new DomainError("NO_SHIPPING_METHODS", `No ${input.shippingMethod} to ${shipping.country}.`);
  // Pick-up: a store that takes such orders, and what it promises for this bag now (its own
  // pieces the same day, or the warehouse's by transfer).
  let pickup: { storeId: number; byTransfer: boolean } | null = null;
  if (input.shippingMethod === "store_pickup") {
    const option = (await pickupOptions(db, await bagStockLines(db, bagId))).find((store) => store.id === input.pickupStoreId);
    if (!option) throw new DomainError("PICKUP_STORE_UNKNOWN", `Store ${input.pickupStoreId} takes no pick-up orders.`, { field: "pickupStore" });
    pickup = { storeId: option.id, byTransfer: option.byTransfer };
  }
  if (input.addressId === null && input.saveAddress && who.kind === "account") {
    const known = await listAddresses(db, who.userId);
    const same = known.some((a) => a.street === shipping.street && a.streetNumber === shipping.streetNumber && a.zip === shipping.zip && a.lastName === shipping.lastName);
    // A full address book does not stop the checkout: the address is simply not saved.
    if (!same) await saveAddress(db, who.userId, shipping, now).catch((error: unknown) => (isDomainError(error) && error.code === "TOO_MANY_ADDRESSES" ? 0 : Promise.reject(error)));
  }
  await updateCheckout(
    db,
    bagId,
    {
      shipping_address: JSON.stringify(shipping),
      billing_address: input.billing ? JSON.stringify(input.billing) : null,
      save_address: input.saveAddress ? 1 : 0,
      shipping_method: input.shippingMethod,
      pickup_store_id: pickup?.storeId ?? null,
      pickup_by_transfer: pickup?.byTransfer ? 1 : 0,
      invoice: input.invoice ? JSON.stringify(input.invoice) : null,
    },
    now,
  );
}

export async function savePaymentMethod(db: Kysely<Database>, bagId: number, method: PaymentMethod, settings: ShopSettings, now = new Date()): Promise<void> {
  if (!settings.paymentMethods.includes(method)) throw new DomainError("NO_PAYMENT_METHODS", `${method} is not enabled.`, { field: "paymentMethod" });
  await updateCheckout(db, bagId, { payment_method: method }, now);
}

/**
 * The first step still to do: Personal Info until the shopper is an account holder or a guest
 * with a name on this checkout, then the shipping step, then payment, then the review.
 */
export function firstIncompleteStep(state: CheckoutState | null, who: Checkouter, settings: ShopSettings): CheckoutStep {
  if (who.kind === "anonymous" || (who.kind === "guest" && !state?.contact)) return "registrationLogin";
  if (!state?.shipping || !state.shippingMethod || !shippingMethodsFor(state.shipping.country).includes(state.shippingMethod)) return "shipping";
  // A pick-up order's store was deleted since (the checkout's reference went with it): choose again.
  if (state.shippingMethod === "store_pickup" && !state.pickup) return "shipping";
  if (!state.paymentMethod || !settings.paymentMethods.includes(state.paymentMethod)) return "payment";
  return "review";
}

/** The bag as this checkout charges it: a pick-up order pays no delivery. */
export function bagForCheckout<T extends Pick<BagView, "totals">>(bag: T, state: CheckoutState | null): T {
  return state?.shippingMethod === "store_pickup" ? { ...bag, totals: withoutShipping(bag.totals) } : bag;
}

/** Whether `step` may be shown: every step before it is complete. */
export function stepReachable(step: CheckoutStep, state: CheckoutState | null, who: Checkouter, settings: ShopSettings): boolean {
  return CHECKOUT_STEPS.indexOf(step) <= CHECKOUT_STEPS.indexOf(firstIncompleteStep(state, who, settings));
}

/** A new key after an order was placed with the old one (the next order is another order). */
export async function renewOrderKey(db: Kysely<Database>, checkoutId: number, now = new Date()): Promise<void> {
  await repo.setOrderKey(db, checkoutId, newOrderKey(), now.toISOString());
}

/**
 * Takes the checkout for placing an order with the review form's key: true while the key is
 * still the checkout's (a second submit with the same key waits here on PostgreSQL, then finds it
 * spent). The first statement of the order's transaction, and a write: SQLite takes its write
 * lock up front.
 */
export function lockCheckoutForOrder(trx: Kysely<Database> | Transaction<Database>, bagId: number, orderKey: string, at: string): Promise<boolean> {
  return repo.touchCheckoutWithKey(trx, bagId, orderKey, at);
}

/**
 * Erases what checkouts hold of a person (account deletion): the checkouts of their bags, and any
 * checkout whose contact is one of their addresses (a guest checkout of the same person).
 */
export async function eraseCheckouts(db: Kysely<Database>, input: { bagIds: number[]; emails: string[] }): Promise<void> {
  await repo.deleteCheckoutsOfBags(db, input.bagIds);
  for (const email of input.emails) await repo.deleteCheckoutsByEmail(db, email);
}
