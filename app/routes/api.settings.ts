import type { Route } from "./+types/api.settings";
import { activeBanner } from "~/modules/banner/banner.service.server";
import { DEFAULT_BANNER_COLOURS } from "~/modules/banner/banner-colours";
import { getRequestContext } from "~/middleware/request-context.server";
import { apiMessage, requestLocale } from "~/utils/json-api.server";
import { isLocale } from "~/utils/locale";
import { cacheControl } from "~/utils/cache-policy";

// The spec's settings call (§6): the banner's messages of a language in its field names. The
// messages are those shown now, as the banner shows them: the closure notice in force, the
// dated free-shipping promotion that runs, the owner's messages; each has its own colours in
// Atelier, and the bar's colours here are the first message's.
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  if (!isLocale(lang)) return apiMessage(requestLocale(request), "unknownLang", { status: 400 });
  // As the banner shows them: a closure notice in force first, in the shop's ink and ivory.
  const { messages } = await activeBanner(getRequestContext(context).db, lang);
  const first = messages[0] ?? DEFAULT_BANNER_COLOURS;
  return Response.json(
    {
      globalMessages: messages.map((m) => m.text),
      globalMessagesLink: messages.map((m) => m.link),
      globalMessagesBackground: first.background,
      globalMessagesColor: first.color,
    },
    { headers: cacheControl("publicMinute") },
  );
}
