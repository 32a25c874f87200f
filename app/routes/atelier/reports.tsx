import { Link } from "react-router";
import type { Route } from "./+types/reports";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { ReportChart, ReportTable } from "~/components/atelier/report-view";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { mayOpen } from "~/modules/staff/atelier-access";
import { REPORT_GROUPS, REPORT_KINDS, REPORT_PERIODS, type ReportGroup, parseReportQuery, reportQueryParams } from "~/modules/report/report.rules";
import { romeDayKey } from "~/modules/order/working-days";
import { buildReport } from "~/modules/report/report.service.server";
import { reportWords } from "~/modules/report/report-words.server";
import { formatLongDate } from "~/utils/dates";
import { withDateArticlesT } from "~/utils/date-article";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/reports (issue 42 part 6): sales over time, by product, category, size and colour;
// returns by product and reason; discount codes; stock value and slow movers; back-in-stock
// demand. One GET form chooses the report and its days (every report is a URL), each answers
// with a chart drawn on the server, a table with totals and the previous period beside it, and
// the same figures as CSV (reports.csv with the same query).

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns, staff } = getAtelierContext(context);
  const query = parseReportQuery(new URL(request.url).searchParams, romeDayKey(new Date()));
  const report = await buildReport(db, query, locale);
  return { report, canExport: mayOpen(staff.capabilities, "reports.csv"), words: reportWords(tns), title: tns("atelier-dashboard")("reports.title"), texts: pickTexts(locale, ["atelier-dashboard"]) };
}

export const headers = privatePageHeaders;

export default function AtelierReports({ loaderData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-dashboard").t);
  const { href, locale } = useLocale();
  const { report, words, canExport } = loaderData;
  const { query, previous } = report;
  const groups: readonly ReportGroup[] = REPORT_GROUPS[query.kind];
  const kindTitle = t(`reports.kinds.${query.kind}`);
  const day = (value: string) => formatLongDate(`${value}T12:00:00Z`, locale);
  return (
    <>
      <PageHeader
        title={t("reports.title")}
        description={t("reports.intro")}
        actions={
          canExport ? (
            <a href={`${href("/atelier/reports.csv")}?${reportQueryParams(query).toString()}`} className="btn btn-secondary" download>
              {t("reports.download")}
            </a>
          ) : null
        }
      />
      <nav aria-label={t("reports.kindsLabel")} className="mb-4">
        <ul className="flex flex-wrap gap-1 text-sm">
          {REPORT_KINDS.map((kind) => (
            <li key={kind}>
              <Link
                to={`${href("/atelier/reports")}?${reportQueryParams(query, { kind }).toString()}`}
                aria-current={kind === query.kind ? "page" : undefined}
                className={`inline-flex min-h-11 items-center border px-3 ${kind === query.kind ? "border-ink bg-ink text-ivory" : "border-line bg-paper hover:bg-sand"}`}
              >
                {t(`reports.kinds.${kind}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FilterBar resetTo={`${href("/atelier/reports")}?kind=${query.kind}`} label={t("reports.filterLabel")}>
        <input type="hidden" name="kind" value={query.kind} />
        <FilterField id="report-from" label={t("reports.from")}>
          <input id="report-from" name="from" type="date" defaultValue={query.from} required className="field-input" />
        </FilterField>
        <FilterField id="report-to" label={t("reports.to")}>
          <input id="report-to" name="to" type="date" defaultValue={query.to} required className="field-input" />
        </FilterField>
        {query.kind === "sales" ? (
          <FilterField id="report-by" label={t("reports.by")}>
            <select id="report-by" name="by" defaultValue={query.period} className="field-input">
              {REPORT_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(`reports.periods.${period}`)}
                </option>
              ))}
            </select>
          </FilterField>
        ) : null}
        {groups.length ? (
          <FilterField id="report-group" label={t("reports.group")}>
            <select id="report-group" name="group" defaultValue={query.group ?? groups[0]} className="field-input">
              {groups.map((group) => (
                <option key={group} value={group}>
                  {t(`reports.groups.${group}`)}
                </option>
              ))}
            </select>
          </FilterField>
        ) : null}
      </FilterBar>
      {query.notes.length ? (
        <ul className="mb-4 space-y-1 border-l-2 border-terracotta pl-3 text-sm" role="status">
          {query.notes.map((note) => (
            <li key={note}>{t(`reports.notes.${note}`)}</li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="report-title">
        <h2 id="report-title" className="text-2xl">
          {kindTitle}
        </h2>
        <p className="mb-1 text-sm text-stone">{t(`reports.descriptions.${query.kind}`)}</p>
        <p className="mb-4 text-sm text-stone" data-testid="report-range">
          {t("reports.range", { from: day(query.from), to: day(query.to), previousFrom: day(previous.from), previousTo: day(previous.to) })}
        </p>
        <ReportChart report={report} words={words} title={t("reports.chartTitle", { report: kindTitle })} />
        <ReportTable report={report} words={words} caption={kindTitle} />
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
