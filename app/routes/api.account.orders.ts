import type { Route } from "./+types/api.account.orders";
import { getRequestContext } from "~/middleware/request-context.server";
import { findLastOrderId, getOrderFor } from "~/modules/order/order.service.server";
import { idParam } from "~/utils/id-param";
import { cacheControl } from "~/utils/cache-policy";
import { jsonError, requestLocale } from "~/utils/json-api.server";

// GET /api/account/orders/{id} (spec §7: the last order): the order for its owner only (the
// account, or the session that placed it as a guest); "last" names the most recent one. Anyone
// else gets the same 404 as for an order that does not exist.

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, orderViewer: viewer } = getRequestContext(context);
  const id = params.id === "last" ? await findLastOrderId(db, viewer) : idParam(params.id);
  try {
    // The lines in the request's language where their products still exist (issue 37).
    const order = await getOrderFor(db, id, viewer, requestLocale(request));
    return Response.json(order, { headers: cacheControl("private") });
  } catch (error) {
    const answer = jsonError(error, requestLocale(request));
    for (const [name, value] of Object.entries(cacheControl("private"))) answer.headers.set(name, value);
    return answer;
  }
}
