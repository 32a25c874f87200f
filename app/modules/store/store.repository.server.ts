import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, StoresTable } from "~/db/schema";

/** Every region with its continent, names and number of stores (0 for a region without one). */
export async function listRegions(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("store_regions as r")
    .leftJoin("stores as s", "s.region_code", "r.code")
    .select((eb) => ["r.code", "r.continent_code", "r.name_it", "r.name_en", "r.position", eb.fn.count<number | string | bigint>("s.id").as("stores")])
    .groupBy(["r.code", "r.continent_code", "r.name_it", "r.name_en", "r.position"])
    .orderBy("r.position")
    .orderBy("r.code")
    .execute();
  // PostgreSQL counts are bigints, which pg hands over as strings.
  return rows.map((row) => ({ ...row, stores: Number(row.stores) }));
}

/** How many stores each country has in each region. */
export async function listCountryCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("stores")
    .select((eb) => ["region_code", "country_code", eb.fn.countAll<number | string | bigint>().as("stores")])
    .groupBy(["region_code", "country_code"])
    .execute();
  return rows.map((row) => ({ ...row, stores: Number(row.stores) }));
}

export interface StoreFilter {
  continent: string | null;
  region: string | null;
  country: string | null;
}

/** The stores matching every given filter, in the shop's order. */
export function listStores(db: Kysely<Database>, { continent, region, country }: StoreFilter) {
  let query = db
    .selectFrom("stores as s")
    .innerJoin("store_regions as r", "r.code", "s.region_code")
    .select([
      "s.id",
      "s.name",
      "s.kind",
      "s.address",
      "s.city",
      "s.province",
      "s.postal_code",
      "s.country_code",
      "s.region_code",
      "r.name_it as region_it",
      "r.name_en as region_en",
      "s.phone",
      "s.opening_hours",
      "s.latitude",
      "s.longitude",
    ]);
  if (continent) query = query.where("r.continent_code", "=", continent);
  if (region) query = query.where("s.region_code", "=", region);
  if (country) query = query.where("s.country_code", "=", country);
  return query.orderBy("s.position").orderBy("s.id").execute();
}

// ---- Atelier's store editor (issue 24) -------------------------------------------------------------

export type StoreRow = Selectable<StoresTable>;

/** Every store for Atelier's list, in the locator's order, with its region's names. */
export function listAllStores(db: Kysely<Database>) {
  return db
    .selectFrom("stores as s")
    .innerJoin("store_regions as r", "r.code", "s.region_code")
    .select(["s.id", "s.name", "s.kind", "s.city", "s.country_code", "s.region_code", "r.name_it as region_it", "r.name_en as region_en", "s.position", "s.updated_at"])
    .orderBy("r.position")
    .orderBy("s.position")
    .orderBy("s.id")
    .execute();
}

export function findStore(db: Kysely<Database>, id: number): Promise<StoreRow | undefined> {
  return db.selectFrom("stores").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function regionExists(db: Kysely<Database>, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom("store_regions").select("code").where("code", "=", code).executeTakeFirst());
}

export type StoreWrite = Omit<Insertable<StoresTable>, "id">;

export async function insertStore(trx: Kysely<Database>, row: StoreWrite): Promise<number> {
  const inserted = await trx.insertInto("stores").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateStoreRow(trx: Kysely<Database>, id: number, row: Omit<StoreWrite, "created_at">): Promise<void> {
  await trx.updateTable("stores").set(row).where("id", "=", id).execute();
}

export async function deleteStoreRow(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom("stores").where("id", "=", id).execute();
}
