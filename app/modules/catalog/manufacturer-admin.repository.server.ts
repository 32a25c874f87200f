import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

// Every query of Atelier's manufacturers page: the list with how many products each makes, one
// maker, and its writes.

type Db = Kysely<Database> | Transaction<Database>;

export interface ManufacturerRow {
  id: number;
  key: string;
  name: string;
  address: string;
  countryCode: string;
  email: string;
  euResponsibleName: string | null;
  euResponsibleAddress: string | null;
  euResponsibleCountryCode: string | null;
  euResponsibleEmail: string | null;
  products: number;
}

export async function selectManufacturerList(db: Db, id?: number): Promise<ManufacturerRow[]> {
  let query = db
    .selectFrom("manufacturers as m")
    .select((eb) => [
      "m.id",
      "m.key",
      "m.name",
      "m.address",
      "m.country_code as countryCode",
      "m.email",
      "m.eu_responsible_name as euResponsibleName",
      "m.eu_responsible_address as euResponsibleAddress",
      "m.eu_responsible_country_code as euResponsibleCountryCode",
      "m.eu_responsible_email as euResponsibleEmail",
      eb.selectFrom("products as p").whereRef("p.manufacturer_id", "=", "m.id").select((e) => e.fn.countAll<number | string>().as("n")).as("products"),
    ])
    .orderBy("m.name")
    .orderBy("m.id");
  if (id !== undefined) query = query.where("m.id", "=", id);
  return (await query.execute()).map((r) => ({ ...r, products: Number(r.products ?? 0) }));
}

export interface ManufacturerValues {
  name: string;
  address: string;
  country_code: string;
  email: string;
  eu_responsible_name: string | null;
  eu_responsible_address: string | null;
  eu_responsible_country_code: string | null;
  eu_responsible_email: string | null;
}

export async function insertManufacturer(db: Db, key: string, values: ManufacturerValues): Promise<number> {
  const row = await db.insertInto("manufacturers").values({ key, ...values }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateManufacturerRow(db: Db, id: number, values: ManufacturerValues): Promise<void> {
  await db.updateTable("manufacturers").set(values).where("id", "=", id).execute();
}

/** Another maker of this name (any case). */
export async function findManufacturerNamed(db: Db, name: string, exceptId: number | null): Promise<number | undefined> {
  let query = db.selectFrom("manufacturers").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return (await query.limit(1).executeTakeFirst())?.id;
}

export async function selectKeysLike(db: Db, prefix: string): Promise<string[]> {
  return (await db.selectFrom("manufacturers").select("key").where("key", "like", `${prefix}%`).execute()).map((r) => r.key);
}

export async function selectProductsMadeBy(db: Db, id: number): Promise<number[]> {
  return (await db.selectFrom("products").select("id").where("manufacturer_id", "=", id).execute()).map((r) => r.id);
}
