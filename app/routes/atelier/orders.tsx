import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/orders";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { OrderDeskBadges } from "~/components/atelier/order-desk-badges";
import { PageHeader } from "~/components/atelier/page-header";
import { SavedViews } from "~/components/atelier/saved-views";
import { Pager } from "~/components/atelier/pager";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { deskQueryParams, parseDeskOrderQuery } from "~/modules/order/order-desk.schema";
import { searchDeskOrders } from "~/modules/order/order-desk.service.server";
import { mayOpen } from "~/modules/staff/atelier-access";
import { ORDER_PAYMENT_STATUSES, ORDER_SHIPPING_STATUSES, ORDER_STATUSES } from "~/modules/order/order-state";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { viewsOf } from "~/modules/views/saved-view.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { savedViewAction } from "./saved-views.server";
import { atelierHref } from "./staff-context.server";

// /atelier/orders: every order, filtered by its three statuses, days and free text, sorted and
// paged by one GET form (the state is the URL); "Export CSV" downloads the same filtered list.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns, staff } = getAtelierContext(context);
  const query = parseDeskOrderQuery(new URL(request.url).searchParams);
  // Downloads are for members who may export (the export route's own declaration).
  const canExport = mayOpen(staff.capabilities, "orders/export");
  const [result, views] = await Promise.all([searchDeskOrders(db, query), viewsOf(db, "orders")]);
  return { ...result, query, views, canExport, title: tns("atelier-orders")("meta.orders"), texts: pickTexts(locale, ["atelier-orders"]) };
}

// The list's one post: its saved views (issue 42 part 5).
export async function action({ context, request }: Route.ActionArgs) {
  return savedViewAction(context, request, "orders", atelierHref(context, "/atelier/orders"));
}

export const headers = privatePageHeaders;

type Row = Route.ComponentProps["loaderData"]["orders"][number];

export default function AtelierOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const { search } = useLocation();
  const { orders, page, hasNext, query, views, canExport } = loaderData;
  const exportQuery = deskQueryParams(query, { page: 1 }).toString();
  const columns: Column<Row>[] = [
    {
      // The bulk form's checkboxes (form="orders-bulk"): the form sits above the table.
      key: "select",
      header: <span className="sr-only">{t("bulk.label")}</span>,
      cell: (o) => <input type="checkbox" name="id" value={o.id} form="orders-bulk" aria-label={t("bulk.select", { number: o.number })} className="size-5 accent-ink" />,
    },
    {
      key: "number",
      header: t("list.number"),
      rowHeader: true,
      cell: (o) => (
        <Link to={href(`/atelier/orders/${o.id}`)} className="link font-mono text-xs sm:text-sm" aria-label={t("list.open", { number: o.number })}>
          {o.number}
        </Link>
      ),
    },
    { key: "date", header: t("list.date"), wide: true, cell: (o) => <span className="whitespace-nowrap">{formatRomeShortDateTime(o.placedAt, locale)}</span> },
    {
      key: "customer",
      header: t("list.customer"),
      // On a phone: the number, the statuses and the total; the customer is on the order's page.
      wide: true,
      cell: (o) => (
        <span className="block max-w-64">
          <span className="block truncate">
            {o.firstName} {o.lastName}
          </span>{" "}
          <span className="block truncate text-xs text-stone">{o.email}</span>
        </span>
      ),
    },
    { key: "status", header: t("list.status"), cell: (o) => <OrderDeskBadges status={o.status} paymentStatus={o.paymentStatus} shippingStatus={o.shippingStatus} /> },
    { key: "items", header: t("list.items"), numeric: true, wide: true, cell: (o) => o.itemCount },
    { key: "total", header: t("list.total"), numeric: true, cell: (o) => <span className="whitespace-nowrap">{formatMoney(o.totalCents, locale)}</span> },
  ];
  return (
    <>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          canExport ? (
            <a href={`${href("/atelier/orders/export")}${exportQuery ? `?${exportQuery}` : ""}`} className="btn btn-secondary" download>
              {t("list.export")}
            </a>
          ) : null
        }
      />
      <SavedViews area="orders" views={views} result={actionData?.viewResult} />
      <FilterBar resetTo={href("/atelier/orders")}>
        <FilterField id="orders-q" label={t("list.q")}>
          <input id="orders-q" name="q" type="search" defaultValue={query.q} placeholder={t("list.qHint")} maxLength={100} className="field-input" />
        </FilterField>
        <FilterField id="orders-status" label={t("list.status")}>
          <select id="orders-status" name="status" defaultValue={query.status ?? ""} className="field-input">
            <option value="">{t("list.any")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.order.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="orders-payment" label={t("list.payment")}>
          <select id="orders-payment" name="payment" defaultValue={query.payment ?? ""} className="field-input">
            <option value="">{t("list.any")}</option>
            {ORDER_PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.payment.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="orders-shipping" label={t("list.shipping")}>
          <select id="orders-shipping" name="shipping" defaultValue={query.shipping ?? ""} className="field-input">
            <option value="">{t("list.any")}</option>
            {ORDER_SHIPPING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.shipping.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="orders-from" label={t("list.from")}>
          <input id="orders-from" name="from" type="date" defaultValue={query.from ?? ""} className="field-input" />
        </FilterField>
        <FilterField id="orders-to" label={t("list.to")}>
          <input id="orders-to" name="to" type="date" defaultValue={query.to ?? ""} className="field-input" />
        </FilterField>
        <FilterField id="orders-sort" label={t("list.sort")}>
          <select id="orders-sort" name="sort" defaultValue={query.sort} className="field-input">
            <option value="date">{t("list.sortDate")}</option>
            <option value="total">{t("list.sortTotal")}</option>
            <option value="number">{t("list.sortNumber")}</option>
          </select>
        </FilterField>
        <FilterField id="orders-dir" label={t("list.dir")}>
          <select id="orders-dir" name="dir" defaultValue={query.dir} className="field-input">
            <option value="desc">{t("list.desc")}</option>
            <option value="asc">{t("list.asc")}</option>
          </select>
        </FilterField>
      </FilterBar>
      {/* GET: each button opens a page for the ticked orders (ship them, print their slips, download them). */}
      <Form id="orders-bulk" method="get" action={href("/atelier/orders/ship")} reloadDocument className="mb-3 flex flex-wrap items-center gap-2" aria-label={t("bulk.label")}>
        {/* Says the export is of the ticked orders only: none ticked is an empty file, never the whole list. */}
        <input type="hidden" name="selection" value="1" />
        <span className="text-sm text-stone">{t("bulk.intro")}</span>
        <button type="submit" className="btn btn-secondary px-3 text-xs">
          {t("bulk.ship")}
        </button>
        <button type="submit" formAction={href("/atelier/orders/packing-slips")} className="btn btn-secondary px-3 text-xs">
          {t("bulk.slips")}
        </button>
        {canExport ? (
          <button type="submit" formAction={href("/atelier/orders/export")} className="btn btn-secondary px-3 text-xs">
            {t("bulk.export")}
          </button>
        ) : null}
      </Form>
      <DataTable caption={t("list.caption")} captionHidden columns={columns} rows={orders} rowKey={(o) => o.id} empty={t("list.empty")} />
      <Pager page={page} hasNext={hasNext} search={search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
