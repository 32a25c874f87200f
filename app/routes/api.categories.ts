import type { Route } from "./+types/api.categories";
import { getMenu } from "~/modules/catalog/category.service.server";
import { getRequestContext } from "~/middleware/request-context.server";
import { apiMessage, requestLocale } from "~/utils/json-api.server";
import { isLocale } from "~/utils/locale";
import { cacheControl } from "~/utils/cache-policy";

// The menu structure. Clients may keep it 5 minutes fresh, and serve it stale for 5 more
// while they refresh (spec §7: stale 5 min, cache 10 min).
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang") ?? "it";
  if (!isLocale(lang)) return apiMessage(requestLocale(request), "unknownLang", { status: 400 });
  const menu = await getMenu(getRequestContext(context).db, lang);
  return Response.json(menu, { headers: { ...cacheControl("publicFiveMinutes"), Vary: "Accept-Encoding" } });
}
