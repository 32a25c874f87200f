import { describe, expect, it } from "vitest";
import { countryOptions, countryRecord, shopZones } from "./countries.server";
import { COUNTRY_CODES } from "./country-rules";

describe("the country list from i18n-iso-countries", () => {
  it("lists the spec's codes in order, names in English except Italia and Polonia", () => {
    const options = countryOptions();
    expect(options.map((o) => o.code)).toEqual([...COUNTRY_CODES]);
    const byCode = Object.fromEntries(options.map((o) => [o.code, o]));
    expect(byCode.IT).toMatchObject({ label: "Italia", lang: "it", shop: "it" });
    expect(byCode.PL).toMatchObject({ label: "Polonia", lang: "it", shop: "eu" });
    expect(byCode.DE).toMatchObject({ label: "Germany", lang: "en", shop: "eu" });
    expect(byCode.FR.label).toBe("France");
    expect(byCode.NL.label).toBe("Netherlands");
    expect(byCode.ROTW).toMatchObject({ label: "Rest of the world", lang: "en", shop: "eu" });
    expect(options.filter((o) => o.lang === "it").map((o) => o.code)).toEqual(["IT", "PL"]);
  });

  it("gives the zones list: the Italian shop host, then the European one", () => {
    expect(shopZones({ it: "https://bottega.it", eu: "https://bottega.eu" })).toEqual([
      { shop: "it", value: "https://bottega.it" },
      { shop: "eu", value: "https://bottega.eu" },
    ]);
  });

  it("gives the static reference record of a country: ISO codes and names in English and Italian", () => {
    expect(countryRecord("it")).toEqual({
      alpha2: "IT",
      alpha3: "ITA",
      numeric: "380",
      iso3166_2: "ISO 3166-2:IT",
      names: { en: ["Italy"], it: ["Italia"] },
    });
    const czechia = countryRecord("CZ");
    expect(czechia?.names.en).toEqual(expect.arrayContaining(["Czech Republic", "Czechia"]));
    expect(czechia?.names.it[0]).toBe("Repubblica Ceca");
    expect(countryRecord("ZZ")).toBeNull();
  });
});
