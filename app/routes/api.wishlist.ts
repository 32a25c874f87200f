import type { Route } from "./+types/api.wishlist";
import { getRequestContext } from "~/middleware/request-context.server";
import { serverText } from "~/i18n/texts.server";
import { WishlistAddSchema, type WishlistForm, WishlistRemoveSchema } from "~/modules/wishlist/wishlist.schema";
import { getWishlist, wishlistOwnerOf } from "~/modules/wishlist/wishlist.service.server";
import { cacheControl } from "~/utils/cache-policy";
import { bodyLocale, jsonError, methodNotAllowed, readJsonObject, unknownOperation, validationErrorResponse } from "~/utils/json-api.server";
import { isLocale } from "~/utils/locale";
import type { z } from "~/utils/zod";
import { performWishlistIntent } from "./wishlist-actions.server";

// The wishlist as JSON, for the same session cookie and through the same services as the
// wishlist page and the hearts: GET /api/wishlist; POST /api/wishlist/add and /remove. Success
// answers { wishlist, message }; errors { message } with the error table's status (400 with
// `fields` for validation). docs/api.md has every shape.

const OPERATIONS: Record<string, { method: string; intent: WishlistForm["intent"]; schema: z.ZodType }> = {
  add: { method: "POST", intent: "add", schema: WishlistAddSchema },
  remove: { method: "POST", intent: "remove", schema: WishlistRemoveSchema },
};

const noStore = cacheControl("private");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.operation !== undefined) {
    const known = OPERATIONS[params.operation];
    if (!known) return unknownOperation(request);
    return methodNotAllowed({ request }, known.method);
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
  const operation = params.operation === undefined ? undefined : OPERATIONS[params.operation];
  if (!operation) return unknownOperation(request);
  if (request.method !== operation.method) return methodNotAllowed({ request }, operation.method);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const parsed = operation.schema.safeParse(body);
  if (!parsed.success) return validationErrorResponse(parsed.error, locale);
  const ctx = getRequestContext(context);
  try {
    const saved = await performWishlistIntent(ctx, {
      ...(parsed.data as object),
      intent: operation.intent,
    } as WishlistForm);
    const wishlist = await getWishlist(ctx.db, locale, wishlistOwnerOf(ctx.shopper, ctx.session.id));
    return Response.json(
      {
        wishlist,
        message: serverText(locale, saved ? "wishlist.added" : "wishlist.removed"),
      },
      { headers: noStore },
    );
  } catch (error) {
    return jsonError(error, locale);
  }
}
