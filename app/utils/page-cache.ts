// Which pages the anonymous page cache may keep (app/server/page-cache.server.ts,
// docs/decisions/025): a page route says so in its handle. Only pages every shopper without a
// session sees alike, whose data changes through the catalogue's or the shop's revision.

export interface PageCacheHandle {
  /** "always": any URL of the route; "first-page": only without a page number past 1 (search). */
  pageCache?: "always" | "first-page";
}

export const CACHED_PAGE: PageCacheHandle = { pageCache: "always" };

/** Whether a route's handle lets the cache keep its page at this URL. */
export function pageCacheAllows(handle: unknown, url: URL): boolean {
  const rule = (handle as PageCacheHandle | undefined)?.pageCache;
  if (rule === "always") return true;
  if (rule === "first-page") return (url.searchParams.get("page") ?? "1") === "1";
  return false;
}
