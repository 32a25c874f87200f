import type { Insertable, Kysely, Selectable } from "kysely";
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
    .where("status", "=", "published")
    .where("published_at", "<=", now)
    .executeTakeFirst();
}

/** The slug of an entry in every language it is published in (language switch and hreflang). */
export async function findContentSlugs(db: Kysely<Database>, kind: ContentKind, key: string, now: string): Promise<Partial<Record<Locale, string>>> {
  const rows = await db
    .selectFrom("content")
    .select(["locale", "slug"])
    .where("kind", "=", kind)
    .where("key", "=", key)
    .where("status", "=", "published")
    .where("published_at", "<=", now)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.locale, row.slug]));
}

export type ContentSummaryRow = Pick<ContentRow, "key" | "slug" | "title" | "excerpt" | "cover" | "published_at">;

/** Published entries of a kind in a language, their date come, newest first. */
function publishedContent(db: Kysely<Database>, kind: ContentKind, locale: Locale, now: string) {
  return db
    .selectFrom("content")
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("status", "=", "published")
    .where("published_at", "<=", now)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc");
}

const SUMMARY_COLUMNS = ["key", "slug", "title", "excerpt", "cover", "published_at"] as const;

/** Published entries of a kind, newest first. */
export function listContent(
  db: Kysely<Database>,
  kind: ContentKind,
  locale: Locale,
  { limit, offset, now }: { limit: number; offset: number; now: string },
): Promise<ContentSummaryRow[]> {
  return publishedContent(db, kind, locale, now).select(SUMMARY_COLUMNS).limit(limit).offset(offset).execute();
}

/** The newest published entries of a kind with their text (the home's story band reads what they name). */
export function listLatestContentWithBodies(db: Kysely<Database>, kind: ContentKind, locale: Locale, limit: number, now: string): Promise<(ContentSummaryRow & Pick<ContentRow, "body">)[]> {
  return publishedContent(db, kind, locale, now)
    .select([...SUMMARY_COLUMNS, "body"])
    .limit(limit)
    .execute();
}

export async function countContent(db: Kysely<Database>, kind: ContentKind, locale: Locale, now: string): Promise<number> {
  const row = await db
    .selectFrom("content")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("status", "=", "published")
    .where("published_at", "<=", now)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// ---- Atelier's editor (issue 24) ----------------------------------------------------------------

export interface ContentListFilter {
  kind: ContentKind | null;
  state: "draft" | "scheduled" | "published" | null;
  /** Words of a title, slug or key in either language. */
  q: string;
  limit: number;
  offset: number;
  now: string;
}

export type ContentEntryRow = Pick<ContentRow, "kind" | "key" | "title" | "slug" | "status" | "published_at" | "updated_at">;

/**
 * One page of entries for Atelier's list, one row per entry (its Italian row: every entry is
 * written in Italian), newest change first; one more row than asked tells that a next page exists.
 */
export function listContentEntries(db: Kysely<Database>, filter: ContentListFilter): Promise<ContentEntryRow[]> {
  let query = db.selectFrom("content as c").select(["c.kind", "c.key", "c.title", "c.slug", "c.status", "c.published_at", "c.updated_at"]).where("c.locale", "=", "it");
  if (filter.kind) query = query.where("c.kind", "=", filter.kind);
  if (filter.state === "draft") query = query.where("c.status", "=", "draft");
  if (filter.state === "scheduled") query = query.where("c.status", "=", "published").where("c.published_at", ">", filter.now);
  if (filter.state === "published") query = query.where("c.status", "=", "published").where("c.published_at", "<=", filter.now);
  if (filter.q) {
    // LIKE's wildcards and escape character are dropped from the words (the dialects escape differently).
    const pattern = `%${filter.q.toLowerCase().replace(/[%_\\]/g, "")}%`;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("content as t")
          .select("t.id")
          .whereRef("t.kind", "=", "c.kind")
          .whereRef("t.key", "=", "c.key")
          .where((inner) =>
            inner.or([inner(inner.fn("lower", ["t.title"]), "like", pattern), inner(inner.fn("lower", ["t.slug"]), "like", pattern), inner(inner.fn("lower", ["t.key"]), "like", pattern)]),
          ),
      ),
    );
  }
  return query
    .orderBy("c.updated_at", "desc")
    .orderBy("c.id", "desc")
    .limit(filter.limit + 1)
    .offset(filter.offset)
    .execute();
}

/** Every language's row of an entry. */
export function findContentEntryRows(db: Kysely<Database>, kind: ContentKind, key: string): Promise<ContentRow[]> {
  return db.selectFrom("content").selectAll().where("kind", "=", kind).where("key", "=", key).orderBy("locale", "desc").execute();
}

/** Whether another entry of the kind has this slug in this language. */
export async function contentSlugTaken(db: Kysely<Database>, kind: ContentKind, locale: Locale, slug: string, exceptKey: string | null): Promise<boolean> {
  let query = db.selectFrom("content").select("id").where("kind", "=", kind).where("locale", "=", locale).where("slug", "=", slug);
  if (exceptKey !== null) query = query.where("key", "<>", exceptKey);
  return Boolean(await query.executeTakeFirst());
}

/** Whether an entry of the kind has this key. */
export async function contentKeyTaken(db: Kysely<Database>, kind: ContentKind, key: string): Promise<boolean> {
  return Boolean(await db.selectFrom("content").select("id").where("kind", "=", kind).where("key", "=", key).executeTakeFirst());
}

export type ContentWrite = Omit<Insertable<ContentTable>, "id">;

export async function insertContentRow(trx: Kysely<Database>, row: ContentWrite): Promise<number> {
  const inserted = await trx.insertInto("content").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateContentRow(trx: Kysely<Database>, id: number, row: Omit<ContentWrite, "kind" | "key" | "locale">): Promise<void> {
  await trx.updateTable("content").set(row).where("id", "=", id).execute();
}
