import type { Route } from "./+types/order-invoice-file";
import { getAtelierContext } from "~/middleware/request-context.server";
import { invoiceFile } from "~/modules/invoice/invoice.service.server";

import { DomainError } from "~/utils/domain-error";
import { pageError } from "~/utils/form.server";
import { recordExport } from "./staff-context.server";
import { idParam } from "~/utils/id-param";
import { sdiFileName, xmlDownload } from "~/utils/xml-download.server";

// /atelier/orders/:id/invoice.xml: the order's electronic invoice as it was issued, byte for byte
// (docs/decisions/022), always as a download under its SDI file name, kept by no cache.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  let file: Awaited<ReturnType<typeof invoiceFile>>;
  try {
    const id = idParam(params.id);
    if (id === null) throw new DomainError("INVOICE_NOT_FOUND", "No such order id.");
    file = await invoiceFile(db, id);
  } catch (error) {
    pageError(error);
  }
  // IT<partita IVA>_<progressive>.xml, as the download names it.
  await recordExport(context, viewer, { action: "export.invoice-xml", entityType: "order", entityId: params.id ?? "", summary: sdiFileName(file.fileName) });
  return xmlDownload(file);
}
