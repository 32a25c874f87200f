import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "~/db/errors.server";
import type { ContentStatus, Database, Locale } from "~/db/schema";
import { type AuditActor, type AuditRecord, type AuditValues, auditOfRecord, recordAudit } from "~/modules/audit/audit.service.server";
import { bumpCatalogRevision } from "~/modules/base/revision-cache.server";
import { GARMENTS, STILL_LIFES } from "~/modules/media/garment-art";
import { recordPathChanges } from "~/modules/seo/slug-redirect.service.server";
import { fillPlaceholders, settingsPlaceholders } from "~/modules/settings/placeholders";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { DomainError } from "~/utils/domain-error";
import { LOCALES } from "~/utils/locale";
import {
  CONTENT_PAGE_SIZE,
  type ContentFilter,
  type ContentKind,
  type ContentState,
  type ContentTranslationInput,
  type CreatableKind,
} from "./content-editor.schema";
import {
  type ContentRow,
  contentKeyTaken,
  contentSlugTaken,
  findContentEntryRows,
  insertContentRow,
  listContentEntries,
  updateContentRow,
} from "./content.repository.server";
import { contentUrl } from "./content.service.server";
import { renderMarkdown } from "./markdown.server";
import { STATIC_PAGES, staticPageLocales } from "~/modules/base/static-pages";

// Atelier's content editor (issue 24): journal posts, care-guide entries, "inside" stories and the
// static pages' texts, both languages of an entry written together, each write with its audit
// entry in the same transaction. The storefront reads content from the database on every request
// (no cache), so a change shows at once on every app process; the pages sitemap is cached under
// the catalogue's revision, which every write here raises.

/**
 * The drawn covers an entry may have: an editorial still-life, or (as older entries have) a
 * garment type whose theme picks one. The photograph pipeline is another part of issue 24.
 */
export const CONTENT_COVERS: readonly string[] = [...STILL_LIFES, ...GARMENTS];

/** An entry's state for the list: a draft, a publication to come, or live. */
export function contentState(status: ContentStatus, publishedAt: string, now: Date): ContentState {
  if (status === "draft") return "draft";
  return new Date(publishedAt).getTime() > now.getTime() ? "scheduled" : "published";
}

const isLive = (row: Pick<ContentRow, "status" | "published_at">, now: Date) => contentState(row.status, row.published_at, now) === "published";

/** The languages an entry is written in: a static page's own, both for everything else. */
export function contentLocales(kind: ContentKind, key: string | null): Locale[] {
  return kind === "page" && key ? staticPageLocales(key) : [...LOCALES];
}

/** A static page's constants it must keep showing (app/modules/base/static-pages.ts). */
export function contentKeeps(kind: ContentKind, key: string): readonly string[] {
  return kind === "page" ? (STATIC_PAGES[key]?.keeps ?? []) : [];
}

export interface ContentListEntry {
  kind: ContentKind;
  key: string;
  title: string;
  state: ContentState;
  publishedAt: string;
  updatedAt: string;
  /** The Italian address shoppers read it at (once published). */
  url: string;
}

/** One page of Atelier's content list, and whether another follows. */
export async function listContentForAtelier(db: Kysely<Database>, filter: ContentFilter, now = new Date()): Promise<{ entries: ContentListEntry[]; page: number; hasNext: boolean }> {
  const rows = await listContentEntries(db, {
    kind: filter.kind,
    state: filter.state,
    q: filter.q,
    limit: CONTENT_PAGE_SIZE,
    offset: (filter.page - 1) * CONTENT_PAGE_SIZE,
    now: now.toISOString(),
  });
  return {
    entries: rows.slice(0, CONTENT_PAGE_SIZE).map((row) => ({
      kind: row.kind,
      key: row.key,
      title: row.title,
      state: contentState(row.status, row.published_at, now),
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      url: contentUrl(row.kind, row.slug, "it"),
    })),
    page: filter.page,
    hasNext: rows.length > CONTENT_PAGE_SIZE,
  };
}

export interface ContentTranslationView {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  url: string;
}

