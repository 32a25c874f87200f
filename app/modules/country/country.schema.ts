import { z } from "~/utils/zod";
import { COUNTRY_CODES } from "./country-rules";

/**
 * A choice posted by the chooser (dialog, page or popup): the country, the page it was made on
 * and, on blog and care-guide pages, that page's alternates. Paths are checked again with
 * safeRedirect before use; the hosts come from the environment only.
 */
export const CountryChoiceSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  path: z.string().max(2000).optional(),
  alternate: z.array(z.string().max(2000)).max(4).default([]),
});

export type CountryChoice = z.infer<typeof CountryChoiceSchema>;
