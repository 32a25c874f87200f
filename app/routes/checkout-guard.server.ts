import { redirect, type RouterContextProvider } from "react-router";
import { getRequestContext } from "~/middleware/request-context.server";
import { getAccount } from "~/modules/account/account.service.server";
import { readLoginRedirect, storeLoginRedirect } from "./login-redirect.server";
import { type BagView, getBag } from "~/modules/bag/bag.service.server";
import { activeClosure } from "~/modules/banner/banner.service.server";
import type { ShopSettings } from "~/modules/settings/shop-settings";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatLongDate } from "~/utils/dates";
import { withDateArticles } from "~/utils/date-article";
import { stripLocale } from "~/utils/locale";
import { type Checkouter, type CheckoutState, type CheckoutStep, CHECKOUT_STEPS, STEP_PATHS, bagForCheckout, firstIncompleteStep, getCheckout } from "~/modules/checkout/checkout.service.server";

// The checkout steps' shared loader half (spec §2): a missing or empty bag leaves the checkout
// for the login-redirect target; a step whose earlier steps are incomplete sends the shopper to
// the first incomplete one; a bag with a line to fix goes back to the bag. It only reads: the
// checkout's row is created by the first step that saves something (no GET writes).

export interface CheckoutContext {
  bag: BagView & { id: number };
  /** Null until a step's form saved something for this bag. */
  checkout: CheckoutState | null;
  who: Checkouter;
  settings: ShopSettings;
  /** Each step's page in the request's language, and the previous step's (the back button). */
  paths: Record<CheckoutStep | "cart", string>;
  /** The closure notice in force, in the request's language: orders placed now ship from its day (spec §9). */
  closure: { text: string; shipsFrom: string; shipsFromLine: string } | null;
}

export function checkouterOf(context: Readonly<RouterContextProvider>): Checkouter {
  const { shopper, session } = getRequestContext(context);
  if (shopper.kind === "account") return { kind: "account", userId: shopper.userId };
  if (shopper.kind === "guest" && session.guestEmail) return { kind: "guest", email: session.guestEmail };
  return { kind: "anonymous" };
}

export function checkoutPaths(href: (path: string) => string): CheckoutContext["paths"] {
  return {
    cart: href("/cart"),
    registrationLogin: href(STEP_PATHS.registrationLogin),
    shipping: href(STEP_PATHS.shipping),
    payment: href(STEP_PATHS.payment),
    review: href(STEP_PATHS.review),
  };
}

/** Where an empty bag sends the shopper: the stored login-redirect target unless it is the checkout itself. */
async function emptyBagTarget(context: Readonly<RouterContextProvider>, request: Request): Promise<string> {
  const { href } = getRequestContext(context);
  const stored = await readLoginRedirect(context, request);
  return stored && !stripLocale(stored.split("?")[0]).startsWith("/checkout") ? stored : href("/");
}

/** The checkout as far as the shopper may go: its data, or where the guards send the shopper. */
async function openCheckout(context: Readonly<RouterContextProvider>, request: Request, step: CheckoutStep): Promise<CheckoutContext | { to: string; headers?: HeadersInit }> {
  const { db, locale, bagId, href, tns } = getRequestContext(context);
  const paths = checkoutPaths(href);
  const now = new Date();
  const bag = await getBag(db, locale, bagId, now);
  if (bag.id === null || bag.lines.length === 0) return { to: await emptyBagTarget(context, request) };
  if (bag.checkoutBlocked) return { to: paths.cart };
  const who = checkouterOf(context);
  const [checkout, settings, closure] = await Promise.all([getCheckout(db, bag.id), getShopSettings(db), activeClosure(db, now)]);
  const first = firstIncompleteStep(checkout, who, settings);
  if (CHECKOUT_STEPS.indexOf(step) > CHECKOUT_STEPS.indexOf(first)) {
    // Personal Info comes back here once the shopper signs in, registers or continues as a guest.
    return { to: paths[first], headers: first === "registrationLogin" ? { "Set-Cookie": await storeLoginRedirect(context, paths.shipping) } : undefined };
  }
  // The sentence is written here: the date's formatting and articles stay out of the pages' JavaScript.
  const notice = closure
    ? {
        text: locale === "it" ? closure.textIt : closure.textEn,
        shipsFrom: closure.shipsFrom,
        shipsFromLine: withDateArticles(tns("checkout")("closure.shipsFrom", { date: formatLongDate(`${closure.shipsFrom}T12:00:00Z`, locale) })),
      }
    : null;
  return { bag: { ...bagForCheckout(bag, checkout), id: bag.id }, checkout, who, settings, paths, closure: notice };
}

/** Loads the checkout for `step`, or throws the redirect the guards call for. */
export async function requireCheckoutStep(context: Readonly<RouterContextProvider>, request: Request, step: CheckoutStep): Promise<CheckoutContext> {
  const opened = await openCheckout(context, request, step);
  if ("to" in opened) throw redirect(opened.to, { headers: opened.headers });
  return opened;
}

/**
 * The answer to a post that cannot be taken at the step it was sent to (the review's order button
 * before the steps were done): a 303 to where the guards send the shopper, the review itself once
 * every step is done.
 */
export async function redirectToOpenStep(context: Readonly<RouterContextProvider>, request: Request): Promise<Response> {
  const opened = await openCheckout(context, request, "review");
  return "to" in opened ? redirect(opened.to, { status: 303, headers: opened.headers }) : redirect(opened.paths.review, 303);
}

/** Who the order is for: the account's name and email, or what the guest gave at Personal Info. */
export async function orderContact(context: Readonly<RouterContextProvider>, checkout: CheckoutState | null, who: Checkouter) {
  if (who.kind === "account") {
    const account = await getAccount(getRequestContext(context).db, who.userId);
    if (account) return { email: account.email, firstName: account.firstName, lastName: account.lastName };
  }
  return checkout?.contact ?? null;
}
