import { z } from "~/utils/zod";
import { emailField, privacyConsentField } from "~/utils/form-fields";
import { LOCALES } from "~/utils/locale";

// Error messages are translation keys (common.json → validation.*): the form shows them in the
// shopper's language, and the JSON API translates them before answering.
export const NewsletterSchema = z.object({
  email: emailField(),
  privacy: privacyConsentField(),
  language: z.enum(LOCALES).optional(),
});

export type NewsletterInput = z.infer<typeof NewsletterSchema>;

// Kept in its own module so that forms can name it without loading zod.
export { HONEYPOT_FIELD } from "~/utils/honeypot";
