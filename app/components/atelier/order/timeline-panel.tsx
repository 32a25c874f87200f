import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { displayedPaymentStatus, type OrderPaymentStatus, type OrderStatus } from "~/modules/order/order-state";
import { withDateArticlesT } from "~/utils/date-article";
import { formatRomeShortDateTime } from "~/utils/dates";
import { Panel } from "./panel";
import type { DeskOrderView } from "./types";

/** What happened to the order, oldest first: its changes of state and the e-mails it sent. */
export function TimelinePanel({ timeline }: { timeline: DeskOrderView["timeline"] }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { locale } = useLocale();
  // "shipped/paid/shipped" as the badges' words.
  const stateWords = (state: string) => {
    const [status, payment, shipping] = state.split("/");
    const shown = displayedPaymentStatus({ status: status as OrderStatus, paymentStatus: payment as OrderPaymentStatus });
    return [t(`status.order.${status}` as "status.order.shipped"), t(`status.payment.${shown}` as "status.payment.paid"), t(`status.shipping.${shipping}` as "status.shipping.shipped")].join(" · ");
  };
  return (
    <Panel id="timeline" title={t("order.timeline")}>
      <ol className="space-y-1 text-sm" data-testid="desk-timeline">
        {timeline.map((entry, index) => (
          <li key={index} className="grid grid-cols-[9rem_1fr] gap-3">
            <time dateTime={entry.at} className="text-stone tabular-nums">
              {formatRomeShortDateTime(entry.at, locale)}
            </time>{" "}
            <span>
              {entry.kind === "placed"
                ? t("order.timelinePlaced")
                : entry.kind === "status"
                  ? `${t(`event.${entry.event}` as "event.pay", { defaultValue: entry.event })}: ${stateWords(entry.to)}`
                  : `${t("order.timelineMail", { subject: entry.subject })} (${t(`status.mail.${entry.status}` as "status.mail.sent", { defaultValue: entry.status })})`}
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
