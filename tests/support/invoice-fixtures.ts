import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, OrderPaymentStatus } from "~/db/schema";
import type { InvoiceRequest } from "~/modules/checkout/checkout.schema";
import type { SellerIdentity } from "~/modules/settings/shop-settings";
import { saveShopSettings } from "~/modules/settings/shop-settings.server";
import { ADDRESS } from "./order-fixtures";

// Orders written straight into the tables, for the invoice tests: exact amounts (several lines,
// a discount, shipping) without going through the catalogue, the bag and a payment provider.

export const PERSON_INVOICE: InvoiceRequest = { type: "person", fiscalCode: "RSSGLI80A41F205Z" };
export const COMPANY_INVOICE: InvoiceRequest = { type: "company", companyName: "Sartoria Rossi & Figli S.r.l.", vatNumber: "01234567897", sdiCode: "M5UXCR1", pec: null };
export const PEC_INVOICE: InvoiceRequest = { type: "company", companyName: "Atelier Bianchi S.n.c.", vatNumber: "01234567897", sdiCode: null, pec: "fatture@pec.bianchi.example" };

/** A shop's own fiscal identity (valid check digits), as an owner saves it in Atelier: no longer the demo's, so invoices are issued. */
export const OWN_SELLER: SellerIdentity = {
  name: "Sartoria Verdi S.r.l.",
  vatNumber: "09876543217",
  fiscalCode: "09876543217",
  regimeFiscale: "RF01",
  address: { street: "Corso Magenta", streetNumber: "5", zip: "20123", city: "Milano", province: "MI", country: "IT" },
  rea: { office: "MI", number: "2034567", shareCapitalCents: 5_000_000, soleShareholder: "SU", liquidation: "LN" },
  pec: "amministrazione@pec.verdi.example",
  demo: false,
};

/** Sets the shop's own identity (the invoice tests: the demo's refuses every invoice). */
export async function setOwnSeller(db: Kysely<Database>, seller: SellerIdentity = OWN_SELLER): Promise<void> {
  await saveShopSettings(db, { seller });
}

export interface FixtureLine {
  unitCents: number;
  quantity: number;
  name?: string;
}

export interface FixtureOrder {
  lines?: FixtureLine[];
  discountCents?: number;
  shippingCents?: number;
  invoice?: InvoiceRequest | null;
  paymentStatus?: OrderPaymentStatus;
  paymentMethod?: string;
  couponCode?: string | null;
  billing?: typeof ADDRESS;
  placedAt?: string;
}

export async function insertOrder(db: Kysely<Database>, options: FixtureOrder = {}): Promise<{ orderId: number; number: string; totalCents: number }> {
  const {
    lines = [{ unitCents: 8_990, quantity: 1 }],
    discountCents = 0,
    shippingCents = 700,
    invoice = PERSON_INVOICE,
    paymentStatus = "paid",
    paymentMethod = "card",
    billing = ADDRESS,
    placedAt = "2026-12-01T09:00:00.000Z",
  } = options;
  const couponCode = options.couponCode === undefined ? (discountCents ? "BENVENUTO10" : null) : options.couponCode;
  const subtotal = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const total = subtotal - discountCents + shippingCents;
  const number = `BT${String(randomBytes(4).readUInt32BE(0) % 1_000_000_000).padStart(9, "0")}`;
  const order = await db
    .insertInto("orders")
    .values({
      number,
      idempotency_key: randomBytes(12).toString("hex"),
      user_id: null,
      session_id: null,
      email: "giulia@example.com",
      first_name: billing.firstName,
      last_name: billing.lastName,
      locale: "it",
      status: paymentStatus === "paid" ? "confirmed" : paymentStatus === "refunded" ? "refunded" : "pending_payment",
      payment_status: paymentStatus,
      shipping_status: "not_shipped",
      payment_method: paymentMethod,
      shipping_method: "ups_standard",
      subtotal_cents: subtotal,
      discount_cents: discountCents,
      shipping_cents: shippingCents,
      total_cents: total,
      vat_cents: 0,
      coupon_code: couponCode,
      shipping_address: JSON.stringify(ADDRESS),
      billing_address: JSON.stringify(billing),
      invoice: invoice ? JSON.stringify(invoice) : null,
      hold_until: placedAt,
      placed_at: placedAt,
      paid_at: paymentStatus === "paid" ? placedAt : null,
      cancelled_at: null,
      updated_at: placedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_lines")
    .values(
      lines.map((line, i) => ({
        order_id: order.id,
        variant_id: i + 1,
        product_id: i + 1,
        sku: `BTG-${i + 1}-M`,
        product_name: line.name ?? `Camicia ${i + 1}`,
        size: "M",
        color_name: "Bianco",
        unit_cents: line.unitCents,
        quantity: line.quantity,
        total_cents: line.unitCents * line.quantity,
        discount_cents: 0,
      })),
    )
    .execute();
  return { orderId: order.id, number, totalCents: total };
}
