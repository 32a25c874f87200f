import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { RefundAmountForm } from "~/components/atelier/order-refunds";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { ActionForm, OpenReturnForm, ShipForm } from "./desk-forms";
import { Panel } from "./panel";
import type { DeskOrder, DeskOrderSteps } from "./types";

/** The steps the order's state allows, each a form or a link to its confirmation page. */
export function ActionsPanel({
  orderId,
  can,
  lines,
  defaultCarrier,
  refundLeftCents,
  resultFor,
}: {
  orderId: number;
  can: DeskOrderSteps;
  lines: DeskOrder["lines"];
  defaultCarrier: string;
  refundLeftCents: number;
  resultFor: (intent: string) => SubmissionResult<string[]> | undefined;
}) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { href } = useLocale();
  return (
    <Panel id="actions" title={t("actions.title")}>
      <div className="space-y-4">
        {can.paid ? <ActionForm intent="paid" result={resultFor("paid")} label={t("actions.markPaid")} /> : null}
        {can.ship ? <ShipForm result={resultFor("ship")} defaultCarrier={defaultCarrier} /> : null}
        {can.deliver ? <ActionForm intent="deliver" result={resultFor("deliver")} label={t("actions.deliver")} /> : null}
        {can.ready ? <ActionForm intent="ready" result={resultFor("ready")} label={t("actions.ready")} /> : null}
        {can.collect ? <ActionForm intent="collect" result={resultFor("collect")} label={t("actions.collect")} /> : null}
        {can.refund ? <RefundAmountForm orderId={orderId} leftCents={refundLeftCents} /> : null}
        {can.refundReturns ? (
          <Link to={href(`/atelier/orders/${orderId}/refund?due=returns`)} className="btn btn-primary w-full">
            {t("actions.refundReturn")}
          </Link>
        ) : null}
        {can.openReturn ? <OpenReturnForm lines={lines} result={resultFor("openReturn")} /> : null}
        {can.cancel ? (
          <Link to={href(`/atelier/orders/${orderId}/cancel`)} className="btn btn-secondary w-full" data-testid="desk-cancel">
            {t("actions.cancelLink")}
          </Link>
        ) : null}
        {!can.paid && !can.ship && !can.deliver && !can.ready && !can.collect && !can.refund && !can.refundReturns && !can.openReturn && !can.cancel ? <p className="text-sm text-stone">{t("actions.none")}</p> : null}
      </div>
    </Panel>
  );
}
