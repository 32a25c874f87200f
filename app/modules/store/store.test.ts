import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedStores, storeRegions, stores } from "~/db/seed/stores.seed";
import { addressLines, cityLine, groupOpeningHours, mapSearchUrl, telHref } from "./store-format";
import { storesJsonLd } from "./store-json-ld";
import { CONTINENTS, isOpeningHours, parseStoreQuery, type StoreQuery, storeQuerySearch } from "./store.schema";
import { getStoreLocator } from "./store.service.server";

const ALL: StoreQuery = { continent: null, region: null, country: null };
const query = (search: string) => parseStoreQuery(new URLSearchParams(search));

describe("store locator query", () => {
  it("reads the three filters and ignores anything unknown, malformed or empty", () => {
    expect(query("continent=asia&region=eastern-asia&country=jp")).toEqual({ continent: "asia", region: "eastern-asia", country: "JP" });
    expect(query("")).toEqual(ALL);
    expect(query("continent=&region=&country=")).toEqual(ALL);
    expect(query("continent=atlantis&region=Eastern%20Asia&country=JPN")).toEqual(ALL);
    expect(query("region=" + "a".repeat(41))).toEqual(ALL);
    expect(query("region=-asia")).toEqual(ALL);
    // The first value counts.
    expect(query("continent=europe&continent=asia")).toMatchObject({ continent: "europe" });
  });

  it("writes a state as one stable URL without empty filters", () => {
    expect(storeQuerySearch(ALL)).toBe("");
    expect(storeQuerySearch({ continent: null, region: "eastern-asia", country: "JP" })).toBe("?region=eastern-asia&country=JP");
    expect(storeQuerySearch({ continent: "asia", region: "eastern-asia", country: null })).toBe("?continent=asia&region=eastern-asia");
  });
});

describe("store formatting", () => {
  const milano = { address: "Via della Spiga 18", city: "Milano", province: "MI", postalCode: "20121", countryCode: "IT", countryName: "Italia" };

  it("writes the city line in the local order", () => {
    expect(cityLine(milano)).toBe("20121 Milano MI");
    expect(cityLine({ ...milano, city: "Paris", province: null, postalCode: "75008", countryCode: "FR" })).toBe("75008 Paris");
    expect(cityLine({ ...milano, city: "New York", province: "NY", postalCode: "10065", countryCode: "US" })).toBe("New York, NY 10065");
    expect(cityLine({ ...milano, city: "London", province: null, postalCode: "W1K 2RN", countryCode: "GB" })).toBe("London W1K 2RN");
    expect(cityLine({ ...milano, city: "Dubai", province: null, postalCode: null, countryCode: "AE" })).toBe("Dubai");
    expect(addressLines(milano)).toEqual(["Via della Spiga 18", "20121 Milano MI", "Italia"]);
  });

  it("links a map search for the address and a dialable phone number", () => {
    expect(mapSearchUrl(milano)).toBe("https://www.google.com/maps/search/?api=1&query=Via%20della%20Spiga%2018%2C%2020121%20Milano%20MI%2C%20Italia");
    expect(mapSearchUrl({ ...milano, address: "Via de' Tornabuoni 63/R" })).toContain("query=Via%20de'%20Tornabuoni%2063%2FR%2C");
    expect(telHref("+39 02 7600 4182")).toBe("tel:+390276004182");
    expect(telHref("+1 (212) 555-0148")).toBe("tel:+12125550148");
  });

  it("merges consecutive days with the same hours", () => {
    const ten = [["10:00", "19:00"]] as [string, string][];
    const split = [
      ["10:00", "13:00"],
      ["15:00", "19:00"],
    ] as [string, string][];
    expect(groupOpeningHours([ten, ten, ten, ten, ten, ten, []])).toEqual([
      { first: "mon", last: "sat", ranges: ten },
      { first: "sun", last: "sun", ranges: [] },
    ]);
    expect(groupOpeningHours([[], split, split, ten, ten, [], []]).map((span) => `${span.first}-${span.last}`)).toEqual(["mon-mon", "tue-wed", "thu-fri", "sat-sun"]);
  });

  it("accepts only seven days of ranges that close after they open", () => {
    const day = [["10:00", "19:00"]];
    expect(isOpeningHours(Array(7).fill(day))).toBe(true);
    expect(isOpeningHours(Array(6).fill(day))).toBe(false);
    expect(isOpeningHours(Array(7).fill([["19:00", "10:00"]]))).toBe(false);
    expect(isOpeningHours(Array(7).fill([["9:00", "19:00"]]))).toBe(false);
    expect(isOpeningHours(Array(7).fill([]))).toBe(true);
    expect(isOpeningHours(Array(7).fill([["08:00", "09:00"], ["10:00", "11:00"], ["12:00", "13:00"], ["14:00", "15:00"]]))).toBe(false);
    expect(isOpeningHours(Array(7).fill([["10:00"]]))).toBe(false);
    expect(isOpeningHours({ mon: [] })).toBe(false);
  });
});

