import type { Route } from "./+types/invoices-csv";
import { getAtelierContext } from "~/middleware/request-context.server";
import { monthInvoicesCsv, parseInvoiceMonth } from "~/modules/invoice/invoice.service.server";
import { csvResponse } from "~/utils/csv.server";
import { recordExport } from "./staff-context.server";

// /atelier/invoices.csv?month=YYYY-MM: the month's invoices for the accountant, streamed a page
// at a time; a month that makes no sense is this month, as on the list.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const month = parseInvoiceMonth(new URL(request.url).searchParams.get("month"));
  await recordExport(context, viewer, { action: "export.invoices-csv", entityType: "export", entityId: "invoices", details: { month: String(month) } });
  const { fileName, header, rows } = monthInvoicesCsv(db, month);
  return csvResponse(fileName, header, rows);
}
