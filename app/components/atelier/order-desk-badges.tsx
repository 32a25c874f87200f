import { type BadgeTone, StatusBadge } from "~/components/atelier/status-badge";
import { useTranslation } from "~/hooks/use-translation";
import { type DisplayedPaymentStatus, displayedPaymentStatus, type OrderPaymentStatus, type OrderShippingStatus, type OrderStatus } from "~/modules/order/order-state";

// The order desk's status badges: the words carry the meaning, the tone repeats it.

const ORDER_TONE: Record<OrderStatus, BadgeTone> = { pending_payment: "attention", confirmed: "attention", shipped: "neutral", delivered: "good", cancelled: "bad", refunded: "neutral" };
const PAYMENT_TONE: Record<DisplayedPaymentStatus, BadgeTone> = { pending: "neutral", awaiting_transfer: "attention", failed: "bad", paid: "good", partially_refunded: "neutral", refunded: "neutral", not_charged: "neutral", to_refund: "attention" };
const SHIPPING_TONE: Record<OrderShippingStatus, BadgeTone> = { not_shipped: "attention", ready_for_pickup: "neutral", shipped: "neutral", delivered: "good" };

export function OrderDeskBadges({ status, paymentStatus, shippingStatus }: { status: OrderStatus; paymentStatus: OrderPaymentStatus; shippingStatus: OrderShippingStatus }) {
  const { t } = useTranslation("atelier-orders");
  // The payment's badge follows the order's state: a cancelled order is "not charged", not "awaiting a transfer".
  const payment = displayedPaymentStatus({ status, paymentStatus });
  return (
    <span className="flex flex-wrap gap-1">
      {/* Spaces between the badges: a text browser (no styles) prints their words apart. */}
      <StatusBadge tone={ORDER_TONE[status]}>{t(`status.order.${status}`)}</StatusBadge>{" "}
      <StatusBadge tone={PAYMENT_TONE[payment]}>{t(`status.payment.${payment}`)}</StatusBadge>{" "}
      {/* The shipping status only where it says more than the order's (confirmed: to ship; refunded: where the parcel is). */}
      {status === "confirmed" || status === "refunded" ? <StatusBadge tone={SHIPPING_TONE[shippingStatus]}>{t(`status.shipping.${shippingStatus}`)}</StatusBadge> : null}
    </span>
  );
}
