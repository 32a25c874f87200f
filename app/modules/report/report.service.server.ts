import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { refundsPerDay, salesPerDay } from "~/modules/order/order-stats.repository.server";
import { romeDayStart } from "~/modules/order/working-days";
import { addMoney, averageMoney } from "~/utils/money";
import {
  type InstantRange,
  type SalesGroup,
  demandBySize,
  discountUse,
  returnedByGroup,
  salesByGroup,
  stockValueByProduct,
  unitsSoldByProduct,
} from "./report.repository.server";
import { type Report, type ReportQuery, type ReportRow, changePermille, daysBetween, periodStarts, previousRange, sharePermille, shiftDay } from "./report.rules";

// Atelier's reports (issue 42 part 6): each is a table of rows under named columns, the same
// figures for the previous period beside them (the days right before, as many), totals, and the
// bars of a chart drawn on the server. The page and the CSV read the same report, so what is
// downloaded is what was shown. Days are Italy's calendar days; a sale is an order placed in the
// range whose payment was taken (as on the dashboard); money is in integer cents throughout.

/** Bars a chart draws at most (the table has every row). */
export const REPORT_CHART_BARS = 12;

function instants(from: string, to: string): InstantRange {
  return { from: romeDayStart(from), to: romeDayStart(shiftDay(to, 1)) };
}

const byNumber = <Row>(value: (row: Row) => number, label: (row: Row) => string) => (a: Row, b: Row) => value(b) - value(a) || label(a).localeCompare(label(b));

/** The report the query asks for: a fixed number of statements whatever the shop's size. */
export async function buildReport(db: Kysely<Database>, query: ReportQuery, locale: Locale): Promise<Report> {
  const previous = previousRange(query.from, query.to);
  const now = instants(query.from, query.to);
  const before = instants(previous.from, previous.to);
  const base = { query, previous };
  switch (query.kind) {
    case "sales":
      return { ...base, ...(await salesReport(db, query, previous)) };
    case "products":
      return { ...base, ...(await productsReport(db, now, before, query.group === "reason" || query.group === null ? "product" : query.group, locale)) };
    case "returns":
      return { ...base, ...(await returnsReport(db, now, before, query.group === "reason" ? "reason" : "product", locale)) };
    case "discounts":
      return { ...base, ...(await discountsReport(db, now, before)) };
    case "stock":
      return { ...base, ...(await stockReport(db, now, before, locale)) };
    case "demand":
      return { ...base, ...(await demandReport(db, now, before, locale)) };
  }
}

type ReportBody = Omit<Report, "query" | "previous">;

