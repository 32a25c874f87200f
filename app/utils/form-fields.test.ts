import { describe, expect, it } from "vitest";
import { nameField } from "./form-fields";

// One rule for names in every form (registration, profile, checkout, addresses, career).
const name = nameField();
const errors = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("a person's name", () => {
  it("accepts short names, names of any script and the punctuation names carry", () => {
    for (const value of ["Li", "Bo", "O", "D'Angelo", "D’Angelo", "Anne-Marie", "José", "Ødegaard", "李", "Nguyễn Văn", "J. R. R.", "'t Hooft", "Müller-Lüdenscheidt", "Ἀλέξανδρος", "محمد", "देवनागरी"]) {
      expect(name.safeParse(value).success, value).toBe(true);
    }
  });

  it("keeps a decomposed accent (a letter and its combining mark)", () => {
    expect(name.parse("Jose\u0301")).toBe("Jose\u0301");
  });

  it("trims, and turns runs of white space into one space", () => {
    expect(name.parse("  Maria \t\u00a0 Luisa ")).toBe("Maria Luisa");
  });

  it("refuses an empty name as required, and one message per problem", () => {
    expect(errors(undefined)).toEqual(["validation.required"]);
    expect(errors("")).toEqual(["validation.required"]);
    expect(errors("   ")).toEqual(["validation.required"]);
  });

  it("refuses digits, symbols, NUL and control characters, and names without a letter", () => {
    for (const value of ["123", "R2D2", "Anna\u0000", "\u0000", "An\u0007na", "Anna\u009b", "<script>", "Anna@", "--", "'.", "😀"]) {
      expect(errors(value), JSON.stringify(value)).toEqual(["validation.name"]);
    }
  });

  it("refuses more than 100 characters with its own message", () => {
    expect(errors("a".repeat(100))).toEqual([]);
    expect(errors("a".repeat(200))).toEqual(["validation.tooLong"]);
  });
});
