import type { ProductStatus } from "~/db/schema";

// Whether shoppers see a product (issue 24), in one place for the storefront's reads and Atelier:
// only a published product whose publication time has come. A draft is staff's alone, a
// published product with a later date is "scheduled", an archived one is withdrawn (kept for its
// orders). Safe in the browser.

/** How Atelier names a product's state: the stored status, with "scheduled" told apart. */
export const PRODUCT_STATES = ["draft", "scheduled", "published", "archived"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

const time = (at: string | Date) => (typeof at === "string" ? Date.parse(at) : at.getTime());

/** The product's state at `now`. */
export function productState(status: ProductStatus, publishedAt: string | Date, now: Date = new Date()): ProductState {
  if (status !== "published") return status;
  return time(publishedAt) > now.getTime() ? "scheduled" : "published";
}

/** True when shoppers may see and buy the product at `at`. */
export function isShownToShoppers(product: { status: ProductStatus; publishedAt: string | Date }, at: string | Date = new Date()): boolean {
  return product.status === "published" && time(product.publishedAt) <= time(at);
}
