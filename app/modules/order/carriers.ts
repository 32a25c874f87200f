// The couriers a parcel can leave with, and each one's public tracking page. The order keeps the
// carrier's id (orders.carrier) with the tracking number; the shipping e-mail and the order pages
// link the tracking page. Safe on client and server.

export const CARRIERS = [
  { id: "ups", name: "UPS", url: "https://www.ups.com/track?tracknum={tracking}" },
  { id: "brt", name: "BRT", url: "https://vas.brt.it/vas/sped_det_show.hsm?Nspediz={tracking}" },
  { id: "gls", name: "GLS", url: "https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni?match={tracking}" },
  { id: "poste", name: "Poste Italiane", url: "https://www.poste.it/cerca/index.html#/risultati-spedizioni/{tracking}" },
  { id: "dhl", name: "DHL", url: "https://www.dhl.com/it-it/home/tracciabilita.html?tracking-id={tracking}" },
] as const;

export type CarrierId = (typeof CARRIERS)[number]["id"];
export const CARRIER_IDS = CARRIERS.map((c) => c.id) as unknown as readonly [CarrierId, ...CarrierId[]];

export function carrierOf(id: string | null | undefined) {
  return CARRIERS.find((c) => c.id === id) ?? null;
}

/** The shop's default courier (settings.courier, a name such as "UPS") as a carrier id, if it is one of ours. */
export function carrierByName(name: string) {
  return CARRIERS.find((c) => c.name.toLowerCase() === name.trim().toLowerCase() || c.id === name.trim().toLowerCase()) ?? null;
}

/** The carrier's tracking page for the number (letters and digits only, so it needs no escaping beyond this). */
export function trackingUrl(carrier: CarrierId, trackingNumber: string): string {
  const entry = CARRIERS.find((c) => c.id === carrier)!;
  return entry.url.replace("{tracking}", encodeURIComponent(trackingNumber));
}
