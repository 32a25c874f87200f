import type { MiddlewareFunction } from "react-router";
import { appContext } from "~/server/context.server";
import { readPageRevisions } from "~/server/page-cache.server";
import { URL_NOTICE_PARAM } from "~/modules/session/url-notice";

// Which pages the anonymous page cache may keep (app/server/page-cache.server.ts,
// docs/decisions/028): a page route says so with this middleware. Only pages every shopper
// without a session sees alike, whose data changes through the catalogue's or the shop's
// revision. A middleware rather than a handle: it stays on the server, out of the page's
// JavaScript.

/** "always": any URL of the route; "first-page": only without a page number past 1 (search). */
export type PageCacheRule = "always" | "first-page";

/** Whether the rule lets the cache keep the page at this URL. */
export function pageCacheAllows(rule: PageCacheRule, url: URL): boolean {
  // A notice handed over in the address (url-notice.ts) is one shopper's moment, not the page's.
  if (url.searchParams.has(URL_NOTICE_PARAM)) return false;
  return rule === "always" || (url.searchParams.get("page") ?? "1") === "1";
}

/**
 * Lets the page cache keep this route's page, when the request is one it may keep at all: the
 * revisions the page will be kept under are read now, before any loader reads the data.
 */
export function allowPageCache(rule: PageCacheRule): MiddlewareFunction<Response> {
  return async ({ context, request }, next) => {
    const { db, pageCache: candidate } = context.get(appContext);
    if (candidate && pageCacheAllows(rule, new URL(request.url))) {
      // Unknown revisions (the database unreachable): rendered as usual, never kept.
      candidate.revisions ??= await readPageRevisions(db).catch(() => undefined);
      candidate.routeAllows = candidate.revisions !== undefined;
    }
    return next();
  };
}
