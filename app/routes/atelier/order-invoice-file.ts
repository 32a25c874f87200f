import type { Route } from "./+types/order-invoice-file";
import { getRequestContext } from "~/middleware/request-context.server";
import { invoiceFile } from "~/modules/invoice/invoice.service.server";

import { DomainError } from "~/utils/domain-error";
import { pageError } from "~/utils/form.server";
import { recordExport, requireStaff } from "./staff-context.server";
import { idParam } from "~/utils/id-param";
import { cacheControl } from "~/utils/cache-policy";

// /atelier/orders/:id/invoice.xml: the order's electronic invoice as it was issued, byte for byte
// (docs/decisions/022), always as a download under its SDI file name, kept by no cache.
export async function loader({ context, params }: Route.LoaderArgs) {
  const viewer = requireStaff(context);
  const { db } = getRequestContext(context);
  let file: Awaited<ReturnType<typeof invoiceFile>>;
  try {
    const id = idParam(params.id);
    if (id === null) throw new DomainError("INVOICE_NOT_FOUND", "No such order id.");
    file = await invoiceFile(db, id);
  } catch (error) {
    pageError(error);
  }
  // IT<partita IVA>_<progressive>.xml: letters, digits and the underscore; anything else is dropped.
  const fileName = file.fileName.replace(/[^A-Za-z0-9_.-]/g, "");
  await recordExport(context, viewer, { action: "export.invoice-xml", entityType: "order", entityId: params.id ?? "", summary: fileName });
  return new Response(file.xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      ...cacheControl("private"),
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
