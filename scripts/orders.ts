// `npm run orders -- COMMAND`: the owner's order tool until a back office exists. It moves orders
// along the state machine (app/modules/order/order-state.ts) through the same services the shop
// uses, so every step writes the same rows and queues the same e-mails, which this process then
// sends through the outbox (one it cannot send stays there for the shop server's worker).
//
//   list [STATUS]               the latest 50 orders (STATUS: confirmed, shipped, delivered…)
//   show ORDER                  one order: lines, statuses, returns, refunds
//   paid ORDER                  the bank transfer arrived: the order is paid
//   ship ORDER TRACKING         the parcel left with the courier's tracking number
//   deliver ORDER               the parcel arrived: the 14 working days of returns start
//   return-received ORDER       the returned parcel arrived
//   refund ORDER                refunds the received returns (or a cancelled paid order) through the provider
//
// ORDER is the order number (BT000123456, any case or spacing).
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrate.server";
import type { AuditActor } from "../app/modules/audit/audit.service.server";
import { getMailer } from "../app/modules/mail/mail.server";
import { createMailWorker } from "../app/modules/mail/mail-worker.server";
import { ORDER_STATUSES, type OrderStatus } from "../app/modules/order/order-state";
import { confirmTransfer, deliverOrder, findOrderIdByNumber, shipOrder } from "../app/modules/order/fulfilment.service.server";
import { listLatestOrders, loadOrderView } from "../app/modules/order/order.service.server";
import { listReturns, markReturnReceived, refundOrder } from "../app/modules/order/returns.service.server";
import { paymentProvider } from "../app/modules/payment/payment.service.server";
import { DomainError, isDomainError } from "../app/utils/domain-error";
import { getEnv } from "../app/utils/env.server";
import { formatMoney } from "../app/utils/money";

const USAGE = `Usage: npm run orders -- list [STATUS]
       npm run orders -- show ORDER
       npm run orders -- paid ORDER
       npm run orders -- ship ORDER TRACKING
       npm run orders -- deliver ORDER
       npm run orders -- return-received ORDER
       npm run orders -- refund ORDER
ORDER is the order number, e.g. BT000123456.`;

type Command =
  | { name: "list"; status: OrderStatus | null }
  | { name: "show" | "paid" | "deliver" | "return-received" | "refund"; order: string }
  | { name: "ship"; order: string; tracking: string };

function parseCommand(args: string[]): Command | null {
  const [name, first, second, ...extra] = args;
  if (extra.length) return null;
  if (name === "list" && second === undefined) {
    if (first === undefined) return { name, status: null };
    return (ORDER_STATUSES as readonly string[]).includes(first) ? { name, status: first as OrderStatus } : null;
  }
  if (name === "ship" && first && second) return { name, order: first, tracking: second };
  if ((name === "show" || name === "paid" || name === "deliver" || name === "return-received" || name === "refund") && first && second === undefined) return { name, order: first };
  return null;
}

const command = parseCommand(process.argv.slice(2));
if (!command) {
  console.error(USAGE);
  process.exit(2);
}

const env = getEnv();
const handle = openDatabase(env.DATABASE_URL);
const db = handle.db;
// Every step of this tool is recorded in the audit log as the command line's.
const CLI: AuditActor = { kind: "cli" };
const euro = (cents: number) => formatMoney(cents, "it");
const when = (iso: string | null) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "—");

async function orderId(number: string): Promise<number> {
  const id = await findOrderIdByNumber(db, number);
  if (id === null) throw new DomainError("ORDER_NOT_FOUND", `No order ${number}.`);
  return id;
}

async function list(status: OrderStatus | null) {
  const rows = await listLatestOrders(db, status, 50);
  if (!rows.length) console.log("No orders.");
  for (const row of rows) {
    console.log([row.number, when(row.placed_at), `${row.status}/${row.payment_status}/${row.shipping_status}`, euro(row.total_cents), row.email].join("  "));
  }
}

async function show(id: number) {
  const order = await loadOrderView(db, id);
  console.log(`${order.number}  placed ${when(order.placedAt)}  ${order.email} (${order.firstName} ${order.lastName}, ${order.locale})`);
  console.log(`status ${order.status}, payment ${order.paymentStatus} (${order.paymentMethod}), shipping ${order.shippingStatus}${order.trackingNumber ? `, tracking ${order.trackingNumber}` : ""}`);
  console.log(`shipped ${when(order.shippedAt)}, delivered ${when(order.deliveredAt)}, refunded ${euro(order.refundedCents)}`);
  for (const line of order.lines) console.log(`  #${line.id} ${line.quantity} × ${line.name}, ${line.color}, ${line.size} (${line.sku}): ${euro(line.totalCents)}`);
  console.log(`total ${euro(order.totalCents)} (subtotal ${euro(order.subtotalCents)}, discount ${euro(order.discountCents)}, shipping ${euro(order.shippingCents)})`);
  for (const ret of await listReturns(db, id)) {
    const lines = ret.lines.map((l) => `#${l.orderLineId}×${l.quantity} (${l.reason})`).join(", ");
    console.log(`  ${ret.kind} ${ret.id}: ${ret.status}, asked ${when(ret.createdAt)}, ${lines}; refund ${euro(ret.refundCents)} (fee ${euro(ret.feeCents)})`);
  }
}

try {
  await migrateToLatest(db);
  const mailWorker = createMailWorker(db, getMailer(env));
  switch (command.name) {
    case "list":
      await list(command.status);
      break;
    case "show":
      await show(await orderId(command.order));
      break;
    case "paid":
      await confirmTransfer(db, await orderId(command.order), new Date(), CLI);
      console.log(`${command.order}: paid; the confirmation e-mail is queued.`);
      break;
    case "ship":
      await shipOrder(db, await orderId(command.order), command.tracking, new Date(), CLI);
      console.log(`${command.order}: shipped; the e-mail with the tracking number is queued.`);
      break;
    case "deliver":
      await deliverOrder(db, await orderId(command.order), new Date(), CLI);
      console.log(`${command.order}: delivered; returns are open for 14 working days.`);
      break;
    case "return-received": {
      const ids = await markReturnReceived(db, await orderId(command.order), new Date(), { actor: CLI });
      console.log(`${command.order}: ${ids.length} ${ids.length === 1 ? "return" : "returns"} received; refund with: npm run orders -- refund ${command.order}`);
      break;
    }
    case "refund": {
      const id = await orderId(command.order);
      const made = await refundOrder(db, paymentProvider(env), id, new Date(), { actor: CLI, owner: true });
      const order = await loadOrderView(db, id);
      console.log(`${command.order}: ${made} ${made === 1 ? "refund" : "refunds"} made; ${euro(order.refundedCents)} refunded in all (payment ${order.paymentStatus}).`);
      if (order.paymentMethod === "bankTransfer") console.log("Paid by bank transfer: send the amount back by transfer, then record it (date and CRO/TRN) on the order's page in Atelier.");
      const waiting = await db.selectFrom("refunds").select("id").where("order_id", "=", id).where("status", "=", "pending").execute();
      if (waiting.length) console.log(`${waiting.length} refund(s) wait for the payment provider: the shop server retries every minute.`);
      break;
    }
  }
  if (command.name !== "list" && command.name !== "show") {
    const { sent, retrying } = await mailWorker.runOnce();
    console.log(`${sent} e-mail(s) sent${retrying ? `, ${retrying} left in the outbox for the shop server to retry` : ""}.`);
  }
} catch (error) {
  if (!isDomainError(error)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
