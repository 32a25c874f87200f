import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { findVariantBySku, listPendingRequests } from "~/modules/backstock/backstock.repository.server";
import { notifyBackInStock } from "~/modules/backstock/backstock.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { DomainError } from "~/utils/domain-error";
import { bumpCatalogRevision } from "./catalog-cache.server";
import { refreshListingEntries } from "./listing-entries.server";

export type StockErrorCode = "UNKNOWN_SKU" | "INVALID_QUANTITY";

export interface StockChange {
  sku: string;
  previous: number;
  quantity: number;
  /** Back-in-stock e-mails queued in the mail outbox because of this change. */
  notified: number;
}

/**
 * Sets the stock of a variant. When a sold-out variant comes back, everyone waiting for it gets
 * one e-mail with a link under `origin`, queued in the same transaction as the new stock (see
 * notifyBackInStock); `claimMailFor` queues those mails claimed by one mail worker, which then
 * sends them itself (scripts/stock.ts). Otherwise this process's workers are woken to send them.
 */
export async function setVariantStock(
  db: Kysely<Database>,
  input: { sku: string; quantity: number; origin: string; claimMailFor?: string },
  now = new Date(),
): Promise<StockChange> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0) {
    throw new DomainError<StockErrorCode>("INVALID_QUANTITY", `The quantity must be a whole number, 0 or more (got ${input.quantity}).`);
  }
  const at = now.toISOString();
  for (let attempt = 1; ; attempt++) {
    // Read outside the transaction, so that on SQLite the transaction's first statement is a
    // write: it takes the write lock up front instead of failing to upgrade a read snapshot that
    // another process (the server's mail worker) wrote past.
    const variant = await findVariantBySku(db, input.sku);
    if (!variant) throw unknownSku(input.sku);
    const notified = await db.transaction().execute(async (trx) => {
      // Compare-and-set: the new quantity is written only if the stock is still the one just
      // read, so `previous` is exactly the value this write replaced and, of two processes
      // restocking a sold-out variant at once, only one sees it come back.
      const result = await trx
        .updateTable("variants")
        .set({ stock: input.quantity, updated_at: at })
        .where("id", "=", variant.id)
        .where("stock", "=", variant.stock)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return null;
      await refreshListingEntries(trx, [variant.product_id]);
      await bumpCatalogRevision(trx);
      const backInStock = variant.stock <= 0 && input.quantity > 0;
      return backInStock ? notifyBackInStock(trx, variant.id, { origin: input.origin, claimMailFor: input.claimMailFor }, now) : 0;
    });
    if (notified !== null) {
      if (notified > 0 && !input.claimMailFor) wakeMailWorkers();
      return { sku: input.sku, previous: variant.stock, quantity: input.quantity, notified };
    }
    if (attempt === STOCK_WRITE_ATTEMPTS) throw new Error(`The stock of ${input.sku} kept changing while it was being set; try again.`);
  }
}

export interface StockLine {
  variantId: number;
  quantity: number;
  sku: string;
}

/**
 * Takes each line's quantity from the stock (an order being placed) with
 * `stock = stock - q WHERE stock >= q`, in variant order (two orders of the same sizes lock them in
 * the same order: no deadlock). Any line that cannot be served fails the whole transaction with
 * OUT_OF_STOCK. When a size sells out, its product's listing entries and the catalogue's revision
 * change in the same transaction. Returns whether a size sold out.
 */
export async function takeStock(trx: Transaction<Database>, lines: StockLine[], at: string): Promise<boolean> {
  const soldOut: number[] = [];
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const taken = await trx
      .updateTable("variants")
      .set((eb) => ({ stock: eb("stock", "-", line.quantity), updated_at: at }))
      .where("id", "=", line.variantId)
      .where("stock", ">=", line.quantity)
      .returning(["stock", "product_id as productId"])
      .executeTakeFirst();
    if (!taken) throw new DomainError("OUT_OF_STOCK", `${line.sku}: not enough left for ${line.quantity}.`);
    if (taken.stock === 0) soldOut.push(taken.productId);
  }
  await stockMoved(trx, soldOut);
  return soldOut.length > 0;
}

/** Puts quantities back in stock (a cancelled order), in variant order; a size that comes back is listed again. */
export async function returnStock(trx: Transaction<Database>, lines: { variantId: number; quantity: number }[], at: string): Promise<void> {
  const restocked: number[] = [];
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const back = await trx
      .updateTable("variants")
      .set((eb) => ({ stock: eb("stock", "+", line.quantity), updated_at: at }))
      .where("id", "=", line.variantId)
      .returning(["stock", "product_id as productId"])
      .executeTakeFirst();
    if (back && back.stock === line.quantity) restocked.push(back.productId);
  }
  await stockMoved(trx, restocked);
}

/** Sizes sold out or back: their products' listing entries and the revision move with them. */
async function stockMoved(trx: Transaction<Database>, productIds: number[]) {
  if (!productIds.length) return;
  await refreshListingEntries(trx, productIds);
  await bumpCatalogRevision(trx);
}

/** The stock of a variant and how many shoppers are waiting for it to come back. */
export async function getVariantStock(db: Kysely<Database>, sku: string): Promise<{ sku: string; stock: number; waiting: number }> {
  const variant = await findVariantBySku(db, sku);
  if (!variant) throw unknownSku(sku);
  const waiting = await listPendingRequests(db, variant.id);
  return { sku, stock: variant.stock, waiting: waiting.length };
}

/** A variant's stock, null when no variant has the SKU. */
export async function stockOfSku(db: Kysely<Database>, sku: string): Promise<number | null> {
  return (await findVariantBySku(db, sku))?.stock ?? null;
}

const STOCK_WRITE_ATTEMPTS = 5;

function unknownSku(sku: string) {
  return new DomainError<StockErrorCode>("UNKNOWN_SKU", `No variant has the SKU ${sku}.`);
}
