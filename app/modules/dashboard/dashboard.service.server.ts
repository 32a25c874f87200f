import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { mostRequestedSoldOut } from "~/modules/backstock/backstock-demand.service.server";
import { lowStock } from "~/modules/catalog/stock-report.service.server";
import { deskWork, salesSummary } from "~/modules/order/order-stats.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";

// Atelier's dashboard (/atelier): what the shop sold, what waits for the desk, and what runs
// short, gathered from the order, catalogue and back-in-stock services. A fixed number of
// statements whatever the shop's size (the settings, when not cached, plus six), each on an
// index range: no statement reads all orders.

/** Low-stock variants the dashboard lists (the count covers them all). */
export const DASHBOARD_LOW_STOCK = 8;
/** Sold-out sizes the dashboard lists. */
export const DASHBOARD_DEMAND = 5;

export async function loadDashboard(db: Kysely<Database>, { locale, now = new Date() }: { locale: Locale; now?: Date }) {
  const settings = await getShopSettings(db);
  const [sales, desk, low, demand] = await Promise.all([
    salesSummary(db, now),
    deskWork(db),
    lowStock(db, { threshold: settings.lowStockThreshold, locale, limit: DASHBOARD_LOW_STOCK }),
    mostRequestedSoldOut(db, { locale, limit: DASHBOARD_DEMAND }),
  ]);
  return { sales, desk, lowStock: { threshold: settings.lowStockThreshold, ...low }, demand };
}

export type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;
