import type { Kysely, Selectable } from "kysely";
import type { ContentTable, Database, Locale } from "~/db/schema";

export type ContentKind = ContentTable["kind"];
export type ContentRow = Selectable<ContentTable>;

/** A published entry by its slug in a language. */
export function findContentBySlug(db: Kysely<Database>, kind: ContentKind, locale: Locale, slug: string, now: string): Promise<ContentRow | undefined> {
  return db
    .selectFrom("content")
    .selectAll()
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("slug", "=", slug)
    .where("published_at", "<=", now)
    .executeTakeFirst();
}

/** The slug of an entry in every language it exists in (language switch and hreflang). */
export async function findContentSlugs(db: Kysely<Database>, kind: ContentKind, key: string): Promise<Partial<Record<Locale, string>>> {
  const rows = await db.selectFrom("content").select(["locale", "slug"]).where("kind", "=", kind).where("key", "=", key).execute();
  return Object.fromEntries(rows.map((row) => [row.locale, row.slug]));
}

export type ContentSummaryRow = Pick<ContentRow, "key" | "slug" | "title" | "excerpt" | "cover" | "published_at">;

/** Published entries of a kind, newest first. */
export function listContent(
  db: Kysely<Database>,
  kind: ContentKind,
  locale: Locale,
  { limit, offset, now }: { limit: number; offset: number; now: string },
): Promise<ContentSummaryRow[]> {
  return db
    .selectFrom("content")
    .select(["key", "slug", "title", "excerpt", "cover", "published_at"])
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("published_at", "<=", now)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countContent(db: Kysely<Database>, kind: ContentKind, locale: Locale, now: string): Promise<number> {
  const row = await db
    .selectFrom("content")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("published_at", "<=", now)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
