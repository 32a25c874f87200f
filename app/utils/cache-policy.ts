import type { HeadersFunction } from "react-router";

// Every route's caching in one place (docs/decisions/043-one-cache-policy-per-route.md): a route
// names its policy, and only this module writes a Cache-Control value. A route file writes none
// (lint holds it), so what a page may be kept for is read here, not guessed from thirty copies.

export const CACHE_POLICIES = {
  /** Personal data, a bag, a checkout, Atelier, an answer that sets a cookie: no cache keeps it. */
  private: "private, no-store",
  /** Not even the browser keeps it, and a shared cache need not be told "private" (one-click unsubscribe). */
  noStore: "no-store",
  /**
   * A page as the shell writes it when its route says nothing else (entry.server.tsx): the
   * browser may keep it but asks each time. A route naming this policy writes no header itself.
   */
  page: "private, no-cache",
  /** A URL whose bytes never change (drawings and photographs, docs/decisions/023): a year. */
  immutable: "public, max-age=31536000, immutable",
  /** A public answer that may be a minute old (the shop's settings for apps, a missing file). */
  publicMinute: "public, max-age=60",
  /** The category menu for apps: five minutes, and five more while it is fetched anew. */
  publicFiveMinutes: "public, max-age=300, stale-while-revalidate=300",
  /** robots.txt: an hour. */
  publicHour: "public, max-age=3600",
  /** The sitemaps: an hour, bytes untouched by proxies (their ETag is of the bytes sent). */
  publicHourNoTransform: "public, max-age=3600, no-transform",
} as const;

export type CachePolicy = keyof typeof CACHE_POLICIES;

/** The Cache-Control header of a policy, to spread into a Response's or `data()`'s headers. */
export function cacheControl(policy: CachePolicy): { "Cache-Control": string } {
  return { "Cache-Control": CACHE_POLICIES[policy] };
}

/** Sets a policy on headers already made (a middleware's answer). */
export function setCachePolicy(headers: Headers, policy: CachePolicy): void {
  headers.set("Cache-Control", CACHE_POLICIES[policy]);
}

/**
 * A page route's `headers` export: its policy, the action's headers it passes on to the page
 * (Retry-After of a rate limit, Connection: close after an upload refused half-read) and fixed
 * headers of its own (Referrer-Policy of a page whose URL holds a token).
 */
export function pageHeaders(policy: CachePolicy, { passOn = [], extra = {} }: { passOn?: readonly string[]; extra?: Record<string, string> } = {}): HeadersFunction {
  return ({ actionHeaders }) => {
    const headers = new Headers();
    for (const name of passOn) {
      const value = actionHeaders.get(name);
      if (value) headers.set(name, value);
    }
    if (policy !== "page") setCachePolicy(headers, policy);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return headers;
  };
}
