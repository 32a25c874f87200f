import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { findVariantBySku, listPendingRequests } from "~/modules/backstock/backstock.repository.server";
import { notifyBackInStock } from "~/modules/backstock/backstock.service.server";
import type { Mailer } from "~/modules/mail/mail.server";
import { DomainError } from "~/utils/domain-error";

export type StockErrorCode = "UNKNOWN_SKU" | "INVALID_QUANTITY";

export interface StockChange {
  sku: string;
  previous: number;
  quantity: number;
  /** Back-in-stock e-mails sent because of this change. */
  notified: number;
}

/**
 * Sets the stock of a variant. When a sold-out variant comes back, everyone waiting for it
 * gets one e-mail with a link under `origin`.
 */
export async function setVariantStock(
  db: Kysely<Database>,
  input: { sku: string; quantity: number; mailer: Mailer; origin: string },
  now = new Date(),
): Promise<StockChange> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0) {
    throw new DomainError<StockErrorCode>("INVALID_QUANTITY", `The quantity must be a whole number, 0 or more (got ${input.quantity}).`);
  }
  const { variantId, previous } = await replaceStock(db, input.sku, input.quantity, now.toISOString());
  const backInStock = previous <= 0 && input.quantity > 0;
  const notified = backInStock ? await notifyBackInStock(db, variantId, { mailer: input.mailer, origin: input.origin }, now) : 0;
  return { sku: input.sku, previous, quantity: input.quantity, notified };
}

/** The stock of a variant and how many shoppers are waiting for it to come back. */
export async function getVariantStock(db: Kysely<Database>, sku: string): Promise<{ sku: string; stock: number; waiting: number }> {
  const variant = await findVariantBySku(db, sku);
  if (!variant) throw unknownSku(sku);
  const waiting = await listPendingRequests(db, variant.id);
  return { sku, stock: variant.stock, waiting: waiting.length };
}

const STOCK_WRITE_ATTEMPTS = 5;

/**
 * Writes the new quantity only if the stock is still the one just read (compare-and-set), so
 * `previous` is exactly the value this write replaced: of two processes restocking a sold-out
 * variant at once, only one sees it come back.
 */
async function replaceStock(db: Kysely<Database>, sku: string, quantity: number, at: string) {
  for (let attempt = 1; ; attempt++) {
    const variant = await findVariantBySku(db, sku);
    if (!variant) throw unknownSku(sku);
    const result = await db
      .updateTable("variants")
      .set({ stock: quantity, updated_at: at })
      .where("id", "=", variant.id)
      .where("stock", "=", variant.stock)
      .executeTakeFirst();
    if (result.numUpdatedRows === 1n) return { variantId: variant.id, previous: variant.stock };
    if (attempt === STOCK_WRITE_ATTEMPTS) throw new Error(`The stock of ${sku} kept changing while it was being set; try again.`);
  }
}

function unknownSku(sku: string) {
  return new DomainError<StockErrorCode>("UNKNOWN_SKU", `No variant has the SKU ${sku}.`);
}
