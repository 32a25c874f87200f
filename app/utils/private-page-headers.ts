import type { HeadersFunction } from "react-router";

/**
 * The headers of a page that shows or takes personal data (login, account): never stored by any
 * cache, and the action's own headers (Retry-After of a rate limit) passed on to the page.
 */
export const privatePageHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};