describe("store structured data", () => {
  it("describes each store as a ClothingStore with its address, coordinates and every opening range", () => {
    const seeded = (name: string) => {
      const s = stores.find((store) => store.name === name)!;
      return { ...s, province: s.province ?? null, postalCode: s.postalCode ?? null, countryCode: s.country, latitude: s.at[0], longitude: s.at[1] };
    };
    const ld = storesJsonLd([seeded("Bottega Venezia"), seeded("Bottega Dubai")], "https://shop.example/pages/storelocator");
    const [venezia, dubai] = ld["@graph"] as Array<{ openingHoursSpecification: unknown[]; address: unknown }>;
    expect(venezia).toMatchObject({
      "@type": "ClothingStore",
      name: "Bottega Venezia",
      telephone: "+39 041 522 8093",
      address: { streetAddress: "Calle Larga XXII Marzo 2087", addressLocality: "Venezia", addressRegion: "VE", postalCode: "30124", addressCountry: "IT" },
      geo: { latitude: 45.43256, longitude: 12.33437 },
    });
    // Monday to Saturday with a lunch break, Sunday in one go.
    expect(venezia.openingHoursSpecification).toHaveLength(13);
    expect(venezia.openingHoursSpecification[1]).toEqual({ "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "14:30", closes: "19:00" });
    expect(dubai.address).toEqual({ "@type": "PostalAddress", streetAddress: "Fashion Avenue, The Dubai Mall, Level 1", addressLocality: "Dubai", addressCountry: "AE" });
  });
});

describe("demo stores", () => {
  const countries = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

  it("has at least 15 believable stores on at least 3 continents", () => {
    expect(stores.length).toBeGreaterThanOrEqual(15);
    const continentOf = new Map(storeRegions.map((region) => [region.code, region.continent]));
    const continents = new Set(stores.map((store) => continentOf.get(store.region)));
    expect(continents.size).toBeGreaterThanOrEqual(3);
    expect(new Set(stores.map((store) => store.name)).size).toBe(stores.length);
    for (const store of stores) {
      expect(continentOf.has(store.region), store.name).toBe(true);
      expect(countries.of(store.country), store.name).toBeTruthy();
      // International format, at most 15 digits (E.164).
      expect(store.phone, store.name).toMatch(/^\+\d{1,3}( \d{1,4}){2,5}$/);
      expect(store.phone.replace(/\D/g, "").length, store.name).toBeLessThanOrEqual(15);
      expect(isOpeningHours(store.hours), store.name).toBe(true);
      expect(Math.abs(store.at[0]) <= 90 && Math.abs(store.at[1]) <= 180, store.name).toBe(true);
    }
    for (const region of storeRegions) expect(CONTINENTS).toContain(region.continent);
  });
});

describeEachDatabase("store locator", (ctx) => {
  beforeAll(async () => {
    expect(await seedStores(ctx().db, new Date("2026-11-23T10:00:00Z"))).toBe(stores.length);
  });

  const locate = (search: string, locale: "it" | "en" = "it") => getStoreLocator(ctx().db, locale, query(search));
  const names = (list: { name: string }[]) => list.map((store) => store.name);

  it("lists every store, continent, region and country when nothing is chosen", async () => {
    const locator = await locate("");
    expect(locator.query).toEqual(ALL);
    expect(locator.stores).toHaveLength(stores.length);
    expect(locator.stores[0].name).toBe("Bottega Milano Spiga");
    expect(locator.options.continents).toEqual([
      { value: "europe", count: 13 },
      { value: "north-america", count: 4 },
      { value: "asia", count: 5 },
    ]);
    expect(locator.options.regions.map((region) => region.value)).toEqual(storeRegions.map((region) => region.code));
    const labels = locator.options.countries.map((country) => country.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "it")));
    expect(labels).toContain("Emirati Arabi Uniti");
    expect(locator.options.countries.reduce((sum, country) => sum + country.count, 0)).toBe(stores.length);
  });

  it("narrows the lower choices to the upper one: continent, then region, then country", async () => {
    const asia = await locate("continent=asia");
    expect(asia.options.regions).toEqual([
      { value: "eastern-asia", label: "Asia orientale", count: 3, continent: "asia" },
      { value: "south-eastern-asia", label: "Sud-est asiatico", count: 1, continent: "asia" },
      { value: "western-asia", label: "Medio Oriente", count: 1, continent: "asia" },
    ]);
    expect(asia.options.countries.map((c) => c.label)).toEqual(["Corea del Sud", "Emirati Arabi Uniti", "Giappone", "Singapore"]);
    expect(asia.stores).toHaveLength(5);

    const eastAsia = await locate("continent=asia&region=eastern-asia");
    expect(eastAsia.options.countries).toEqual([
      { value: "KR", label: "Corea del Sud", count: 1 },
      { value: "JP", label: "Giappone", count: 2 },
    ]);
    expect(names(eastAsia.stores)).toEqual(["Bottega Tokyo Ginza", "Bottega Tokyo Omotesando", "Bottega Seoul"]);

    const japan = await locate("continent=asia&region=eastern-asia&country=JP");
    expect(japan.query).toEqual({ continent: "asia", region: "eastern-asia", country: "JP" });
    expect(names(japan.stores)).toEqual(["Bottega Tokyo Ginza", "Bottega Tokyo Omotesando"]);
  });

  it("takes a region or a country on its own, without the levels above it", async () => {
    const eastAsia = await locate("region=eastern-asia");
    expect(eastAsia.query).toEqual({ continent: null, region: "eastern-asia", country: null });
    expect(eastAsia.options.regions).toHaveLength(storeRegions.length);
    expect(eastAsia.options.countries.map((c) => c.value)).toEqual(["KR", "JP"]);
    const usa = await locate("country=us");
    expect(names(usa.stores)).toEqual(["Bottega New York", "Bottega Los Angeles"]);
  });

  it("drops a choice that no longer fits the one above it, and values the data does not know", async () => {
    // The shopper switched the continent to Asia: Southern Europe and Italy no longer fit.
    const switched = await locate("continent=asia&region=southern-europe&country=IT");
    expect(switched.query).toEqual({ continent: "asia", region: null, country: null });
    expect(switched.stores).toHaveLength(5);
    // France is not in Southern Europe.
    const france = await locate("continent=europe&region=southern-europe&country=FR");
    expect(france.query).toEqual({ continent: "europe", region: "southern-europe", country: null });
    expect(france.stores).toHaveLength(8);
    // A well-formed code nobody uses.
    expect((await locate("region=atlantis&country=ZZ")).query).toEqual(ALL);
  });

  it("finds no store in a region that has none yet, and offers it no country", async () => {
    const locator = await locate("continent=europe&region=eastern-europe");
    expect(locator.query).toEqual({ continent: "europe", region: "eastern-europe", country: null });
    expect(locator.options.regions.find((region) => region.value === "eastern-europe")?.count).toBe(0);
    expect(locator.options.countries).toEqual([]);
    expect(locator.stores).toEqual([]);
  });

  it("gives each store its address, phone, hours and coordinates, named in the shopper's language", async () => {
    const [spiga] = (await locate("country=IT")).stores;
    expect(spiga).toMatchObject({
      name: "Bottega Milano Spiga",
      kind: "boutique",
      address: "Via della Spiga 18",
      city: "Milano",
      province: "MI",
      postalCode: "20121",
      countryCode: "IT",
      countryName: "Italia",
      regionName: "Europa meridionale",
      phone: "+39 02 7600 4182",
    });
    expect(spiga.hours[0]).toEqual([["15:00", "19:30"]]);
    expect(spiga.hours[6]).toEqual([["11:00", "19:00"]]);
    expect(spiga.latitude).toBeCloseTo(45.46932, 5);
    expect(spiga.longitude).toBeCloseTo(9.19657, 5);

    const english = await locate("continent=asia&region=western-asia", "en");
    expect(english.options.regions.map((region) => region.label)).toEqual(["East Asia", "South-East Asia", "Middle East"]);
    expect(english.stores[0]).toMatchObject({ name: "Bottega Dubai", countryName: "United Arab Emirates", regionName: "Middle East", postalCode: null });
  });
});
