import { type Capability, type RouteAccess, allows } from "./capabilities";

// One declaration per Atelier route: what it needs, keyed by its path under /atelier exactly as
// app/routes.ts writes it. The Atelier layout's guard (staff-context.server.ts) checks it before
// any loader or action runs, for pages, downloads and posts alike; a route missing here is
// refused (404), and atelier-access.test.ts fails until it is declared. Services still check
// what depends on the values posted (a refund's amount, a discount's size).

export const ATELIER_ROUTE_ACCESS = {
  "": "signed-in",
  login: "public",
  "login/code": "public",
  "login/enrol": "public",
  "login/recovery-codes": "public",
  setup: "public",
  invite: "public",
  logout: "public",
  session: "signed-in",
  // Each kind of result is shown only to a member who may open its list (the search service's check).
  search: "signed-in",
  newsletter: "customers",
  "newsletter/export": ["customers", "exports"],
  applications: "customers",
  "applications/:id": "customers",
  "applications/:id/cv": "customers",
  staff: "staff",
  settings: "settings",
  "settings/fiscal": "settings",
  audit: "staff",
  customers: "customers",
  "customers/:id": "customers",
  "customers/guest": "customers",
  "customers/:id/export": ["customers", "exports"],
  // Demand by variant (counts, no addresses).
  backstock: "catalogue",
  // Sales, returns, discounts, stock and demand figures: counts and sums, no person; the CSV is a bulk download.
  reports: "orders",
  "reports.csv": ["orders", "exports"],
  orders: "orders",
  "orders/export": ["orders", "exports"],
  "orders/ship": "orders",
  "orders/packing-slips": "orders",
  "orders/:id": "orders",
  "orders/:id/packing-slip": "orders",
  "orders/:id/refund": "refunds",
  "orders/:id/refunds/:refundId": "refunds",
  "orders/:id/cancel": "orders",
  "orders/:id/credit-notes": "orders",
  "orders/:id/credit-notes/:noteId": "orders",
  returns: "orders",
  "orders/:id/invoice": "orders",
  "orders/:id/invoice.xml": "orders",
  invoices: "orders",
  "invoices.csv": ["orders", "exports"],
  products: "catalogue",
  "products/new": "catalogue",
  "products/:id": "catalogue",
  "products/:id/variants": "catalogue",
  "products/:id/photos": "catalogue",
  content: "content",
  "content/new": "content",
  "content/:kind/:key": "content",
  stores: "content",
  "stores/new": "content",
  "stores/:id": "content",
  categories: "catalogue",
  "categories/new": "catalogue",
  "categories/:id": "catalogue",
  // Any size with "marketing"; small codes only without it (the discount service's check).
  "discount-codes": "orders",
  "discount-codes/new": "orders",
  "discount-codes/:id": "orders",
  banner: "marketing",
  promotions: "marketing",
  "catalog/import": "imports",
  "catalog/export": "catalogue",
  "catalog/colors": "catalogue",
  "catalog/colors/:code": "catalogue",
  // Search (issue 39): the synonym groups, and what shoppers looked for (counts, no person).
  "catalog/synonyms": "catalogue",
  "catalog/size-guides": "catalogue",
  "catalog/size-guides/new": "catalogue",
  "catalog/size-guides/:id": "catalogue",
  "products/:id/sizing": "catalogue",
  "products/:id/stores": "catalogue",
  // The stores' stock file: the same counts as a product's store stock page, for every product.
  "catalog/store-stock": "catalogue",
  "catalog/store-stock.csv": "catalogue",
  "catalog/search-report": "catalogue",
  "catalog/manufacturers": "catalogue",
  "catalog/manufacturers/new": "catalogue",
  "catalog/manufacturers/:id": "catalogue",
  "*": "signed-in",
} as const satisfies Record<string, RouteAccess>;

/** A route's path under /atelier from React Router's matched pattern ("/en?/atelier/orders/:id" → "orders/:id"). */
export function atelierRouteKey(pattern: string): string {
  return pattern.replace(/^\/?(en\??\/)?atelier\/?/, "").replace(/\/$/, "");
}

/** What a matched route needs; undefined for a route nobody declared (refused). */
export function accessOf(routeKey: string): RouteAccess | undefined {
  return (ATELIER_ROUTE_ACCESS as Record<string, RouteAccess>)[routeKey];
}

/** Whether a member with these capabilities may open an Atelier path (the navigation's sections). */
export function mayOpen(capabilities: readonly Capability[], routeKey: string): boolean {
  const access = accessOf(routeKey);
  return access !== undefined && allows(capabilities, access);
}
