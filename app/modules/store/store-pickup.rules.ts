import type { OpeningHours } from "./store.schema";

// Pick-up in a store (issue 41 part 3): the promises the checkout, the order's pages and its
// e-mails make, and what they say of a store, in one place (store-pickup.service.server.ts keeps them).

/** A store that takes pick-up orders, as the checkout offers it and an order keeps a copy of it. */
export interface PickupStore {
  id: number;
  name: string;
  address: string;
  city: string;
  province: string | null;
  postalCode: string | null;
  countryCode: string;
  phone: string;
  hours: OpeningHours | null;
}

/** Days a pick-up order waits in its store once ready; uncollected after them, it is cancelled and refunded. */
export const PICKUP_COLLECT_DAYS = 10;

/** Working days a transfer from the warehouse to a store takes, at least and at most. */
export const PICKUP_TRANSFER_DAYS = { min: 2, max: 3 } as const;
