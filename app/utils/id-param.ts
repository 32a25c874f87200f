import { cacheControl } from "~/utils/cache-policy";
import { data } from "react-router";
import { DOMAIN_ERRORS } from "./domain-error";

/** The largest id the databases hold (PostgreSQL's `integer`, SQLite's rows alike). */
export const MAX_ID = 2_147_483_647;

/**
 * A database id as text arrives from outside (a route's `:id`, a query parameter, a form's
 * field, the id inside a token): a positive whole number written plainly (digits only, no sign,
 * no leading zero), 1 to MAX_ID, else null. "0", "-1", "007", "1e3", " 1", "abc" and
 * "2147483648" are no id, so a forged or mistyped address never reaches SQL (PostgreSQL would
 * answer an out-of-range integer with an error, a 500). The one reader of ids: every route and
 * token parser goes through it.
 */
export function idParam(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/**
 * An id that must name something for the page to exist: anything else is the error table's
 * NOT_FOUND (404, the calm "not found" page), the same answer as an id that names no row.
 */
export function requireIdParam(value: unknown): number {
  const id = idParam(value);
  if (id === null) throw notFound();
  return id;
}

/** The error table's 404 for an address that names nothing, as the error page reads it. */
export function notFound() {
  return data({ message: DOMAIN_ERRORS.NOT_FOUND.message }, { status: DOMAIN_ERRORS.NOT_FOUND.status });
}

/**
 * The same 404 for a file rather than a page (a media file, a sitemap): a short text, which a
 * cache may keep for a minute (a crawler asking again and again for what is not there).
 */
export function notFoundFile(): Response {
  return new Response("Not found", { status: DOMAIN_ERRORS.NOT_FOUND.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheControl("publicMinute") } });
}

/** A route's optional `:id` ("/new" has none): absent is null, anything else as requireIdParam. */
export function optionalIdParam(value: string | undefined): number | null {
  return value === undefined ? null : requireIdParam(value);
}
