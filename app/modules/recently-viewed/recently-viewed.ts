import { idParam } from "~/utils/id-param";

// "Visti di recente" (issue 41 part 4): the pieces a shopper looked at last, newest first, kept
// in a cookie of the shopper's own browser with product ids only (no name, no session, nothing
// on the server), and only when the shopper allowed preference cookies.

/** How many pieces the cookie keeps, and the rows show. */
export const RECENTLY_VIEWED_MAX = 12;
/** The cookie's name (listed on the cookies page, under preferences). */
export const RECENTLY_VIEWED_COOKIE = "viewed";
/** 30 days: a visit a month later still finds them. */
export const RECENTLY_VIEWED_MAX_AGE_S = 30 * 86_400;

/** The ids a cookie's value holds ("12.4.31"): well-formed ones, once each, at most twelve; anything else none. */
export function parseViewed(value: string | null | undefined): number[] {
  if (!value || value.length > 200) return [];
  const ids: number[] = [];
  for (const part of value.split(".")) {
    const id = idParam(part);
    if (id !== null && !ids.includes(id)) ids.push(id);
    if (ids.length === RECENTLY_VIEWED_MAX) break;
  }
  return ids;
}

/** The list after looking at a piece: it goes first, once; the oldest falls off past twelve. */
export function withViewed(ids: number[], productId: number): number[] {
  return [productId, ...ids.filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_MAX);
}

export const serializeViewed = (ids: number[]) => ids.join(".");
