import type { Route } from "./+types/api.cart";
import { getRequestContext } from "~/middleware/request-context.server";
import { performBagIntent } from "./bag-actions.server";
import { AddToBagSchema, BAG_ACTION_MARKERS, type BagForm, DiscountCodeSchema, EditLineSchema, RemoveDiscountSchema, RemoveLineSchema, ReorderSchema } from "~/modules/bag/bag.schema";
import { bagStockLines, getBag } from "~/modules/bag/bag.service.server";
import { pickupOptions } from "~/modules/store/store-pickup.service.server";
import { PICKUP_COLLECT_DAYS, PICKUP_TRANSFER_DAYS } from "~/modules/store/store-pickup.rules";
import { isLocale } from "~/utils/locale";
import { bodyLocale, jsonError, methodNotAllowed, operationOf, readJsonObject, validationErrorResponse } from "~/utils/json-api.server";
import { serverText } from "~/i18n/texts.server";
import type { z } from "~/utils/zod";
import { cacheControl } from "~/utils/cache-policy";

// The bag as JSON (spec §7), for the same session cookie and through the same services as the
// /cart page: GET /api/cart; POST add, PATCH edit, POST remove, addDiscount, removeDiscount
// under /api/cart/…. Success answers { cart, message? }; errors { message } with the error
// table's status (400 with `fields` for validation). docs/api.md has every shape.

const OPERATIONS: Record<string, { method: string; intent: BagForm["intent"]; schema: z.ZodType }> = {
  add: { method: "POST", intent: "add", schema: AddToBagSchema },
  edit: { method: "PATCH", intent: "edit", schema: EditLineSchema },
  remove: { method: "POST", intent: "remove", schema: RemoveLineSchema },
  addDiscount: { method: "POST", intent: "addDiscount", schema: DiscountCodeSchema },
  removeDiscount: { method: "POST", intent: "removeDiscount", schema: RemoveDiscountSchema },
  reorder: { method: "POST", intent: "reorder", schema: ReorderSchema },
};

const noStore = cacheControl("private");
const PICKUP_STORES = "pickupStores";

/** The bag's pick-up stores (issue 41): the shipping step's list, with each store's promise for this bag. */
async function pickupStores(context: Route.LoaderArgs["context"]) {
  const { db, bagId } = getRequestContext(context);
  const lines = bagId === null ? [] : await bagStockLines(db, bagId);
  const stores = await pickupOptions(db, lines);
  return Response.json(
    {
      stores: stores.map(({ id, name, address, city, province, postalCode, phone, hours, byTransfer }) => ({
        id,
        name,
        address,
        city,
        province,
        postalCode,
        phone,
        hours,
        readyIn: byTransfer ? { workingDays: PICKUP_TRANSFER_DAYS } : "same_day",
      })),
      collectWithinDays: PICKUP_COLLECT_DAYS,
    },
    { headers: noStore },
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.operation === PICKUP_STORES) return pickupStores(context);
  // An operation's address answers a GET with 404 (no such operation) or 405 (a write).
  if (params.operation !== undefined) {
    const operation = operationOf(request, OPERATIONS, params.operation);
    return operation instanceof Response ? operation : methodNotAllowed({ request }, operation.method);
  }
  const language = new URL(request.url).searchParams.get("language");
  const locale = isLocale(language) ? language : "it";
  const { db, bagId } = getRequestContext(context);
  return Response.json({ cart: await getBag(db, locale, bagId) }, { headers: noStore });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (params.operation === PICKUP_STORES) return methodNotAllowed({ request }, "GET");
  const operation = operationOf(request, OPERATIONS, params.operation);
  if (operation instanceof Response) return operation;
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const parsed = operation.schema.safeParse(body);
  if (!parsed.success) return validationErrorResponse(parsed.error, locale);
  const ctx = getRequestContext(context);
  try {
    const notices = await performBagIntent(ctx, { ...(parsed.data as object), intent: operation.intent } as BagForm);
    const cart = await getBag(ctx.db, locale, ctx.bagId);
    return Response.json(
      { cart, fetchCart: BAG_ACTION_MARKERS[operation.intent], message: notices.map((notice) => serverText(locale, notice.key, notice.values)).join(" ") },
      { headers: noStore },
    );
  } catch (error) {
    return jsonError(error, locale);
  }
}
