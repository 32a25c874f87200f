// The store locator's query string (continent → region → country, from a GET form, so every
// state is a shareable URL) and the shape of a store's opening hours. Parsing the query never
// fails: an unknown or malformed value is dropped. Safe on client and server, and written
// without zod on purpose: the page's components import these constants, and zod would add
// about 20 KiB of gzipped JavaScript to the page for three string checks (see
// docs/decisions/004-javascript-budget.md).

/** Continent codes in the order the locator lists them. */
export const CONTINENTS = ["europe", "north-america", "south-america", "asia", "africa", "oceania"] as const;
export type Continent = (typeof CONTINENTS)[number];

export const isContinent = (value: unknown): value is Continent => (CONTINENTS as readonly unknown[]).includes(value);

export const STORE_KINDS = ["boutique", "corner"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** The query parameters the locator owns, in URL order. */
export const STORE_FILTERS = ["continent", "region", "country"] as const;

export interface StoreQuery {
  continent: Continent | null;
  /** A region code ("southern-europe"); whether it exists is the service's business. */
  region: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
}

const REGION_CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** Reads the first value of each filter; anything malformed, empty or missing becomes null. */
export function parseStoreQuery(params: URLSearchParams): StoreQuery {
  const continent = params.get("continent");
  const region = params.get("region");
  const country = params.get("country");
  return {
    continent: isContinent(continent) ? continent : null,
    region: region !== null && region.length <= 40 && REGION_CODE.test(region) ? region : null,
    country: country !== null && COUNTRY_CODE.test(country) ? country.toUpperCase() : null,
  };
}

/** The query string of a locator state, in a stable order and without empty filters. */
export function storeQuerySearch(query: StoreQuery): string {
  const params = new URLSearchParams();
  for (const name of STORE_FILTERS) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Seven days from Monday, each a list of [opens, closes] ranges in local time; [] is closed. */
export type OpeningHours = Array<Array<[opens: string, closes: string]>>;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Whether a value (parsed from the stored JSON) is a week of at most three ranges a day, each closing after it opens. */
export function isOpeningHours(value: unknown): value is OpeningHours {
  return (
    Array.isArray(value) &&
    value.length === WEEKDAYS.length &&
    value.every(
      (day) =>
        Array.isArray(day) &&
        day.length <= 3 &&
        day.every(
          (range) =>
            Array.isArray(range) &&
            range.length === 2 &&
            typeof range[0] === "string" &&
            typeof range[1] === "string" &&
            TIME.test(range[0]) &&
            TIME.test(range[1]) &&
            range[0] < range[1],
        ),
    )
  );
}