export interface ContentEntryView {
  kind: ContentKind;
  key: string;
  locales: Locale[];
  status: ContentStatus;
  state: ContentState;
  publishedAt: string;
  cover: string | null;
  translations: Partial<Record<Locale, ContentTranslationView>>;
  keeps: readonly string[];
  audit: AuditRecord[];
}

const auditId = (kind: ContentKind, key: string) => `${kind}:${key}`;

/** An entry with both languages and its history, or null when there is none. */
export async function getContentEntry(db: Kysely<Database>, kind: ContentKind, key: string, now = new Date()): Promise<ContentEntryView | null> {
  const rows = await findContentEntryRows(db, kind, key);
  const first = rows.find((row) => row.locale === "it") ?? rows[0];
  if (!first) return null;
  const audit = await auditOfRecord(db, "content", auditId(kind, key));
  return {
    kind,
    key,
    locales: contentLocales(kind, key),
    status: first.status,
    state: contentState(first.status, first.published_at, now),
    publishedAt: first.published_at,
    cover: first.cover,
    translations: Object.fromEntries(
      rows.map((row) => [
        row.locale,
        {
          title: row.title,
          slug: row.slug,
          excerpt: row.excerpt,
          body: row.body,
          metaTitle: row.meta_title,
          metaDescription: row.meta_description,
          keywords: row.keywords,
          url: contentUrl(kind, row.slug, row.locale),
        },
      ]),
    ),
    keeps: contentKeeps(kind, key),
    audit,
  };
}

export interface ContentInput {
  /** Each of the entry's languages (contentLocales); a page's slug is ignored (its key is its address). */
  translations: Partial<Record<Locale, ContentTranslationInput>>;
  status: ContentStatus;
  /** Null: the date it has, or now for a first publication. */
  publishedAt: Date | null;
  /** A drawn cover's name, or "" for the atelier's. */
  cover: string;
}

/** The values of an entry the audit log keeps (only the changed ones are stored). */
function auditValues(rows: Pick<ContentRow, "locale" | "title" | "slug" | "excerpt" | "body" | "meta_title" | "meta_description" | "keywords" | "status" | "published_at" | "cover">[]): AuditValues {
  const values: AuditValues = {};
  const first = rows.find((row) => row.locale === "it") ?? rows[0];
  if (first) Object.assign(values, { status: first.status, publishedAt: first.published_at, cover: first.cover });
  for (const row of rows) {
    Object.assign(values, {
      [`${row.locale}.title`]: row.title,
      [`${row.locale}.slug`]: row.slug,
      [`${row.locale}.excerpt`]: row.excerpt,
      [`${row.locale}.body`]: row.body,
      [`${row.locale}.metaTitle`]: row.meta_title,
      [`${row.locale}.metaDescription`]: row.meta_description,
      [`${row.locale}.keywords`]: row.keywords,
    });
  }
  return values;
}

/** A new journal post, care-guide entry or story; its key (stable across languages) comes from its Italian slug. */
export async function createContentEntry(db: Kysely<Database>, kind: CreatableKind, input: ContentInput, actor: AuditActor, now = new Date()): Promise<string> {
  // Two editors (or processes) creating at once can both find a key or slug free; the loser's
  // insert meets the unique index, and a new try sees the winner's row: a next key, or the slug
  // refused at its field.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const base = (input.translations.it?.slug ?? "").slice(0, 90) || "entry";
        let key = base;
        for (let n = 2; await contentKeyTaken(trx, kind, key); n++) key = `${base}-${n}`;
        await writeEntry(trx, kind, key, [], input, actor, now);
        return key;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt === 3) throw new DomainError("CONTENT_SLUG_TAKEN", `${kind}: a key or slug was taken meanwhile`, { field: "it.slug" });
    }
  }
}

