import type { RouterContextProvider } from "react-router";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type OrderView, loadOrderView } from "~/modules/order/order.service.server";
import { pageError } from "~/utils/form.server";
import { requireIdParam } from "~/utils/id-param";

// The order's sub-pages (/atelier/orders/:id/cancel, refund, invoice, refunds/:refundId, credit
// notes) all begin the same way: the order's id from the address, and the order itself. One
// helper, so a missing or forged order is the one 404 of the error table (ORDER_NOT_FOUND)
// everywhere, never a route's own spelling.

/** The order an order sub-page's address names, or the error page's 404. */
export async function orderOfPage(context: Readonly<RouterContextProvider>, params: { id?: string }): Promise<{ orderId: number; order: OrderView }> {
  const { db } = getAtelierContext(context);
  const orderId = requireIdParam(params.id);
  const order = await loadOrderView(db, orderId).catch(pageError);
  return { orderId, order };
}
