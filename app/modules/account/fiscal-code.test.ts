import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { ProfileSchema, registerSchema } from "./account.schema";
import { exportAccountData } from "./account-data.service.server";
import { getAccount, registerAccount, updateProfile } from "./account.service.server";

// The fiscal code belongs to the person (spec §3 Person): optional at registration and in the
// profile, checked with the checkout's checksum (app/utils/invoice-codes.ts), kept on the account.

const GOOD = "RSSMRA85T10A562S";
const WOMAN = "BNCLRA90A41H5LMI"; // omocodia, a woman's day
const PASSWORD = "una frase lunga e sicura";
const schema = registerSchema({ minimumAge: 16, today: "2026-11-23" });
const form = (extra: Record<string, unknown> = {}) => ({
  firstName: "Li",
  lastName: "Bo",
  email: "li@example.it",
  password: PASSWORD,
  confirmPassword: PASSWORD,
  birthDay: "12",
  birthMonth: "6",
  birthYear: "1991",
  interests: "woman",
  privacy: true,
  ...extra,
});
const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);

describe("the fiscal code in the account forms", () => {
  it("is optional, normalised when given, and refused at its field with a bad checksum", () => {
    expect(schema.parse(form()).fiscalCode).toBeUndefined();
    expect(schema.parse(form({ fiscalCode: " rssmra 85t10 a562s " })).fiscalCode).toBe(GOOD);
    expect(fieldErrors(schema.safeParse(form({ fiscalCode: "RSSMRA85T10A562T" })))).toEqual(["fiscalCode:account:validation.fiscalCode"]);
    expect(fieldErrors(schema.safeParse(form({ fiscalCode: "RSSMRA85T10A562" })))).toEqual(["fiscalCode:account:validation.fiscalCode"]);
    expect(fieldErrors(schema.safeParse(form({ fiscalCode: "RSSMRA85T10\u0000A562S" })))).toEqual(["fiscalCode:account:validation.fiscalCode"]);
    expect(fieldErrors(schema.safeParse(form({ fiscalCode: "X".repeat(500) })))).toEqual(["fiscalCode:account:validation.fiscalCode"]);
    const profile = { firstName: "O", lastName: "Ødegaard", email: "o@example.it", interests: "man" };
    expect(ProfileSchema.parse({ ...profile, fiscalCode: WOMAN.toLowerCase() }).fiscalCode).toBe(WOMAN);
    expect(fieldErrors(ProfileSchema.safeParse({ ...profile, fiscalCode: "ABCDEF12G34H567I" }))).toEqual(["fiscalCode:account:validation.fiscalCode"]);
  });
});

describeEachDatabase("the fiscal code on the account", (ctx) => {
  let nextIp = 0;
  const mailing = { locale: "it" as const, confirmUrl: (token: string) => `https://shop.example/account/confirm-email?token=${token}` };
  const request = (value: ReturnType<typeof schema.parse>) => ({ ...value, locale: "it" as const, clientIp: `10.7.0.${++nextIp}`, accountUrl: "https://shop.example/account", confirmUrl: (token: string) => `https://shop.example/account/confirm-email?token=${token}` });

  it("is stored at registration, changed and cleared in the profile, and exported", async () => {
    const { db } = ctx();
    const without = (await registerAccount(db, request(schema.parse(form({ email: "senza@example.it" })))))!;
    expect((await getAccount(db, without))?.fiscalCode).toBeNull();

    const userId = (await registerAccount(db, request(schema.parse(form({ email: "con@example.it", fiscalCode: "rssmra85t10a562s" })))))!;
    const row = await db.selectFrom("users").select("fiscal_code").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(row.fiscal_code).toBe(GOOD);
    expect((await exportAccountData(db, userId))?.profile).toMatchObject({ fiscalCode: GOOD });

    const profile = { firstName: "Li", lastName: "Bo", email: "con@example.it", interests: "both" as const };
    await updateProfile(db, userId, { ...ProfileSchema.parse({ ...profile, fiscalCode: WOMAN }), ...mailing });
    expect((await getAccount(db, userId))?.fiscalCode).toBe(WOMAN);
    await updateProfile(db, userId, { ...ProfileSchema.parse(profile), ...mailing });
    expect((await getAccount(db, userId))?.fiscalCode).toBeNull();
  });
});