/** Sales by day, week or month: orders, revenue, average order, refunds, and the previous period's revenue for each. */
async function salesReport(db: Kysely<Database>, query: ReportQuery, previous: { from: string; to: string }): Promise<ReportBody> {
  const starts = periodStarts(query.from, query.to, query.period);
  const ends = [...starts.slice(1).map((day) => shiftDay(day, -1)), query.to];
  // Each period's twin in the previous range: the same days, as many days earlier as the range is long.
  const shift = -daysBetween(query.from, query.to);
  const boundaries = (days: string[], last: string) => [...days, shiftDay(last, 1)].map(romeDayStart);
  const previousStarts = starts.map((day) => shiftDay(day, shift));
  const [sales, refunds, salesBefore] = await Promise.all([
    salesPerDay(db, boundaries(starts, query.to)),
    refundsPerDay(db, boundaries(starts, query.to)),
    salesPerDay(db, boundaries(previousStarts, previous.to)),
  ]);
  const rows: ReportRow[] = starts.map((start, index) => {
    const sold = sales.find((row) => row.day === index);
    const back = refunds.find((row) => row.day === index);
    const revenue = sold?.revenue_cents ?? 0;
    const orders = sold?.orders ?? 0;
    const revenueBefore = salesBefore.find((row) => row.day === index)?.revenue_cents ?? 0;
    return {
      period: `${start}/${ends[index]}`,
      orders,
      revenue,
      average: averageMoney(revenue, orders),
      refunds: back?.refunded_cents ?? 0,
      previousRevenue: revenueBefore,
      change: changePermille(revenue, revenueBefore),
    };
  });
  const orders = rows.reduce((sum, row) => sum + Number(row.orders), 0);
  const revenue = addMoney(...rows.map((row) => Number(row.revenue)));
  const revenueBefore = addMoney(...rows.map((row) => Number(row.previousRevenue)));
  return {
    columns: [
      { key: "period", kind: "period" },
      { key: "orders", kind: "count" },
      { key: "revenue", kind: "money" },
      { key: "average", kind: "money" },
      { key: "refunds", kind: "money" },
      { key: "previousRevenue", kind: "money" },
      { key: "change", kind: "change" },
    ],
    rows,
    totals: {
      period: `${query.from}/${query.to}`,
      orders,
      revenue,
      average: averageMoney(revenue, orders),
      refunds: addMoney(...rows.map((row) => Number(row.refunds))),
      previousRevenue: revenueBefore,
      change: changePermille(revenue, revenueBefore),
    },
    // A period's bar, in order of time (never sorted by size).
    chart: { valueKind: "money", labelColumn: "period", bars: rows.map((row) => ({ label: row.period, value: Number(row.revenue), previous: Number(row.previousRevenue) })) },
  };
}

/** Units and net sales per product, category, size or colour, best first, against the previous period. */
async function productsReport(db: Kysely<Database>, now: InstantRange, before: InstantRange, group: SalesGroup, locale: Locale): Promise<ReportBody> {
  const [current, earlier] = await Promise.all([salesByGroup(db, now, group, locale), salesByGroup(db, before, group, locale)]);
  const earlierByKey = new Map(earlier.map((row) => [row.key, row]));
  const rows: ReportRow[] = current
    .sort(byNumber((row) => row.net_cents, (row) => row.label))
    .map((row) => {
      const was = earlierByKey.get(row.key);
      return {
        label: row.label,
        units: row.units,
        orders: row.orders,
        net: row.net_cents,
        previousNet: was?.net_cents ?? 0,
        change: changePermille(row.net_cents, was?.net_cents ?? 0),
      };
    });
  const net = addMoney(...current.map((row) => row.net_cents));
  const netBefore = addMoney(...earlier.map((row) => row.net_cents));
  return {
    columns: [
      { key: "label", kind: "label" },
      { key: "units", kind: "count" },
      { key: "orders", kind: "count" },
      { key: "net", kind: "money" },
      { key: "previousNet", kind: "money" },
      { key: "change", kind: "change" },
    ],
    rows,
    // An order with lines in two groups counts in each: the total's orders would double-count, so it has none.
    totals: { label: null, units: current.reduce((sum, row) => sum + row.units, 0), orders: null, net, previousNet: netBefore, change: changePermille(net, netBefore) },
    chart: { valueKind: "money", labelColumn: "label", bars: rows.slice(0, REPORT_CHART_BARS).map((row) => ({ label: row.label, value: Number(row.net), previous: Number(row.previousNet) })) },
  };
}

