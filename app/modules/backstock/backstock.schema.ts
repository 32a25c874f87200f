import { z } from "~/utils/zod";
import { emailField, privacyConsentField, withoutControlCharacters } from "~/utils/form-fields";
import { LOCALES } from "~/utils/locale";

// Error messages are translation keys (common.json → validation.*), as in the newsletter form.
export const BackInStockSchema = z.object({
  // A hidden field of the product page: a missing or oversized SKU is a broken form, not a typo.
  sku: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(64, { error: "validation.required" })
    .refine(withoutControlCharacters(), { error: "validation.required" }),
  // The same rules and messages as the newsletter address.
  email: emailField(),
  privacy: privacyConsentField(),
  language: z.enum(LOCALES).optional(),
});

export type BackInStockInput = z.infer<typeof BackInStockSchema>;
