import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { addMoney, averageMoney } from "~/utils/money";
import { countDeskWork, refundsPerDay, salesPerDay } from "./order-stats.repository.server";
import { type CalendarDay, romeDay, romeMidnight } from "./working-days";

// Sales figures for Atelier's dashboard, on Italy's calendar (Europe/Rome): "today" is the
// shop's day, whatever the server's or the viewer's time zone.
//
// - orders: the orders placed that day whose payment was taken (paid_at set), whatever happened
//   to them afterwards (a refund is counted on its own day, below); unpaid and expired ones are not sales;
// - revenue: those orders' totals (goods, shipping, VAT included, discounts off), in cents;
// - average order: revenue ÷ orders, rounded half up to the cent;
// - refunds: the money that went back that day (refunds done), whichever day its order was placed.

/** How many days the chart and the longest figure cover, today included. */
export const SALES_DAYS = 30;

export interface SalesFigures {
  orders: number;
  revenueCents: number;
  averageCents: number;
  refundsCents: number;
}

export interface SalesDay extends SalesFigures {
  /** The Italian calendar day, "YYYY-MM-DD". */
  day: string;
}

export interface SalesSummary {
  today: SalesFigures;
  last7: SalesFigures;
  last30: SalesFigures;
  /** The last SALES_DAYS days, oldest first, today last. */
  days: SalesDay[];
}

const dayKey = (d: CalendarDay) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

function shift(d: CalendarDay, n: number): CalendarDay {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}


function figures(days: SalesDay[]): SalesFigures {
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const revenueCents = addMoney(...days.map((d) => d.revenueCents));
  return { orders, revenueCents, averageCents: averageMoney(revenueCents, orders), refundsCents: addMoney(...days.map((d) => d.refundsCents)) };
}

/** Today's, the last 7 days' and the last 30 days' sales, and each of the 30 days: two statements. */
export async function salesSummary(db: Kysely<Database>, now = new Date()): Promise<SalesSummary> {
  const today = romeDay(now);
  const calendar = Array.from({ length: SALES_DAYS }, (_, i) => shift(today, i - (SALES_DAYS - 1)));
  const starts = [...calendar, shift(today, 1)].map((d) => romeMidnight(d).toISOString());
  const [sales, refunds] = await Promise.all([salesPerDay(db, starts), refundsPerDay(db, starts)]);
  const days: SalesDay[] = calendar.map((d) => ({ day: dayKey(d), orders: 0, revenueCents: 0, averageCents: 0, refundsCents: 0 }));
  for (const row of sales) {
    const day = days[row.day];
    if (!day) continue;
    day.orders = row.orders;
    day.revenueCents = row.revenue_cents;
    day.averageCents = averageMoney(row.revenue_cents, row.orders);
  }
  for (const row of refunds) {
    const day = days[row.day];
    if (day) day.refundsCents = row.refunded_cents;
  }
  return { today: figures(days.slice(-1)), last7: figures(days.slice(-7)), last30: figures(days), days };
}

export interface DeskWork {
  /** Paid orders not shipped yet. */
  toShip: number;
  /** Orders waiting for their bank transfer. */
  transfersWaiting: number;
  /** Returns asked for and not received yet. */
  returnsToReceive: number;
}

/** What waits for the desk: one statement. */
export function deskWork(db: Kysely<Database>): Promise<DeskWork> {
  return countDeskWork(db);
}
