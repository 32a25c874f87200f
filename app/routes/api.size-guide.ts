import type { Route } from "./+types/api.size-guide";
import { getRequestContext } from "~/middleware/request-context.server";
import { FIND_SIZE_FIELDS, FindSizeSchema } from "~/modules/size-guide/size-guide.schema";
import { getSizeGuidePage, suggestSizeOnPage } from "~/modules/size-guide/size-guide.service.server";
import { cacheControl } from "~/utils/cache-policy";
import { apiMessage, methodNotAllowed, validationErrorResponse } from "~/utils/json-api.server";
import { isLocale } from "~/utils/locale";

// A product's size guide as JSON (issue 41 part 2): GET /api/size-guide/<slug>?language=en, the
// same table, fit and model as the guide page; with `height`, `weight`, `system`, `usual` it
// answers "Trova la tua taglia" too, keeping nothing (never stored by a cache). docs/api.md.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const language = query.get("language");
  const locale = isLocale(language) ? language : "it";
  const { db } = getRequestContext(context);
  const page = await getSizeGuidePage(db, locale, (params["*"] ?? "").replace(/\/+$/, ""));
  if (!page) return apiMessage(locale, "notFound", { status: 404 });
  const asked = FIND_SIZE_FIELDS.some((field) => query.has(field));
  let suggestion = null;
  if (asked) {
    // An empty parameter is one not given, as the page's form reads it (conform drops empty values).
    const parsed = FindSizeSchema.safeParse(Object.fromEntries(FIND_SIZE_FIELDS.flatMap((field) => (query.get(field) ? [[field, query.get(field)]] : []))));
    if (!parsed.success) return validationErrorResponse(parsed.error, locale);
    suggestion = suggestSizeOnPage(page, parsed.data);
  }
  const { product, guide, rows, fit, model, sizes } = page;
  return Response.json(
    { product: { id: product.id, name: product.name, url: product.url, sizes }, guide: { ...guide, url: product.guideUrl }, sizes: rows, fit, model, suggestion },
    { headers: asked ? cacheControl("private") : cacheControl("publicMinute") },
  );
}

/** Nothing to write here: 405, GET allowed. */
export const action = (args: Route.ActionArgs) => methodNotAllowed(args, "GET");
