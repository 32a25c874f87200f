import { z } from "~/utils/zod";
import { emailField, nameField, privacyConsentField, withoutControlCharacters } from "~/utils/form-fields";
import { CAREER_LIMITS, DEPARTMENTS } from "./career.fields";

// The text fields of the "work with us" form; the CV is checked from its bytes by
// career-upload.server.ts. Messages are translation keys: common.json's validation.* where the
// shop has one, career.json's validation.* for the rest. The form shows them without loading zod
// (the browser submits and the server answers), so this module stays on the server side.

const required = { error: "validation.required" };

/**
 * Trimmed, required, at most `max` characters, without control characters (the shop's one rule,
 * form-fields.ts: PostgreSQL refuses NUL; a message keeps its tabs and line breaks).
 */
const text = (max: number, { tooLong = "career:validation.tooLong", multiline = false } = {}) =>
  z.string(required).trim().min(1, required).max(max, { error: tooLong }).refine(withoutControlCharacters(multiline), { error: "validation.characters" });

/** Digits with the usual separators and an optional leading +: 6 to 15 digits in all. */
const PHONE = /^\+?[0-9 ()./-]+$/;
const digitCount = (value: string) => value.replace(/\D/g, "").length;

/** "www.example.com/me" is what people type: it means https://. */
const withScheme = (value: string) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);

export const CareerApplicationSchema = z.object({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(CAREER_LIMITS.email),
  phone: z
    .string(required)
    .trim()
    .min(1, required)
    .max(CAREER_LIMITS.phone, { error: "career:validation.phone" })
    .refine((value) => PHONE.test(value) && digitCount(value) >= 6 && digitCount(value) <= 15, { error: "career:validation.phone" }),
  // The empty first option submits "", which conform turns into undefined: "required".
  department: z.enum(DEPARTMENTS, { error: (issue) => (issue.input === undefined ? "validation.required" : "career:validation.department") }),
  portfolio: z
    .string()
    .trim()
    .max(CAREER_LIMITS.portfolio, { error: "career:validation.website" })
    .transform(withScheme)
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "career:validation.website" }))
    .transform((value) => new URL(value).href)
    .optional(),
  message: text(CAREER_LIMITS.message, { tooLong: "career:validation.messageTooLong", multiline: true }),
  privacy: privacyConsentField(),
});

export type CareerApplicationInput = z.infer<typeof CareerApplicationSchema>;
