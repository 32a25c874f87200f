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

/** The longest name a form takes, in characters (the name columns are varchar(100)). */
export const NAME_MAX = 100;
/**
 * What a name is made of: letters of any script with their combining marks, and the spaces,
 * apostrophes (' and ’), hyphens and dots between them ("D'Angelo", "Anne-Marie", "J. R.").
 */
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;
const LETTER = /\p{L}/u;

/**
 * A person's first or last name, one rule for every form (registration, profile, checkout,
 * addresses, career): required, at most NAME_MAX characters, at least one letter. One letter is
 * enough: "O", "Li" and "Bo" are names. Runs of white space (a pasted tab, a non-breaking space)
 * become one space; any other control character is refused.
 */
export const nameField = () =>
  z
    .string({ error: "validation.required" })
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, { error: "validation.required" })
        .max(NAME_MAX, { error: "validation.tooLong" })
        // zod runs every check: this one speaks only of a value the two above accept.
        .refine((value) => value.length === 0 || value.length > NAME_MAX || (NAME_CHARACTERS.test(value) && LETTER.test(value)), { error: "validation.name" }),
    );

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
