import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { searchCustomers } from "~/modules/account/customer-desk.service.server";
import { searchAdminProducts } from "~/modules/catalog/product-admin.service.server";
import { DEFAULT_DESK_QUERY, classifyDeskText } from "~/modules/order/order-desk.schema";
import { searchDeskOrders } from "~/modules/order/order-desk.service.server";
import { type Capability, allows } from "~/modules/staff/capabilities";
import { ATELIER_SEARCH_MAX_LENGTH } from "./atelier-search";

// Atelier's global search (issue 42 part 7): one field in the header, a GET form, that looks
// through what the staff member may open — orders by number, e-mail or name, customers (accounts
// and those who ordered without one), products by name or SKU — with each list's own search, a
// few of each, and a link to the full list with the same words. An order's complete number opens
// the order.

/** Results per kind: the page is a jumping-off point, each list pages the rest. */
export const ATELIER_SEARCH_LIMIT = 8;

export interface AtelierSearchResult {
  q: string;
  /** Null: the staff member may not open orders (or customers, or products). */
  orders: Awaited<ReturnType<typeof searchDeskOrders>>["orders"] | null;
  customers: Awaited<ReturnType<typeof searchCustomers>> | null;
  products: Awaited<ReturnType<typeof searchAdminProducts>>["products"] | null;
  /** The order whose complete number was typed: the page opens it. */
  exactOrderId: number | null;
}

/** The words as the field sends them: control characters out, trimmed, bounded. */
export function atelierSearchText(value: string | null): string {
  return (value ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, ATELIER_SEARCH_MAX_LENGTH);
}

export async function searchAtelier(db: Kysely<Database>, locale: Locale, q: string, capabilities: readonly Capability[], now = new Date()): Promise<AtelierSearchResult> {
  if (!q) return { q, orders: null, customers: null, products: null, exactOrderId: null };
  const [orders, customers, products] = await Promise.all([
    allows(capabilities, "orders") ? searchDeskOrders(db, { ...DEFAULT_DESK_QUERY, q }, ATELIER_SEARCH_LIMIT).then((page) => page.orders) : null,
    allows(capabilities, "customers") ? searchCustomers(db, { q, sort: "newest", page: 1 }, ATELIER_SEARCH_LIMIT) : null,
    allows(capabilities, "catalogue")
      ? searchAdminProducts(db, locale, { q, categoryId: null, state: null, stock: null, sort: "newest", page: 1 }, now).then((page) => page.products.slice(0, ATELIER_SEARCH_LIMIT))
      : null,
  ]);
  const typed = classifyDeskText(q);
  const exact = typed.kind === "number" && typed.prefix.length === 11 ? orders?.find((order) => order.number === typed.prefix) : undefined;
  return { q, orders, customers, products, exactOrderId: exact?.id ?? null };
}