/** Returns: per product, the share of the units sold in the range that came back; per reason, the units returned and their share. */
async function returnsReport(db: Kysely<Database>, now: InstantRange, before: InstantRange, group: "product" | "reason", locale: Locale): Promise<ReportBody> {
  const [current, earlier] = await Promise.all([returnedByGroup(db, now, group, locale), returnedByGroup(db, before, group, locale)]);
  const earlierByKey = new Map(earlier.map((row) => [row.key, row]));
  const returned = current.reduce((sum, row) => sum + row.returned, 0);
  if (group === "reason") {
    const rows: ReportRow[] = current
      .sort(byNumber((row) => row.returned, (row) => row.key))
      .map((row) => ({ reason: row.key, returned: row.returned, share: sharePermille(row.returned, returned), previousReturned: earlierByKey.get(row.key)?.returned ?? 0 }));
    return {
      columns: [
        { key: "reason", kind: "reason" },
        { key: "returned", kind: "count" },
        { key: "share", kind: "permille" },
        { key: "previousReturned", kind: "count" },
      ],
      rows,
      totals: { reason: null, returned, share: returned ? 1000 : null, previousReturned: earlier.reduce((sum, row) => sum + row.returned, 0) },
      chart: { valueKind: "count", labelColumn: "reason", bars: rows.slice(0, REPORT_CHART_BARS).map((row) => ({ label: row.reason, value: Number(row.returned), previous: Number(row.previousReturned) })) },
    };
  }
  const rate = (row: { sold: number; returned: number } | undefined) => (row ? sharePermille(row.returned, row.sold) : null);
  const rows: ReportRow[] = current
    // Most returned first: the rate, then the pieces (one of one is 100 %, but says less than 12 of 40).
    .sort(byNumber((row) => (rate(row) ?? 0) * 100_000 + row.returned, (row) => row.label))
    .map((row) => ({ label: row.label, sold: row.sold, returned: row.returned, rate: rate(row), previousRate: rate(earlierByKey.get(row.key)) }));
  const sold = current.reduce((sum, row) => sum + row.sold, 0);
  const soldBefore = earlier.reduce((sum, row) => sum + row.sold, 0);
  const returnedBefore = earlier.reduce((sum, row) => sum + row.returned, 0);
  return {
    columns: [
      { key: "label", kind: "label" },
      { key: "sold", kind: "count" },
      { key: "returned", kind: "count" },
      { key: "rate", kind: "permille" },
      { key: "previousRate", kind: "permille" },
    ],
    rows,
    totals: { label: null, sold, returned, rate: sharePermille(returned, sold), previousRate: sharePermille(returnedBefore, soldBefore) },
    chart: {
      valueKind: "count",
      labelColumn: "label",
      bars: rows
        .filter((row) => Number(row.returned) > 0)
        .slice(0, REPORT_CHART_BARS)
        .map((row) => ({ label: row.label, value: Number(row.returned), previous: null })),
    },
  };
}

/** Discount codes: the orders that used each, what it took off and their revenue, against the previous period. */
async function discountsReport(db: Kysely<Database>, now: InstantRange, before: InstantRange): Promise<ReportBody> {
  const [current, earlier] = await Promise.all([discountUse(db, now), discountUse(db, before)]);
  const earlierByCode = new Map(earlier.map((row) => [row.code, row]));
  const rows: ReportRow[] = current
    .sort(byNumber((row) => row.orders, (row) => row.code))
    .map((row) => {
      const was = earlierByCode.get(row.code)?.orders ?? 0;
      return { code: row.code, orders: row.orders, discount: row.discount_cents, revenue: row.revenue_cents, previousOrders: was, change: changePermille(row.orders, was) };
    });
  const orders = current.reduce((sum, row) => sum + row.orders, 0);
  const ordersBefore = earlier.reduce((sum, row) => sum + row.orders, 0);
  return {
    columns: [
      { key: "code", kind: "label" },
      { key: "orders", kind: "count" },
      { key: "discount", kind: "money" },
      { key: "revenue", kind: "money" },
      { key: "previousOrders", kind: "count" },
      { key: "change", kind: "change" },
    ],
    rows,
    totals: {
      code: null,
      orders,
      discount: addMoney(...current.map((row) => row.discount_cents)),
      revenue: addMoney(...current.map((row) => row.revenue_cents)),
      previousOrders: ordersBefore,
      change: changePermille(orders, ordersBefore),
    },
    chart: { valueKind: "count", labelColumn: "code", bars: rows.slice(0, REPORT_CHART_BARS).map((row) => ({ label: row.code, value: Number(row.orders), previous: Number(row.previousOrders) })) },
  };
}

