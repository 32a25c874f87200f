import { AddressSchema } from "~/modules/address/address.schema";
import { PAYMENT_METHODS } from "~/modules/settings/shop-settings";
import { emailField, nameField } from "~/utils/form-fields";
import { z } from "~/utils/zod";
import { isValidCodiceFiscale, isValidPartitaIva, isValidSdiCode, normalizeCode } from "~/utils/invoice-codes";

// The checkout steps' forms (spec §4: Personal Info, Shipping, Payment, Review), each one zod
// schema shared by the page's form and its action. Messages are translation keys (common.json's
// validation.*, or checkout.json's when prefixed).

/** The largest id a form may name (the integer columns' range): a forged huge id is a 400. */
const MAX_ID = 2_147_483_647;

export const PersonalInfoSchema = z.object({
  email: emailField(),
  firstName: nameField(),
  lastName: nameField(),
});
export type PersonalInfo = z.infer<typeof PersonalInfoSchema>;

/** An address as the checkout keeps it: the address book's fields and rules. */
export const CheckoutAddressSchema = AddressSchema.omit({ id: true, isDefault: true });
export type CheckoutAddress = z.infer<typeof CheckoutAddressSchema>;

/**
 * The shipping methods the shop knows: the courier to the address, or pick-up in one of the
 * shop's stores (free; store-pickup.service.server.ts). The zone decides which apply.
 */
export const SHIPPING_METHODS = ["ups_standard", "store_pickup"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const INVOICE_TYPES = ["none", "person", "company"] as const;

export type InvoiceRequest =
  | { type: "person"; fiscalCode: string }
  | { type: "company"; companyName: string; vatNumber: string; sdiCode: string | null; pec: string | null };

const optionalCode = (max: number) => z.string().trim().max(max, { error: "validation.tooLong" }).optional();

/** Adds `issues` of a nested parse under `prefix` (a sub-form that applies only when chosen). */
function nested<T>(ctx: z.RefinementCtx, prefix: string, schema: z.ZodType<T>, value: unknown): T | undefined {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [prefix, ...issue.path] });
  return undefined;
}

/**
 * The shipping step: a saved address (account holders) or a new one, billing to the same
 * address or another, a shipping method, and an optional invoice request (codice fiscale for a
 * person; partita IVA plus SDI code or PEC for a company).
 */
export const ShippingStepSchema = z
  .object({
    /** "new", or the id of one of the account's addresses. */
    addressChoice: z.union([z.literal("new"), z.coerce.number().int().positive().max(MAX_ID)]).default("new"),
    shipping: z.unknown().optional(),
    saveAddress: z.boolean().optional(),
    billingSame: z.boolean().optional(),
    billing: z.unknown().optional(),
    shippingMethod: z.enum(SHIPPING_METHODS, { error: "validation.required" }),
    /** The store a pick-up order is collected from (only with store_pickup). */
    pickupStore: z.coerce.number({ error: "checkout:validation.pickupStore" }).int({ error: "checkout:validation.pickupStore" }).positive({ error: "checkout:validation.pickupStore" }).max(MAX_ID, { error: "checkout:validation.pickupStore" }).optional(),
    invoiceType: z.enum(INVOICE_TYPES, { error: "validation.required" }).default("none"),
    fiscalCode: optionalCode(16),
    companyName: optionalCode(200),
    vatNumber: optionalCode(13),
    sdiCode: optionalCode(7),
    pec: optionalCode(254),
  })
  .transform((value, ctx) => {
    const shipping = value.addressChoice === "new" ? nested(ctx, "shipping", CheckoutAddressSchema, value.shipping) : null;
    const billing = value.billingSame ? null : nested(ctx, "billing", CheckoutAddressSchema, value.billing);
    const pickup = value.shippingMethod === "store_pickup";
    if (pickup && value.pickupStore === undefined) ctx.addIssue({ code: "custom", message: "checkout:validation.pickupStore", path: ["pickupStore"] });
    let invoice: InvoiceRequest | null = null;
    if (value.invoiceType === "person") {
      const code = normalizeCode(value.fiscalCode ?? "");
      if (!code) ctx.addIssue({ code: "custom", message: "validation.required", path: ["fiscalCode"] });
      else if (!isValidCodiceFiscale(code)) ctx.addIssue({ code: "custom", message: "checkout:validation.fiscalCode", path: ["fiscalCode"] });
      else invoice = { type: "person", fiscalCode: code };
    } else if (value.invoiceType === "company") {
      const vatNumber = normalizeCode(value.vatNumber ?? "").replace(/^IT/, "");
      const sdiCode = normalizeCode(value.sdiCode ?? "") || null;
      const pec = value.pec?.trim() || null;
      const companyName = value.companyName?.trim() ?? "";
      let valid = true;
      const fail = (path: string, message: string) => {
        valid = false;
        ctx.addIssue({ code: "custom", message, path: [path] });
      };
      if (!companyName) fail("companyName", "validation.required");
      if (!vatNumber) fail("vatNumber", "validation.required");
      else if (!isValidPartitaIva(vatNumber)) fail("vatNumber", "checkout:validation.vatNumber");
      if (sdiCode && !isValidSdiCode(sdiCode)) fail("sdiCode", "checkout:validation.sdiCode");
      if (pec && !z.email().safeParse(pec).success) fail("pec", "validation.email");
      if (!sdiCode && !pec) fail("sdiCode", "checkout:validation.sdiOrPec");
      if (valid) invoice = { type: "company", companyName, vatNumber, sdiCode, pec };
    }
    return {
      addressId: value.addressChoice === "new" ? null : value.addressChoice,
      shipping: shipping ?? null,
      saveAddress: value.saveAddress === true,
      billing: billing ?? null,
      shippingMethod: value.shippingMethod,
      pickupStoreId: pickup ? (value.pickupStore ?? null) : null,
      invoice,
    };
  });
export type ShippingStepInput = z.output<typeof ShippingStepSchema>;

export const PaymentStepSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "checkout:validation.paymentMethod" }),
});

/** The review's order button: the terms, the total the page showed, and the one-time key. */
export const PlaceOrderSchema = z.object({
  acceptTerms: z.boolean({ error: "checkout:validation.terms" }).refine((accepted) => accepted, { error: "checkout:validation.terms" }),
  shownTotalCents: z.coerce.number({ error: "validation.required" }).int().min(0).max(MAX_ID),
  orderKey: z.string({ error: "validation.required" }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "validation.required" }),
});

/** Paying again for an order whose payment failed: the same method or another. */
export const RetryPaymentSchema = PaymentStepSchema;
