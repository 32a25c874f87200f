import { z } from "zod";
import { LOCALES } from "~/utils/locale";

// Error messages are translation keys (common.json → validation.*): the form shows them in the
// shopper's language, and the JSON API translates them before answering.
export const NewsletterSchema = z.object({
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

export type NewsletterInput = z.infer<typeof NewsletterSchema>;

// Kept in its own module so that forms can name it without loading zod.
export { HONEYPOT_FIELD } from "~/utils/honeypot";
