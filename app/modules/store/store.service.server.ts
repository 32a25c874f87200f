import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { INTL_LOCALE } from "~/utils/locale";
import type { StoreAddress } from "./store-format";
import { listCountryCounts, listRegions, listStores } from "./store.repository.server";
import { CONTINENTS, type Continent, isContinent, isOpeningHours, type OpeningHours, type StoreKind, type StoreQuery } from "./store.schema";

export interface LocatorOption<T extends string = string> {
  value: T;
  label: string;
  /** Stores behind this choice. */
  count: number;
}

export interface RegionOption extends LocatorOption {
  continent: Continent;
}

export interface StoreCard extends StoreAddress {
  id: number;
  name: string;
  kind: StoreKind;
  regionName: string;
  phone: string;
  hours: OpeningHours;
  latitude: number;
  longitude: number;
}

export interface StoreLocator {
  /** The filters in force: the request's, less any value that is unknown or no longer fits the one above it. */
  query: StoreQuery;
  options: {
    continents: Array<Omit<LocatorOption<Continent>, "label">>;
    /** The chosen continent's regions, or every region (continent by continent) when none is chosen. */
    regions: RegionOption[];
    /** The chosen region's countries, else the chosen continent's, else every country; by name. */
    countries: LocatorOption[];
  };
  stores: StoreCard[];
}

/**
 * The store locator for a request: each select's options come from the data, and each choice
 * must fit the one above it (a region of the chosen continent, a country with stores in the
 * chosen region); one that does not is dropped, as is any value the data does not know.
 */
export async function getStoreLocator(db: Kysely<Database>, locale: Locale, requested: StoreQuery): Promise<StoreLocator> {
  const [regions, countryCounts] = await Promise.all([listRegions(db), listCountryCounts(db)]);
  const known = regions.filter((region): region is typeof region & { continent_code: Continent } => isContinent(region.continent_code));
  const continentOf = new Map(known.map((region) => [region.code, region.continent_code]));

  const continents = CONTINENTS.flatMap((code) => {
    const inContinent = known.filter((region) => region.continent_code === code);
    return inContinent.length ? [{ value: code, count: inContinent.reduce((sum, region) => sum + region.stores, 0) }] : [];
  });
  const continent = continents.some((option) => option.value === requested.continent) ? requested.continent : null;

  const regionOptions = known
    .filter((region) => continent === null || region.continent_code === continent)
    .sort((a, b) => CONTINENTS.indexOf(a.continent_code) - CONTINENTS.indexOf(b.continent_code))
    .map((region) => ({
      value: region.code,
      label: locale === "it" ? region.name_it : region.name_en,
      count: region.stores,
      continent: region.continent_code,
    }));
  const region = regionOptions.some((option) => option.value === requested.region) ? requested.region : null;

  const countryNames = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" });
  const totals = new Map<string, number>();
  for (const row of countryCounts) {
    const inScope = region !== null ? row.region_code === region : continent === null || continentOf.get(row.region_code) === continent;
    if (inScope) totals.set(row.country_code, (totals.get(row.country_code) ?? 0) + row.stores);
  }
  const collator = new Intl.Collator(INTL_LOCALE[locale]);
  const countryOptions = [...totals]
    .map(([code, count]) => ({ value: code, label: countryNames.of(code) ?? code, count }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const country = countryOptions.some((option) => option.value === requested.country) ? requested.country : null;

  const rows = await listStores(db, { continent, region, country });
  const stores = rows.map((row): StoreCard => {
    const hours: unknown = JSON.parse(row.opening_hours);
    if (!isOpeningHours(hours)) throw new Error(`store ${row.id} has malformed opening hours`);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      address: row.address,
      city: row.city,
      province: row.province,
      postalCode: row.postal_code,
      countryCode: row.country_code,
      countryName: countryNames.of(row.country_code) ?? row.country_code,
      regionName: locale === "it" ? row.region_it : row.region_en,
      phone: row.phone,
      hours,
      // double precision comes back as a number from both drivers; Number() guards a numeric column.
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    };
  });

  return {
    query: { continent, region, country },
    options: { continents, regions: regionOptions, countries: countryOptions },
    stores,
  };
}
