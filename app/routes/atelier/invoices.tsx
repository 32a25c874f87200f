import { Link, useLocation } from "react-router";
import type { Route } from "./+types/invoices";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type InvoiceSummary, listMonthInvoices, parseInvoiceMonth } from "~/modules/invoice/invoice.service.server";
import { INTL_LOCALE } from "~/utils/locale";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { atelierHref } from "./staff-context.server";

// /atelier/invoices: a month's electronic invoices for the accountant (docs/decisions/022), by
// number, with the month's totals, its CSV and each file. The month is a GET form's value; a
// month or page that makes no sense falls back to this month (Italy's calendar) and page 1.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const url = new URL(request.url);
  const month = parseInvoiceMonth(url.searchParams.get("month"));
  const page = Number(url.searchParams.get("page") ?? "1");
  const list = await listMonthInvoices(db, month, page);
  return {
    ...list,
    csvUrl: `${atelierHref(context, "/atelier/invoices.csv")}?month=${month}`,
    title: tns("atelier-invoices")("list.title"),
    texts: pickTexts(locale, ["atelier-invoices"]),
  };
}

export const headers = privatePageHeaders;

/** "dicembre 2026" / "December 2026" for "2026-12". */
function monthName(month: string, locale: keyof typeof INTL_LOCALE): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

export default function AtelierInvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-invoices");
  const { locale, href } = useLocale();
  const location = useLocation();
  const { month, invoices, totals, page, pageCount } = loaderData;
  const money = (cents: number) => formatMoney(cents, locale);
  const day = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "short", timeZone: "UTC" });
  const columns: Column<InvoiceSummary>[] = [
    { key: "number", header: t("list.number"), rowHeader: true, cell: (row) => <span className="whitespace-nowrap tabular-nums">{row.number}</span> },
    { key: "date", header: t("list.date"), cell: (row) => <span className="whitespace-nowrap">{day.format(new Date(`${row.issueDate}T00:00:00Z`))}</span> },
    {
      key: "order",
      header: t("list.order"),
      cell: (row) => (
        <Link to={href(`/atelier/orders/${row.orderId}`)} className="link whitespace-nowrap">
          {row.orderNumber}
        </Link>
      ),
    },
    { key: "customer", header: t("list.customer"), cell: (row) => row.customerName },
    { key: "taxable", header: t("list.taxable"), numeric: true, wide: true, cell: (row) => money(row.taxableCents) },
    { key: "vat", header: t("list.vat"), numeric: true, wide: true, cell: (row) => money(row.vatCents) },
    { key: "total", header: t("list.total"), numeric: true, cell: (row) => money(row.totalCents) },
    {
      key: "file",
      header: t("list.file"),
      cell: (row) => (
        <a href={href(`/atelier/orders/${row.orderId}/invoice.xml`)} download={row.fileName} className="link whitespace-nowrap">
          {t("list.download")}
          <span className="sr-only"> {row.fileName}</span>
        </a>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <a href={loaderData.csvUrl} className="btn btn-secondary" download>
            {t("list.csv")}
          </a>
        }
      />
      <FilterBar resetTo={href("/atelier/invoices")} label={t("list.filterLabel")}>
        <FilterField id="invoices-month" label={t("list.month")}>
          <input id="invoices-month" type="month" name="month" defaultValue={month} min="2000-01" max="2099-12" className="field-input" aria-describedby="invoices-month-hint" />
          <span id="invoices-month-hint" className="sr-only">
            {t("list.monthHint")}
          </span>
        </FilterField>
      </FilterBar>
      <DataTable caption={t("list.caption", { month: monthName(month, locale) })} columns={columns} rows={invoices} rowKey={(row) => row.number} empty={t("list.empty")} />
      {totals.count > 0 ? (
        <dl className="mt-3 grid grid-cols-[auto_auto] justify-end gap-x-6 gap-y-1 text-sm tabular-nums">
          <dt className="text-stone">{t("list.totals", { count: totals.count })}</dt>
          <dd className="text-right">{money(totals.totalCents)}</dd>
          <dt className="text-stone">{t("list.taxable")}</dt>
          <dd className="text-right">{money(totals.taxableCents)}</dd>
          <dt className="text-stone">{t("list.vat")}</dt>
          <dd className="text-right">{money(totals.vatCents)}</dd>
        </dl>
      ) : null}
      <Pager page={page} hasNext={page < pageCount} search={location.search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
