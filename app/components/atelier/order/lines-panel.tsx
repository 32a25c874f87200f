import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { formatMoney } from "~/utils/money";
import { HeadRow } from "~/components/atelier/kit";
import { Panel } from "./panel";
import type { DeskOrder } from "./types";

/** The order's lines, with their pictures, and its totals. */
export function LinesPanel({ order, pendingRefundCents }: { order: DeskOrder; pendingRefundCents: number }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <Panel id="lines" title={t("order.lines")}>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <thead className="bg-sand/60">
            <HeadRow
              cell="px-3 py-2 font-medium"
              columns={[{ label: t("order.item") }, { label: t("order.quantity"), numeric: true }, { label: t("order.unit"), numeric: true, className: "hidden sm:table-cell" }, { label: t("order.lineTotal"), numeric: true }]}
            />
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} className="border-t border-line align-top" data-testid="desk-order-line">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <span className="flex gap-3">
                    {line.image ? (
                      <img src={line.image.src} srcSet={line.image.srcSet} sizes="48px" width={line.image.width} height={line.image.height} alt="" loading="lazy" className="h-16 w-12 shrink-0 bg-ivory object-cover" />
                    ) : (
                      <span className="h-16 w-12 shrink-0 bg-ivory" />
                    )}
                    <span className="min-w-0">
                      <span className="block font-medium">{line.name}</span>{" "}
                      <span className="block text-xs text-stone">
                        {line.color}, {line.size}
                        <span className="hidden sm:inline">
                          {" "}
                          · <span className="font-mono">{line.sku}</span>
                        </span>
                      </span>
                    </span>
                  </span>
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{money(line.unitCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
        <dt>{t("order.subtotal")}</dt>
        <dd className="text-right">{money(order.subtotalCents)}</dd>
        {order.discountCents ? (
          <>
            <dt>{order.couponCode ? `${t("order.discount")} (${order.couponCode})` : t("order.discount")}</dt>
            <dd className="text-right">−{money(order.discountCents)}</dd>
          </>
        ) : null}
        <dt>{t("order.shippingCost")}</dt>
        <dd className="text-right">{money(order.shippingCents)}</dd>
        <dt className="font-medium">{t("order.total")}</dt>
        <dd className="text-right font-medium">{money(order.totalCents)}</dd>
        <dt className="text-stone">{t("order.vat")}</dt>
        <dd className="text-right text-stone">{money(order.vatCents)}</dd>
        {order.refundedCents ? (
          <>
            <dt>{t("order.refunded")}</dt>
            <dd className="text-right">−{money(order.refundedCents)}</dd>
          </>
        ) : null}
        {pendingRefundCents ? (
          <>
            <dt>{t("order.pendingRefund")}</dt>
            <dd className="text-right">{money(pendingRefundCents)}</dd>
          </>
        ) : null}
      </dl>
    </Panel>
  );
}
