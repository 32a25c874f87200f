import { z } from "~/utils/zod";

// Fields that several forms share (newsletter, back-in-stock, work with us, and the buy path's
// forms to come), with the spec's messages as common.json keys (validation.*): one rule, one
// message, everywhere.

/** Control characters (C0, DEL, C1): never in a one-line field. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/** Control characters but tab and line breaks: never in a multi-line field. */
const CONTROL_CHARACTERS_MULTILINE = /(?![\t\n\r])\p{Cc}/u;

/** Refuses NUL and other control characters (PostgreSQL rejects NUL; nothing else wants them). */
export const withoutControlCharacters = (multiline = false) => (value: string) =>
  !(multiline ? CONTROL_CHARACTERS_MULTILINE : CONTROL_CHARACTERS).test(value);

/** Trimmed text, required, at most `max` characters, no control characters. */
export const textField = (max: number, { tooLong = "validation.required", multiline = false } = {}) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: tooLong })
    .refine(withoutControlCharacters(multiline), { error: "validation.characters" });

/** An email address: required, at most 254 characters, a valid address. */
export const emailField = (max = 254) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: "validation.email" })
    .refine(withoutControlCharacters(), { error: "validation.email" })
    .pipe(z.email({ error: "validation.email" }));

/** The privacy consent checkbox: must be ticked. */
export const privacyConsentField = () =>
  z.boolean({ error: "validation.privacy" }).refine((accepted) => accepted, { error: "validation.privacy" });
