import { type Kysely, sql } from "kysely";
import type { Database, Locale } from "~/db/schema";

export function findVariantBySku(db: Kysely<Database>, sku: string) {
  return db.selectFrom("variants").select(["id", "stock", "product_id", "size", "color_code"]).where("sku", "=", sku).executeTakeFirst();
}

/** Stores a request; a repeated email for the same variant keeps the first one untouched. */
export async function insertRequest(
  db: Kysely<Database>,
  row: { variantId: number; email: string; locale: Locale; at: string },
): Promise<void> {
  await db
    .insertInto("back_in_stock_requests")
    .values({ variant_id: row.variantId, email: row.email, locale: row.locale, consent_at: row.at, created_at: row.at, notified_at: null })
    .onConflict((oc) => oc.columns(["variant_id", "email"]).doNothing())
    .execute();
}

export function listPendingRequests(db: Kysely<Database>, variantId: number) {
  return db
    .selectFrom("back_in_stock_requests")
    .select(["id", "email", "locale"])
    .where("variant_id", "=", variantId)
    .where("notified_at", "is", null)
    .orderBy("id")
    .execute();
}

/**
 * Marks a pending request notified and says whether this call did it: of several processes
 * restocking at once, only the one that gets `true` may send the mail.
 */
export async function markNotified(db: Kysely<Database>, requestId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("back_in_stock_requests")
    .set({ notified_at: at })
    .where("id", "=", requestId)
    .where("notified_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The product and colour names, and the product slug, as the shopper's locale shows them. */
export function findAlertProduct(db: Kysely<Database>, variantId: number, locale: Locale) {
  return db
    .selectFrom("variants as v")
    .innerJoin("product_translations as pt", (join) => join.onRef("pt.product_id", "=", "v.product_id").on("pt.locale", "=", locale))
    .innerJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "v.color_code").on("ct.locale", "=", locale))
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["pt.name as productName", "pt.slug", "ct.name as colorName", "v.color_code as colorCode", "v.size", "p.status", "p.published_at as publishedAt"])
    .where("v.id", "=", variantId)
    .executeTakeFirst();
}

/** Every request made with an address, whatever its case, with the variant's SKU. */
export function listRequestsByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("back_in_stock_requests as r")
    .innerJoin("variants as v", "v.id", "r.variant_id")
    .select(["v.sku", "r.email", "r.locale", "r.consent_at", "r.created_at", "r.notified_at"])
    .where(sql<string>`lower(r.email)`, "=", email.toLowerCase())
    .orderBy("r.id")
    .execute();
}

export async function deleteRequestsByEmail(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom("back_in_stock_requests").where(sql<string>`lower(email)`, "=", email.toLowerCase()).execute();
}
