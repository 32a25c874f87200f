import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import { slugify } from "./catalog-rules";
import { catalogueChanged } from "./catalog-write.server";
import { EU_COUNTRY_CODES } from "./manufacturer";
import type { ManufacturerInput } from "./manufacturer-admin.schema";
import {
  type ManufacturerRow,
  type ManufacturerValues,
  findManufacturerNamed,
  insertManufacturer,
  selectKeysLike,
  selectManufacturerList,
  selectProductsMadeBy,
  updateManufacturerRow,
} from "./manufacturer-admin.repository.server";

// Atelier's manufacturers (issue 37, item 7): the makers the product pages' safety block names
// (GPSR) and the import matches a file's Vendor to. A maker inside the EU keeps no EU responsible
// person; saving one renews the pages of its products. Every write is in the audit log.

export type { ManufacturerRow };

export const listManufacturers = (db: Kysely<Database>) => selectManufacturerList(db);

export async function getManufacturer(db: Kysely<Database>, id: number): Promise<ManufacturerRow | null> {
  return (await selectManufacturerList(db, id))[0] ?? null;
}

function valuesOf(input: ManufacturerInput): ManufacturerValues {
  const inEu = EU_COUNTRY_CODES.has(input.countryCode);
  return {
    name: input.name,
    address: input.address,
    country_code: input.countryCode,
    email: input.email,
    eu_responsible_name: inEu ? null : input.euResponsibleName,
    eu_responsible_address: inEu ? null : input.euResponsibleAddress,
    eu_responsible_country_code: inEu ? null : input.euResponsibleCountryCode,
    eu_responsible_email: inEu ? null : input.euResponsibleEmail,
  };
}

async function checkNameFree(db: Kysely<Database>, name: string, exceptId: number | null) {
  if ((await findManufacturerNamed(db, name, exceptId)) !== undefined) throw new DomainError("MANUFACTURER_NAME_TAKEN", "another maker has this name", { field: "name" });
}

/** A new maker; MANUFACTURER_NAME_TAKEN for a name another has. Returns its id. */
export async function createManufacturer(db: Kysely<Database>, input: ManufacturerInput, actor: AuditActor, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await checkNameFree(trx, input.name, null);
    const base = slugify(input.name).slice(0, 50) || "produttore";
    const taken = new Set(await selectKeysLike(trx, base));
    let key = base;
    for (let i = 2; taken.has(key); i++) key = `${base}-${i}`;
    const values = valuesOf(input);
    const id = await insertManufacturer(trx, key, values);
    await recordAudit(trx, { actor, action: "manufacturer.create", entityType: "manufacturer", entityId: id, after: { key, ...values }, summary: values.name, at: now });
    return id;
  });
}

/** Saves a maker; MANUFACTURER_NOT_FOUND when there is none. */
export async function updateManufacturer(db: Kysely<Database>, id: number, input: ManufacturerInput, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [before] = await selectManufacturerList(trx, id);
    if (!before) throw new DomainError("MANUFACTURER_NOT_FOUND", `no manufacturer ${id}`);
    await checkNameFree(trx, input.name, id);
    const values = valuesOf(input);
    await updateManufacturerRow(trx, id, values);
    await recordAudit(trx, {
      actor,
      action: "manufacturer.update",
      entityType: "manufacturer",
      entityId: id,
      before: {
        name: before.name,
        address: before.address,
        country_code: before.countryCode,
        email: before.email,
        eu_responsible_name: before.euResponsibleName,
        eu_responsible_address: before.euResponsibleAddress,
        eu_responsible_country_code: before.euResponsibleCountryCode,
        eu_responsible_email: before.euResponsibleEmail,
      },
      after: { ...values },
      summary: values.name,
      at: now,
    });
    // The product pages' safety block names the maker.
    await catalogueChanged(trx, await selectProductsMadeBy(trx, id), now);
  });
}
