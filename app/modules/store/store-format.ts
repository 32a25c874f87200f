// How a store's address, phone and opening hours are written on the page. Pure functions,
// safe on client and server.
import { type OpeningHours, WEEKDAYS, type Weekday } from "./store.schema";

export interface StoreAddress {
  address: string;
  city: string;
  province: string | null;
  postalCode: string | null;
  countryCode: string;
  countryName: string;
}

// Where the postal code follows the city ("London W1K 2RN", "New York, NY 10065"); elsewhere
// it comes first ("20121 Milano MI", "75008 Paris").
const CITY_FIRST = new Set(["US", "CA", "GB", "IE", "JP", "KR", "SG", "AU", "AE"]);

/** The line under the street: city, province or state, and postal code in the local order. */
export function cityLine({ city, province, postalCode, countryCode }: StoreAddress): string {
  if (CITY_FIRST.has(countryCode)) {
    const place = province ? `${city}, ${province}` : city;
    return postalCode ? `${place} ${postalCode}` : place;
  }
  return [postalCode, city, province].filter(Boolean).join(" ");
}

/** The address as the lines of a letter: street, city line, country. */
export function addressLines(store: StoreAddress): string[] {
  return [store.address, cityLine(store), store.countryName];
}

/** A Google Maps search for the store's address (Maps URLs, documented and key-free). */
export function mapSearchUrl(store: StoreAddress): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLines(store).join(", "))}`;
}

/** "+39 02 7600 4182" → "tel:+390276004182". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export interface OpeningSpan {
  first: Weekday;
  /** Equal to first when the span is one day. */
  last: Weekday;
  /** [] is closed. */
  ranges: [string, string][];
}

/** Consecutive days with the same hours, merged: Monday–Saturday 10:00–19:30, Sunday closed. */
export function groupOpeningHours(hours: OpeningHours): OpeningSpan[] {
  const spans: OpeningSpan[] = [];
  WEEKDAYS.forEach((day, index) => {
    const ranges = hours[index] as [string, string][];
    const previous = spans.at(-1);
    if (previous && sameRanges(previous.ranges, ranges)) previous.last = day;
    else spans.push({ first: day, last: day, ranges });
  });
  return spans;
}

function sameRanges(a: [string, string][], b: [string, string][]): boolean {
  return a.length === b.length && a.every(([opens, closes], i) => opens === b[i][0] && closes === b[i][1]);
}
