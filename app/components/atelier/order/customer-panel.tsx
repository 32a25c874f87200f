import { Link } from "react-router";
import { type CustomerRecordView, CustomerTags } from "~/components/atelier/customer-record";
import { NoteList } from "~/components/atelier/note-list";
import { AddressBlock } from "~/components/checkout/checkout-frame";
import { useLocale } from "~/hooks/use-locale";
import { formatMoney } from "~/utils/money";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { Panel } from "./panel";
import type { DeskOrder, DeskOrderView } from "./types";

/** Who ordered (with the customer's tags, figures and latest notes), where it goes and is billed, and how it is paid and shipped. */
export function CustomerPanel({ order, record }: { order: DeskOrder; record: CustomerRecordView | null }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { t: tc } = useTranslation("checkout");
  const { t: tcu } = useTranslation("atelier-customers");
  const { href, locale } = useLocale();
  const customerPage = order.userId === null ? `${href("/atelier/customers/guest")}?${new URLSearchParams({ email: order.email })}` : href(`/atelier/customers/${order.userId}`);
  return (
    <Panel id="customer" title={t("order.customer")}>
      <p className="text-sm">
        {order.firstName} {order.lastName}
        <br />
        <a href={`mailto:${order.email}`} className="link break-all">
          {order.email}
        </a>
        <br />
        {record ? (
          <>
            <Link to={customerPage} className="link text-stone">
              {order.userId === null ? t("order.guest") : t("order.account", { id: order.userId })}
            </Link>
            <br />
            <span className="text-stone">
              {tcu("record.orders")}: {record.figures.orders} · {tcu("record.value")}: {formatMoney(record.figures.valueCents, locale)}
            </span>
          </>
        ) : (
          <span className="text-stone">{order.userId === null ? t("order.guest") : t("order.account", { id: order.userId })}</span>
        )}
      </p>
      {record?.tags.length ? (
        <div className="mt-2">
          <CustomerTags tags={record.tags} />
        </div>
      ) : null}
      {record?.notes.length ? (
        <NoteList notes={record.notes} testId="customer-notes-on-order" className="mt-3 space-y-2 text-sm" />
      ) : null}
      <div className="mt-3 grid grid-cols-2 gap-4 text-sm">
        <div>
          {order.pickup ? (
            <>
              <h3 className="mb-1 font-medium">{tc("pickup.title")}</h3>
              <PickupStoreAddress store={order.pickup} />
            </>
          ) : (
            <>
              <h3 className="mb-1 font-medium">{t("order.shipTo")}</h3>
              <AddressBlock address={order.shippingAddress} />
            </>
          )}
        </div>
        <div>
          <h3 className="mb-1 font-medium">{t("order.billTo")}</h3>
          <AddressBlock address={order.billingAddress} />
        </div>
      </div>
      <p className="mt-3 text-sm">
        {tc(`payment.${order.paymentMethod}` as "payment.card", { defaultValue: order.paymentMethod, count: 3 })} · {t(`order.shippingMethods.${order.shippingMethod}` as "order.shippingMethods.ups_standard", { defaultValue: order.shippingMethod })}
      </p>
    </Panel>
  );
}

/** The parcel's carrier and tracking number, with the carrier's tracking page. */
export function ShipmentPanel({ shipment }: { shipment: NonNullable<DeskOrderView["shipment"]> }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  return (
    <Panel id="shipment" title={t("order.shipment")}>
      <p className="text-sm">
        {t("order.tracking", { carrier: shipment.carrier ?? "—", tracking: shipment.trackingNumber })}
        {shipment.url ? (
          <>
            {" "}
            <a href={shipment.url} className="link" rel="noreferrer noopener" target="_blank">
              {t("order.trackingLink")}
            </a>
          </>
        ) : null}
      </p>
    </Panel>
  );
}
