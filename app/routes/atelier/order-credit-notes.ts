import { data, redirect } from "react-router";
import type { Route } from "./+types/order-credit-notes";
import { getRequestContext } from "~/middleware/request-context.server";
import { issueCreditNotes } from "~/modules/invoice/credit-note.service.server";
import { isDomainError } from "~/utils/domain-error";
import { idParam } from "~/utils/id-param";
import { addStaffNotice, requireStaff, staffActor } from "./staff-context.server";

// /atelier/orders/:id/credit-notes: the invoice panel's button posts here to issue the credit
// notes still missing (a refund's note the schema refused at the time), then goes back to the
// order with a notice. A GET goes to the order.

function orderIdOf(params: { id?: string }): number {
  const id = idParam(params.id);
  if (id === null) throw data({ message: "checkout:errors.orderNotFound" }, { status: 404 });
  return id;
}

export function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context);
  throw redirect(getRequestContext(context).href(`/atelier/orders/${orderIdOf(params)}`));
}

export async function action({ context, params }: Route.ActionArgs) {
  const viewer = requireStaff(context);
  const { db, href } = getRequestContext(context);
  const orderId = orderIdOf(params);
  try {
    const count = await issueCreditNotes(db, orderId, { actor: staffActor(viewer) });
    addStaffNotice(context, count ? { kind: "success", key: "atelier-invoices:notices.creditNotesIssued", values: { count: String(count) } } : { kind: "success", key: "atelier-invoices:notices.creditNotesNone" });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw data({ message: error.messageKey }, { status: error.status });
  }
  throw redirect(href(`/atelier/orders/${orderId}`), 303);
}
