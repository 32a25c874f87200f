import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { addToBag } from "~/modules/bag/bag.service.server";
import { stockOfSku } from "~/modules/catalog/stock.service.server";
import { isDomainError } from "~/utils/domain-error";
import { getOrderFor, type OrderViewer } from "./order.service.server";

// Ordering again (spec §3: the bag's 'reorder' marker): the order's lines go into the bag at
// today's prices (the bag prices every line when it is read), each capped at what the shop has.
// A line whose product left the shop or whose size sold out is named, not silently dropped.

export interface ReorderResult {
  /** The bag the lines went into (a new one when the shopper had none). */
  bagId: number | null;
  added: string[];
  unavailable: string[];
}

export async function reorder(db: Kysely<Database>, input: { orderId: number | null; viewer: OrderViewer; bagId: number | null }, now = new Date()): Promise<ReorderResult> {
  const order = await getOrderFor(db, input.orderId, input.viewer);
  let bagId = input.bagId;
  const added: string[] = [];
  const unavailable: string[] = [];
  for (const line of order.lines) {
    const label = `${line.name} (${line.color}, ${line.size})`;
    try {
      const result = await addToBag(db, { bagId, userId: input.viewer.userId, sku: line.sku, quantity: line.quantity }, now);
      bagId = result.bagId;
      added.push(label);
    } catch (error) {
      if (!isDomainError(error) || (error.code !== "OUT_OF_STOCK" && error.code !== "PRODUCT_UNAVAILABLE")) throw error;
      // The bag already holds all there is of a size still sold: it is in the bag, not unavailable.
      const inStock = error.code === "OUT_OF_STOCK" && (await stockOfSku(db, line.sku));
      if (inStock) added.push(label);
      else unavailable.push(label);
    }
  }
  return { bagId, added, unavailable };
}
