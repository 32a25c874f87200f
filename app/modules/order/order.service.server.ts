import { randomInt } from "node:crypto";
import { type Kysely, NoResultError, type Selectable, type Transaction } from "kysely";
import type { Database, Locale, OrderLinesTable, OrdersTable, OrderStatus } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { claimDiscountCode, getBag, lockBagForOrder, recordRedemption, releaseRedemptions, takeOrderedLines } from "~/modules/bag/bag.service.server";
import { returnStock, takeStock } from "~/modules/catalog/stock.service.server";
import type { ResponsiveImage } from "~/modules/media/drawn-image";
import { productDrawing } from "~/modules/media/media-urls";
import type { CheckoutAddress, InvoiceRequest } from "~/modules/checkout/checkout.schema";
import { type Checkouter, type CheckoutState, bagForCheckout, firstIncompleteStep, getCheckout, lockCheckoutForOrder, renewOrderKey } from "~/modules/checkout/checkout.service.server";
import { type PickupStore, findPickupStore, returnStoreStock, takeStoreStock } from "~/modules/store/store-pickup.service.server";
import { wakeMailWorkers } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { cancelOrderPayments, openPayment } from "~/modules/payment/payment.service.server";
import { listShownProductPhotos, photosForColor } from "~/modules/media/product-photos.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import type { PaymentMethod, ShopSettings } from "~/modules/settings/shop-settings";
import { DomainError } from "~/utils/domain-error";
import { log } from "~/utils/log.server";
import { orderCancelledMail, orderConfirmationMail } from "./order-mail.server";
import { initialOrderState } from "./order-state";
import type { OrderLineView, OrderPickup, OrderView } from "./order-view";
import { lineDiscounts } from "./return-refund";
import { tryTransitionOrder } from "./order-transition.server";
import * as repo from "./order.repository.server";

// Placing an order: one transaction re-reads the bag, re-prices it, re-checks the code, takes
// the stock with conditional updates (never below zero, whatever runs at the same moment) and
// writes the order with copies of everything it must keep. The review form's one-time key makes
// a double submit one order. An unpaid order holds its stock until `hold_until`; the sweep then
// cancels it and gives the stock back.

/** How long an order paid through a provider holds its stock unpaid. */
export const PAYMENT_HOLD_MS = 30 * 60_000;

export interface OrderContact {
  email: string;
  firstName: string;
  lastName: string;
}

export interface PlaceOrderInput {
  bagId: number;
  /** The session placing it: a guest sees the order through it. */
  sessionId: string | null;
  who: Exclude<Checkouter, { kind: "anonymous" }>;
  contact: OrderContact;
  locale: Locale;
  orderKey: string;
  /** The total the review page showed: the order is placed only if it still is the total. */
  shownTotalCents: number;
}

export interface PlacedOrder {
  orderId: number;
  /** False when the key had already placed this order (a double submit). */
  created: boolean;
  paymentMethod: PaymentMethod;
}

export interface OrderViewer {
  userId: number | null;
  sessionId: string | null;
}

