import { redirect } from "react-router";
import type { Route } from "./+types/order-credit-notes";
import { getAtelierContext } from "~/middleware/request-context.server";
import { issueCreditNotes } from "~/modules/invoice/credit-note.service.server";
import { pageError } from "~/utils/form.server";
import { requireIdParam } from "~/utils/id-param";
import { addStaffNotice, staffActor } from "./staff-context.server";

// /atelier/orders/:id/credit-notes: the invoice panel's button posts here to issue the credit
// notes still missing (a refund's note the schema refused at the time), then goes back to the
// order with a notice. A GET goes to the order.

export function loader({ context, params }: Route.LoaderArgs) {
  throw redirect(getAtelierContext(context).href(`/atelier/orders/${requireIdParam(params.id)}`));
}

export async function action({ context, params }: Route.ActionArgs) {
  const { db, href, staff: viewer } = getAtelierContext(context);
  const orderId = requireIdParam(params.id);
  try {
    const count = await issueCreditNotes(db, orderId, { actor: staffActor(viewer) });
    addStaffNotice(context, count ? { kind: "success", key: "atelier-invoices:notices.creditNotesIssued", values: { count: String(count) } } : { kind: "success", key: "atelier-invoices:notices.creditNotesNone" });
  } catch (error) {
    pageError(error);
  }
  throw redirect(href(`/atelier/orders/${orderId}`), 303);
}
