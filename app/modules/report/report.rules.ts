import { calendarDay } from "~/modules/order/order-desk.schema";

// Atelier's reports (issue 42 part 6): which report, over which days, cut into which periods,
// read from one GET form so that every report is a URL (bookmarked, shared, exported as CSV with
// the same query). Parsing never fails, like the order list's filters: a value that is not one of
// ours falls back to the default, a reversed range is swapped; a range longer than the reports
// allow is shortened and a day-by-day cut of a long range becomes weekly, each with a note the
// page shows. Safe on client and server.

export const REPORT_KINDS = ["sales", "products", "returns", "discounts", "stock", "demand"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** How the sales report cuts the range. */
export const REPORT_PERIODS = ["day", "week", "month"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** What the products and returns reports group by. */
export const REPORT_GROUPS = {
  sales: [],
  products: ["product", "category", "size", "colour"],
  returns: ["product", "reason"],
  discounts: [],
  stock: [],
  demand: [],
} as const satisfies Record<ReportKind, readonly string[]>;
export type ReportGroup = "product" | "category" | "size" | "colour" | "reason";

/** The longest range a report covers (two years): enough for "this year against last". */
export const REPORT_MAX_DAYS = 731;
/** The most days a day-by-day cut shows (a quarter); longer ranges go by week. */
export const REPORT_MAX_DAILY = 92;
/** The days a report covers when the form names none: the last 30, today included. */
export const REPORT_DEFAULT_DAYS = 30;
/** Rows a report's page shows (its CSV carries them all). */
export const REPORT_PAGE_ROWS = 100;

export type ReportNote = "rangeShortened" | "rangeSwapped" | "weeklyInstead";

export interface ReportQuery {
  kind: ReportKind;
  /** Calendar days of Italy, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  period: ReportPeriod;
  /** The kind's grouping (its first when the form names none); null for kinds without one. */
  group: ReportGroup | null;
  notes: ReportNote[];
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** A calendar day moved by n days ("2026-03-01", -1 → "2026-02-28"). */
export function shiftDay(day: string, n: number): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The cut that reads best for a span when the form names none. */
function defaultPeriod(days: number): ReportPeriod {
  if (days <= 31) return "day";
  if (days <= 183) return "week";
  return "month";
}

/** The report's query from a URL's search parameters; `today` is Italy's calendar day. */
export function parseReportQuery(params: URLSearchParams, today: string): ReportQuery {
  const notes: ReportNote[] = [];
  const kind = oneOf(REPORT_KINDS, params.get("kind")) ?? "sales";
  let to = calendarDay(params.get("to")) ?? today;
  let from = calendarDay(params.get("from")) ?? shiftDay(to, -(REPORT_DEFAULT_DAYS - 1));
  if (from > to) {
    [from, to] = [to, from];
    notes.push("rangeSwapped");
  }
  if (daysBetween(from, to) > REPORT_MAX_DAYS) {
    from = shiftDay(to, -(REPORT_MAX_DAYS - 1));
    notes.push("rangeShortened");
  }
  const days = daysBetween(from, to);
  let period = oneOf(REPORT_PERIODS, params.get("by")) ?? defaultPeriod(days);
  if (period === "day" && days > REPORT_MAX_DAILY) {
    period = "week";
    notes.push("weeklyInstead");
  }
  const groups: readonly ReportGroup[] = REPORT_GROUPS[kind];
  const group = groups.length ? (oneOf(groups, params.get("group")) ?? groups[0]) : null;
  return { kind, from, to, period, group, notes };
}

/** The query as search parameters (links between kinds, the CSV), the notes left out. */
export function reportQueryParams(query: ReportQuery, changes: Partial<Pick<ReportQuery, "kind" | "group">> = {}): URLSearchParams {
  const merged = { ...query, ...changes };
  const params = new URLSearchParams({ kind: merged.kind, from: merged.from, to: merged.to, by: merged.period });
  const groups: readonly string[] = REPORT_GROUPS[merged.kind];
  if (groups.length) params.set("group", merged.group && groups.includes(merged.group) ? merged.group : groups[0]);
  return params;
}

/** The days right before the range, as many as it has: what each figure is compared with. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to);
  return { from: shiftDay(from, -days), to: shiftDay(from, -1) };
}

/**
 * The first day of each period of the range, in order: the range's first day, then each Monday
 * (weeks) or each first of the month (months) after it. The last period ends with the range.
 */
export function periodStarts(from: string, to: string, period: ReportPeriod): string[] {
  const starts = [from];
  for (let day = shiftDay(from, 1); day <= to; day = shiftDay(day, 1)) {
    if (period === "day") starts.push(day);
    else if (period === "week" && new Date(`${day}T00:00:00Z`).getUTCDay() === 1) starts.push(day);
    else if (period === "month" && day.endsWith("-01")) starts.push(day);
  }
  return starts;
}

/** A change from `before` to `now` in tenths of a percent (integers only); null when there was nothing before. */
export function changePermille(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) * 1000) / before);
}

/** `part` of `whole` in tenths of a percent (a rate); null when the whole is nothing. */
export function sharePermille(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 1000) / whole);
}

/** The columns reports have (each named in the texts' reports.columns). */
export const REPORT_COLUMN_KEYS = ["period",  "orders",  "revenue",  "average",  "refunds",  "previousRevenue",  "change",  "label",  "units",  "net",  "previousNet",  "sold",  "returned",  "rate",  "previousRate",  "reason",  "share",  "previousReturned",  "code",  "discount",  "previousOrders",  "stock",  "value",  "sellThrough",  "previousSold",  "colour",  "size",  "waiting",  "asked",  "previousAsked"] as const;
export type ReportColumnKey = (typeof REPORT_COLUMN_KEYS)[number];

/** How a column's values are written: a name, a count, cents, tenths of a percent, a change in tenths of a percent, a period. */
export type ReportColumnKind = "label" | "reason" | "count" | "money" | "permille" | "change" | "period";

export interface ReportColumn {
  key: ReportColumnKey;
  kind: ReportColumnKind;
}

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

export interface ReportChart {
  /** What the bars measure (money or counts), and which column names a bar. */
  valueKind: "money" | "count";
  labelColumn: string;
  bars: Array<{ label: ReportCell; value: number; previous: number | null }>;
}

export interface Report {
  query: ReportQuery;
  previous: { from: string; to: string };
  columns: ReportColumn[];
  rows: ReportRow[];
  totals: ReportRow | null;
  chart: ReportChart;
}
