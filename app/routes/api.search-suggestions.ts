import type { Route } from "./+types/api.search-suggestions";
import { getRequestContext } from "~/middleware/request-context.server";
import { searchSuggestions } from "~/modules/catalog/search-suggestions.service.server";
import { MAX_QUERY_LENGTH } from "~/modules/catalog/search-text";
import { apiMessage, methodNotAllowed, requestLocale } from "~/utils/json-api.server";
import { isLocale } from "~/utils/locale";
import { cacheControl } from "~/utils/cache-policy";

// The header's suggestions as the shopper types (issue 39): GET ?q=…&lang=it|en. The answer
// depends on the address alone (no session, no country), so any cache may keep it a minute: the
// same few letters typed by many shoppers cost one search. A query longer than the search box
// allows is refused, not cut, so a cached answer always says what was asked.
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const lang = query.get("lang") ?? "it";
  if (!isLocale(lang)) return apiMessage(requestLocale(request), "unknownLang", { status: 400 });
  const q = query.get("q") ?? "";
  if (q.length > MAX_QUERY_LENGTH) return apiMessage(lang, "queryTooLong", { status: 400 });
  const suggestions = await searchSuggestions(getRequestContext(context).db, lang, q);
  return Response.json(suggestions, { headers: { ...cacheControl("publicMinute"), Vary: "Accept-Encoding" } });
}

/** A read only: any other method is told so, in the asked language. */
export const action = ({ request }: Route.ActionArgs) => methodNotAllowed({ request }, "GET");
