import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { DomainError } from "~/utils/domain-error";
import { isOpeningHours } from "./store.schema";
import type { PickupStore } from "./store-pickup.rules";

export type { PickupStore } from "./store-pickup.rules";
import { STOCK_COUNTRY } from "./store-stock.service.server";
import { addStoreQuantity, listPickupStores, listStoreStock, takeStoreQuantity } from "./store-stock.repository.server";

// Pick-up in a store (click & collect, issue 41 part 3). At the shipping step every store of the
// shop's country is offered: one that holds every piece of the bag has the order ready the same
// day, from its own stock; any other gets the pieces from the warehouse, a transfer of 2–3
// working days. The checkout keeps the store and that promise; placing the order takes the
// pieces from where it promised (the store's shelf, with guarded updates: of orders racing for
// its last pieces only as many as it has go through, the others are told and choose again), and
// each order line remembers where its stock came from, so a cancellation puts it back there.


/** A store offered at the shipping step: whether it has every piece now, else they come by transfer. */
export interface PickupOption extends PickupStore {
  byTransfer: boolean;
}

export interface PickupLine {
  variantId: number;
  quantity: number;
  sku: string;
}

type Db = Kysely<Database> | Transaction<Database>;

function toStore(row: Awaited<ReturnType<typeof listPickupStores>>[number]): PickupStore {
  let hours: unknown = null;
  try {
    hours = JSON.parse(row.openingHours);
  } catch {
    hours = null;
  }
  const { openingHours: _, ...rest } = row;
  return { ...rest, hours: isOpeningHours(hours) ? hours : null };
}

/** The stores a bag of these lines may be collected from, in the locator's order. */
export async function pickupOptions(db: Db, lines: Pick<PickupLine, "variantId" | "quantity">[]): Promise<PickupOption[]> {
  const [stores, stock] = await Promise.all([listPickupStores(db, STOCK_COUNTRY), listStoreStock(db, [...new Set(lines.map((line) => line.variantId))])]);
  const held = new Map(stock.map((row) => [`${row.storeId}:${row.variantId}`, row.quantity]));
  // A bag may hold the same size twice (two lines): what a store must have is their sum.
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  return stores.map((row) => {
    const store = toStore(row);
    const hasAll = [...wanted].every(([variantId, quantity]) => (held.get(`${store.id}:${variantId}`) ?? 0) >= quantity);
    return { ...store, byTransfer: !hasAll };
  });
}

/** One store that takes pick-up orders, or null (another country's, deleted, unknown). */
export async function findPickupStore(db: Db, storeId: number): Promise<PickupStore | null> {
  const [row] = await listPickupStores(db, STOCK_COUNTRY, storeId);
  return row ? toStore(row) : null;
}

/**
 * Takes a pick-up order's pieces from its store's shelf, in variant order (two orders lock the
 * same rows in the same order), each only if the store still has them all: otherwise the whole
 * transaction fails with PICKUP_STORE_SOLD_OUT and nothing is taken. The storefront's "available
 * in store" lists change with it.
 */
export async function takeStoreStock(trx: Transaction<Database>, storeId: number, lines: PickupLine[], at: string): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    if (!(await takeStoreQuantity(trx, storeId, line.variantId, line.quantity, at))) {
      throw new DomainError("PICKUP_STORE_SOLD_OUT", `Store ${storeId} has fewer than ${line.quantity} of ${line.sku}.`);
    }
  }
  await bumpCatalogRevision(trx);
}

/** Puts pieces back on their stores' shelves (a cancelled pick-up order). */
export async function returnStoreStock(trx: Transaction<Database>, lines: { storeId: number; variantId: number; quantity: number }[], at: string): Promise<void> {
  if (!lines.length) return;
  for (const line of [...lines].sort((a, b) => a.storeId - b.storeId || a.variantId - b.variantId)) {
    await addStoreQuantity(trx, line.storeId, line.variantId, line.quantity, at);
  }
  await bumpCatalogRevision(trx);
}
