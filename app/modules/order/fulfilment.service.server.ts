import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { markTransferPaid } from "~/modules/payment/payment.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { DOMAIN_ERRORS, DomainError, isDomainError } from "~/utils/domain-error";
import { type CarrierId, carrierByName } from "./carriers";
import type { PaymentProvider } from "~/modules/payment/provider";
import { findPickupStore } from "~/modules/store/store-pickup.service.server";
import { PICKUP_COLLECT_DAYS } from "~/modules/store/store-pickup.rules";
import { log } from "~/utils/log.server";
import { orderCollectedMail, orderConfirmationMail, orderDeliveredMail, orderReadyMail, orderShippedMail } from "./order-mail.server";
import { auditOrderStep } from "./order-audit.server";
import { lockOrder, type OrderRow, transitionOrder } from "./order-transition.server";
import * as repo from "./order.repository.server";
import { loadOrderView } from "./order.service.server";
import { cancelOrder, normalizeOrderNumber, returnWindowOf } from "./returns.service.server";

// The owner's steps after payment (npm run orders, until a back office exists): a bank transfer
// arrived, the parcel left with its tracking number, the parcel arrived. Each is an event of the
// state machine on the locked order, with its e-mail queued in the same transaction.

async function step(
  db: Kysely<Database>,
  orderId: number,
  now: Date,
  apply: (trx: Transaction<Database>, order: OrderRow, at: string) => Promise<void>,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, at);
    if (!order) throw new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`);
    await apply(trx, order, at);
  });
  wakeMailWorkers();
}

/** A tracking number as the courier prints it: letters and digits, bounded. */
export function parseTrackingNumber(value: string): string {
  const tracking = value.trim().toUpperCase();
  if (!/^[A-Z0-9]{6,40}$/.test(tracking)) throw new DomainError("NOTHING_TO_DO", `"${value}" is not a tracking number (6–40 letters and digits).`);
  return tracking;
}

/** The bank transfer of an order waiting for it arrived: the order is paid and confirmed. */
export async function confirmTransfer(db: Kysely<Database>, orderId: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const settings = await getShopSettings(db);
  await step(db, orderId, now, async (trx, order, at) => {
    if (order.payment_status !== "awaiting_transfer") throw new DomainError("ILLEGAL_TRANSITION", `Order ${orderId} is not waiting for a transfer (${order.payment_status}).`);
    const paid = await transitionOrder(trx, order, { type: "pay" }, at, { paid_at: at });
    await markTransferPaid(trx, orderId, at);
    await enqueueMail(trx, orderConfirmationMail(await loadOrderView(trx, orderId), settings), { now });
    await auditOrderStep(trx, actor, "order.paid", order, paid, {}, now);
  });
}

/** What the parcel left with: the tracking number, and the courier when it is not the shop's usual one. */
export type Shipment = string | { trackingNumber: string; carrier: CarrierId };

/** The parcel left: shipped, with the courier and its tracking number (and link) in the e-mail. */
export async function shipOrder(db: Kysely<Database>, orderId: number, shipment: Shipment, now = new Date(), actor?: AuditActor): Promise<void> {
  const settings = await getShopSettings(db);
  const tracking = parseTrackingNumber(typeof shipment === "string" ? shipment : shipment.trackingNumber);
  const carrier = typeof shipment === "string" ? (carrierByName(settings.courier)?.id ?? null) : shipment.carrier;
  await step(db, orderId, now, async (trx, order, at) => {
    if (order.shipping_method === "store_pickup") throw new DomainError("NOT_A_PICKUP_ORDER", `Order ${orderId} is collected in store, not shipped.`);
    const shipped = await transitionOrder(trx, order, { type: "ship" }, at, { shipped_at: at, tracking_number: tracking, carrier });
    await enqueueMail(trx, orderShippedMail(await loadOrderView(trx, orderId), settings), { now });
    await auditOrderStep(trx, actor, "order.ship", order, shipped, { trackingNumber: tracking, carrier }, now);
  });
}

/** What a bulk shipment did: the orders shipped, and those that could not be (another hand got there first, or they were never to be shipped). */
export interface BulkShipResult {
  shipped: string[];
  refused: Array<{ number: string; messageKey: string }>;
}

/**
 * Many parcels left (the order list's selection, issue 42 part 5): each order shipped on its own
 * as `shipOrder` ships one — its transaction, its e-mail, its audit entry — so one order that can
 * no longer be shipped (shipped meanwhile, cancelled, collected in a store) stops only itself.
 */
export async function shipOrders(db: Kysely<Database>, shipments: Array<{ orderId: number; carrier: CarrierId; tracking: string }>, now = new Date(), actor?: AuditActor): Promise<BulkShipResult> {
  const result: BulkShipResult = { shipped: [], refused: [] };
  for (const shipment of shipments) {
    const order = await repo.findOrder(db, shipment.orderId);
    if (!order) {
      result.refused.push({ number: `#${shipment.orderId}`, messageKey: DOMAIN_ERRORS.ORDER_NOT_FOUND.message });
      continue;
    }
    try {
      await shipOrder(db, shipment.orderId, { trackingNumber: shipment.tracking, carrier: shipment.carrier }, now, actor);
      result.shipped.push(order.number);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      result.refused.push({ number: order.number, messageKey: error.messageKey });
    }
  }
  return result;
}

