import { PROVINCE_CODES } from "~/modules/address/provinces";
import { isValidCodiceFiscale, isValidPartitaIva, normalizeCode } from "~/utils/invoice-codes";
import { textField } from "~/utils/form-fields";
import { parseEuroInput } from "~/utils/money-input";
import { z } from "~/utils/zod";
import { REGIMI_FISCALI, SOCI, STATI_LIQUIDAZIONE, type SellerIdentity } from "./shop-settings";

// The owner's form for the seller's fiscal identity (/atelier/settings/fiscal): one schema shared
// by the page and its action. The partita IVA and the codice fiscale are checked with the
// checkout's check digits (utils/invoice-codes.ts), the REA's office is a province, its number
// letters and digits; messages are translation keys (atelier-shop.json's validation.*). Safe on
// client and server.

/** A name or an address line: the form kit's text field (no control characters), at most 60 or 80 characters. */
const required = (max: 60 | 80) => textField(max, { tooLong: `atelier-shop:validation.max${max}` });

/** An optional select or text: "" when left empty. */
const optional = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "");

const province = (error: string) => z.enum(PROVINCE_CODES, { error });

/** The largest share capital CapitaleSociale holds (11 digits of euro). */
const MAX_SHARE_CAPITAL_CENTS = 99_999_999_999_99;

export const SellerIdentityFormSchema = z
  .object({
    legalName: required(80),
    vatNumber: z
      .string({ error: "validation.required" })
      .transform(normalizeCode)
      .pipe(z.string().min(1, { error: "validation.required", abort: true }).refine(isValidPartitaIva, { error: "atelier-shop:validation.vatNumber" }))
      // Stored without the "IT" that the EU's form of the number adds.
      .transform((value) => value.replace(/^IT/, "")),
    // Left empty: the partita IVA, as for most companies.
    fiscalCode: optional()
      .transform(normalizeCode)
      .refine((value) => value === "" || (/^\d{11}$/.test(value) ? isValidPartitaIva(value) : isValidCodiceFiscale(value)), { error: "atelier-shop:validation.fiscalCode" }),
    street: required(60),
    streetNumber: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, { error: "validation.required", abort: true })
      .regex(/^[A-Za-z0-9/ -]{1,8}$/, { error: "atelier-shop:validation.streetNumber" }),
    zip: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, { error: "validation.required", abort: true })
      .regex(/^\d{5}$/, { error: "atelier-shop:validation.zip" }),
    city: required(60),
    province: province("atelier-shop:validation.province"),
    reaOffice: optional().refine((value) => value === "" || (PROVINCE_CODES as readonly string[]).includes(value), { error: "atelier-shop:validation.reaOffice" }),
    reaNumber: optional()
      .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
      .refine((value) => /^[A-Z0-9]{0,20}$/.test(value), { error: "atelier-shop:validation.reaNumber" }),
    shareCapital: optional()
      .transform((value) => (value === "" ? null : (parseEuroInput(value) ?? -1)))
      .refine((cents) => cents === null || (cents > 0 && cents <= MAX_SHARE_CAPITAL_CENTS), { error: "atelier-shop:validation.shareCapital" }),
    // Checked by hand rather than by z.enum: conform turns the empty choice into no value, which an enum of "" would refuse.
    soleShareholder: optional()
      .refine((value) => value === "" || (SOCI as readonly string[]).includes(value), { error: "atelier-shop:validation.choice" })
      .transform((value) => value as "" | (typeof SOCI)[number]),
    liquidation: z.enum(STATI_LIQUIDAZIONE, { error: "atelier-shop:validation.choice" }),
    regimeFiscale: z.enum(REGIMI_FISCALI, { error: "atelier-shop:validation.choice" }),
    pec: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, { error: "validation.required", abort: true })
      .max(254, { error: "atelier-shop:validation.pec" })
      .pipe(z.email({ error: "atelier-shop:validation.pec" })),
  })
  .superRefine((value, ctx) => {
    // The REA is its office and its number together; the share capital and the shareholders are part of it.
    const rea = value.reaOffice !== "" || value.reaNumber !== "";
    if (rea && value.reaOffice === "") ctx.addIssue({ code: "custom", path: ["reaOffice"], message: "atelier-shop:validation.reaBoth" });
    if (rea && value.reaNumber === "") ctx.addIssue({ code: "custom", path: ["reaNumber"], message: "atelier-shop:validation.reaBoth" });
    if (!rea && value.shareCapital !== null) ctx.addIssue({ code: "custom", path: ["shareCapital"], message: "atelier-shop:validation.capitalNeedsRea" });
    if (!rea && value.soleShareholder !== "") ctx.addIssue({ code: "custom", path: ["soleShareholder"], message: "atelier-shop:validation.capitalNeedsRea" });
  });
export type SellerIdentityForm = z.infer<typeof SellerIdentityFormSchema>;

/** The form's fields in page order (the first invalid one gets focus). */
export const SELLER_FIELDS = [
  "legalName",
  "vatNumber",
  "fiscalCode",
  "regimeFiscale",
  "street",
  "streetNumber",
  "zip",
  "city",
  "province",
  "pec",
  "reaOffice",
  "reaNumber",
  "shareCapital",
  "soleShareholder",
  "liquidation",
] as const;

/** The form's values as the seller's identity: the owner's, no longer the demo's. */
export function sellerFromForm(form: SellerIdentityForm): SellerIdentity {
  return {
    name: form.legalName,
    vatNumber: form.vatNumber,
    fiscalCode: form.fiscalCode || form.vatNumber,
    regimeFiscale: form.regimeFiscale,
    address: { street: form.street, streetNumber: form.streetNumber.toUpperCase(), zip: form.zip, city: form.city, province: form.province, country: "IT" },
    rea:
      form.reaOffice && form.reaNumber
        ? { office: form.reaOffice, number: form.reaNumber, shareCapitalCents: form.shareCapital, soleShareholder: form.soleShareholder || null, liquidation: form.liquidation }
        : null,
    pec: form.pec.toLowerCase(),
    demo: false,
  };
}

/** The stored identity as the form's values (what the page shows before a post). */
export function sellerFormValues(seller: SellerIdentity, toEuro: (cents: number) => string): Record<(typeof SELLER_FIELDS)[number], string> {
  return {
    legalName: seller.name,
    vatNumber: seller.vatNumber,
    fiscalCode: seller.fiscalCode === seller.vatNumber ? "" : seller.fiscalCode,
    regimeFiscale: seller.regimeFiscale,
    street: seller.address.street,
    streetNumber: seller.address.streetNumber,
    zip: seller.address.zip,
    city: seller.address.city,
    province: seller.address.province,
    pec: seller.pec,
    reaOffice: seller.rea?.office ?? "",
    reaNumber: seller.rea?.number ?? "",
    shareCapital: seller.rea?.shareCapitalCents ? toEuro(seller.rea.shareCapitalCents) : "",
    soleShareholder: seller.rea?.soleShareholder ?? "",
    liquidation: seller.rea?.liquidation ?? "LN",
  };
}
