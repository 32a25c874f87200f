import { z } from "~/utils/zod";
import { nameField, textField, withoutControlCharacters } from "~/utils/form-fields";
import { PROVINCE_CODES } from "./provinces";

// An address of the account's book (spec §3 Address) with the spec's §5 messages, shared by the
// address form and its action (and, with the Checkout issue, the shipping step).

/** The countries the shop ships to (spec §1: Italy only). */
export const SHIPPING_COUNTRIES = ["IT"] as const;
export const PHONE_PREFIXES = ["+39", "+378", "+41", "+33", "+49", "+43", "+44", "+34", "+1"] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.tooLong" })
    .refine(withoutControlCharacters(), { error: "validation.characters" })
    .optional();

export const AddressSchema = z.object({
  /** Set when editing an address; absent for a new one. */
  id: z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647).optional(),
  firstName: nameField(),
  lastName: nameField(),
  street: textField(200, { tooLong: "validation.tooLong" }).refine((value) => value.length >= 3, { error: "validation.minLength3" }),
  streetNumber: z
    .string({ error: "validation.streetNumber" })
    .trim()
    .min(1, { error: "validation.streetNumber" })
    .max(20, { error: "validation.tooLong" })
    .refine(withoutControlCharacters(), { error: "validation.characters" }),
  additionalInfo: optionalText(200),
  city: textField(100, { tooLong: "validation.tooLong" }),
  province: z.enum(PROVINCE_CODES, { error: "validation.required" }),
  country: z.enum(SHIPPING_COUNTRIES, { error: "validation.country" }),
  zip: z.string({ error: "validation.required" }).trim().regex(/^\d{5}$/, { error: "account:validation.zip" }),
  phonePrefix: z.enum(PHONE_PREFIXES, { error: "validation.required" }),
  phone: z
    .string({ error: "validation.phone" })
    .trim()
    .min(1, { error: "validation.phone" })
    .transform((value) => value.replace(/[\s.-]/g, ""))
    .pipe(z.string().regex(/^\d{6,15}$/, { error: "account:validation.phoneFormat" })),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof AddressSchema>;

/** An address id, bounded to the column's integer range (a forged huge id is a 400, not a database error). */
export const AddressIdSchema = z.object({ id: z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647) });