type OrderRow = Selectable<OrdersTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** "BT" and nine digits: short enough to read out on the phone, too many to guess. */
const orderNumber = () => `BT${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

export function ownsOrder(order: Pick<OrderRow, "user_id" | "session_id">, viewer: OrderViewer): boolean {
  return (order.user_id !== null && order.user_id === viewer.userId) || (order.session_id !== null && order.session_id === viewer.sessionId);
}

async function orderPlacedWithKey(db: Db, key: string, viewer: OrderViewer): Promise<PlacedOrder | null> {
  const order = await repo.findOrderByKey(db, key);
  if (!order) return null;
  // Somebody else's key (it cannot be guessed: a copied form) finds nothing.
  if (!ownsOrder(order, viewer)) throw new DomainError("ORDER_NOT_FOUND", "The key placed another shopper's order.");
  return { orderId: order.id, created: false, paymentMethod: order.payment_method as PaymentMethod };
}

function holdUntil(method: PaymentMethod, settings: ShopSettings, now: Date): string {
  const ms = method === "bankTransfer" ? settings.bankTransfer.holdDays * 86_400_000 : PAYMENT_HOLD_MS;
  return new Date(now.getTime() + ms).toISOString();
}

/**
 * Places the order of a checkout whose steps are complete. Throws TOTAL_MISMATCH when the bag's
 * total is no longer the one shown, OUT_OF_STOCK when a size sold out meanwhile (nothing is
 * taken), INVALID_COUPON when the code was used up meanwhile, EMPTY_BAG, CHECKOUT_INCOMPLETE.
 */
export async function placeOrder(db: Kysely<Database>, input: PlaceOrderInput, now = new Date()): Promise<PlacedOrder> {
  // An order number drawn twice (one in a billion per order) fails its unique index and rolls the
  // transaction back: drawing again is the whole answer.
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOrderOnce(db, input, now);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error) && /number/.test(String((error as { constraint?: string }).constraint ?? (error as Error).message))) continue;
      throw error;
    }
  }
}

async function placeOrderOnce(db: Kysely<Database>, input: PlaceOrderInput, now: Date): Promise<PlacedOrder> {
  const viewer = { userId: input.who.kind === "account" ? input.who.userId : null, sessionId: input.sessionId };
  const again = await orderPlacedWithKey(db, input.orderKey, viewer);
  if (again) return again;
  const at = now.toISOString();
  const settings = await getShopSettings(db);
  try {
    const placed = await db.transaction().execute(async (trx): Promise<PlacedOrder> => {
      // The first statement writes: it locks this checkout's row on PostgreSQL (a second submit
      // with the same key waits here, then finds the key spent) and takes SQLite's write lock
      // up front (a read first could not upgrade past another process's commit).
      if (!(await lockCheckoutForOrder(trx, input.bagId, input.orderKey, at))) {
        const placed = await orderPlacedWithKey(trx, input.orderKey, viewer);
        if (placed) return placed;
        throw new DomainError("CHECKOUT_INCOMPLETE", "The review form's key is not this checkout's (a stale page).");
      }
      // The bag's row next, before its lines and the stock: a merge into this bag (another device
      // signing in) locks the bag, then its lines, and the same order here keeps the two from
      // deadlocking; the merge waits, or the order sees the merged lines and their new total.
      await lockBagForOrder(trx, input.bagId, at);
      const checkout = (await getCheckout(trx, input.bagId))!;
      if (firstIncompleteStep(checkout, input.who, settings) !== "review") throw new DomainError("CHECKOUT_INCOMPLETE", "A step is incomplete.");
      const bag = bagForCheckout(await getBag(trx, input.locale, input.bagId, now), checkout);
      if (!bag.lines.length) throw new DomainError("EMPTY_BAG", "The bag is empty.");
      if (bag.checkoutBlocked) throw new DomainError("OUT_OF_STOCK", "A line is sold out or unavailable.");
      if (bag.totals.totalCents !== input.shownTotalCents) {
        throw new DomainError("TOTAL_MISMATCH", `The review showed ${input.shownTotalCents}, the bag is ${bag.totals.totalCents}.`);
      }
      const discount = bag.discount && bag.discount.problem === null ? bag.discount : null;
      const userId = input.who.kind === "account" ? input.who.userId : null;
      const codeId = discount ? await claimDiscountCode(trx, discount.code, { email: input.contact.email, userId }) : null;
      // A pick-up order takes its pieces from the store's shelf when it promised them there, else
      // (by transfer) from the warehouse, as a delivery does.
      const pickup = checkout.pickup ? { store: await findPickupStore(trx, checkout.pickup.storeId), byTransfer: checkout.pickup.byTransfer } : null;
      if (checkout.shippingMethod === "store_pickup" && !pickup?.store) throw new DomainError("PICKUP_STORE_UNKNOWN", "The pick-up store takes no pick-up orders any more.");
      const fromStore = pickup && !pickup.byTransfer ? pickup.store!.id : null;
      if (fromStore !== null) await takeStoreStock(trx, fromStore, bag.lines, at);
      else await takeStock(trx, bag.lines, at);

      const method = checkout.paymentMethod!;
      const order = await insertOrder(trx, {
        input,
        checkout,
        bag,
        pickup: pickup ? { store: pickup.store!, byTransfer: pickup.byTransfer } : null,
        fromStore,
        discountCode: discount?.code ?? null,
        method,
        holdUntil: holdUntil(method, settings, now),
        at,
      });
      if (codeId !== null) await recordRedemption(trx, { codeId, email: input.contact.email, userId, orderId: order.id, at });
      await openPayment(trx, { orderId: order.id, method, amountCents: order.total_cents, at });
      // The bag's lines are now the order's; the checkout keeps the shopper's details for next time.
      // Only the lines ordered: one added in another tab meanwhile stays in the bag.
      await takeOrderedLines(trx, input.bagId, bag.lines.map((line) => line.id), at);
      await renewOrderKey(trx, checkout.id, now);
      if (method === "bankTransfer") await enqueueMail(trx, orderConfirmationMail(await loadOrderView(trx, order.id), settings), { now });
      return { orderId: order.id, created: true, paymentMethod: method };
    });
    if (placed.created && placed.paymentMethod === "bankTransfer") wakeMailWorkers();
    return placed;
  } catch (error) {
    // Two submits that both passed the first check: the key's unique index let one through.
    if (isUniqueViolation(error)) {
      const placed = await orderPlacedWithKey(db, input.orderKey, viewer);
      if (placed) return placed;
    }
    throw error;
  }
}

async function insertOrder(
  trx: Transaction<Database>,
  args: {
    input: PlaceOrderInput;
    checkout: CheckoutState;
    bag: Awaited<ReturnType<typeof getBag>>;
    pickup: { store: PickupStore; byTransfer: boolean } | null;
    /** The store whose shelf the lines were taken from; null: the warehouse. */
    fromStore: number | null;
    discountCode: string | null;
    method: PaymentMethod;
    holdUntil: string;
    at: string;
  },
): Promise<OrderRow> {
  const { input, checkout, bag, at } = args;
  const state = initialOrderState(args.method === "bankTransfer");
  const order = await repo.insertOrder(trx, {
      number: orderNumber(),
      idempotency_key: input.orderKey,
      user_id: input.who.kind === "account" ? input.who.userId : null,
      session_id: input.sessionId,
      email: input.contact.email,
      first_name: input.contact.firstName,
      last_name: input.contact.lastName,
      locale: input.locale,
      status: state.status,
      payment_status: state.paymentStatus,
      shipping_status: state.shippingStatus,
      payment_method: args.method,
      shipping_method: checkout.shippingMethod!,
      subtotal_cents: bag.totals.subtotalCents,
      discount_cents: bag.totals.discountCents,
      shipping_cents: bag.totals.shippingCents,
      total_cents: bag.totals.totalCents,
      vat_cents: bag.totals.vatCents,
      coupon_code: args.discountCode,
      shipping_address: JSON.stringify(checkout.shipping),
      billing_address: JSON.stringify(checkout.billing ?? checkout.shipping),
      invoice: checkout.invoice ? JSON.stringify(checkout.invoice) : null,
      pickup_store_id: args.pickup?.store.id ?? null,
      pickup_store: args.pickup ? JSON.stringify({ ...args.pickup.store, byTransfer: args.pickup.byTransfer } satisfies OrderPickup) : null,
      hold_until: args.holdUntil,
      placed_at: at,
      paid_at: null,
      cancelled_at: null,
      updated_at: at,
  });
  const discounts = lineDiscounts(
    bag.lines.map((line) => ({ id: line.id, totalCents: line.totalCents })),
    bag.discount && bag.discount.problem === null ? bag.discount.eligibleLineIds : [],
    bag.totals.discountCents,
  );
  await repo.insertOrderLines(
    trx,
    bag.lines.map((line) => ({
        order_id: order.id,
        variant_id: line.variantId,
        product_id: line.productId,
        sku: line.sku,
        product_name: line.name,
        size: line.size,
        color_name: line.color.name,
        unit_cents: line.unitCents,
        quantity: line.quantity,
        total_cents: line.totalCents,
        discount_cents: discounts.get(line.id) ?? 0,
        store_id: args.fromStore,
      })),
  );
  return order;
}

export type { OrderLineView, OrderView } from "./order-view";

function toLineView(line: Selectable<OrderLinesTable>): OrderLineView {
  return { id: line.id, variantId: line.variant_id, productId: line.product_id, sku: line.sku, name: line.product_name, size: line.size, color: line.color_name, unitCents: line.unit_cents, quantity: line.quantity, totalCents: line.total_cents };
}

function parsePickup(value: string | null): OrderPickup | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as OrderPickup;
  } catch {
    return null;
  }
}

export async function loadOrderView(db: Db, orderId: number): Promise<OrderView> {
  // No such order is the error table's ORDER_NOT_FOUND (every order page's 404), not the query's own error.
  const order = await repo.findOrderOrThrow(db, orderId).catch((error: unknown) => Promise.reject(error instanceof NoResultError ? new DomainError("ORDER_NOT_FOUND", `No order ${orderId}.`) : error));
  const lines = await repo.listOrderLines(db, orderId);
  return {
    id: order.id,
    userId: order.user_id,
    number: order.number,
    email: order.email,
    firstName: order.first_name,
    lastName: order.last_name,
    locale: order.locale,
    status: order.status,
    paymentStatus: order.payment_status,
    shippingStatus: order.shipping_status,
    paymentMethod: order.payment_method as PaymentMethod,
    shippingMethod: order.shipping_method,
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    shippingCents: order.shipping_cents,
    totalCents: order.total_cents,
    vatCents: order.vat_cents,
    couponCode: order.coupon_code,
    shippingAddress: JSON.parse(order.shipping_address) as CheckoutAddress,
    billingAddress: JSON.parse(order.billing_address) as CheckoutAddress,
    invoice: order.invoice ? (JSON.parse(order.invoice) as InvoiceRequest) : null,
    holdUntil: order.hold_until,
    placedAt: order.placed_at,
    paidAt: order.paid_at,
    cancelledAt: order.cancelled_at,
    shippedAt: order.shipped_at,
    deliveredAt: order.delivered_at,
    trackingNumber: order.tracking_number,
    carrier: order.carrier,
    refundedCents: order.refunded_cents,
    pickup: parsePickup(order.pickup_store),
    readyAt: order.ready_at,
    lines: lines.map(toLineView),
  };
}

/**
 * The order for whoever may see it: its account, or the session that placed it (a guest).
 * Anyone else, and any id that does not exist, gets the same ORDER_NOT_FOUND (a 404).
 */
export async function getOrderFor(db: Kysely<Database>, orderId: number | null, viewer: OrderViewer, locale?: Locale): Promise<OrderView> {
  if (orderId === null) throw new DomainError("ORDER_NOT_FOUND", "No such order id.");
  const order = await repo.findOrderOwner(db, orderId);
  if (!order || !ownsOrder(order, viewer)) throw new DomainError("ORDER_NOT_FOUND", `Order ${orderId} is not the viewer's.`);
  const view = await loadOrderView(db, orderId);
  return locale && locale !== view.locale ? inLanguage(db, view, locale) : view;
}

