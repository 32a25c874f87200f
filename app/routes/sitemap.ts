import type { RouterContextProvider } from "react-router";
import { getRequestContext } from "~/middleware/request-context.server";
import { sitemapResponse } from "~/modules/seo/sitemap-response.server";
import { notFoundFile } from "~/utils/id-param";

// The server-generated sitemaps (spec §2): /sitemap/{index,categories,pages,products}.xml, the
// further products files (/sitemap/products-2.xml, …) past five thousand products, and
// /sitemap.xml, which is the same module registered without a name: the index.
// Typed by hand until the route is registered and `./+types/sitemap` exists.
interface LoaderArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}


export async function loader({ request, params, context }: LoaderArgs) {
  const { db, env } = getRequestContext(context);
  // The segment is "<name>.xml": dynamic segments cannot carry a static suffix in the path.
  const name = params.name === undefined ? "index" : /^([\w-]{1,20})\.xml$/.exec(params.name)?.[1];
  if (!name) return notFoundFile();
  return sitemapResponse(request, db, env.PUBLIC_URL, name);
}
