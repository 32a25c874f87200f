import { stripLocale } from "~/utils/locale";

// Cookie consent, after the Italian data protection authority's guidelines of 10 June 2021:
// only technical cookies until the shopper chooses; closing the banner (the X) keeps that
// default and counts as a refusal; the choice lasts six months and is not asked again before.

/**
 * The categories a shopper can allow; technical cookies need no consent and are always on.
 * "preferences": what the shop remembers to be more useful to this shopper (the pieces looked at
 * last, "Visti di recente"); the other two the shop does not use today.
 */
export const OPTIONAL_CATEGORIES = ["preferences", "analytics", "marketing"] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type ConsentCategory = "necessary" | OptionalCategory;

/** Six months: the choice is kept, and not asked again, for this long. */
export const CONSENT_MAX_AGE_S = 183 * 86_400;
/** Raised when the categories change, so that everyone is asked again (2: preferences, issue 41). */
export const CONSENT_VERSION = 2;
export const COOKIES_PAGE_PATH = "/pages/cookies";

export interface Consent {
  version: number;
  preferences: boolean;
  analytics: boolean;
  marketing: boolean;
  /** When the shopper chose (ISO 8601). */
  decidedAt: string;
}

export type ConsentChoice = { intent: "accept" } | { intent: "reject" } | { intent: "save"; preferences: boolean; analytics: boolean; marketing: boolean };

/** The consent a choice records: everything, nothing (the X and "reject all"), or the ticked categories. */
export function consentFromChoice(choice: ConsentChoice, now: Date): Consent {
  const all = choice.intent === "accept";
  const some = choice.intent === "save" ? choice : { preferences: all, analytics: all, marketing: all };
  return { version: CONSENT_VERSION, preferences: some.preferences, analytics: some.analytics, marketing: some.marketing, decidedAt: now.toISOString() };
}

/** A stored consent when it is well formed, current and younger than six months; otherwise null (ask again). */
export function parseConsent(value: unknown, now: Date): Consent | null {
  if (!value || typeof value !== "object") return null;
  const { version, preferences, analytics, marketing, decidedAt } = value as Record<string, unknown>;
  if (version !== CONSENT_VERSION || typeof preferences !== "boolean" || typeof analytics !== "boolean" || typeof marketing !== "boolean" || typeof decidedAt !== "string") return null;
  const at = Date.parse(decidedAt);
  if (Number.isNaN(at) || at > now.getTime() + 60_000 || now.getTime() - at >= CONSENT_MAX_AGE_S * 1000) return null;
  return { version, preferences, analytics, marketing, decidedAt };
}

/** Whether a category may be used: technical cookies always, the others only with consent. */
export function allows(consent: Consent | null, category: ConsentCategory): boolean {
  if (category === "necessary") return true;
  return consent?.[category] === true;
}

/** The banner shows until the shopper chooses, except on the choices page itself. */
export function showConsentBanner(decided: boolean, path: string): boolean {
  const page = stripLocale(path.split(/[?#]/)[0]);
  // Not over the cookies page's own form, nor over the bag's summary and checkout button.
  return !decided && page !== COOKIES_PAGE_PATH && page !== "/cart";
}

/** The notice that confirms a choice (a translation key of the country namespace). */
export function noticeFor(choice: ConsentChoice): string {
  if (choice.intent === "accept") return "country:consent.accepted";
  if (choice.intent === "reject") return "country:consent.refused";
  return "country:consent.saved";
}