/** The parcel arrived: delivered; the return window (14 working days) starts now. */
export async function deliverOrder(db: Kysely<Database>, orderId: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const settings = await getShopSettings(db);
  await step(db, orderId, now, async (trx, order, at) => {
    const delivered = await transitionOrder(trx, order, { type: "deliver" }, at, { delivered_at: at });
    await enqueueMail(trx, orderDeliveredMail(await loadOrderView(trx, orderId), returnWindowOf(delivered, settings.returnDays, now).closesAt, settings), { now });
    await auditOrderStep(trx, actor, "order.deliver", order, delivered, {}, now);
  });
}

/**
 * A pick-up order's pieces are on its store's shelf: ready, and the shopper told where, when the
 * store is open, how to get there and until when it is kept (PICKUP_COLLECT_DAYS).
 */
export async function markReadyForPickup(db: Kysely<Database>, orderId: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const settings = await getShopSettings(db);
  await step(db, orderId, now, async (trx, order, at) => {
    if (order.shipping_method !== "store_pickup") throw new DomainError("NOT_A_PICKUP_ORDER", `Order ${orderId} is not collected in store.`);
    const ready = await transitionOrder(trx, order, { type: "ready" }, at, { ready_at: at });
    // Pieces sent from the warehouse are on the store's shelf now: an uncollected order gives them back there.
    if (order.pickup_store_id !== null) await repo.moveLinesToStore(trx, orderId, order.pickup_store_id);
    const view = await loadOrderView(trx, orderId);
    // The store as it is now (its hours may have changed since the order), else as it was then.
    const live = order.pickup_store_id === null ? null : await findPickupStore(trx, order.pickup_store_id);
    const store = live && view.pickup ? { ...view.pickup, ...live } : view.pickup!;
    // The sweep cancels it PICKUP_COLLECT_DAYS after this moment: the e-mail names the last whole day before.
    const keepUntil = new Date(now.getTime() + PICKUP_COLLECT_DAYS * 86_400_000).toISOString();
    await enqueueMail(trx, orderReadyMail(view, store, keepUntil, settings), { now });
    await auditOrderStep(trx, actor, "order.ready", order, ready, { store: store.name }, now);
  });
}

/** The shopper collected a pick-up order: delivered, and the return window starts now. */
export async function markCollected(db: Kysely<Database>, orderId: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const settings = await getShopSettings(db);
  await step(db, orderId, now, async (trx, order, at) => {
    if (order.shipping_method !== "store_pickup") throw new DomainError("NOT_A_PICKUP_ORDER", `Order ${orderId} is not collected in store.`);
    const collected = await transitionOrder(trx, order, { type: "collect" }, at, { delivered_at: at });
    await enqueueMail(trx, orderCollectedMail(await loadOrderView(trx, orderId), returnWindowOf(collected, settings.returnDays, now).closesAt, settings), { now });
    await auditOrderStep(trx, actor, "order.collect", order, collected, {}, now);
  });
}

/**
 * Cancels and refunds the pick-up orders left uncollected PICKUP_COLLECT_DAYS after they were
 * ready: their pieces go back on the store's shelf, the shopper is told why. Each is the
 * staff's cancellation (a locked order, so several processes sweeping at once cancel it once).
 */
export async function cancelUncollectedOrders(db: Kysely<Database>, provider: PaymentProvider, now = new Date(), batch = 50): Promise<number> {
  const due = await repo.listUncollectedOrderIds(db, new Date(now.getTime() - PICKUP_COLLECT_DAYS * 86_400_000).toISOString(), batch);
  let cancelled = 0;
  for (const id of due) {
    try {
      await cancelOrder(db, provider, id, now, { actor: { kind: "system" }, owner: true }, { reason: "not_collected" });
      cancelled++;
    } catch (error) {
      // Collected or cancelled by the staff meanwhile (ILLEGAL_TRANSITION), or a failure: the others go on.
      log.warn("an uncollected order was not cancelled", { orderId: id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return cancelled;
}

/** An order by its number as typed ("BT000123456", any case or spacing); null when there is none. */
export function findOrderIdByNumber(db: Kysely<Database>, number: string): Promise<number | null> {
  return repo.findOrderIdByNumber(db, normalizeOrderNumber(number));
}
