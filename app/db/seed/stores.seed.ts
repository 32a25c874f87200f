import type { Kysely } from "kysely";
import type { Continent, OpeningHours, StoreKind } from "../../modules/store/store.schema";
import type { Database } from "../schema";

// Demo boutiques and corners for the store locator. The streets are real shopping streets; the
// street numbers and phone numbers are made up (the US, UK and Canadian ones sit in the ranges
// kept for fiction).

type Range = [string, string];

interface SeedRegion {
  code: string;
  continent: Continent;
  name: { it: string; en: string };
}

export const storeRegions: SeedRegion[] = [
  { code: "southern-europe", continent: "europe", name: { it: "Europa meridionale", en: "Southern Europe" } },
  { code: "western-europe", continent: "europe", name: { it: "Europa occidentale", en: "Western Europe" } },
  { code: "northern-europe", continent: "europe", name: { it: "Europa settentrionale", en: "Northern Europe" } },
  // No store yet: the locator says so.
  { code: "eastern-europe", continent: "europe", name: { it: "Europa orientale", en: "Eastern Europe" } },
  { code: "northern-america", continent: "north-america", name: { it: "Stati Uniti e Canada", en: "United States and Canada" } },
  { code: "central-america", continent: "north-america", name: { it: "Messico e America centrale", en: "Mexico and Central America" } },
  { code: "eastern-asia", continent: "asia", name: { it: "Asia orientale", en: "East Asia" } },
  { code: "south-eastern-asia", continent: "asia", name: { it: "Sud-est asiatico", en: "South-East Asia" } },
  { code: "western-asia", continent: "asia", name: { it: "Medio Oriente", en: "Middle East" } },
];

interface SeedStore {
  name: string;
  kind: StoreKind;
  address: string;
  city: string;
  province?: string;
  postalCode?: string;
  country: string;
  region: string;
  phone: string;
  hours: OpeningHours;
  at: [latitude: number, longitude: number];
}

/** Opening hours from Monday to Sunday; `monday` overrides the weekday hours where it differs. */
function week({ weekdays, saturday = weekdays, sunday = [], monday = weekdays }: { weekdays: Range[]; saturday?: Range[]; sunday?: Range[]; monday?: Range[] }): OpeningHours {
  return [monday, weekdays, weekdays, weekdays, weekdays, saturday, sunday];
}

const daily = (ranges: Range[]) => week({ weekdays: ranges, sunday: ranges });

