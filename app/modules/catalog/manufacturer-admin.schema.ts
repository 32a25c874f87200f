import { z } from "~/utils/zod";
import { EU_COUNTRY_CODES } from "./manufacturer";

// Atelier's manufacturers (issue 37, item 7): what the General Product Safety Regulation asks a
// product page to name (art. 19): the maker's name, postal address and country, and an electronic
// address (an e-mail or a website); for a maker outside the EU, the EU responsible person's
// (art. 16), all four fields. One schema for the form and its action; messages are keys.

const text = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: "validation.tooLong" })
    .refine((value) => !/[\p{Cc}]/u.test(value), { error: "validation.invalid" });
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.tooLong" })
    .refine((value) => !/[\p{Cc}]/u.test(value), { error: "validation.invalid" })
    .optional()
    .transform((value) => value || "");
const country = z
  .string({ error: "validation.required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: "atelier-catalog:manufacturers.countryInvalid" });

/** An e-mail address or an http(s) website: GPSR's "electronic address". */
export function isElectronicAddress(value: string): boolean {
  if (/^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const electronic = text(254).refine(isElectronicAddress, { error: "atelier-catalog:manufacturers.contactInvalid" });

export const ManufacturerFormSchema = z
  .object({
    name: text(120),
    address: text(300),
    countryCode: country,
    email: electronic,
    euResponsibleName: optional(120),
    euResponsibleAddress: optional(300),
    euResponsibleCountryCode: optional(2).transform((v) => v.toUpperCase()),
    euResponsibleEmail: optional(254),
  })
  .superRefine((value, ctx) => {
    // A maker outside the EU needs its EU responsible person, whole and in the EU.
    if (EU_COUNTRY_CODES.has(value.countryCode)) return;
    const need = (path: string, ok: boolean, message = "atelier-catalog:manufacturers.euResponsibleRequired") => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
    };
    need("euResponsibleName", !!value.euResponsibleName);
    need("euResponsibleAddress", !!value.euResponsibleAddress);
    need("euResponsibleCountryCode", EU_COUNTRY_CODES.has(value.euResponsibleCountryCode), "atelier-catalog:manufacturers.euCountryRequired");
    need("euResponsibleEmail", isElectronicAddress(value.euResponsibleEmail), value.euResponsibleEmail ? "atelier-catalog:manufacturers.contactInvalid" : "atelier-catalog:manufacturers.euResponsibleRequired");
  });

export type ManufacturerInput = z.infer<typeof ManufacturerFormSchema>;
