import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

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
