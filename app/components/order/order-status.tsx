import { useTranslation } from "~/hooks/use-translation";
import { displayedPaymentStatus, type OrderPaymentStatus, type OrderShippingStatus, type OrderStatus } from "~/modules/order/order-state";

const TONE: Record<OrderStatus, string> = {
  pending_payment: "border-warning text-warning",
  confirmed: "border-ink text-ink",
  shipped: "border-ink text-ink",
  delivered: "border-success text-success",
  cancelled: "border-stone text-stone",
  refunded: "border-stone text-stone",
};

/** The order's three statuses as labelled terms: order, payment, shipping (and the return's, when there is one). */
export function OrderStatusBadges({
  status,
  paymentStatus,
  shippingStatus,
  returnStatus,
}: {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  shippingStatus: OrderShippingStatus;
  returnStatus?: "requested" | "received" | "refunded" | null;
}) {
  const { t } = useTranslation("orders");
  const item = (term: string, value: string, className = "border-line text-ink", showTerm = true) => (
    <div className={`inline-flex items-baseline gap-1 border px-2 py-0.5 text-xs ${className}`}>
      <dt className={showTerm ? "text-stone" : "sr-only"}>{term}:</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="flex flex-wrap gap-2" data-testid="order-statuses">
      {item(t("detail.orderStatus"), t(`status.order.${status}`), `font-medium ${TONE[status]}`, false)}
      {item(t("detail.paymentStatus"), t(`status.payment.${displayedPaymentStatus({ status, paymentStatus })}`))}
      {item(t("detail.shippingStatus"), t(`status.shipping.${shippingStatus}`))}
      {returnStatus ? item(t("detail.returnStatus"), t(`status.return.${returnStatus}`), "border-warning text-warning", false) : null}
    </dl>
  );
}
