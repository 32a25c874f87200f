import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { DomainError } from "~/utils/domain-error";
import type { AddressInput } from "./address.schema";
import * as repo from "./address.repository.server";
import { ITALIAN_PROVINCES, type ProvinceCode } from "./provinces";

/** An account holder may keep this many addresses (a bound, so a script cannot grow the table without end). */
export const MAX_ADDRESSES = 20;

export interface AddressView {
  id: number;
  firstName: string;
  lastName: string;
  street: string;
  streetNumber: string;
  additionalInfo: string | null;
  city: string;
  province: string;
  provinceName: string;
  country: string;
  zip: string;
  phonePrefix: string;
  phone: string;
  isDefault: boolean;
}

function toView(row: repo.AddressRow): AddressView {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    street: row.street,
    streetNumber: row.street_number,
    additionalInfo: row.additional_info,
    city: row.city,
    province: row.province,
    provinceName: ITALIAN_PROVINCES[row.province as ProvinceCode] ?? row.province,
    country: row.country,
    zip: row.zip,
    phonePrefix: row.phone_prefix,
    phone: row.phone,
    isDefault: row.is_default === 1,
  };
}

export async function listAddresses(db: Kysely<Database>, userId: number): Promise<AddressView[]> {
  return (await repo.listAddresses(db, userId)).map(toView);
}

function values(input: AddressInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    street: input.street,
    street_number: input.streetNumber,
    additional_info: input.additionalInfo || null,
    city: input.city,
    province: input.province,
    country: input.country,
    zip: input.zip,
    phone_prefix: input.phonePrefix,
    phone: input.phone,
  };
}

/**
 * Adds an address, or edits one of the user's (`input.id`). The first address becomes the
 * default; `isDefault` makes this one the default. Throws ADDRESS_NOT_FOUND for another user's
 * address (or one deleted meanwhile), TOO_MANY_ADDRESSES past the bound.
 */
export async function saveAddress(db: Kysely<Database>, userId: number, input: AddressInput, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (input.id !== undefined) {
      if (!(await repo.updateAddress(trx, userId, input.id, values(input), at))) throw new DomainError("ADDRESS_NOT_FOUND", `address ${input.id} of user ${userId}`);
      id = input.id;
    } else {
      const count = await repo.countAddresses(trx, userId);
      if (count >= MAX_ADDRESSES) throw new DomainError("TOO_MANY_ADDRESSES", `user ${userId} has ${count} addresses`);
      id = await repo.insertAddress(trx, userId, values(input), at);
      if (count === 0) input = { ...input, isDefault: true };
    }
    if (input.isDefault) await repo.setDefaultAddress(trx, userId, id);
    return id;
  });
}

/** Deletes one of the user's addresses; when it was the default, the oldest one left becomes it. */
export async function deleteAddress(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const address = await repo.findAddress(trx, userId, id);
    if (!address || !(await repo.deleteAddress(trx, userId, id))) throw new DomainError("ADDRESS_NOT_FOUND", `address ${id} of user ${userId}`);
    if (address.is_default === 1) {
      const [next] = await repo.listAddresses(trx, userId);
      if (next) await repo.setDefaultAddress(trx, userId, next.id);
    }
  });
}

export async function makeDefaultAddress(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findAddress(trx, userId, id))) throw new DomainError("ADDRESS_NOT_FOUND", `address ${id} of user ${userId}`);
    await repo.setDefaultAddress(trx, userId, id);
  });
}

/** Erases the user's address book (account deletion, GDPR art. 17). */
export function eraseAddresses(db: Kysely<Database>, userId: number): Promise<void> {
  return repo.deleteAllAddresses(db, userId);
}