/**
 * Stock value and slow movers: every product holding pieces, what they are worth at today's
 * prices, and how many sold in the range — the slowest first (fewest sold, then most value
 * waiting), which is what the owner marks down or moves.
 */
async function stockReport(db: Kysely<Database>, now: InstantRange, before: InstantRange, locale: Locale): Promise<ReportBody> {
  const [stock, sold, soldBefore] = await Promise.all([stockValueByProduct(db, locale), unitsSoldByProduct(db, now), unitsSoldByProduct(db, before)]);
  const rows: ReportRow[] = stock
    .map((row) => {
      const units = sold.get(row.product_id) ?? 0;
      return { label: row.label, stock: row.units, value: row.value_cents, sold: units, sellThrough: sharePermille(units, units + row.units), previousSold: soldBefore.get(row.product_id) ?? 0 };
    })
    .sort((a, b) => Number(a.sold) - Number(b.sold) || Number(b.value) - Number(a.value) || String(a.label).localeCompare(String(b.label)));
  const units = stock.reduce((sum, row) => sum + row.units, 0);
  const soldUnits = rows.reduce((sum, row) => sum + Number(row.sold), 0);
  return {
    columns: [
      { key: "label", kind: "label" },
      { key: "stock", kind: "count" },
      { key: "value", kind: "money" },
      { key: "sold", kind: "count" },
      { key: "sellThrough", kind: "permille" },
      { key: "previousSold", kind: "count" },
    ],
    rows,
    totals: {
      label: null,
      stock: units,
      value: addMoney(...stock.map((row) => row.value_cents)),
      sold: soldUnits,
      sellThrough: sharePermille(soldUnits, soldUnits + units),
      previousSold: rows.reduce((sum, row) => sum + Number(row.previousSold), 0),
    },
    // The money waiting on the shelves: the largest values, whatever they sold.
    chart: {
      valueKind: "money",
      labelColumn: "label",
      bars: [...rows]
        .sort((a, b) => Number(b.value) - Number(a.value))
        .slice(0, REPORT_CHART_BARS)
        .map((row) => ({ label: row.label, value: Number(row.value), previous: null })),
    },
  };
}

/** Back-in-stock demand by size: shoppers waiting now, requests in the range and the one before, the stock now. */
async function demandReport(db: Kysely<Database>, now: InstantRange, before: InstantRange, locale: Locale): Promise<ReportBody> {
  const demand = await demandBySize(db, now, before, locale);
  const rows: ReportRow[] = demand
    .sort((a, b) => b.waiting - a.waiting || b.asked - a.asked || a.label.localeCompare(b.label) || a.size.localeCompare(b.size))
    .map((row) => ({ label: row.label, colour: row.colour, size: row.size, stock: row.stock, waiting: row.waiting, asked: row.asked, previousAsked: row.askedBefore, change: changePermille(row.asked, row.askedBefore) }));
  const asked = demand.reduce((sum, row) => sum + row.asked, 0);
  const askedBefore = demand.reduce((sum, row) => sum + row.askedBefore, 0);
  return {
    columns: [
      { key: "label", kind: "label" },
      { key: "colour", kind: "label" },
      { key: "size", kind: "label" },
      { key: "stock", kind: "count" },
      { key: "waiting", kind: "count" },
      { key: "asked", kind: "count" },
      { key: "previousAsked", kind: "count" },
      { key: "change", kind: "change" },
    ],
    rows,
    totals: { label: null, colour: null, size: null, stock: null, waiting: demand.reduce((sum, row) => sum + row.waiting, 0), asked, previousAsked: askedBefore, change: changePermille(asked, askedBefore) },
    chart: {
      valueKind: "count",
      labelColumn: "label",
      bars: rows.slice(0, REPORT_CHART_BARS).map((row) => ({ label: `${row.label} · ${row.size}`, value: Number(row.waiting), previous: null })),
    },
  };
}
