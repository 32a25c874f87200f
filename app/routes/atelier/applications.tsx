import { Link, useLocation } from "react-router";
import type { Route } from "./+types/applications";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { DataTable, type Column } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { formatInboxDate } from "~/components/atelier/inbox-date";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { StatusBadge } from "~/components/atelier/status-badge";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type ApplicationListRow, listApplications } from "~/modules/career/applications.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { INBOX_PAGE_SIZE, applicationsQuery } from "./inbox-query.server";

// Atelier's job applications: newest first, filtered by handled or not with a GET form, paged;
// each opens its page (application.tsx), where the CV is downloaded and the application handled.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const { state, filter, page } = applicationsQuery(new URL(request.url));
  const [{ total, rows }, settings] = await Promise.all([listApplications(db, filter, { page, pageSize: INBOX_PAGE_SIZE }), getShopSettings(db)]);
  return {
    title: tns("atelier-inbox")("applications.title"),
    state: state ?? "",
    page,
    total,
    hasNext: page * INBOX_PAGE_SIZE < total,
    rows,
    retentionMonths: settings.applicationRetentionMonths,
    texts: pickTexts(locale, ["atelier-inbox", "career"]),
  };
}

export const headers = privatePageHeaders;

export default function AtelierApplications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-inbox");
  const { t: tc } = useTranslation("career");
  const { locale, href } = useLocale();
  const location = useLocation();
  const columns: Column<ApplicationListRow>[] = [
    {
      key: "name",
      header: t("applications.name"),
      rowHeader: true,
      cell: (row) => (
        <Link to={href(`/atelier/applications/${row.id}`)} className="link" aria-label={t("applications.open", { name: row.name })}>
          {row.name}
        </Link>
      ),
    },
    { key: "email", header: t("applications.email"), wide: true, cell: (row) => <span className="whitespace-nowrap">{row.email}</span> },
    { key: "department", header: t("applications.department"), cell: (row) => tc(`departments.${row.department}`) },
    { key: "received", header: t("applications.receivedAt"), cell: (row) => <span className="whitespace-nowrap">{formatInboxDate(row.receivedAt, locale)}</span> },
    {
      key: "state",
      header: t("applications.state"),
      cell: (row) => <StatusBadge tone={row.handledAt ? "good" : "attention"}>{row.handledAt ? t("applications.handled") : t("applications.waiting")}</StatusBadge>,
    },
    { key: "cv", header: t("applications.cv"), wide: true, cell: (row) => row.cv?.fileName ?? "—" },
  ];
  return (
    <>
      <PageHeader title={t("applications.title")} description={t("applications.description", { months: loaderData.retentionMonths })} />
      <FilterBar resetTo={href("/atelier/applications")}>
        <FilterField id="applications-state" label={t("applications.state")}>
          <select id="applications-state" name="state" defaultValue={loaderData.state} className="field-input">
            <option value="">{t("applications.all")}</option>
            <option value="waiting">{t("applications.waiting")}</option>
            <option value="handled">{t("applications.handled")}</option>
          </select>
        </FilterField>
      </FilterBar>
      <p className="mb-2 text-sm text-stone" role="status">
        {t("applications.count", { count: loaderData.total })}
      </p>
      <DataTable caption={t("applications.caption")} captionHidden columns={columns} rows={loaderData.rows} rowKey={(row) => row.id} empty={t("applications.empty")} />
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={location.search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
