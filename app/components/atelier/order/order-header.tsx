import { Link } from "react-router";
import { OrderDeskBadges } from "~/components/atelier/order-desk-badges";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { formatRomeShortDateTime } from "~/utils/dates";
import type { DeskOrder } from "./types";

/** The order's number, when it was placed, its state, and the packing slip. */
export function OrderHeader({ order }: { order: DeskOrder }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { href, locale } = useLocale();
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4">
      <div className="min-w-0 space-y-2">
        <Link to={href("/atelier/orders")} className="link text-sm">
          ← {t("order.back")}
        </Link>
        <h1 id="page-title" className="font-mono text-3xl">
          {order.number}
        </h1>
        <p className="text-sm text-stone">{t("order.placed", { date: formatRomeShortDateTime(order.placedAt, locale) })}</p>
        <OrderDeskBadges status={order.status} paymentStatus={order.paymentStatus} shippingStatus={order.shippingStatus} />
      </div>
      <Link to={href(`/atelier/orders/${order.id}/packing-slip`)} className="btn btn-secondary">
        {t("order.packingSlip")}
      </Link>
    </header>
  );
}
