import { describe, expect, it } from "vitest";
import { ChangePasswordSchema, LoginSchema, ageOn, birthDate, registerSchema } from "./account.schema";

const schema = registerSchema({ minimumAge: 16, today: "2026-11-23" });
const valid = {
  firstName: "Mario",
  lastName: "Rossi",
  email: "mario@example.it",
  password: "una frase lunga",
  confirmPassword: "una frase lunga",
  birthDay: "3",
  birthMonth: "04",
  birthYear: "1990",
  interests: "both",
  privacy: true,
};

/** field: message, for each issue. */
function messages(input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`);
}

describe("registration schema (spec §5 messages)", () => {
  it("accepts a complete form, gender optional, newsletter optional", () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, gender: "female", newsletter: true })).toEqual([]);
  });

  it("answers each field with the spec's message", () => {
    expect(messages({ ...valid, firstName: "" })).toEqual(["firstName:validation.required"]);
    // One rule for names everywhere (form-fields.ts): a two-letter surname passes, digits do not.
    expect(messages({ ...valid, lastName: "Li" })).toEqual([]);
    expect(messages({ ...valid, lastName: "R2" })).toEqual(["lastName:validation.name"]);
    expect(messages({ ...valid, email: "mario@" })).toEqual(["email:validation.email"]);
    expect(messages({ ...valid, password: "corta", confirmPassword: "corta" })).toEqual(["password:validation.password"]);
    expect(messages({ ...valid, password: "x".repeat(129), confirmPassword: "x".repeat(129) })).toEqual(["password:validation.password"]);
    expect(messages({ ...valid, confirmPassword: "un'altra frase" })).toEqual(["confirmPassword:validation.passwordMismatch"]);
    expect(messages({ ...valid, privacy: false })).toEqual(["privacy:validation.privacy"]);
    expect(messages({ ...valid, birthDay: "123" })).toEqual(["birthDay:validation.maxTwoDigits"]);
    expect(messages({ ...valid, birthMonth: "x" })).toEqual(["birthMonth:validation.maxTwoDigits"]);
    expect(messages({ ...valid, interests: undefined })).toEqual(["interests:validation.required"]);
    expect(messages({ ...valid, gender: "other" })).toEqual(["gender:validation.required"]);
  });

  it("shows a password mismatch together with the other fields' errors", () => {
    expect(messages({ ...valid, firstName: "", confirmPassword: "diversa" })).toEqual(["firstName:validation.required", "confirmPassword:validation.passwordMismatch"]);
  });

  it("wants a real date in the past and the minimum age", () => {
    expect(messages({ ...valid, birthDay: "31", birthMonth: "2" })).toEqual(["birthDay:account:validation.birthday"]);
    expect(messages({ ...valid, birthMonth: "13" })).toEqual(["birthDay:account:validation.birthday"]);
    expect(messages({ ...valid, birthYear: "2027" })).toEqual(["birthDay:account:validation.birthday"]);
    expect(messages({ ...valid, birthYear: "1890" })).toEqual(["birthYear:account:validation.birthday"]);
    expect(messages({ ...valid, birthYear: "90" })).toEqual(["birthYear:account:validation.year"]);
    // 16 on the day itself, not the day before.
    expect(messages({ ...valid, birthDay: "23", birthMonth: "11", birthYear: "2010" })).toEqual([]);
    expect(messages({ ...valid, birthDay: "24", birthMonth: "11", birthYear: "2010" })).toEqual(["birthDay:account:validation.tooYoung"]);
    expect(birthDate("29", "2", 2024)).toBe("2024-02-29");
    expect(birthDate("29", "2", 2025)).toBeNull();
    expect(ageOn("2010-11-23", "2026-11-23")).toBe(16);
    expect(ageOn("2010-11-24", "2026-11-23")).toBe(15);
  });

  it("refuses control characters and forged values instead of storing them", () => {
    expect(messages({ ...valid, firstName: "Ma\u0000rio" })).toEqual(["firstName:validation.name"]);
    expect(messages({ ...valid, password: "una frase\u0000lunga", confirmPassword: "una frase\u0000lunga" })).toEqual(["password:validation.password"]);
  });
});

describe("login and password-change schemas", () => {
  it("only requires the current password (no hint of the rules)", () => {
    expect(LoginSchema.safeParse({ email: "a@b.it", password: "x" }).success).toBe(true);
    expect(LoginSchema.safeParse({ email: "a@b.it", password: "" }).success).toBe(false);
    const change = ChangePasswordSchema.safeParse({ currentPassword: "x", password: "nuova frase lunga", confirmPassword: "nuova frase lunga" });
    expect(change.success).toBe(true);
  });
});
