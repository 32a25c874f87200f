import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { markTransferPaid } from "~/modules/payment/payment.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import { type CarrierId, carrierByName } from "./carriers";
import { orderConfirmationMail, orderDeliveredMail, orderShippedMail } from "./order-mail.server";
import { auditOrderStep } from "./order-audit.server";
import { lockOrder, type OrderRow, transitionOrder } from "./order-transition.server";
import * as repo from "./order.repository.server";
import { loadOrderView } from "./order.service.server";
import { normalizeOrderNumber, returnWindowOf } from "./returns.service.server";

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
    const shipped = await transitionOrder(trx, order, { type: "ship" }, at, { shipped_at: at, tracking_number: tracking, carrier });
    await enqueueMail(trx, orderShippedMail(await loadOrderView(trx, orderId), settings), { now });
    await auditOrderStep(trx, actor, "order.ship", order, shipped, { trackingNumber: tracking, carrier }, now);
  });
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

/** An order by its number as typed ("BT000123456", any case or spacing); null when there is none. */
export function findOrderIdByNumber(db: Kysely<Database>, number: string): Promise<number | null> {
  return repo.findOrderIdByNumber(db, normalizeOrderNumber(number));
}