/** Saves an entry's texts, state, date and cover; CONTENT_NOT_FOUND when there is no such entry. */
export async function updateContentEntry(db: Kysely<Database>, kind: ContentKind, key: string, input: ContentInput, actor: AuditActor, now = new Date()): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      const rows = await findContentEntryRows(trx, kind, key);
      if (!rows.length) throw new DomainError("CONTENT_NOT_FOUND", `no ${kind} entry ${key}`);
      await writeEntry(trx, kind, key, rows, input, actor, now);
    })
    .catch((error: unknown) => {
      // A slug another save took between the check and the write.
      if (isUniqueViolation(error)) throw new DomainError("CONTENT_SLUG_TAKEN", `${kind} ${key}: a slug was taken meanwhile`, { field: "it.slug" });
      throw error;
    });
}

async function writeEntry(trx: Kysely<Database>, kind: ContentKind, key: string, existing: ContentRow[], input: ContentInput, actor: AuditActor, now: Date): Promise<void> {
  const locales = contentLocales(kind, existing.length ? key : null);
  const first = existing.find((row) => row.locale === "it") ?? existing[0];
  // Pages are always published and keep their date; elsewhere an empty date keeps the one an
  // entry has, or is now for a first publication.
  const status: ContentStatus = kind === "page" ? "published" : input.status;
  const publishedAt =
    kind === "page"
      ? (first?.published_at ?? now.toISOString())
      : (input.publishedAt?.toISOString() ?? (first && (first.status === "published" || status === "draft") ? first.published_at : now.toISOString()));
  const cover = kind === "page" ? (first?.cover ?? null) : CONTENT_COVERS.includes(input.cover) ? input.cover : null;

  const written: ContentRow[] = [];
  for (const locale of locales) {
    const text = input.translations[locale];
    if (!text) throw new DomainError("CONTENT_NOT_FOUND", `the ${locale} text of ${kind} ${key} is missing`);
    const before = existing.find((row) => row.locale === locale);
    const slug = kind === "page" ? key : (text.slug ?? "");
    if (kind !== "page" && (await contentSlugTaken(trx, kind, locale, slug, existing.length ? key : null))) {
      throw new DomainError("CONTENT_SLUG_TAKEN", `${kind} ${locale} slug ${slug} is taken`, { field: `${locale}.slug` });
    }
    const values = {
      slug,
      title: text.title,
      excerpt: text.excerpt,
      body: text.body,
      meta_title: text.metaTitle || `${text.title} | Bottega`,
      meta_description: text.metaDescription || text.excerpt.slice(0, 500),
      keywords: text.keywords,
      cover,
      status,
      published_at: publishedAt,
      updated_at: now.toISOString(),
    };
    const id = before ? before.id : await insertContentRow(trx, { kind, key, locale, ...values });
    if (before) await updateContentRow(trx, id, values);
    written.push({ ...(before ?? { id, kind, key, locale }), ...values } as ContentRow);
    // A live address that changes keeps answering (301); an address taken again stops redirecting.
    if (kind !== "page") {
      const oldPath = before && isLive(before, now) ? before.slug : slug;
      await recordPathChanges(trx, [{ kind, locale, entityId: id, oldPath, newPath: slug }], now);
    }
  }
  await recordAudit(trx, {
    actor,
    action: existing.length ? "content.update" : "content.create",
    entityType: "content",
    entityId: auditId(kind, key),
    before: existing.length ? auditValues(existing) : null,
    after: auditValues(written),
    summary: written.find((row) => row.locale === "it")?.title ?? key,
    at: now,
  });
  // The pages sitemap lists published entries; it is cached under the catalogue's revision.
  await bumpCatalogRevision(trx);
}

/**
 * The editor's preview of each language's body ("it.body", "en.body"): the storefront's renderer
 * (raw HTML escaped) over the text with the shop's constants filled in, as shoppers will read it.
 */
export async function renderContentPreviews(
  db: Kysely<Database>,
  bodies: Partial<Record<Locale, unknown>>,
  tFor: (locale: Locale) => TFunction<"content">,
): Promise<Record<string, string>> {
  const settings = await getShopSettings(db);
  return Object.fromEntries(
    LOCALES.filter((locale) => locale in bodies).map((locale) => {
      const body = bodies[locale];
      const text = typeof body === "string" ? body : "";
      return [`${locale}.body`, renderMarkdown(fillPlaceholders(text, settingsPlaceholders(settings, locale, tFor(locale))))];
    }),
  );
}
