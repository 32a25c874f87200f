import { redirect } from "react-router";
import type { Route } from "./+types/customer-export";
import { getAtelierContext } from "~/middleware/request-context.server";

import { exportCustomerData } from "~/modules/account/customer-desk.service.server";
import { atelierHref, staffActor } from "./staff-context.server";
import { idParam, notFound } from "~/utils/id-param";
import { cacheControl } from "~/utils/cache-policy";

// POST /atelier/customers/:id/export: the customer's data as the shopper downloads it from
// /account/export (the same document, by the same service), as an attachment. A post, not a
// link: the export is recorded in the audit log (customer.export), and a GET writes nothing.
export async function loader({ context, params }: Route.LoaderArgs) {
  getAtelierContext(context);
  const id = idParam(params.id);
  if (id === null) throw notFound();
  // A bookmarked or typed address: the customer's page, where the button is.
  throw redirect(atelierHref(context, `/atelier/customers/${id}`));
}

export async function action({ context, params }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = idParam(params.id);
  const document = id === null ? null : await exportCustomerData(db, id, staffActor(viewer));
  if (!document) throw notFound();
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="bottega-cliente-${id}-${document.exportedAt.slice(0, 10)}.json"`,
      ...cacheControl("private"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
