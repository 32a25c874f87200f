import { redirect } from "react-router";
import type { Route } from "./+types/store-stock-export";
import { getAtelierContext } from "~/middleware/request-context.server";
import { STORE_STOCK_CSV_HEADER, recordStoreStockExport, storeStockCsvRows } from "~/modules/store/store-stock-csv.server";
import { csvResponse } from "~/utils/csv.server";
import { atelierHref, staffActor } from "./staff-context.server";

// POST /atelier/catalog/store-stock.csv: the stores' stock as CSV, streamed a page of sizes at a
// time. A post, not a link: the export is recorded in the audit log, and a GET writes nothing (it
// leads to the page with the upload).
export async function loader({ context }: Route.LoaderArgs) {
  getAtelierContext(context);
  throw redirect(atelierHref(context, "/atelier/catalog/store-stock"));
}

export async function action({ context }: Route.ActionArgs) {
  const { db, locale, staff: viewer } = getAtelierContext(context);
  const fileName = `bottega-stock-negozi-${new Date().toISOString().slice(0, 10)}.csv`;
  await recordStoreStockExport(db, staffActor(viewer), fileName);
  return csvResponse(fileName, STORE_STOCK_CSV_HEADER, storeStockCsvRows(db, locale));
}
