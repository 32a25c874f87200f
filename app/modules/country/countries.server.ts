import countries from "i18n-iso-countries";
import type { Locale } from "~/utils/locale";
import { COUNTRY_CODES, type CountryCode, type CountryOption, type Shop, type ShopHosts, shopOf } from "./country-rules";

// Country names and ISO codes come from i18n-iso-countries (its Node entry registers every
// language's names), never from a hand-typed table.

/** Spec §3: the names are English except these two, which keep their Italian names. */
const ITALIAN_LABELS: ReadonlySet<CountryCode> = new Set(["IT", "PL"]);
const REST_OF_THE_WORLD: Record<Locale, string> = { en: "Rest of the world", it: "Resto del mondo" };

function nameOf(code: CountryCode, locale: Locale): string {
  if (code === "ROTW") return REST_OF_THE_WORLD[locale];
  const name = countries.getName(code, locale, { select: "official" });
  if (!name) throw new Error(`i18n-iso-countries has no ${locale} name for ${code}`);
  return name;
}

/** Any ISO 3166-1 alpha-2 country in the reader's language ("GB" → "Regno Unito"); the code itself when unknown. */
export function countryName(alpha2: string, locale: Locale): string {
  return countries.getName(alpha2.toUpperCase(), locale, { select: "official" }) ?? alpha2;
}

let options: CountryOption[] | undefined;

/** The country zone list (spec §3) in its order, for the chooser. */
export function countryOptions(): CountryOption[] {
  options ??= COUNTRY_CODES.map((code) => {
    const lang: Locale = ITALIAN_LABELS.has(code) ? "it" : "en";
    return { code, label: nameOf(code, lang), lang, shop: shopOf(code) };
  });
  return options;
}

/** The zones list: the Italian shop host first, then the European one. */
export function shopZones(hosts: ShopHosts): Array<{ shop: Shop; value: string }> {
  return [
    { shop: "it", value: hosts.it },
    { shop: "eu", value: hosts.eu },
  ];
}

/** The static reference record of a country (spec §3): ISO codes and names in English and Italian. */
export interface CountryRecord {
  alpha2: string;
  alpha3: string;
  numeric: string;
  /** The ISO 3166-2 reference, e.g. "ISO 3166-2:IT". */
  iso3166_2: string;
  /** Every name the data knows, the official one first. */
  names: Record<Locale, string[]>;
}

export function countryRecord(alpha2: string): CountryRecord | null {
  const code = alpha2.toUpperCase();
  const alpha3 = countries.alpha2ToAlpha3(code);
  const numeric = countries.alpha2ToNumeric(code);
  if (!alpha3 || !numeric) return null;
  return {
    alpha2: code,
    alpha3,
    numeric,
    iso3166_2: `ISO 3166-2:${code}`,
    names: {
      en: countries.getName(code, "en", { select: "all" }) ?? [],
      it: countries.getName(code, "it", { select: "all" }) ?? [],
    },
  };
}
