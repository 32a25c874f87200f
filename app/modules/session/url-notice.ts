import type { DomainErrorCode } from "~/utils/domain-error";

// Notices a GET hands to the page it redirects to, in the address (`?notice=social-expired`),
// never in the session: a GET writes nothing (the social login's callback, the country chooser's
// hand-over from the other shop's host). Only the notices of this closed list are read, so an
// address cannot make the shop say anything else; the page's own flash notices come first.

export const URL_NOTICE_PARAM = "notice";

export const URL_NOTICES = {
  "signed-in": { kind: "success", key: "account:login.success" },
  "social-expired": { kind: "error", key: "account:errors.socialExpired" },
  "social-failed": { kind: "error", key: "account:errors.socialFailed" },
  "social-unverified": { kind: "error", key: "account:errors.socialUnverified" },
  "social-unknown": { kind: "error", key: "account:errors.socialUnknown" },
  "bag-emptied-by-country": { kind: "warning", key: "bag:notices.emptiedByCountry" },
} as const satisfies Record<string, { kind: "success" | "warning" | "error"; key: string }>;

export type UrlNoticeCode = keyof typeof URL_NOTICES;

const BY_ERROR: Partial<Record<DomainErrorCode, UrlNoticeCode>> = {
  SOCIAL_LOGIN_EXPIRED: "social-expired",
  SOCIAL_LOGIN_FAILED: "social-failed",
  SOCIAL_EMAIL_UNVERIFIED: "social-unverified",
  UNKNOWN_PROVIDER: "social-unknown",
};

/** The address notice of a social login's failure (the stale sign-in's when the code has none). */
export function socialNoticeOf(code: DomainErrorCode): UrlNoticeCode {
  return BY_ERROR[code] ?? "social-expired";
}

export function isUrlNoticeCode(value: unknown): value is UrlNoticeCode {
  return typeof value === "string" && Object.hasOwn(URL_NOTICES, value);
}

/** A local path with the notice in its query (kept with the path's own query and fragment). */
export function withUrlNotice(path: string, code: UrlNoticeCode): string {
  const url = new URL(path, "http://local.invalid");
  url.searchParams.set(URL_NOTICE_PARAM, code);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The notice an address carries, if it is one of the list. */
export function urlNoticeOf(url: URL): (typeof URL_NOTICES)[UrlNoticeCode] | null {
  const code = url.searchParams.get(URL_NOTICE_PARAM);
  return isUrlNoticeCode(code) ? URL_NOTICES[code] : null;
}
