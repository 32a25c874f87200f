import type { Route } from "./+types/api.recently-viewed";
import { getRequestContext } from "~/middleware/request-context.server";
import { getProductCardsByIds } from "~/modules/catalog/product.service.server";
import { readRecentlyViewed } from "~/modules/recently-viewed/recently-viewed.server";
import { cacheControl } from "~/utils/cache-policy";
import { methodNotAllowed } from "~/utils/json-api.server";
import { isLocale } from "~/utils/locale";

// "Visti di recente" as JSON (issue 41 part 4): GET /api/recently-viewed?language=en, the cards
// of the pieces the shopper's cookie names, newest first, those no longer on sale left out;
// `allowed: false` and no pieces without consent to preference cookies. docs/api.md.

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = new URL(request.url).searchParams.get("language");
  const locale = isLocale(language) ? language : "it";
  const { db } = getRequestContext(context);
  const { allowed, ids } = await readRecentlyViewed(request);
  return Response.json({ allowed, products: ids.length ? await getProductCardsByIds(db, locale, ids) : [] }, { headers: cacheControl("private") });
}

/** Only the product page writes the list: 405, GET allowed. */
export const action = (args: Route.ActionArgs) => methodNotAllowed(args, "GET");
