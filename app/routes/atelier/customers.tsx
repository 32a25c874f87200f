import { Link, useLocation } from "react-router";
import type { Route } from "./+types/customers";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { SavedViews } from "~/components/atelier/saved-views";
import { Pager } from "~/components/atelier/pager";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { CUSTOMER_SORTS, parseCustomerFilter } from "~/modules/account/customer-desk.schema";
import { type CustomerListItem, searchCustomers } from "~/modules/account/customer-desk.service.server";
import type { OrdererWithoutAccount } from "~/modules/order/customer-orders.service.server";
import { formatLongDate, formatRomeDateTime } from "~/utils/dates";
import { viewsOf } from "~/modules/views/saved-view.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { savedViewAction } from "./saved-views.server";
import { atelierHref } from "./staff-context.server";

// /atelier/customers: the accounts, searched by name or e-mail, sorted and paged with one GET
// form (?q=&sort=&page=; anything unusable falls back to the default). A search also lists the
// addresses that ordered without an account (guests, erased accounts), linking to their orders.
/** Links in a table are underlined: a row's name is told from plain text by more than its place. */
const TABLE_LINK = "link decoration-stone underline-offset-2";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const filter = parseCustomerFilter(new URL(request.url).searchParams);
  const [result, views] = await Promise.all([searchCustomers(db, filter), viewsOf(db, "customers")]);
  return { filter, ...result, views, title: tns("atelier-customers")("meta.list"), texts: pickTexts(locale, ["atelier-customers"]) };
}

// The list's one post: its saved views (issue 42 part 5).
export async function action({ context, request }: Route.ActionArgs) {
  return savedViewAction(context, request, "customers", atelierHref(context, "/atelier/customers"));
}

export const headers = privatePageHeaders;

export default function AtelierCustomers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-customers");
  const { href, locale } = useLocale();
  const { search } = useLocation();
  const { filter, customers, page, hasNext, withoutAccount, views } = loaderData;
  const columns: Column<CustomerListItem>[] = [
    {
      key: "name",
      header: t("list.name"),
      rowHeader: true,
      cell: (c) => (
        <>
          <Link to={href(`/atelier/customers/${c.id}`)} className={TABLE_LINK}>
            {`${c.lastName} ${c.firstName}`}
          </Link>{" "}
          {/* On a phone the address column is hidden: it reads under the name. */}
          <span className="block text-xs font-normal break-all text-stone sm:hidden">{c.email}</span>
        </>
      ),
    },
    { key: "email", header: t("list.email"), wide: true, cell: (c) => <span className="break-all">{c.email}</span> },
    { key: "orders", header: t("list.orders"), numeric: true, cell: (c) => c.orderCount },
    { key: "registered", header: t("list.registered"), wide: true, cell: (c) => <span className="whitespace-nowrap">{formatLongDate(c.createdAt, locale)}</span> },
    { key: "login", header: t("list.lastLogin"), wide: true, cell: (c) => (c.lastLoginAt ? formatRomeDateTime(c.lastLoginAt, locale) : <span className="text-stone">{t("list.never")}</span>) },
  ];
  const guestColumns: Column<OrdererWithoutAccount>[] = [
    {
      key: "email",
      header: t("list.email"),
      rowHeader: true,
      cell: (g) => (
        <Link to={`${href("/atelier/customers/guest")}?${new URLSearchParams({ email: g.email })}`} className={`${TABLE_LINK} break-all`}>
          {g.email}
        </Link>
      ),
    },
    { key: "name", header: t("list.name"), wide: true, cell: (g) => `${g.lastName} ${g.firstName}` },
    { key: "orders", header: t("list.orders"), numeric: true, cell: (g) => g.orders },
    {
      key: "last",
      header: t("list.lastOrder"),
      wide: true,
      cell: (g) => (
        <Link to={href(`/atelier/orders/${g.lastOrderId}`)} className={`${TABLE_LINK} whitespace-nowrap`}>
          {formatLongDate(g.lastOrderAt, locale)}
        </Link>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t("list.title")} description={t("list.description")} />
      <SavedViews area="customers" views={views} result={actionData?.viewResult} />
      <FilterBar resetTo={href("/atelier/customers")}>
        <FilterField id="customers-q" label={t("list.search")}>
          <input id="customers-q" name="q" type="search" defaultValue={filter.q} maxLength={200} autoComplete="off" className="field-input" />
        </FilterField>
        <FilterField id="customers-sort" label={t("list.sort")}>
          <select id="customers-sort" name="sort" defaultValue={filter.sort} className="field-input">
            {CUSTOMER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`list.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      <DataTable
        caption={filter.q ? t("list.captionSearch", { q: filter.q }) : t("list.caption")}
        captionHidden
        columns={columns}
        rows={customers}
        rowKey={(c) => c.id}
        empty={filter.q ? t("list.emptySearch", { q: filter.q }) : t("list.empty")}
      />
      <Pager page={page} hasNext={hasNext} search={search} />
      {withoutAccount.length ? (
        <section aria-labelledby="without-account" className="mt-10">
          <h2 id="without-account" className="mb-1 text-2xl">
            {t("list.withoutAccountTitle")}
          </h2>
          <p className="mb-3 max-w-prose text-sm text-stone">{t("list.withoutAccountIntro")}</p>
          <DataTable caption={t("list.withoutAccountCaption", { q: filter.q })} captionHidden columns={guestColumns} rows={withoutAccount} rowKey={(g) => g.email} />
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
