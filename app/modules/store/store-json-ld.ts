// schema.org data for the stores a locator page shows: one ClothingStore each, with its
// address, phone, coordinates and opening hours. Pure: safe on client and server.
import type { JsonLd } from "~/utils/json-ld";
import { WEEKDAYS, type OpeningHours } from "./store.schema";

export interface StoreForJsonLd {
  name: string;
  address: string;
  city: string;
  province: string | null;
  postalCode: string | null;
  countryCode: string;
  phone: string;
  hours: OpeningHours;
  latitude: number;
  longitude: number;
}

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

export function storesJsonLd(stores: StoreForJsonLd[], pageUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@graph": stores.map((store) => ({
      "@type": "ClothingStore",
      name: store.name,
      url: pageUrl,
      telephone: store.phone,
      brand: { "@type": "Brand", name: "Bottega" },
      address: {
        "@type": "PostalAddress",
        streetAddress: store.address,
        addressLocality: store.city,
        ...(store.province ? { addressRegion: store.province } : {}),
        ...(store.postalCode ? { postalCode: store.postalCode } : {}),
        addressCountry: store.countryCode,
      },
      geo: { "@type": "GeoCoordinates", latitude: store.latitude, longitude: store.longitude },
      openingHoursSpecification: WEEKDAYS.flatMap((day, index) =>
        store.hours[index].map(([opens, closes]) => ({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: `https://schema.org/${DAY_NAMES[day]}`,
          opens,
          closes,
        })),
      ),
    })),
  };
}
