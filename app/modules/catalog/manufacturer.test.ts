import { describe, expect, it } from "vitest";
import { type ManufacturerRecord, productSafety } from "./manufacturer";

const names: Record<string, string> = { IT: "Italia", GB: "Regno Unito", CH: "Svizzera" };
const countryName = (code: string) => names[code] ?? code;

const italian: ManufacturerRecord = {
  name: "Calzaturificio Fermano S.r.l.",
  address: "Via Ancona 21, 63900 Fermo (FM)",
  countryCode: "IT",
  email: "info@fermano.example",
  euResponsibleName: null,
  euResponsibleAddress: null,
  euResponsibleCountryCode: null,
  euResponsibleEmail: null,
};

const scottish: ManufacturerRecord = {
  ...italian,
  name: "Hawick Knitwear Ltd",
  address: "14 Commercial Road, Hawick TD9 7AQ",
  countryCode: "GB",
  email: "safety@hawick.example",
  euResponsibleName: "Bottega S.r.l.",
  euResponsibleAddress: "Via della Spiga 12, 20121 Milano",
  euResponsibleCountryCode: "IT",
  euResponsibleEmail: "sicurezza@bottega.example",
};

describe("productSafety (GPSR art. 19)", () => {
  it("names a maker in the EU with its postal and electronic address, and no responsible person", () => {
    expect(productSafety(italian, countryName)).toEqual({
      manufacturer: { name: "Calzaturificio Fermano S.r.l.", postalAddress: "Via Ancona 21, 63900 Fermo (FM), Italia", email: "info@fermano.example" },
      euResponsible: null,
    });
  });

  it("adds the EU responsible person for a maker outside the EU", () => {
    expect(productSafety(scottish, countryName)?.euResponsible).toEqual({
      name: "Bottega S.r.l.",
      postalAddress: "Via della Spiga 12, 20121 Milano, Italia",
      email: "sicurezza@bottega.example",
    });
    expect(productSafety(scottish, countryName)?.manufacturer.postalAddress).toBe("14 Commercial Road, Hawick TD9 7AQ, Regno Unito");
  });

  it("refuses a maker outside the EU whose responsible person is missing, incomplete or not in the EU", () => {
    expect(productSafety({ ...scottish, euResponsibleName: null }, countryName)).toBeNull();
    expect(productSafety({ ...scottish, euResponsibleEmail: "" }, countryName)).toBeNull();
    expect(productSafety({ ...scottish, euResponsibleCountryCode: "CH" }, countryName)).toBeNull();
  });
});
