import type { Kysely } from "kysely";
import type { Database, Locale, SlugRedirectKind } from "~/db/schema";

/** Points an old path at an entity (a rename of a rename points the old path at the same entity). */
export async function upsertSlugRedirect(
  trx: Kysely<Database>,
  row: { kind: SlugRedirectKind; locale: Locale; oldPath: string; entityId: number; at: string },
): Promise<void> {
  await trx
    .insertInto("slug_redirects")
    .values({ kind: row.kind, locale: row.locale, old_path: row.oldPath, entity_id: row.entityId, created_at: row.at })
    .onConflict((oc) => oc.columns(["kind", "locale", "old_path"]).doUpdateSet({ entity_id: row.entityId, created_at: row.at }))
    .execute();
}

/** Forgets redirects from paths that are live again (taken back, or by another entity). */
export async function deleteSlugRedirects(trx: Kysely<Database>, kind: SlugRedirectKind, locale: Locale, paths: string[]): Promise<void> {
  if (!paths.length) return;
  await trx.deleteFrom("slug_redirects").where("kind", "=", kind).where("locale", "=", locale).where("old_path", "in", paths).execute();
}

/** The redirect of the longest of these paths that has one. */
export async function findLongestSlugRedirect(db: Kysely<Database>, kind: SlugRedirectKind, locale: Locale, paths: string[]) {
  if (!paths.length) return undefined;
  const rows = await db
    .selectFrom("slug_redirects")
    .select(["old_path as oldPath", "entity_id as entityId"])
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("old_path", "in", paths)
    .execute();
  return rows.sort((a, b) => b.oldPath.length - a.oldPath.length)[0];
}

/**
 * The current path of a product (its slug) or category (its path) in one language; of a content
 * entry (its row in that language), its slug while shoppers can read it.
 */
export async function findCurrentPath(db: Kysely<Database>, kind: SlugRedirectKind, locale: Locale, entityId: number): Promise<string | undefined> {
  if (kind === "blog" || kind === "care" || kind === "inside") {
    const row = await db
      .selectFrom("content")
      .select("slug")
      .where("id", "=", entityId)
      .where("kind", "=", kind)
      .where("locale", "=", locale)
      .where("status", "=", "published")
      .where("published_at", "<=", new Date().toISOString())
      .executeTakeFirst();
    return row?.slug;
  }
  if (kind === "product") {
    const row = await db.selectFrom("product_translations").select("slug").where("product_id", "=", entityId).where("locale", "=", locale).executeTakeFirst();
    return row?.slug;
  }
  const row = await db.selectFrom("category_translations").select("path").where("category_id", "=", entityId).where("locale", "=", locale).executeTakeFirst();
  return row?.path;
}

/** Forgets every old path of an entity (it was deleted: its old addresses answer 404, not another entity's page). */
export async function deleteSlugRedirectsOf(trx: Kysely<Database>, kind: SlugRedirectKind, entityId: number): Promise<void> {
  await trx.deleteFrom("slug_redirects").where("kind", "=", kind).where("entity_id", "=", entityId).execute();
}
