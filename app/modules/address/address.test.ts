import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { isDomainError } from "~/utils/domain-error";
import { AddressSchema, type AddressInput } from "./address.schema";
import { MAX_ADDRESSES, deleteAddress, listAddresses, makeDefaultAddress, saveAddress } from "./address.service.server";
import { PROVINCE_CODES } from "./provinces";

const valid = {
  firstName: "Giulia",
  lastName: "Verdi",
  street: "Via della Spiga",
  streetNumber: "12",
  city: "Milano",
  province: "MI",
  country: "IT",
  zip: "20121",
  phonePrefix: "+39",
  phone: "333 123 4567",
};

function messages(input: unknown): string[] {
  const result = AddressSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`);
}

describe("address schema (spec §3 fields, §5 messages)", () => {
  it("accepts an Italian address and normalises the phone", () => {
    expect(messages(valid)).toEqual([]);
    expect(AddressSchema.parse(valid).phone).toBe("3331234567");
    expect(PROVINCE_CODES).toHaveLength(107);
  });

  it("answers each field with the spec's message", () => {
    expect(messages({ ...valid, streetNumber: "" })).toEqual(["streetNumber:validation.streetNumber"]);
    expect(messages({ ...valid, streetNumber: undefined })).toEqual(["streetNumber:validation.streetNumber"]);
    expect(messages({ ...valid, phone: "" })).toEqual(["phone:validation.phone"]);
    expect(messages({ ...valid, phone: "12ab" })).toEqual(["phone:account:validation.phoneFormat"]);
    expect(messages({ ...valid, country: "FR" })).toEqual(["country:validation.country"]);
    expect(messages({ ...valid, country: "EU" })).toEqual(["country:validation.country"]);
    expect(messages({ ...valid, zip: "2012" })).toEqual(["zip:account:validation.zip"]);
    expect(messages({ ...valid, province: "XX" })).toEqual(["province:validation.required"]);
    expect(messages({ ...valid, street: "Vi" })).toEqual(["street:validation.minLength3"]);
    expect(messages({ ...valid, city: "" })).toEqual(["city:validation.required"]);
    expect(messages({ ...valid, additionalInfo: "Scala B, interno 4" })).toEqual([]);
  });
});

describeEachDatabase("address book", (ctx) => {
  let userId: number;
  let otherId: number;
  const address = (extra: Partial<AddressInput> = {}) => ({ ...AddressSchema.parse(valid), ...extra });
  const code = (error: unknown) => (isDomainError(error) ? error.code : error);

  beforeAll(async () => {
    const at = new Date().toISOString();
    const user = (email: string) =>
      ctx()
        .db.insertInto("users")
        .values({ email, email_key: email, password_hash: null, first_name: "Giulia", last_name: "Verdi", birth_date: null, gender: null, interests: "both", locale: "it", privacy_consent_at: at, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
    userId = (await user("rubrica@example.it")).id;
    otherId = (await user("altra@example.it")).id;
  });

  it("makes the first address the default, and moves the default when asked or when it is deleted", async () => {
    const { db } = ctx();
    expect(await listAddresses(db, userId)).toEqual([]);
    const home = await saveAddress(db, userId, address());
    const office = await saveAddress(db, userId, address({ street: "Corso Venezia", streetNumber: "5" }));
    expect((await listAddresses(db, userId)).map((a) => [a.id, a.isDefault])).toEqual([
      [home, true],
      [office, false],
    ]);
    await makeDefaultAddress(db, userId, office);
    expect((await listAddresses(db, userId)).map((a) => [a.id, a.isDefault])).toEqual([
      [office, true],
      [home, false],
    ]);
    await deleteAddress(db, userId, office);
    expect((await listAddresses(db, userId)).map((a) => [a.id, a.isDefault])).toEqual([[home, true]]);
    expect((await listAddresses(db, userId))[0]).toMatchObject({ provinceName: "Milano", phone: "3331234567", country: "IT" });
  });

  it("edits an address in place and never touches another account's", async () => {
    const { db } = ctx();
    const [home] = await listAddresses(db, userId);
    await saveAddress(db, userId, address({ id: home.id, city: "Monza", province: "MB", zip: "20900" }));
    expect((await listAddresses(db, userId))[0]).toMatchObject({ id: home.id, city: "Monza", provinceName: "Monza e della Brianza" });
    await expect(saveAddress(db, otherId, address({ id: home.id })).catch(code)).resolves.toBe("ADDRESS_NOT_FOUND");
    await expect(deleteAddress(db, otherId, home.id).catch(code)).resolves.toBe("ADDRESS_NOT_FOUND");
    await expect(makeDefaultAddress(db, otherId, home.id).catch(code)).resolves.toBe("ADDRESS_NOT_FOUND");
    expect(await listAddresses(db, userId)).toHaveLength(1);
  });

  it("keeps at most MAX_ADDRESSES addresses", async () => {
    const { db } = ctx();
    for (let i = (await listAddresses(db, otherId)).length; i < MAX_ADDRESSES; i++) await saveAddress(db, otherId, address());
    await expect(saveAddress(db, otherId, address()).catch(code)).resolves.toBe("TOO_MANY_ADDRESSES");
  });
});