/**
 * An order's lines named in the viewer's language (issue 37): the product's and the colour's
 * names in that language where the product still exists; a line whose product left the shop
 * keeps the names it was bought with. The order itself (its mails, its invoice) keeps its own.
 */
async function inLanguage(db: Kysely<Database>, view: OrderView, locale: Locale): Promise<OrderView> {
  const names = new Map((await repo.listOrderLineNames(db, view.id, locale)).map((row) => [row.id, row]));
  return {
    ...view,
    lines: view.lines.map((line) => {
      const named = names.get(line.id);
      return { ...line, name: named?.productName ?? line.name, color: named?.colorName ?? line.color };
    }),
  };
}

/** The account's or guest session's most recent order (spec §3 Auth state: lastOrder). */
export async function findLastOrderId(db: Kysely<Database>, viewer: OrderViewer): Promise<number | null> {
  if (viewer.userId === null && viewer.sessionId === null) return null;
  return repo.findLastOrderId(db, viewer.userId !== null ? { userId: viewer.userId } : { sessionId: viewer.sessionId! });
}

/**
 * Cancels one unpaid order whose hold is over and gives its stock back. The order's row is locked
 * first, so of several processes sweeping at once (or a payment confirmed at the same moment)
 * exactly one acts on it.
 */
export async function cancelExpiredOrder(db: Kysely<Database>, orderId: number, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const mailed = await db.transaction().execute(async (trx) => {
    const cancelled = await tryTransitionOrder(trx, orderId, { type: "expire" }, at, { cancelled_at: at }, (order) => order.hold_until <= at);
    if (!cancelled) return null;
    await releaseOrder(trx, orderId, at);
    // A shopper told to pay by transfer is told the order is off (issue 37): not to send it now.
    // An abandoned card payment was never confirmed to the shopper: nothing to take back.
    if (cancelled.payment_status !== "awaiting_transfer") return false;
    await enqueueMail(trx, orderCancelledMail(await loadOrderView(trx, orderId), { reason: "payment_not_received", message: null, refundCents: 0, byTransfer: true }), { now });
    return true;
  });
  if (mailed) wakeMailWorkers();
  return mailed !== null;
}

