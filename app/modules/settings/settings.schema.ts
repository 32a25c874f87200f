import { parseEuroInput } from "~/utils/money-input";
import { z } from "~/utils/zod";
import { PAYMENT_METHODS, type PaymentMethod, SOCIAL_NETWORKS, type SocialNetwork } from "./shop-settings";

// The owner's Settings page (/atelier/settings): one form, one schema shared by the page and its
// action. Amounts are typed in euro, numbers as digits, the IBAN with or without spaces; the
// messages are translation keys (atelier-shop.json, common.json's validation.*). Safe on client
// and server.

const euro = (max = 100_000_000) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .max(20, { error: "atelier-shop:validation.euro" })
    .transform((value) => parseEuroInput(value) ?? -1)
    .refine((cents) => cents >= 0 && cents <= max, { error: "atelier-shop:validation.euro" });

const whole = (min: number, max: number, error: string) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });

const checkbox = () =>
  z
    .string()
    .optional()
    .transform((value) => value === "on");

/** IBAN lengths by country (ISO 13616 registry), for the countries a shop's bank is likely in; others are checked by the checksum alone. */
const IBAN_LENGTHS: Record<string, number> = { IT: 27, SM: 27, VA: 22, DE: 22, FR: 27, ES: 24, AT: 20, BE: 16, NL: 18, LU: 20, IE: 22, PT: 25, CH: 21, GB: 22, MT: 31, SI: 19, HR: 21, GR: 27 };

/** Whether an IBAN (capitals and digits, no spaces) has its country's length and a valid mod-97 check. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const iban = () =>
  z
    .string({ error: "validation.required" })
    .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
    .pipe(z.string().min(1, { error: "validation.required" }).refine(isValidIban, { error: "atelier-shop:validation.iban" }));

const bic = () =>
  z
    .string({ error: "validation.required" })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().min(1, { error: "validation.required" }).regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, { error: "atelier-shop:validation.bic" }));

const hour = () =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { error: "atelier-shop:validation.hour" });

const minutes = (hhmm: string) => Number(hhmm.split(":")[0]) * 60 + Number(hhmm.split(":")[1]);

/** A profile's address: https with a real host name, or empty for none. */
const profile = () =>
  z
    .string()
    .trim()
    .max(300, { error: "atelier-shop:validation.social" })
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || z.url({ protocol: /^https$/, hostname: z.regexes.domain }).safeParse(value).success, { error: "atelier-shop:validation.social" });

/** The checkbox of each payment method: "pay" + the method's name ("payCard", "payBankTransfer"). */
export const paymentField = <M extends PaymentMethod>(method: M) => `pay${method[0]!.toUpperCase()}${method.slice(1)}` as `pay${Capitalize<M>}`;

export const ShopSettingsFormSchema = z
  .object({
    shippingFee: euro(),
    freeShippingFrom: euro(),
    returnFee: euro(),
    returnDays: whole(1, 60, "atelier-shop:validation.returnDays"),
    payCard: checkbox(),
    payApplePay: checkbox(),
    payGooglePay: checkbox(),
    payPaypalInstalments: checkbox(),
    payBankTransfer: checkbox(),
    paypalInstalments: whole(2, 12, "atelier-shop:validation.instalments"),
    bankBeneficiary: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, { error: "validation.required" })
      .max(70, { error: "atelier-shop:validation.textTooLong" }),
    bankIban: iban(),
    bankBic: bic(),
    bankHoldDays: whole(1, 30, "atelier-shop:validation.holdDays"),
    supportOpen: hour(),
    supportClose: hour(),
    instagram: profile(),
    facebook: profile(),
    tiktok: profile(),
    pinterest: profile(),
    youtube: profile(),
    staffRefundLimit: euro(),
    lowStockThreshold: whole(0, 1000, "atelier:settings.invalidLowStock"),
    applicationRetentionMonths: whole(1, 60, "atelier:settings.invalidRetention"),
  })
  .superRefine((value, ctx) => {
    if (!PAYMENT_METHODS.some((method) => value[paymentField(method)])) ctx.addIssue({ code: "custom", path: ["payCard"], message: "atelier-shop:validation.noPayment" });
    const hhmm = /^([01]?\d|2[0-3]):[0-5]\d$/;
    if (hhmm.test(value.supportOpen) && hhmm.test(value.supportClose) && minutes(value.supportClose) <= minutes(value.supportOpen)) ctx.addIssue({ code: "custom", path: ["supportClose"], message: "atelier-shop:validation.hours" });
  });
export type ShopSettingsForm = z.infer<typeof ShopSettingsFormSchema>;

/** The form's fields in page order (the first invalid one gets focus). */
export const SETTINGS_FIELDS = [
  "shippingFee",
  "freeShippingFrom",
  "returnFee",
  "returnDays",
  ...PAYMENT_METHODS.map(paymentField),
  "paypalInstalments",
  "bankBeneficiary",
  "bankIban",
  "bankBic",
  "bankHoldDays",
  "supportOpen",
  "supportClose",
  ...SOCIAL_NETWORKS,
  "staffRefundLimit",
  "lowStockThreshold",
  "applicationRetentionMonths",
] as const;

export type { SocialNetwork };
