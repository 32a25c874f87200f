import type { Kysely, Selectable, Transaction } from "kysely";
import type { CamelRow, Database, ManufacturersTable } from "~/db/schema";

// Every query of Atelier's manufacturers page: the list with how many products each makes, one
// maker, and its writes.

type Db = Kysely<Database> | Transaction<Database>;

/** A maker's row, with how many products it makes. */
export type ManufacturerRow = CamelRow<ManufacturersTable> & { products: number };

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

/** What the editor writes: every column but the id and the key (made once, from the first name). */
export type ManufacturerValues = Omit<Selectable<ManufacturersTable>, "id" | "key">;

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
