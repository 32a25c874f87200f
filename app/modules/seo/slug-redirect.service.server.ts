import type { Kysely } from "kysely";
import type { Database, Locale, SlugRedirectKind } from "~/db/schema";
import { deleteSlugRedirects, deleteSlugRedirectsOf, findCurrentPath, findLongestSlugRedirect, upsertSlugRedirect } from "./slug-redirect.repository.server";

// A published address never breaks (issue 24): when a product's slug or a category's path
// changes, the old path is kept here and answered with a 301 to wherever the entity is now.
// Category paths hold their ancestors' slugs, so a renamed "donna" moves "donna/abiti" too: a
// request is matched on its longest redirected prefix, and the rest of the path is kept.

export interface PathChange {
  kind: SlugRedirectKind;
  locale: Locale;
  entityId: number;
  oldPath: string;
  newPath: string;
}

/**
 * Records path changes, in the transaction that makes them. Call it only for what shoppers could
 * reach (a published product or category): a draft's slug may change freely. A path that becomes
 * live again (taken back by its entity or by another) stops redirecting.
 */
export async function recordPathChanges(trx: Kysely<Database>, changes: PathChange[], now = new Date()): Promise<void> {
  const at = now.toISOString();
  for (const change of changes) {
    await deleteSlugRedirects(trx, change.kind, change.locale, [change.newPath]);
    if (change.oldPath === change.newPath) continue;
    await upsertSlugRedirect(trx, { kind: change.kind, locale: change.locale, oldPath: change.oldPath, entityId: change.entityId, at });
  }
}

/** An entity is deleted: its old paths stop redirecting (an id used again must not inherit them). */
export async function forgetPathsOf(trx: Kysely<Database>, kind: SlugRedirectKind, entityId: number): Promise<void> {
  await deleteSlugRedirectsOf(trx, kind, entityId);
}

/** The prefixes of a path by segments, longest first: "a/b/c" → ["a/b/c", "a/b", "a"]. */
export function pathPrefixes(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  return segments.map((_, index) => segments.slice(0, segments.length - index).join("/"));
}

/**
 * Where an unknown path below /products/ or /categories/ has moved: the entity's current path,
 * with whatever followed the redirected prefix; undefined when it never existed, or when it would
 * lead back to itself.
 */
export async function resolveMovedPath(db: Kysely<Database>, kind: SlugRedirectKind, locale: Locale, path: string): Promise<string | undefined> {
  const clean = path.replace(/^\/+|\/+$/g, "");
  if (!clean || clean.length > 1_000) return undefined;
  const prefixes = pathPrefixes(clean).slice(0, 8);
  const redirect = await findLongestSlugRedirect(db, kind, locale, prefixes);
  if (!redirect) return undefined;
  const current = await findCurrentPath(db, kind, locale, redirect.entityId);
  if (!current) return undefined;
  const moved = current + clean.slice(redirect.oldPath.length);
  return moved === clean ? undefined : moved;
}
