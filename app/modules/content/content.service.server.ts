import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import type { ResponsiveImage } from "~/modules/media/drawn-image";
import { editorialImage } from "~/modules/media/media-urls";
import { shippingRuleAt } from "~/modules/promotion/promotion.service.server";
import { fillPlaceholders, settingsPlaceholders } from "~/modules/settings/placeholders";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { contentUrl } from "~/modules/base/page-urls";
import { type ContentKind, countContent, findContentBySlug, findContentSlugs, listContent, listLatestContentWithBodies } from "./content.repository.server";
import { getShownCovers } from "./content-images.service.server";
import { renderMarkdown } from "./markdown.server";
import { productSlugsNamedIn } from "./named-products";

// Kept here for this domain's callers; the address itself lives in the base level (decision 038).
export { contentUrl };

/**
 * The drawn picture of an entry: an editorial still-life (a loom, tailor's tools, folded knitwear…)
 * its cover theme allows, in a palette its key picks — never a product drawing standing in.
 */
export function coverImage(cover: string | null, key: string): ResponsiveImage {
  return editorialImage(cover, key);
}

export interface ContentPage {
  key: string;
  title: string;
  excerpt: string;
  /** Safe HTML rendered from Markdown, the shop's constants filled in. */
  html: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  cover: ResponsiveImage;
  /** The cover photograph's alt text ("" for a drawing: decorative). */
  coverAlt: string;
  /** Whether the entry chose its cover (a photograph or a still-life): a static page shows one only then, a legal text never gets a picture by default. */
  coverChosen: boolean;
  publishedAt: string;
  /** When Atelier last saved it (a journal post's dateModified). */
  updatedAt: string;
  url: string;
  /** The same entry's URL in each language it exists in. */
  alternates: Partial<Record<Locale, string>>;
  /** The products its text links to, in order (its "shop the story" row). */
  productSlugs: string[];
}

/** A published entry by its slug, rendered; null when there is none in this language. */
export async function getContentPage(
  db: Kysely<Database>,
  kind: ContentKind,
  locale: Locale,
  slug: string,
  t: TFunction<"content">,
  now = new Date(),
): Promise<ContentPage | null> {
  const row = await findContentBySlug(db, kind, locale, slug, now.toISOString());
  if (!row) return null;
  const [slugs, settings, covers, shipping] = await Promise.all([
    findContentSlugs(db, kind, row.key, now.toISOString()),
    getShopSettings(db),
    getShownCovers(db, kind, [row.key], locale),
    shippingRuleAt(db, now),
  ]);
  const photo = covers.get(row.key);
  const values = settingsPlaceholders(settings, locale, t, shipping.promotion);
  const fill = (text: string) => fillPlaceholders(text, values);
  const body = fill(row.body);
  return {
    key: row.key,
    title: fill(row.title),
    excerpt: fill(row.excerpt),
    // The FAQ's questions open and close (issue 40); every other entry reads straight through.
    html: renderMarkdown(body, { questions: kind === "page" && row.key === FAQ_KEY }),
    metaTitle: fill(row.meta_title),
    metaDescription: fill(row.meta_description),
    keywords: row.keywords,
    // The cover photograph (Atelier) once it is ready, the drawing otherwise.
    cover: photo?.image ?? coverImage(row.cover, row.key),
    coverAlt: photo?.alt ?? "",
    coverChosen: Boolean(photo) || row.cover !== null,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    url: contentUrl(kind, row.slug, locale),
    alternates: Object.fromEntries(Object.entries(slugs).map(([l, s]) => [l, contentUrl(kind, s as string, l as Locale)])),
    productSlugs: productSlugsNamedIn(body, locale),
  };
}

/**
 * A static page (/pages/{id}) by its canonical id, rendered: with a cover only where the page
 * chose one (the shop's story has its loom; a legal text gets no picture by default).
 */
export async function getStaticPage(db: Kysely<Database>, locale: Locale, id: string, t: TFunction<"content">, now = new Date()) {
  const entry = await getContentPage(db, "page", locale, id, t, now);
  if (!entry) return null;
  const { cover, coverChosen, ...rest } = entry;
  return { ...rest, cover: coverChosen ? cover : undefined };
}

export const JOURNAL_PAGE_SIZE = 9;
/** The FAQ page's key (its address is /pages/Faq in both languages, spec). */
export const FAQ_KEY = "Faq";

export interface ContentListItem {
  key: string;
  title: string;
  excerpt: string;
  url: string;
  cover: ResponsiveImage;
  publishedAt: string;
}

/** One page of the journal or the care guide, newest first; null past the last page. */
export async function getContentList(db: Kysely<Database>, kind: "blog" | "care", locale: Locale, page: number, now = new Date()) {
  const at = now.toISOString();
  const size = kind === "blog" ? JOURNAL_PAGE_SIZE : 100;
  const [total, rows] = await Promise.all([countContent(db, kind, locale, at), listContent(db, kind, locale, { limit: size, offset: (page - 1) * size, now: at })]);
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (page > pageCount) return null;
  const covers = await getShownCovers(db, kind, rows.map((row) => row.key), locale);
  const items: ContentListItem[] = rows.map((row) => ({
    key: row.key,
    title: row.title,
    excerpt: row.excerpt,
    url: contentUrl(kind, row.slug, locale),
    cover: covers.get(row.key)?.image ?? coverImage(row.cover, row.key),
    publishedAt: row.published_at,
  }));
  return { items, page, pageCount, total };
}

/** A journal story that names products, as the home's story band shows it. */
export interface StoryNamingProducts extends ContentListItem {
  coverAlt: string;
  productSlugs: string[];
}

/** How far back the home's story band looks for a story that names products. */
const STORY_BAND_CANDIDATES = 6;

/** The newest journal stories that link to products, newest first (the home's story band picks one). */
export async function listStoriesNamingProducts(db: Kysely<Database>, locale: Locale, now = new Date()): Promise<StoryNamingProducts[]> {
  const rows = (await listLatestContentWithBodies(db, "blog", locale, STORY_BAND_CANDIDATES, now.toISOString()))
    .map((row) => ({ row, productSlugs: productSlugsNamedIn(row.body, locale) }))
    .filter(({ productSlugs }) => productSlugs.length > 0);
  if (!rows.length) return [];
  const covers = await getShownCovers(db, "blog", rows.map(({ row }) => row.key), locale);
  return rows.map(({ row, productSlugs }) => ({
    key: row.key,
    title: row.title,
    excerpt: row.excerpt,
    url: contentUrl("blog", row.slug, locale),
    cover: covers.get(row.key)?.image ?? coverImage(row.cover, row.key),
    coverAlt: covers.get(row.key)?.alt ?? "",
    publishedAt: row.published_at,
    productSlugs,
  }));
}
