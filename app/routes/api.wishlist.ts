import type { Route } from "./+types/api.wishlist";
import { getRequestContext } from "~/middleware/request-context.server";
import { serverText } from "~/i18n/texts.server";
import { WishlistAddSchema, type WishlistForm, WishlistRemoveSchema } from "~/modules/wishlist/wishlist.schema";
import { getWishlist, wishlistOwnerOf } from "~/modules/wishlist/wishlist.service.server";
import { cacheControl } from "~/utils/cache-policy";
import { bodyLocale, jsonError, methodNotAllowed, operationOf, readJsonObject, validationErrorResponse } from "~/utils/json-api.server";
import { isLocale } from "~/utils/locale";
import type { z } from "~/utils/zod";
import { performWishlistIntent } from "./wishlist-actions.server";

// The wishlist as JSON, for the same session cookie and through the same services as the
// wishlist page and the hearts: GET /api/wishlist; POST /api/wishlist/add and /remove. Success
// answers { wishlist, message }; errors { message } with the error table's status (400 with
// `fields` for validation). docs/api.md has every shape.

const OPERATIONS: Record<string, { method: string; intent: "add" | "remove"; schema: z.ZodType }> = {
  add: { method: "POST", intent: "add", schema: WishlistAddSchema },
  remove: { method: "POST", intent: "remove", schema: WishlistRemoveSchema },
};

const noStore = cacheControl("private");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // An operation's address answers a GET with 404 (no such operation) or 405 (a write).
  if (params.operation !== undefined) {
    const operation = operationOf(request, OPERATIONS, params.operation);
    return operation instanceof Response ? operation : methodNotAllowed({ request }, operation.method);
  }
  const language = new URL(request.url).searchParams.get("language");
  const locale = isLocale(language) ? language : "it";
  const { db, shopper, session } = getRequestContext(context);
  return Response.json(
    {
      wishlist: await getWishlist(db, locale, wishlistOwnerOf(shopper, session.id)),
    },
    { headers: noStore },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const operation = operationOf(request, OPERATIONS, params.operation);
  if (operation instanceof Response) return operation;
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const parsed = operation.schema.safeParse(body);
  if (!parsed.success) return validationErrorResponse(parsed.error, locale);
  const ctx = getRequestContext(context);
  try {
    const { notice } = await performWishlistIntent(ctx, { ...(parsed.data as object), intent: operation.intent } as WishlistForm);
    const wishlist = await getWishlist(ctx.db, locale, wishlistOwnerOf(ctx.shopper, ctx.session.id));
    return Response.json({ wishlist, message: serverText(locale, notice) }, { headers: noStore });
  } catch (error) {
    return jsonError(error, locale);
  }
}
