import { formatMoney, toDecimal } from "~/utils/money";
import { INTL_LOCALE, type Locale } from "~/utils/locale";
import type { ReportCell, ReportColumnKind } from "./report.rules";

// How a report's cells are written: for the page in the viewer's language (money with its
// symbol, rates as percentages, periods as dates), and for the CSV as plain values a spreadsheet
// reads (cents as decimals, percentages as numbers, periods as ISO intervals). Safe on client and
// server.

/** The words a report's cells need: a missing name, a missing figure, the return reasons' names. */
export interface ReportWords {
  none: string;
  dash: string;
  reasons: Record<string, string>;
}

function percent(permille: number, locale: Locale, signed: boolean): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: "percent", maximumFractionDigits: 1, signDisplay: signed ? "exceptZero" : "auto" }).format(permille / 1000);
}

const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** "2026-12-01/2026-12-31" as the page writes it: a day, a whole month, or a range of days. */
export function formatPeriod(period: string, locale: Locale): string {
  const [start, end] = period.split("/");
  const intl = INTL_LOCALE[locale];
  if (!end || start === end) return new Intl.DateTimeFormat(intl, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(dayDate(start));
  const last = new Date(dayDate(end).getTime() + 86_400_000);
  if (start.endsWith("-01") && last.getUTCDate() === 1 && start.slice(0, 7) === end.slice(0, 7)) {
    return new Intl.DateTimeFormat(intl, { month: "long", year: "numeric", timeZone: "UTC" }).format(dayDate(start));
  }
  return new Intl.DateTimeFormat(intl, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).formatRange(dayDate(start), dayDate(end));
}

/** A cell for the page. */
export function formatReportCell(kind: ReportColumnKind, value: ReportCell, locale: Locale, words: ReportWords): string {
  // A blank cell (a total that means nothing for the column) stays blank; a missing figure is a dash.
  if (value === "") return "";
  if (value === null) return kind === "label" ? words.none : words.dash;
  switch (kind) {
    case "money":
      return formatMoney(Number(value), locale);
    case "count":
      return new Intl.NumberFormat(INTL_LOCALE[locale]).format(Number(value));
    case "permille":
      return percent(Number(value), locale, false);
    case "change":
      return percent(Number(value), locale, true);
    case "period":
      return formatPeriod(String(value), locale);
    case "reason":
      return words.reasons[String(value)] ?? String(value);
    default:
      return String(value);
  }
}

/** A cell for the CSV. */
export function csvReportCell(kind: ReportColumnKind, value: ReportCell, words: ReportWords): string | number {
  if (value === null) return "";
  switch (kind) {
    case "money":
      return toDecimal(Number(value));
    case "permille":
    case "change": {
      // Tenths of a percent as a percentage with one decimal, in integers: 125 → "12.5".
      const n = Number(value);
      const sign = n < 0 ? "-" : "";
      return `${sign}${Math.floor(Math.abs(n) / 10)}.${Math.abs(n) % 10}`;
    }
    case "reason":
      return words.reasons[String(value)] ?? String(value);
    case "count":
      return Number(value);
    default:
      return String(value);
  }
}
