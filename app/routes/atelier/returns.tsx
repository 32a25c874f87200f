import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/returns";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { ReceivedQuantity } from "~/components/atelier/order/desk-forms";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { StatusBadge } from "~/components/atelier/status-badge";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { DESK_MAX_PAGE } from "~/modules/order/order-desk.schema";
import { openReturnsPage } from "~/modules/order/order-desk.service.server";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/returns: the returns and withdrawals still open (asked, or received and not yet
// refunded), oldest first. Each links to its order's page, where its steps are (receive, refund).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const requested = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isSafeInteger(requested) && requested >= 1 && requested <= DESK_MAX_PAGE ? requested : 1;
  return { ...(await openReturnsPage(db, page)), title: tns("atelier-orders")("meta.returns"), texts: pickTexts(locale, ["atelier-orders"]) };
}

export const headers = privatePageHeaders;

type Row = Route.ComponentProps["loaderData"]["returns"][number];

export default function AtelierReturns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const { search } = useLocation();
  const columns: Column<Row>[] = [
    {
      key: "order",
      header: t("returns.order"),
      rowHeader: true,
      cell: (r) => (
        <Link to={`${href(`/atelier/orders/${r.orderId}`)}#returns-title`} className="link font-mono">
          {r.number}
        </Link>
      ),
    },
    { key: "kind", header: t("returns.kind"), cell: (r) => `${t(`status.kind.${r.kind}`)} #${r.id}` },
    { key: "asked", header: t("returns.asked"), cell: (r) => <span className="whitespace-nowrap">{formatRomeShortDateTime(r.createdAt, locale)}</span> },
    {
      key: "customer",
      header: t("list.customer"),
      wide: true,
      cell: (r) => (
        <span className="block max-w-64">
          <span className="block truncate">
            {r.firstName} {r.lastName}
          </span>{" "}
          <span className="block truncate text-xs text-stone">{r.email}</span>
        </span>
      ),
    },
    { key: "status", header: t("returns.status"), cell: (r) => <StatusBadge tone="attention">{t(`status.return.${r.status}`)}</StatusBadge> },
    { key: "units", header: t("returns.units"), numeric: true, wide: true, cell: (r) => r.units },
    { key: "refund", header: t("returns.refund"), numeric: true, cell: (r) => <span className="whitespace-nowrap">{formatMoney(r.refundCents, locale)}</span> },
    {
      key: "action",
      header: <span className="sr-only">{t("actions.title")}</span>,
      cell: (r) =>
        r.status === "requested" ? (
          // The order page's own step, coming back here afterwards; a count refused shows on the order's page.
          <Form method="post" action={href(`/atelier/orders/${r.orderId}`)} className="space-y-1">
            <input type="hidden" name="intent" value="receive" />
            <input type="hidden" name="returnId" value={r.id} />
            <input type="hidden" name="back" value={`${href("/atelier/returns")}${search}`} />
            <fieldset className="space-y-1">
              <legend className="sr-only">{t("returns.arrived")}</legend>
              {r.lines.map((line, index) => (
                <div key={line.orderLineId} className="flex items-center justify-end gap-2 text-xs">
                  <ReceivedQuantity index={index} line={line} control={{ id: `receive-${r.id}-${index}` }} defaultValue={line.quantity} labelClassName="max-w-40 truncate" inputClassName="w-14" />
                </div>
              ))}
            </fieldset>
            <button type="submit" className="btn btn-secondary w-full whitespace-nowrap" aria-label={`${t("actions.receive")} (${r.number})`}>
              {t("returns.receive")}
            </button>
          </Form>
        ) : !r.refundStatus ? (
          // The refund's confirmation page (amount, how it goes back, the invoice's credit note).
          <Link to={href(`/atelier/orders/${r.orderId}/refund?due=returns`)} className="btn btn-secondary whitespace-nowrap">
            {t("returns.refundNow")}
            <span className="sr-only"> ({r.number})</span>
          </Link>
        ) : (
          <span className="text-stone">{t(`status.refund.${r.refundStatus}` as "status.refund.pending")}</span>
        ),
    },
  ];
  return (
    <>
      <PageHeader title={t("returns.title")} description={t("returns.description")} />
      <DataTable caption={t("returns.caption")} captionHidden columns={columns} rows={loaderData.returns} rowKey={(r) => r.id} empty={t("returns.empty")} />
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
