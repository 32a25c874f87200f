import type { CamelRow, ManufacturersTable } from "~/db/schema";

// The product page's safety information (General Product Safety Regulation (EU) 2023/988,
// art. 19): the manufacturer's name, postal and electronic address and, when the maker is
// established outside the EU, the EU responsible person's. Safe on client and server.

/** The 27 member states (ISO 3166-1 alpha-2). */
export const EU_COUNTRY_CODES: ReadonlySet<string> = new Set([
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
]);

export const isInEu = (countryCode: string) => EU_COUNTRY_CODES.has(countryCode.toUpperCase());

/** A party as the page shows it: the country already named in the reader's language. */
export interface SafetyParty {
  name: string;
  /** Street, postcode, town and country, one line. */
  postalAddress: string;
  email: string;
}

export interface ProductSafety {
  manufacturer: SafetyParty;
  /** Present exactly when the manufacturer is established outside the EU. */
  euResponsible: SafetyParty | null;
}

/** A maker as the catalogue records it (its row, without id and key). */
export type ManufacturerRecord = Omit<CamelRow<ManufacturersTable>, "id" | "key">;

/**
 * The safety block's content from the catalogue's record, or null when the record cannot
 * satisfy the rule: a maker outside the EU without a complete responsible person in the EU.
 * `countryName` names a country code in the reader's language.
 */
export function productSafety(record: ManufacturerRecord, countryName: (code: string) => string): ProductSafety | null {
  const party = (name: string, address: string, country: string, email: string): SafetyParty => ({
    name,
    postalAddress: `${address}, ${countryName(country)}`,
    email,
  });
  const manufacturer = party(record.name, record.address, record.countryCode, record.email);
  if (isInEu(record.countryCode)) return { manufacturer, euResponsible: null };
  const { euResponsibleName: name, euResponsibleAddress: address, euResponsibleCountryCode: country, euResponsibleEmail: email } = record;
  if (!name || !address || !country || !email || !isInEu(country)) return null;
  return { manufacturer, euResponsible: party(name, address, country, email) };
}
