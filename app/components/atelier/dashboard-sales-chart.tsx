import { useTranslation } from "~/hooks/use-translation";
import { formatMoney } from "~/utils/money";
import type { Locale } from "~/utils/locale";
import { INTL_LOCALE } from "~/utils/locale";
import { withDateArticlesT } from "~/utils/date-article";

// The dashboard's chart of the last 30 days: server-rendered SVG, no JavaScript. Each day's
// revenue is a bar above the line, its refunds a bar below it, on one scale. The SVG says what it
// shows (title, desc); the numbers are also a table for screen readers; labels are HTML around
// the drawing, so they keep their size when the drawing scales to the screen.

export interface ChartDay {
  /** "YYYY-MM-DD", an Italian calendar day. */
  day: string;
  revenueCents: number;
  refundsCents: number;
  orders: number;
}

const WIDTH = 600;
const HEIGHT = 160;
/** The share of the height above the line (revenue); the rest is for refunds. */
const ABOVE = 0.8;

export function formatChartDay(day: string, locale: Locale, long = false): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: "numeric", month: long ? "long" : "short", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

export function DashboardSalesChart({ days, locale }: { days: ChartDay[]; locale: Locale }) {
  const t = withDateArticlesT(useTranslation("atelier-dashboard").t);
  const max = Math.max(1, ...days.map((d) => Math.max(d.revenueCents, d.refundsCents)));
  const baseline = HEIGHT * ABOVE;
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = slot * 0.7;
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const best = days.reduce((top, d) => (d.revenueCents > top.revenueCents ? d : top), days[0]);
  const from = days.length ? formatChartDay(days[0].day, locale, true) : "";
  const to = days.length ? formatChartDay(days[days.length - 1].day, locale, true) : "";
  const empty = days.every((d) => d.revenueCents === 0 && d.refundsCents === 0);
  const description = empty
    ? t("dashboard.chartEmpty", { from, to })
    : t("dashboard.chartDesc", { from, to, total: formatMoney(total, locale), bestDay: formatChartDay(best.day, locale, true), best: formatMoney(best.revenueCents, locale) });
  return (
    <figure className="space-y-2" data-testid="sales-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{t("dashboard.chartTitle")}</span>{" "}
        <span className="flex gap-4 text-stone" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-2.5 bg-ink" />
            {t("dashboard.chartLegendRevenue")}
          </span>{" "}
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-2.5 bg-terracotta" />
            {t("dashboard.chartLegendRefunds")}
          </span>
        </span>
      </figcaption>
      <p className="text-xs text-stone" aria-hidden="true">
        {t("dashboard.chartMax", { amount: formatMoney(max === 1 ? 0 : max, locale) })}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby="sales-chart-title sales-chart-desc"
        className="block h-40 w-full border-b border-line bg-paper"
      >
        <title id="sales-chart-title">{t("dashboard.chartTitle")}</title>
        <desc id="sales-chart-desc">{description}</desc>
        <line x1="0" x2={WIDTH} y1={baseline} y2={baseline} className="stroke-line" strokeWidth="1" vectorEffect="non-scaling-stroke" />
        {days.map((d, i) => {
          const x = i * slot + (slot - barWidth) / 2;
          const up = (d.revenueCents / max) * baseline;
          const down = (d.refundsCents / max) * (HEIGHT - baseline);
          return (
            <g key={d.day}>
              {up > 0 ? <rect x={x} y={baseline - up} width={barWidth} height={up} className="fill-ink" /> : null}
              {down > 0 ? <rect x={x} y={baseline} width={barWidth} height={Math.max(down, 2)} className="fill-terracotta" /> : null}
            </g>
          );
        })}
      </svg>
      <p className="flex justify-between text-xs text-stone" aria-hidden="true">
        <span>{days.length ? formatChartDay(days[0].day, locale) : ""}</span>{" "}
        <span>{days.length > 2 ? formatChartDay(days[Math.floor(days.length / 2)].day, locale) : ""}</span>{" "}
        <span>{days.length ? formatChartDay(days[days.length - 1].day, locale) : ""}</span>
      </p>
      <table className="sr-only">
        <caption>{t("dashboard.chartTable")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("dashboard.day")}</th>
            <th scope="col">{t("dashboard.orders")}</th>
            <th scope="col">{t("dashboard.revenue")}</th>
            <th scope="col">{t("dashboard.refunds")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatChartDay(d.day, locale, true)}</th>
              <td>{d.orders}</td>
              <td>{formatMoney(d.revenueCents, locale)}</td>
              <td>{formatMoney(d.refundsCents, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
