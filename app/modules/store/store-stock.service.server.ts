import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, type AuditRecord, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { notifyBackInStock } from "~/modules/backstock/backstock.service.server";
import { catalogueChanged } from "~/modules/catalog/catalog-write.server";
import { findProductName } from "~/modules/catalog/product.repository.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { DomainError } from "~/utils/domain-error";
import type { StockPlace } from "./store-stock.schema";
import {
  addStoreQuantity,
  addWarehouseQuantity,
  findStoreQuantity,
  findVariantForStock,
  listProductVariantsForStock,
  listStockStores,
  listStoreStock,
  takeStoreQuantity,
  takeWarehouseQuantity,
  upsertStoreQuantity,
} from "./store-stock.repository.server";

// Stock per store (issue 41 part 3): what each store holds of each variant, beside the
// warehouse's. The stores that hold stock are the shop's own country's (the shop ships to Italy:
// its Italian boutiques and corners take pick-up orders); the locator's others are shown, not
// stocked. Staff count a store's pieces and move pieces between stores and the warehouse; every
// change is audited and refreshes the storefront (listings, the product page's "in store" list).

/** The country whose stores hold stock for the online shop. */
export const STOCK_COUNTRY = "IT";

export interface StockStore {
  id: number;
  name: string;
  city: string;
  address: string;
}

/** The stores that hold stock, in the locator's order. */
export async function listStockingStores(db: Kysely<Database>): Promise<StockStore[]> {
  return (await listStockStores(db, STOCK_COUNTRY)).map(({ id, name, city, address }) => ({ id, name, city, address }));
}

/** The stores that have a variant now, with how many: the product page's "Disponibile in negozio". */
export async function storesWithVariant(db: Kysely<Database>, variantId: number): Promise<(StockStore & { quantity: number })[]> {
  const [stores, stock] = await Promise.all([listStockingStores(db), listStoreStock(db, [variantId])]);
  const held = new Map(stock.map((row) => [row.storeId, row.quantity]));
  return stores.flatMap((store) => ((held.get(store.id) ?? 0) > 0 ? [{ ...store, quantity: held.get(store.id)! }] : []));
}

export interface ProductStoreStock {
  name: string;
  stores: StockStore[];
  variants: { id: number; sku: string; colorCode: string; size: string; warehouse: number; stores: Record<number, number> }[];
  audit: AuditRecord[];
}

/** A product's stock everywhere, for Atelier: each variant's warehouse quantity and each store's; null when there is no such product. */
export async function getProductStoreStock(db: Kysely<Database>, productId: number, locale: Locale): Promise<ProductStoreStock | null> {
  const name = await findProductName(db, productId, locale);
  if (name === undefined) return null;
  const [stores, variants] = await Promise.all([listStockingStores(db), listProductVariantsForStock(db, productId)]);
  const [stock, audit] = await Promise.all([listStoreStock(db, variants.map((v) => v.id)), auditOfRecord(db, "store-stock", productId)]);
  return {
    name,
    stores,
    variants: variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      colorCode: variant.colorCode,
      size: variant.size,
      warehouse: variant.stock,
      stores: Object.fromEntries(stock.filter((row) => row.variantId === variant.id).map((row) => [row.storeId, row.quantity])),
    })),
    audit,
  };
}

async function variantOf(db: Kysely<Database>, productId: number, variantId: number) {
  const variant = await findVariantForStock(db, variantId);
  if (!variant || variant.productId !== productId) throw new DomainError("VARIANT_NOT_FOUND", `no variant ${variantId} of product ${productId}`, { field: "variantId" });
  return variant;
}

async function stockingStore(db: Kysely<Database>, storeId: number, field: string): Promise<StockStore> {
  const store = (await listStockingStores(db)).find((candidate) => candidate.id === storeId);
  if (!store) throw new DomainError("STORE_NOT_FOUND", `store ${storeId} holds no stock`, { field });
  return store;
}

/** A store's count of a variant: its quantity is now this. */
export async function countStoreStock(
  db: Kysely<Database>,
  productId: number,
  input: { variantId: number; storeId: number; quantity: number },
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  const variant = await variantOf(db, productId, input.variantId);
  const store = await stockingStore(db, input.storeId, "storeId");
  await db.transaction().execute(async (trx) => {
    const before = await findStoreQuantity(trx, input.storeId, input.variantId);
    await upsertStoreQuantity(trx, input.storeId, input.variantId, input.quantity, now.toISOString());
    await recordAudit(trx, {
      actor,
      action: "store-stock.count",
      entityType: "store-stock",
      entityId: productId,
      // The record keeps only what changed: the size and the store are in its summary.
      before: { quantity: before },
      after: { quantity: input.quantity },
      summary: `${variant.sku}, ${store.name}`,
      at: now,
    });
    await catalogueChanged(trx, [productId], now);
  });
}

/**
 * Moves pieces of a variant from one place to another (the warehouse or a store): both in one
 * transaction, the source taken only if it has them all (NOT_ENOUGH_STOCK otherwise, nothing
 * moved). Pieces arriving in a sold-out warehouse tell whoever asked to hear of it.
 */
export async function moveStock(
  db: Kysely<Database>,
  productId: number,
  input: { variantId: number; from: StockPlace; to: StockPlace; quantity: number },
  actor: AuditActor,
  { origin }: { origin: string },
  now = new Date(),
): Promise<void> {
  const variant = await variantOf(db, productId, input.variantId);
  const nameOf = async (place: StockPlace, field: string) => (place === "warehouse" ? "warehouse" : (await stockingStore(db, place, field)).name);
  const [from, to] = [await nameOf(input.from, "from"), await nameOf(input.to, "to")];
  const at = now.toISOString();
  const notified = await db.transaction().execute(async (trx) => {
    const warehouseBefore = (await findVariantForStock(trx, variant.id))?.stock ?? 0;
    const taken = input.from === "warehouse" ? await takeWarehouseQuantity(trx, variant.id, input.quantity, at) : await takeStoreQuantity(trx, input.from, variant.id, input.quantity, at);
    if (!taken) throw new DomainError("NOT_ENOUGH_STOCK", `not ${input.quantity} of ${variant.sku} at ${input.from}`, { field: "quantity" });
    if (input.to === "warehouse") await addWarehouseQuantity(trx, variant.id, input.quantity, at);
    else await addStoreQuantity(trx, input.to, variant.id, input.quantity, at);
    await recordAudit(trx, {
      actor,
      action: "store-stock.move",
      entityType: "store-stock",
      entityId: productId,
      after: { sku: variant.sku, from, to, quantity: input.quantity },
      summary: `${variant.sku}, ${from} → ${to}`,
      at: now,
    });
    await catalogueChanged(trx, [productId], now);
    return input.to === "warehouse" && warehouseBefore <= 0 ? notifyBackInStock(trx, variant.id, { origin }, now) : 0;
  });
  if (notified > 0) wakeMailWorkers();
}
