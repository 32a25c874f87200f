import { z } from "~/utils/zod";

// Fields that several public forms share (newsletter, back-in-stock, work with us), with the
// spec's messages as common.json keys (validation.*): one rule, one message, everywhere.

/** An email address: required, at most 254 characters, a valid address. */
export const emailField = (max = 254) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: "validation.email" })
    .pipe(z.email({ error: "validation.email" }));

/** The privacy consent checkbox: must be ticked. */
export const privacyConsentField = () =>
  z.boolean({ error: "validation.privacy" }).refine((accepted) => accepted, { error: "validation.privacy" });
