import type { TFunction } from "i18next";
import type { Namespace } from "~/i18n/resources";
import { RETURN_REASONS } from "~/modules/order/return-refund";
import type { ReportWords } from "./report-format";

/** The words a report's cells need, in the viewer's language (the page and the CSV alike). */
export function reportWords(tns: <N extends Namespace>(ns: N) => TFunction<N>): ReportWords {
  const t = tns("atelier-dashboard");
  const orders = tns("orders");
  return {
    none: t("reports.labels.none"),
    dash: t("reports.noChange"),
    reasons: Object.fromEntries(RETURN_REASONS.map((reason) => [reason, orders(`return.reasons.${reason}`)])),
  };
}
