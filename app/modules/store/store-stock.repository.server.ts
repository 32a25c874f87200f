import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** The stores that hold stock for the online shop (pick-up, "available in store"): those of `country`, in the locator's order. */
export function listStockStores(db: Db, country: string) {
  return db
    .selectFrom("stores")
    .select(["id", "name", "city", "address", "kind"])
    .where("country_code", "=", country)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** What those stores hold of these variants (rows with a quantity, zero included). */
export function listStoreStock(db: Db, variantIds: number[]) {
  if (!variantIds.length) return Promise.resolve([]);
  return db.selectFrom("store_stock").select(["store_id as storeId", "variant_id as variantId", "quantity"]).where("variant_id", "in", variantIds).execute();
}

export async function findStoreQuantity(db: Db, storeId: number, variantId: number): Promise<number> {
  const row = await db.selectFrom("store_stock").select("quantity").where("store_id", "=", storeId).where("variant_id", "=", variantId).executeTakeFirst();
  return row?.quantity ?? 0;
}

/** Sets a store's quantity of a variant (a count), making the row when there is none. */
export async function upsertStoreQuantity(db: Db, storeId: number, variantId: number, quantity: number, at: string): Promise<void> {
  await db
    .insertInto("store_stock")
    .values({ store_id: storeId, variant_id: variantId, quantity, updated_at: at })
    .onConflict((oc) => oc.columns(["store_id", "variant_id"]).doUpdateSet({ quantity, updated_at: at }))
    .execute();
}

/** Adds pieces to a store (a row made when there is none). */
export async function addStoreQuantity(db: Db, storeId: number, variantId: number, quantity: number, at: string): Promise<void> {
  await db
    .insertInto("store_stock")
    .values({ store_id: storeId, variant_id: variantId, quantity, updated_at: at })
    .onConflict((oc) => oc.columns(["store_id", "variant_id"]).doUpdateSet((eb) => ({ quantity: eb("store_stock.quantity", "+", quantity), updated_at: at })))
    .execute();
}

/** Takes pieces from a store only if it has them all: false (nothing written) when it has fewer. */
export async function takeStoreQuantity(db: Db, storeId: number, variantId: number, quantity: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("store_stock")
    .set((eb) => ({ quantity: eb("quantity", "-", quantity), updated_at: at }))
    .where("store_id", "=", storeId)
    .where("variant_id", "=", variantId)
    .where("quantity", ">=", quantity)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Takes pieces from the warehouse only if it has them all. */
export async function takeWarehouseQuantity(db: Db, variantId: number, quantity: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("variants")
    .set((eb) => ({ stock: eb("stock", "-", quantity), updated_at: at }))
    .where("id", "=", variantId)
    .where("stock", ">=", quantity)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function addWarehouseQuantity(db: Db, variantId: number, quantity: number, at: string): Promise<void> {
  await db
    .updateTable("variants")
    .set((eb) => ({ stock: eb("stock", "+", quantity), updated_at: at }))
    .where("id", "=", variantId)
    .execute();
}

/** A variant with its product and warehouse stock, or undefined. */
export function findVariantForStock(db: Db, variantId: number) {
  return db.selectFrom("variants").select(["id", "product_id as productId", "sku", "stock"]).where("id", "=", variantId).executeTakeFirst();
}

/** A product's variants in the editor's order (colour, then size), with their warehouse stock. */
export function listProductVariantsForStock(db: Db, productId: number) {
  return db.selectFrom("variants").select(["id", "sku", "color_code as colorCode", "size", "stock"]).where("product_id", "=", productId).orderBy("position").orderBy("id").execute();
}

/** A page of variants by id, with their product's name and colour in a language: the store stock CSV's rows. */
export function listVariantsForStockCsv(db: Db, locale: "it" | "en", afterId: number, limit: number) {
  return db
    .selectFrom("variants as v")
    .innerJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "v.product_id").on("t.locale", "=", locale))
    .innerJoin("color_translations as ct", (join) => join.onRef("ct.color_code", "=", "v.color_code").on("ct.locale", "=", locale))
    .select(["v.id", "v.sku", "v.size", "t.name", "ct.name as colorName"])
    .where("v.id", ">", afterId)
    .orderBy("v.id")
    .limit(limit)
    .execute();
}

/** The variants with these SKUs (id, product and SKU). */
export function findVariantsBySkus(db: Db, skus: string[]) {
  if (!skus.length) return Promise.resolve([]);
  return db.selectFrom("variants").select(["id", "product_id as productId", "sku"]).where("sku", "in", skus).execute();
}

/** The stores of `country` that take pick-up orders, with what the checkout, the order and its e-mails say of them. */
export function listPickupStores(db: Db, country: string, storeId?: number) {
  let query = db
    .selectFrom("stores")
    .select(["id", "name", "address", "city", "province", "postal_code as postalCode", "country_code as countryCode", "phone", "opening_hours as openingHours"])
    .where("country_code", "=", country);
  if (storeId !== undefined) query = query.where("id", "=", storeId);
  return query.orderBy("position").orderBy("id").execute();
}

/** Pick-up orders of a store not yet collected, cancelled or refunded. */
export async function countOpenPickupOrders(db: Db, storeId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("pickup_store_id", "=", storeId)
    .where("status", "in", ["pending_payment", "confirmed"])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
