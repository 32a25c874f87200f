import { z } from "~/utils/zod";
import { COLOR_NAME_MAX_LENGTH } from "./variant-pricing";

// Atelier's colour editor (issue 37, item 7): a colour's names in both languages and its swatch
// (#RRGGBB). One schema for the form and its action; messages are keys. Safe on client and server.

const name = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(COLOR_NAME_MAX_LENGTH, { error: "validation.tooLong" })
  .refine((value) => !/[\p{Cc}]/u.test(value), { error: "validation.invalid" });

export const ColourFormSchema = z.object({
  nameIt: name,
  nameEn: name,
  hex: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^#?[0-9a-fA-F]{6}$/, { error: "atelier-catalog:colours.hexInvalid" })
    .transform((value) => `#${value.replace(/^#/, "").toUpperCase()}`),
});

export type ColourInput = z.infer<typeof ColourFormSchema>;
