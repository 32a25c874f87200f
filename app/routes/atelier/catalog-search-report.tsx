import { Link } from "react-router";
import type { Route } from "./+types/catalog-search-report";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type QueryCountRow, getSearchReport } from "~/modules/catalog/search-admin.service.server";
import { formatLongDate } from "~/utils/dates";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/catalog/search-report (issue 39): what shoppers looked for this week, most searched
// first, and the searches that found nothing, so the owner adds a synonym or a product. Counts of
// normalised words per day only: no person, no session; rows older than 90 days are pruned by the
// scheduler's housekeeping.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  return { title: tns("atelier-catalog")("searchReport.title"), report: await getSearchReport(db), texts: pickTexts(locale, ["atelier-catalog"]) };
}

export const headers = privatePageHeaders;

export default function AtelierSearchReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { locale, href } = useLocale();
  const { report } = loaderData;
  return (
    <>
      <PageHeader
        title={t("searchReport.title")}
        description={t("searchReport.description", { since: formatLongDate(`${report.since}T12:00:00Z`, locale) })}
        actions={
          <Link to={href("/atelier/catalog/synonyms")} className="btn btn-secondary">
            {t("searchReport.toSynonyms")}
          </Link>
        }
      />
      <QueryTable id="search-report-zero" title={t("searchReport.zeroTitle")} rows={report.zero} empty={t("searchReport.zeroEmpty")} />
      <QueryTable id="search-report-top" title={t("searchReport.topTitle")} rows={report.top} empty={t("searchReport.empty")} />
    </>
  );
}

function QueryTable({ id, title, rows, empty }: { id: string; title: string; rows: QueryCountRow[]; empty: string }) {
  const { t } = useTranslation("atelier-catalog");
  const columns: Column<QueryCountRow>[] = [
    {
      key: "query",
      header: t("searchReport.query"),
      rowHeader: true,
      cell: (row) => (
        // The shop's own search page, in the query's language: what the shopper saw.
        <a href={`${row.locale === "en" ? "/en" : ""}/search?q=${encodeURIComponent(row.query)}`} className="link" aria-label={t("searchReport.open", { query: row.query })}>
          {row.query}
        </a>
      ),
    },
    { key: "language", header: t("searchReport.language"), cell: (row) => t(`synonyms.languages.${row.locale}`) },
    { key: "searches", header: t("searchReport.searches"), numeric: true, cell: (row) => row.searches },
    { key: "results", header: t("searchReport.results"), numeric: true, cell: (row) => row.results },
  ];
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-2xl">
        {title}
      </h2>
      <DataTable caption={title} captionHidden columns={columns} rows={rows} rowKey={(row) => `${row.locale}|${row.query}`} empty={empty} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
