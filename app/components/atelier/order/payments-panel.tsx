import { HeadRow } from "~/components/atelier/kit";
import { RefundsTable } from "~/components/atelier/order-refunds";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { Panel } from "./panel";
import type { DeskOrderView } from "./types";

/** The order's payments, the provider's events about them, and its refunds. */
export function PaymentsPanel({ orderId, payments, paymentEvents, refunds }: { orderId: number } & Pick<DeskOrderView, "payments" | "paymentEvents" | "refunds">) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { t: tc } = useTranslation("checkout");
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <Panel id="payments" title={t("order.payments")}>
      {payments.length ? (
        <SmallTable
          head={[t("order.provider"), t("order.method"), t("list.status"), t("order.amount"), t("order.when")]}
          rows={payments.map((p) => [t(`order.providers.${p.provider}` as "order.providers.sandbox", { defaultValue: p.provider }), tc(`payment.${p.method}` as "payment.card", { defaultValue: p.method, count: 3 }), t(`status.paymentRow.${p.status}` as "status.paymentRow.paid"), money(p.amountCents), formatRomeShortDateTime(p.createdAt, locale)])}
          numeric={[3]}
        />
      ) : (
        <p className="text-sm text-stone">{t("order.noPayments")}</p>
      )}
      {paymentEvents.length ? (
        <>
          <h3 className="mt-4 mb-2 text-sm font-medium">{t("order.paymentEvents")}</h3>
          <SmallTable head={[t("order.when"), t("order.provider"), t("order.reference")]} rows={paymentEvents.map((e) => [formatRomeShortDateTime(e.receivedAt, locale), `${e.provider}: ${e.type}`, e.eventId])} />
        </>
      ) : null}
      {refunds.length ? (
        <>
          <h3 className="mt-4 mb-2 text-sm font-medium">{t("order.refunds")}</h3>
          <RefundsTable orderId={orderId} refunds={refunds} />
        </>
      ) : null}
    </Panel>
  );
}

function SmallTable({ head, rows, numeric = [] }: { head: string[]; rows: (string | number)[][]; numeric?: number[] }) {
  const align = (i: number) => (numeric.includes(i) ? "text-right tabular-nums" : "text-left");
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <thead className="bg-sand/60">
          <HeadRow cell="px-2 py-1 font-medium whitespace-nowrap" columns={head.map((label, i) => ({ label, numeric: numeric.includes(i), className: numeric.includes(i) ? "tabular-nums" : undefined }))} />
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t border-line">
              {row.map((cell, i) => (
                <td key={i} className={`px-2 py-1 ${align(i)} ${i === row.length - 1 ? "break-all" : ""}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
