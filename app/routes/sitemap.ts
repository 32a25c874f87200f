import type { RouterContextProvider } from "react-router";
import { categoriesSitemap, contentSitemapPages, homeLastmod, indexSitemap, pagesSitemap, productsSitemap } from "~/modules/seo/sitemap.server";
import { getRequestContext } from "~/middleware/request-context.server";

// The four server-generated sitemaps (spec §2): /sitemap/{index,categories,pages,products}.xml,
// and /sitemap.xml, which is the same module registered without a name: the index.
// Typed by hand until the route is registered and `./+types/sitemap` exists.
interface LoaderArgs {
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}

const HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" } });

export async function loader({ params, context }: LoaderArgs) {
  const { db, env } = getRequestContext(context);
  const origin = env.PUBLIC_URL;
  // The segment is "<name>.xml": dynamic segments cannot carry a static suffix in the path.
  const name = params.name === undefined ? "index" : /^(\w+)\.xml$/.exec(params.name)?.[1];
  let xml: string;
  switch (name) {
    case "index":
      xml = await indexSitemap(db, origin);
      break;
    case "categories":
      xml = await categoriesSitemap(db, origin);
      break;
    case "pages":
      xml = pagesSitemap(origin, await homeLastmod(db), await contentSitemapPages(db));
      break;
    case "products":
      xml = await productsSitemap(db, origin);
      break;
    default:
      return notFound();
  }
  return new Response(xml, { headers: HEADERS });
}
