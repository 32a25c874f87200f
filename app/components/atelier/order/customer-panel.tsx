import { AddressBlock } from "~/components/checkout/checkout-frame";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { Panel } from "./panel";
import type { DeskOrder, DeskOrderView } from "./types";

/** Who ordered, where it goes and is billed, and how it is paid and shipped. */
export function CustomerPanel({ order }: { order: DeskOrder }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { t: tc } = useTranslation("checkout");
  return (
    <Panel id="customer" title={t("order.customer")}>
      <p className="text-sm">
        {order.firstName} {order.lastName}
        <br />
        <a href={`mailto:${order.email}`} className="link break-all">
          {order.email}
        </a>
        <br />
        <span className="text-stone">{order.userId === null ? t("order.guest") : t("order.account", { id: order.userId })}</span>
      </p>
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
