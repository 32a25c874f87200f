import type { CountryCode } from "~/modules/country/country-rules";

// The shopper's own part of every page (see shopper-state.server.ts): its shape is shared with
// the components, and its defaults stand in where no shopper state was loaded (the benchmark's
// control page, or an error before the shop layout's loader ran).

export interface ShopperNotice {
  id: number;
  kind: "success" | "warning" | "error";
  message: string;
}

export interface ShopperState {
  notices: ShopperNotice[];
  /** Sum of item quantities in the bag. */
  bagCount: number;
  /** The ids of the pieces on the shopper's wishlist (the hearts' state; its length is the header's count). */
  wishlist: number[];
  /** The spec's auth state, as much as the header needs; `initial`: an account holder's avatar, the first letter of the first name (spec §3). */
  auth: { isLoggedIn: boolean; guest: boolean; initial?: string };
  /** Logged in and not a guest: the header links the account instead of the login. */
  isAccountHolder: boolean;
  /** The country the request's shop serves and the stored preference cookie. */
  country: { current: CountryCode | null; preference: CountryCode | null };
  /** The stored cookie choice, or null before the shopper decided. */
  consent: { analytics: boolean; marketing: boolean } | null;
}

export const NO_SHOPPER_STATE: ShopperState = {
  notices: [],
  bagCount: 0,
  wishlist: [],
  auth: { isLoggedIn: false, guest: false },
  isAccountHolder: false,
  country: { current: null, preference: null },
  consent: null,
};