export const stores: SeedStore[] = [
  {
    name: "Bottega Milano Spiga",
    kind: "boutique",
    address: "Via della Spiga 18",
    city: "Milano",
    province: "MI",
    postalCode: "20121",
    country: "IT",
    region: "southern-europe",
    phone: "+39 02 7600 4182",
    hours: week({ monday: [["15:00", "19:30"]], weekdays: [["10:00", "19:30"]], sunday: [["11:00", "19:00"]] }),
    at: [45.46932, 9.19657],
  },
  {
    name: "Bottega Milano Brera",
    kind: "corner",
    address: "Corso Garibaldi 47",
    city: "Milano",
    province: "MI",
    postalCode: "20121",
    country: "IT",
    region: "southern-europe",
    phone: "+39 02 8646 2309",
    hours: week({ weekdays: [["10:00", "20:00"]], sunday: [["11:00", "19:00"]] }),
    at: [45.47661, 9.18468],
  },
  {
    name: "Bottega Roma",
    kind: "boutique",
    address: "Via del Babuino 112",
    city: "Roma",
    province: "RM",
    postalCode: "00187",
    country: "IT",
    region: "southern-europe",
    phone: "+39 06 3265 1847",
    hours: week({ weekdays: [["10:00", "19:30"]], sunday: [["10:30", "19:00"]] }),
    at: [41.90801, 12.47902],
  },
  {
    name: "Bottega Firenze",
    kind: "boutique",
    address: "Via de' Tornabuoni 63/R",
    city: "Firenze",
    province: "FI",
    postalCode: "50123",
    country: "IT",
    region: "southern-europe",
    phone: "+39 055 238 4716",
    hours: week({ weekdays: [["10:00", "19:00"]], sunday: [["14:00", "19:00"]] }),
    at: [43.77118, 11.25128],
  },
  {
    name: "Bottega Venezia",
    kind: "boutique",
    address: "Calle Larga XXII Marzo 2087",
    city: "Venezia",
    province: "VE",
    postalCode: "30124",
    country: "IT",
    region: "southern-europe",
    phone: "+39 041 522 8093",
    hours: week({
      weekdays: [
        ["10:00", "13:00"],
        ["14:30", "19:00"],
      ],
      sunday: [["11:00", "18:00"]],
    }),
    at: [45.43256, 12.33437],
  },
  {
    name: "Bottega Napoli",
    kind: "corner",
    address: "Via Calabritto 21",
    city: "Napoli",
    province: "NA",
    postalCode: "80121",
    country: "IT",
    region: "southern-europe",
    phone: "+39 081 764 3158",
    hours: week({
      weekdays: [
        ["10:00", "13:30"],
        ["16:00", "20:00"],
      ],
    }),
    at: [40.83529, 14.24366],
  },
  {
    name: "Bottega Madrid",
    kind: "boutique",
    address: "Calle de Serrano 54",
    city: "Madrid",
    postalCode: "28001",
    country: "ES",
    region: "southern-europe",
    phone: "+34 914 357 286",
    hours: week({ weekdays: [["10:00", "20:30"]], sunday: [["12:00", "20:00"]] }),
    at: [40.42951, -3.68748],
  },
  {
    name: "Bottega Barcelona",
    kind: "corner",
    address: "Passeig de Gràcia 71",
    city: "Barcelona",
    postalCode: "08008",
    country: "ES",
    region: "southern-europe",
    phone: "+34 932 158 437",
    hours: week({ weekdays: [["10:00", "21:00"]] }),
    at: [41.39347, 2.16326],
  },
  {
    name: "Bottega Paris",
    kind: "boutique",
    address: "212 rue du Faubourg Saint-Honoré",
    city: "Paris",
    postalCode: "75008",
    country: "FR",
    region: "western-europe",
    phone: "+33 1 42 56 38 19",
    hours: week({ weekdays: [["10:30", "19:30"]] }),
    at: [48.87562, 2.30496],
  },
  {
    name: "Bottega München",
    kind: "boutique",
    address: "Maximilianstraße 29",
    city: "München",
    postalCode: "80539",
    country: "DE",
    region: "western-europe",
    phone: "+49 89 2424 6810",
    hours: week({ weekdays: [["10:00", "19:00"]] }),
    at: [48.13918, 11.58301],
  },
  {
    name: "Bottega Zürich",
    kind: "corner",
    address: "Bahnhofstrasse 64",
    city: "Zürich",
    postalCode: "8001",
    country: "CH",
    region: "western-europe",
    phone: "+41 44 211 73 48",
    hours: week({ weekdays: [["10:00", "20:00"]], saturday: [["10:00", "18:00"]] }),
    at: [47.37138, 8.53896],
  },
  {
    name: "Bottega London",
    kind: "boutique",
    address: "38 Mount Street",
    city: "London",
    postalCode: "W1K 2RN",
    country: "GB",
    region: "northern-europe",
    phone: "+44 20 7946 0321",
    hours: week({ weekdays: [["10:00", "19:00"]], sunday: [["12:00", "18:00"]] }),
    at: [51.51005, -0.15101],
  },
  {
    name: "Bottega København",
    kind: "corner",
    address: "Kronprinsensgade 9",
    city: "København K",
    postalCode: "1114",
    country: "DK",
    region: "northern-europe",
    phone: "+45 33 14 82 56",
    hours: week({ weekdays: [["10:00", "18:00"]], saturday: [["10:00", "17:00"]] }),
    at: [55.68002, 12.57894],
  },
  {
    name: "Bottega New York",
    kind: "boutique",
    address: "817 Madison Avenue",
    city: "New York",
    province: "NY",
    postalCode: "10065",
    country: "US",
    region: "northern-america",
    phone: "+1 212 555 0148",
    hours: week({ weekdays: [["10:00", "18:00"]], sunday: [["12:00", "17:00"]] }),
    at: [40.77001, -73.96601],
  },
  {
    name: "Bottega Los Angeles",
    kind: "boutique",
    address: "8471 Melrose Place",
    city: "Los Angeles",
    province: "CA",
    postalCode: "90069",
    country: "US",
    region: "northern-america",
    phone: "+1 310 555 0193",
    hours: week({ weekdays: [["11:00", "19:00"]], sunday: [["12:00", "17:00"]] }),
    at: [34.08297, -118.37702],
  },
  {
    name: "Bottega Toronto",
    kind: "corner",
    address: "118 Yorkville Avenue",
    city: "Toronto",
    province: "ON",
    postalCode: "M5R 1C2",
    country: "CA",
    region: "northern-america",
    phone: "+1 416 555 0176",
    hours: [[["10:00", "18:00"]], [["10:00", "18:00"]], [["10:00", "18:00"]], [["10:00", "20:00"]], [["10:00", "20:00"]], [["10:00", "18:00"]], [["12:00", "17:00"]]],
    at: [43.67098, -79.39302],
  },
  {
    name: "Bottega Ciudad de México",
    kind: "corner",
    address: "Avenida Presidente Masaryk 340, Polanco",
    city: "Ciudad de México",
    province: "CDMX",
    postalCode: "11560",
    country: "MX",
    region: "central-america",
    phone: "+52 55 5281 4739",
    hours: week({ weekdays: [["11:00", "20:00"]], sunday: [["11:00", "19:00"]] }),
    at: [19.43197, -99.19502],
  },
  {
    name: "Bottega Tokyo Ginza",
    kind: "boutique",
    address: "5-7-12 Ginza, Chuo-ku",
    city: "Tokyo",
    postalCode: "104-0061",
    country: "JP",
    region: "eastern-asia",
    phone: "+81 3 5537 2814",
    hours: daily([["11:00", "20:00"]]),
    at: [35.67096, 139.76503],
  },
  {
    name: "Bottega Tokyo Omotesando",
    kind: "corner",
    address: "4-21-3 Jingumae, Shibuya-ku",
    city: "Tokyo",
    postalCode: "150-0001",
    country: "JP",
    region: "eastern-asia",
    phone: "+81 3 6427 5093",
    hours: daily([["11:00", "20:00"]]),
    at: [35.66748, 139.70903],
  },
  {
    name: "Bottega Seoul",
    kind: "boutique",
    address: "442 Apgujeong-ro, Gangnam-gu",
    city: "Seoul",
    postalCode: "06015",
    country: "KR",
    region: "eastern-asia",
    phone: "+82 2 3443 7162",
    hours: daily([["10:30", "20:00"]]),
    at: [37.52702, 127.04003],
  },
  {
    name: "Bottega Singapore",
    kind: "corner",
    address: "391 Orchard Road, #02-14",
    city: "Singapore",
    postalCode: "238872",
    country: "SG",
    region: "south-eastern-asia",
    phone: "+65 6733 4819",
    hours: daily([["10:00", "21:30"]]),
    at: [1.30301, 103.83402],
  },
  {
    name: "Bottega Dubai",
    kind: "boutique",
    address: "Fashion Avenue, The Dubai Mall, Level 1",
    city: "Dubai",
    country: "AE",
    region: "western-asia",
    phone: "+971 4 339 8257",
    hours: daily([["10:00", "23:00"]]),
    at: [25.19853, 55.27903],
  },
];

