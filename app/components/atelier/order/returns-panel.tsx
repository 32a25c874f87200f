import type { SubmissionResult } from "@conform-to/react";
import { StatusBadge } from "~/components/atelier/status-badge";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { ReceiveForm } from "./desk-forms";
import { Panel } from "./panel";
import type { DeskOrder, DeskOrderSteps, DeskOrderView } from "./types";

/** The order's returns, each with its lines and amounts; a requested one can be marked received. */
export function ReturnsPanel({ order, returns, can, receiptFor, receipt }: { order: DeskOrder; returns: DeskOrderView["returns"]; can: DeskOrderSteps; receiptFor: number | undefined; receipt: SubmissionResult<string[]> | undefined }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <Panel id="returns" title={t("order.returns")}>
      <ul className="divide-y divide-line text-sm">
        {returns.map((ret) => (
          <li key={ret.id} className="space-y-1 py-2" data-testid="desk-return">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">
                {t(`status.kind.${ret.kind}`)} #{ret.id}
              </span>{" "}
              <StatusBadge tone={ret.status === "refunded" ? "good" : "attention"}>{t(`status.return.${ret.status}`)}</StatusBadge>{" "}
              <span className="text-stone">{formatRomeShortDateTime(ret.createdAt, locale)}</span>
            </p>
            <ul className="text-stone">
              {ret.lines.map((l) => {
                const line = order.lines.find((x) => x.id === l.orderLineId);
                return <li key={l.orderLineId}>{t("order.returnLine", { quantity: l.quantity, name: line?.name ?? "", size: line?.size ?? "", color: line?.color ?? "" })}</li>;
              })}
            </ul>
            <p className="tabular-nums">{t("order.returnAmounts", { goods: money(ret.goodsCents), fee: money(ret.feeCents), refund: money(ret.refundCents) })}</p>
            {can.receive.includes(ret.id) ? <ReceiveForm ret={ret} lines={order.lines} result={receiptFor === ret.id ? receipt : undefined} /> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
