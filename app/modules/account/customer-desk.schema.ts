import { z } from "~/utils/zod";

// Atelier's customer desk: the list's GET filter and the erasure's confirmation. Safe on client
// and server. Error messages are keys of the atelier-customers namespace.

export const CUSTOMER_SORTS = ["newest", "oldest", "name", "email", "last-login"] as const;
export type CustomerSortParam = (typeof CUSTOMER_SORTS)[number];
/** Far enough for any real browsing; past it an offset would make the database skip too much. */
export const MAX_CUSTOMER_PAGE = 400;

export interface CustomerFilter {
  q: string;
  sort: CustomerSortParam;
  page: number;
}

/**
 * The list's filter from the URL. A filter is a GET anyone can edit: a bad sort or page falls
 * back to the default rather than failing (the page says nothing; the form shows what applies).
 */
export function parseCustomerFilter(params: URLSearchParams): CustomerFilter {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const sortParam = params.get("sort");
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as CustomerSortParam) : "newest";
  const pageParam = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageParam) ? Math.min(Math.max(1, Number(pageParam)), MAX_CUSTOMER_PAGE) : 1;
  return { q, sort, page };
}

/** The orders page of a customer's page (`?orders=2`): a positive integer, else 1. */
export function parsePageParam(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

/**
 * The customer page's forms, by the button's intent. Erasing: the "I understand" box must be
 * ticked (a post without it is a 400 that changes nothing).
 */
export const CustomerActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("erase"),
    confirm: z.literal("on", { error: "atelier-customers:erase.confirmRequired" }),
  }),
]);