/**
 * What a cancelled order held goes back: its stock, its discount code's use, and its unpaid
 * payments (cancelled: one confirmed later is refunded). Runs in the cancelling transaction.
 */
export async function releaseOrder(trx: Transaction<Database>, orderId: number, at: string): Promise<void> {
  const lines = await repo.listOrderLineStock(trx, orderId);
  // Each piece goes back where it was taken from: a store's shelf, or the warehouse.
  await returnStock(trx, lines.filter((line) => line.storeId === null), at);
  await returnStoreStock(trx, lines.flatMap((line) => (line.storeId === null ? [] : [{ storeId: line.storeId, variantId: line.variantId, quantity: line.quantity }])), at);
  await releaseRedemptions(trx, orderId);
  await cancelOrderPayments(trx, orderId, at);
}

/** Cancels every unpaid order past its hold (a batch at a time); safe with several app processes. */
export async function sweepExpiredOrders(db: Kysely<Database>, now = new Date(), batch = 100): Promise<number> {
  const due = await repo.listExpiredOrderIds(db, now.toISOString(), batch);
  let count = 0;
  for (const id of due) {
    // One order that fails (a deadlock victim, a lost connection) does not hold up the others.
    try {
      if (await cancelExpiredOrder(db, id, now)) count++;
    } catch (error) {
      log.warn("an expired order could not be cancelled", { orderId: id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return count;
}

/** Orders per page of the account's order history. */
export const ORDERS_PER_PAGE = 10;

export interface OrderSummary {
  id: number;
  number: string;
  placedAt: string;
  totalCents: number;
  status: OrdersTable["status"];
  paymentStatus: OrdersTable["payment_status"];
  shippingStatus: OrdersTable["shipping_status"];
  itemCount: number;
}

/** One page of the account's orders, newest first, with how many pages there are. */
export async function listAccountOrders(db: Kysely<Database>, userId: number, page: number): Promise<{ orders: OrderSummary[]; page: number; pageCount: number; total: number }> {
  const total = await repo.countOrdersOfUser(db, userId);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await repo.listOrderSummariesOfUser(db, userId, { limit: ORDERS_PER_PAGE, offset: (current - 1) * ORDERS_PER_PAGE });
  return { orders: rows.map((row) => ({ ...row, itemCount: Number(row.itemCount ?? 0) })), page: current, pageCount, total };
}

/** A line's picture in an order's summary: its product's photograph in the line's colour, else the drawing. */
export interface OrderPicture extends ResponsiveImage {
  alt: string;
}

/** How many pictures an order's summary shows; the rest are counted. */
export const ORDER_PICTURES = 4;

/**
 * The pictures of the orders' lines (one per product and colour, at most ORDER_PICTURES each), by
 * order: two queries however many orders, for the account's list and its overview.
 */
export async function orderPictures(db: Kysely<Database>, orderIds: number[], locale: Locale): Promise<Map<number, OrderPicture[]>> {
  const byOrder = new Map<number, OrderPicture[]>();
  if (!orderIds.length) return byOrder;
  const rows = await repo.listOrderLineProducts(db, orderIds, locale);
  const photos = await listShownProductPhotos(db, [...new Set(rows.map((row) => row.productId))], locale);
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.orderId}:${row.productId}:${row.colorCode}`;
    const pictures = byOrder.get(row.orderId) ?? [];
    if (seen.has(key) || pictures.length >= ORDER_PICTURES) continue;
    seen.add(key);
    pictures.push(linePicture(row, photos));
    byOrder.set(row.orderId, pictures);
  }
  return byOrder;
}

type LinePictureRow = Awaited<ReturnType<typeof repo.listOrderLineProducts>>[number];

/** One line's picture: its product's photograph in the line's colour, else the drawing in that colour. */
function linePicture(row: LinePictureRow, photos: Awaited<ReturnType<typeof listShownProductPhotos>>): OrderPicture {
  const photo = photosForColor(photos.get(row.productId), row.colorCode)[0];
  const image = photo?.image ?? productDrawing({ id: row.productId, name: row.name, garment: row.garment }, row.hex);
  return { ...image, alt: photo?.alt || `${row.name}, ${row.colorName}` };
}

/** The account's latest order with its pictures and how many product lines it has, or null before the first. */
export async function latestAccountOrder(db: Kysely<Database>, userId: number, locale: Locale): Promise<(OrderSummary & { pictures: OrderPicture[] }) | null> {
  const [row] = await repo.listOrderSummariesOfUser(db, userId, { limit: 1, offset: 0 });
  if (!row) return null;
  const pictures = await orderPictures(db, [row.id], locale);
  return { ...row, itemCount: Number(row.itemCount ?? 0), pictures: pictures.get(row.id) ?? [] };
}

/**
 * Each order line's product, picture (as in `orderPictures`: the photograph in the line's colour,
 * else the drawing) and product page data, by line id, in the reader's language; a line whose
 * product left the catalogue is missing.
 */
export async function orderLineProducts(db: Kysely<Database>, orderId: number, locale: Locale) {
  const rows = await repo.listOrderLineProducts(db, [orderId], locale);
  const photos = await listShownProductPhotos(db, [...new Set(rows.map((row) => row.productId))], locale);
  return new Map(rows.map((row) => [row.id, { ...row, picture: linePicture(row, photos) }]));
}

/** The latest orders, newest first, of one status or all (the owner's command line). */
export function listLatestOrders(db: Kysely<Database>, status: OrderStatus | null, limit = 50) {
  return repo.listLatestOrders(db, status, limit);
}

/**
 * An erased account's orders stay, as the law requires, but no longer name the account (their
 * copies of the contact and addresses are what the tax records need; decision 018).
 */
export function detachOrdersFromAccount(db: Kysely<Database>, userId: number): Promise<void> {
  return repo.unlinkOrdersOfUser(db, userId);
}
