// The catalogue's revision-keyed cache is the base level's one cache (app/modules/base/
// revision-cache.server.ts, decision 038); the catalogue's own files keep reaching it here.
export { CATALOG_CACHE_MAX_ENTRIES, CATALOG_CACHE_TTL_MS, bumpCatalogRevision, cachedCatalogRead, clearCatalogCache, readCatalogRevision } from "~/modules/base/revision-cache.server";