/** Writes the demo regions and stores (inside the seed's transaction); returns how many stores. */
export async function seedStores(trx: Kysely<Database>, now = new Date()): Promise<number> {
  const stamp = now.toISOString();
  await trx
    .insertInto("store_regions")
    .values(storeRegions.map((r, i) => ({ code: r.code, continent_code: r.continent, name_it: r.name.it, name_en: r.name.en, position: (i + 1) * 10 })))
    .execute();
  await trx
    .insertInto("stores")
    .values(
      stores.map((s, i) => ({
        name: s.name,
        kind: s.kind,
        address: s.address,
        city: s.city,
        province: s.province ?? null,
        postal_code: s.postalCode ?? null,
        country_code: s.country,
        region_code: s.region,
        phone: s.phone,
        opening_hours: JSON.stringify(s.hours),
        latitude: s.at[0],
        longitude: s.at[1],
        position: (i + 1) * 10,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  return stores.length;
}

/**
 * What the Italian stores hold (issue 41 part 3): a few pieces of some sizes in each, chosen by a
 * fixed rule so every seeded shop is alike; about half the variants are in some store.
 */
export async function seedStoreStock(trx: Kysely<Database>, now = new Date()): Promise<number> {
  const [stores, variants] = await Promise.all([
    trx.selectFrom("stores").select("id").where("country_code", "=", "IT").orderBy("id").execute(),
    trx.selectFrom("variants").select("id").orderBy("id").execute(),
  ]);
  const at = now.toISOString();
  const rows = variants.flatMap(({ id: variantId }) =>
    stores.flatMap(({ id: storeId }) => {
      const quantity = Math.max(0, ((variantId * 31 + storeId * 17) % 7) - 3);
      return quantity ? [{ store_id: storeId, variant_id: variantId, quantity, updated_at: at }] : [];
    }),
  );
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto("store_stock").values(rows.slice(i, i + 500)).execute();
  return rows.length;
}
