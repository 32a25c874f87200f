import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { paymentsOfOrders } from "~/modules/payment/payment.service.server";
import { listOrderIdsOfUser, listRefundsOfOrders, listWithdrawalsOfOrders } from "./order.repository.server";
import { loadOrderView } from "./order.service.server";
import { listReturns } from "./returns.service.server";

// An account's orders as the shopper's data (GDPR arts. 15 and 20): everything the shop keeps of
// each order placed from the account, lines, addresses, invoice request, payments, returns,
// refunds and withdrawals. Orders placed as a guest with the same address are not included: an
// account's address is not verified, and a guest order is the guest's
// (docs/decisions/018-shoppers-data.md).

/** Every order of an account, oldest first, with all that hangs on it. */
export async function accountOrdersForExport(db: Kysely<Database>, userId: number) {
  const ids = await listOrderIdsOfUser(db, userId);
  const [orders, returns, payments, refunds, withdrawals] = await Promise.all([
    Promise.all(ids.map((id) => loadOrderView(db, id))),
    Promise.all(ids.map((id) => listReturns(db, id))),
    paymentsOfOrders(db, ids),
    listRefundsOfOrders(db, ids),
    listWithdrawalsOfOrders(db, ids),
  ]);
  return orders.map((order, i) => {
    const { id, userId: _account, ...kept } = order;
    return {
      ...kept,
      payments: payments.filter((p) => p.orderId === id).map(({ orderId: _order, ...p }) => p),
      returns: returns[i],
      refunds: refunds
        .filter((r) => r.order_id === id)
        .map((r) => ({ returnId: r.return_id, amountCents: r.amount_cents, status: r.status, createdAt: r.created_at, doneAt: r.done_at })),
      withdrawals: withdrawals.filter((w) => w.order_id === id).map((w) => ({ email: w.email, outcome: w.outcome, returnId: w.return_id, receivedAt: w.received_at })),
    };
  });
}
