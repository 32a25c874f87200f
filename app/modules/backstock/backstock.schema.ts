import { z } from "zod";
import { LOCALES } from "~/utils/locale";

// Error messages are translation keys (common.json → validation.*), as in the newsletter form.
export const BackInStockSchema = z.object({
  // A hidden field of the product page: a missing or oversized SKU is a broken form, not a typo.
  sku: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(64, { error: "validation.required" }),
  // The same rules and messages as the newsletter address.
  email: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(254, { error: "validation.email" })
    .pipe(z.email({ error: "validation.email" })),
  privacy: z
    .boolean({ error: "validation.privacy" })
    .refine((accepted) => accepted, { error: "validation.privacy" }),
  language: z.enum(LOCALES).optional(),
});

export type BackInStockInput = z.infer<typeof BackInStockSchema>;
