import type { Route } from "./+types/orders-export";
import { parseDeskOrderQuery, parseOrderIds } from "~/modules/order/order-desk.schema";
import { DESK_CSV_HEADER, deskOrderCsvRows } from "~/modules/order/order-desk.service.server";
import { getAtelierContext } from "~/middleware/request-context.server";
import { csvResponse } from "~/utils/csv.server";
import { recordExport } from "./staff-context.server";

// /atelier/orders/export: the list's filtered orders as a CSV download, in the list's order,
// streamed a page at a time (the list's query string; its page is ignored). With `id`s (the
// rows ticked in the list, issue 42 part 5), only those orders.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const url = new URL(request.url);
  const query = parseDeskOrderQuery(url.searchParams);
  // The list's selection (its bulk form says so): the ticked orders only, none ticked none.
  const ids = url.searchParams.has("id") || url.searchParams.has("selection") ? parseOrderIds(url.searchParams) : undefined;
  await recordExport(context, viewer, { action: "export.orders-csv", entityType: "export", entityId: "orders", details: { filters: url.search.slice(0, 500), ...(ids ? { orders: ids.length } : {}) } });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`orders-${day}.csv`, DESK_CSV_HEADER, deskOrderCsvRows(db, query, { ids }));
}
