import type { MiddlewareFunction } from "react-router";
import { appContext } from "~/server/context.server";

// Which pages the anonymous page cache may keep (app/server/page-cache.server.ts,
// docs/decisions/025): a page route says so with this middleware. Only pages every shopper
// without a session sees alike, whose data changes through the catalogue's or the shop's
// revision. A middleware rather than a handle: it stays on the server, out of the page's
// JavaScript.

/** "always": any URL of the route; "first-page": only without a page number past 1 (search). */
export type PageCacheRule = "always" | "first-page";

/** Whether the rule lets the cache keep the page at this URL. */
export function pageCacheAllows(rule: PageCacheRule, url: URL): boolean {
  return rule === "always" || (url.searchParams.get("page") ?? "1") === "1";
}

/** Lets the page cache keep this route's page (when the request is one it may keep at all). */
export function allowPageCache(rule: PageCacheRule): MiddlewareFunction<Response> {
  return ({ context, request }, next) => {
    const candidate = context.get(appContext).pageCache;
    if (candidate) candidate.routeAllows = pageCacheAllows(rule, new URL(request.url));
    return next();
  };
}
