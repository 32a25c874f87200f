import type { Locale, OrdersTable, ReturnKind, ReturnStatus } from "~/db/schema";
import type { CheckoutAddress, InvoiceRequest } from "~/modules/checkout/checkout.schema";
import type { PaymentMethod } from "~/modules/settings/shop-settings";
import type { PickupStore } from "~/modules/store/store-pickup.rules";

// What an order and its returns look like to the rest of the shop (pages, mails, invoices). Kept
// apart from the services that load them, so the order's mails can take them without importing
// those services back (decision 038: no import circles).

export interface OrderLineView {
  id: number;
  variantId: number;
  productId: number;
  sku: string;
  name: string;
  size: string;
  color: string;
  unitCents: number;
  quantity: number;
  totalCents: number;
}

/** Where a pick-up order is collected, as the store was when the order was placed. */
export interface OrderPickup extends PickupStore {
  /** The pieces come from the warehouse (2–3 working days) rather than the store's shelf. */
  byTransfer: boolean;
}

export interface OrderView {
  id: number;
  /** The account that placed it; null for a guest. */
  userId: number | null;
  number: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: Locale;
  status: OrdersTable["status"];
  paymentStatus: OrdersTable["payment_status"];
  shippingStatus: OrdersTable["shipping_status"];
  paymentMethod: PaymentMethod;
  shippingMethod: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  vatCents: number;
  couponCode: string | null;
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  invoice: InvoiceRequest | null;
  holdUntil: string;
  placedAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  trackingNumber: string | null;
  /** The courier's id (carriers.ts); null before shipping and for parcels shipped before it was recorded. */
  carrier: string | null;
  refundedCents: number;
  /** A pick-up order's store; null for a delivery. */
  pickup: OrderPickup | null;
  /** When a pick-up order's pieces were ready in its store. */
  readyAt: string | null;
  lines: OrderLineView[];
}

export interface ReturnView {
  id: number;
  kind: ReturnKind;
  status: ReturnStatus;
  goodsCents: number;
  feeCents: number;
  refundCents: number;
  createdAt: string;
  receivedAt: string | null;
  refundedAt: string | null;
  lines: { orderLineId: number; quantity: number; reason: string }[];
}
