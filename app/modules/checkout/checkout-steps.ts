// The checkout's steps after the bag (spec §4: Personal Info, Shipping, Payment, Review) and
// their pages (without the /en prefix): shared by the server's guards and the pages' links.

export type CheckoutStep = "registrationLogin" | "shipping" | "payment" | "review";
export const CHECKOUT_STEPS: readonly CheckoutStep[] = ["registrationLogin", "shipping", "payment", "review"];

export const STEP_PATHS: Record<CheckoutStep, string> = {
  registrationLogin: "/checkout/registrationLogin",
  shipping: "/checkout",
  payment: "/checkout/payment",
  review: "/checkout/review",
};
