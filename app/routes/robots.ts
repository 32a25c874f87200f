import type { RouterContextProvider } from "react-router";
import { robotsTxt } from "~/modules/seo/sitemap.server";
import { getRequestContext } from "~/middleware/request-context.server";
import { cacheControl } from "~/utils/cache-policy";

// /robots.txt. Typed by hand until the route is registered and `./+types/robots` exists.
interface LoaderArgs {
  context: Readonly<RouterContextProvider>;
}

export function loader({ context }: LoaderArgs) {
  return new Response(robotsTxt(getRequestContext(context).env.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheControl("publicHour") },
  });
}
