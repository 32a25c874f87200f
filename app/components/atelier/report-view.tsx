import { type Column, DataTable } from "~/components/atelier/data-table";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { type ReportWords, formatReportCell } from "~/modules/report/report-format";
import { REPORT_PAGE_ROWS, type Report, type ReportColumn, type ReportRow } from "~/modules/report/report.rules";
import { withDateArticlesT } from "~/utils/date-article";

// A report on Atelier's reports page: its chart, drawn on the server as SVG (no JavaScript, no
// client library), then its table with the totals. Periods in time are columns rising from a
// baseline, the previous period's as a thin mark beside each; anything else is a ranked list of
// horizontal bars. The chart says in words what it shows (its description lists every bar), so
// the drawing itself is hidden from screen readers, who read the table.

const WIDTH = 600;
const HEIGHT = 160;

export function ReportChart({ report, title, words }: { report: Report; title: string; words: ReportWords }) {
  const { t } = useTranslation("atelier-dashboard");
  const { locale } = useLocale();
  const { chart } = report;
  const labelKind = report.columns.find((c) => c.key === chart.labelColumn)?.kind ?? "label";
  const label = (value: Report["chart"]["bars"][number]["label"]) => (labelKind === "label" && value !== null ? String(value) || words.none : formatReportCell(labelKind, value, locale, words));
  const amount = (value: number) => formatReportCell(chart.valueKind, value, locale, words);
  const bars = chart.bars;
  const max = Math.max(1, ...bars.map((bar) => Math.max(bar.value, bar.previous ?? 0)));
  const empty = bars.every((bar) => bar.value === 0 && !bar.previous);
  const description = empty
    ? t("reports.chartEmpty")
    : t("reports.chartDesc", {
        bars: bars.map((bar) => `${label(bar.label)} ${amount(bar.value)}${bar.previous !== null ? ` (${t("reports.chartPrevious", { value: amount(bar.previous) })})` : ""}`).join("; "),
      });
  const hasPrevious = bars.some((bar) => bar.previous !== null);
  return (
    <figure className="mb-6 space-y-2 border border-line bg-paper p-4" data-testid="report-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{title}</span>{" "}
        {hasPrevious ? (
          <span className="flex gap-4 text-stone" aria-hidden="true">
            <span className="inline-flex items-center gap-1.5">
              <span className="inline-block size-2.5 bg-ink" />
              {t("reports.chartLegendNow")}
            </span>{" "}
            <span className="inline-flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-1 bg-terracotta" />
              {t("reports.chartLegendBefore")}
            </span>
          </span>
        ) : null}
      </figcaption>
      <p className="sr-only">{description}</p>
      {labelKind === "period" ? (
        <>
          <p className="text-xs text-stone" aria-hidden="true">
            {t("reports.chartMax", { amount: amount(max === 1 && empty ? 0 : max) })}
          </p>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" className="block h-44 w-full border-b border-line">
            {bars.map((bar, index) => {
              const slot = WIDTH / bars.length;
              const width = slot * 0.62;
              const x = index * slot + (slot - width) / 2;
              const height = (bar.value / max) * HEIGHT;
              const before = ((bar.previous ?? 0) / max) * HEIGHT;
              return (
                <g key={index}>
                  {height > 0 ? <rect x={x} y={HEIGHT - height} width={width} height={height} className="fill-ink" /> : null}
                  {before > 0 ? <rect x={x + width + slot * 0.04} y={HEIGHT - before} width={Math.max(slot * 0.1, 1)} height={before} className="fill-terracotta" /> : null}
                </g>
              );
            })}
          </svg>
          <p className="flex justify-between gap-2 text-xs text-stone" aria-hidden="true">
            <span>{bars.length ? label(bars[0].label) : ""}</span> <span>{bars.length > 1 ? label(bars[bars.length - 1].label) : ""}</span>
          </p>
        </>
      ) : empty ? (
        <p className="text-sm text-stone">{t("reports.empty")}</p>
      ) : (
        <ol className="space-y-1.5 text-sm" aria-hidden="true">
          {bars.map((bar, index) => (
            <li key={index} className="grid grid-cols-[minmax(0,6.5rem)_minmax(4rem,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(0,12rem)_1fr_auto] sm:gap-3">
              <span className="truncate">{label(bar.label)}</span>
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false" className="block h-3 w-full">
                <rect x="0" y="0" width={(bar.value / max) * 100} height={bar.previous !== null ? 7 : 10} className="fill-ink" />
                {bar.previous ? <rect x="0" y="8" width={(bar.previous / max) * 100} height="2" className="fill-terracotta" /> : null}
              </svg>
              <span className="text-right tabular-nums">{amount(bar.value)}</span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}

export function ReportTable({ report, caption, words }: { report: Report; caption: string; words: ReportWords }) {
  const t = withDateArticlesT(useTranslation("atelier-dashboard").t);
  const { locale } = useLocale();
  const shown = report.rows.slice(0, REPORT_PAGE_ROWS);
  const columns: Column<ReportRow>[] = report.columns.map((column: ReportColumn, index) => ({
    key: column.key,
    header: t(`reports.columns.${column.key}`),
    rowHeader: index === 0,
    numeric: column.kind !== "label" && column.kind !== "reason" && column.kind !== "period",
    cell: (row) => formatReportCell(column.kind, row[column.key] ?? null, locale, words),
  }));
  // The totals' blank cells (a name, an order count that would count twice) stay blank.
  const totals = report.totals ? Object.fromEntries(Object.entries(report.totals).map(([key, value]) => [key, value ?? ""])) : null;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={shown}
        rowKey={(row) => shown.indexOf(row)}
        empty={t("reports.empty")}
        totals={totals ? { label: t("reports.total"), row: totals } : undefined}
      />
      {report.rows.length > shown.length ? <p className="mt-2 text-sm text-stone">{t("reports.more", { shown: shown.length, count: report.rows.length })}</p> : null}
    </>
  );
}
