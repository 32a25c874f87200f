import type { Route } from "./+types/api.settings";
import { getGlobalSettings } from "~/modules/content/settings.repository.server";
import { getRequestContext } from "~/middleware/request-context.server";
import { isLocale } from "~/utils/locale";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  if (!isLocale(lang)) {
    return Response.json({ message: "Unknown lang: use it or en" }, { status: 400 });
  }
  const settings = await getGlobalSettings(getRequestContext(context).db, lang);
  return Response.json(settings, { headers: { "Cache-Control": "public, max-age=60" } });
}
