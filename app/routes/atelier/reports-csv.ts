import type { Route } from "./+types/reports-csv";
import { getAtelierContext } from "~/middleware/request-context.server";
import { csvReportCell } from "~/modules/report/report-format";
import { parseReportQuery } from "~/modules/report/report.rules";
import { romeDayKey } from "~/modules/order/working-days";
import { buildReport } from "~/modules/report/report.service.server";
import { reportWords } from "~/modules/report/report-words.server";
import { csvResponse } from "~/utils/csv.server";
import { recordExport } from "./staff-context.server";

// /atelier/reports.csv: the report the same query shows on /atelier/reports, every row of it and
// the totals last, as CSV (cents as decimals, rates as percentages with one decimal, periods as
// ISO 8601 intervals), with the column names in the viewer's language.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns, staff: viewer } = getAtelierContext(context);
  const query = parseReportQuery(new URL(request.url).searchParams, romeDayKey(new Date()));
  const report = await buildReport(db, query, locale);
  const t = tns("atelier-dashboard");
  const words = reportWords(tns);
  const header = report.columns.map((column) => t(`reports.columns.${column.key}`));
  await recordExport(context, viewer, { action: "export.report-csv", entityType: "export", entityId: `report-${query.kind}`, details: { from: query.from, to: query.to, by: query.period, group: query.group } });
  const totals = report.totals && report.rows.length ? [{ ...report.totals, [report.columns[0].key]: t("reports.total") }] : [];
  async function* rows() {
    for (const row of [...report.rows, ...totals]) yield report.columns.map((column) => csvReportCell(column.kind, row[column.key] ?? null, words));
  }
  const name = `report-${query.kind}${query.group ? `-${query.group}` : ""}-${query.from}-${query.to}.csv`;
  return csvResponse(name, header, rows());
}
