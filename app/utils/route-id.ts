/**
 * A database id as text arrives (a route's `:id`, a query parameter, a form's select): a
 * positive whole number written plainly, within PostgreSQL's integer, else null. "0", "-1",
 * "007", "1e3", "abc" and overflows are no id, so a forged or mistyped address is a 404 and
 * every route reads ids alike.
 */
export function parseRouteId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
